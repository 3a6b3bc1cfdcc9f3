"""The one registry of bots, by name with parameters: ``random``, ``heuristic``,
``ismcts:iterations=400``. The CLI, the simulator and the server take these names."""

from __future__ import annotations

import inspect
from collections.abc import Callable

from courtly.bots.base import Bot
from courtly.bots.heuristic import HeuristicBot
from courtly.bots.ismcts import ISMCTSBot
from courtly.bots.random_bot import RandomBot

#: name -> factory; a factory takes ``seed`` and keyword parameters whose
#: defaults give their types (``make_bot`` converts the text by them).
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts": ISMCTSBot,
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'ismcts:iterations=400,c=0.7' -> ('ismcts', {'iterations': '400', 'c': '0.7'})."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"bad bot parameter {item!r} in {spec!r}; expected key=value")
        params[key.strip()] = value.strip()
    return name, params


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """Build the bot ``spec`` names; unknown names or parameters raise ValueError."""
    name, raw = parse_spec(spec)
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    factory = BOTS[name]
    params = inspect.signature(factory).parameters
    kwargs: dict[str, object] = {}
    for key, value in raw.items():
        if key == "seed" or key not in params:
            known = ", ".join(p for p in params if p != "seed") or "none"
            raise ValueError(f"bot {name!r} has no parameter {key!r}; parameters: {known}")
        kwargs[key] = _convert(name, key, value, params[key].default)
    return factory(seed=seed, **kwargs)


def check_spec(spec: str) -> str:
    """``spec`` if it builds a bot, else ValueError saying why (for early checks)."""
    make_bot(spec, seed=0)
    return spec


def _convert(bot: str, key: str, value: str, default: object) -> object:
    kind: type = type(default) if default is not inspect.Parameter.empty else str
    try:
        if kind is bool:
            if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(value)
            return value.lower() in ("true", "1", "yes")
        return kind(value)
    except ValueError:
        raise ValueError(f"bot {bot!r}: parameter {key!r} must be {kind.__name__}, "
                         f"not {value!r}") from None
