"""Golden playthroughs (STYLE.md 11c): each seat's view after every action of a
seeded random game, as text, so that a change of rules or a leak shows in review.

One line per top-level key of a view, so that a diff names the field that
changed: each view is written whole at the start, ``view 0 hand: [...]``;
after each action, each seat's lines hold the keys of its view that changed
(a removed key as null), so they read as "what this seat learned from that
action". Within a step, ``view 2: same as view 0`` when a seat learned
exactly what an earlier seat did (``view 1: {}`` when it learned nothing),
and ``view 2 castle: same as view 0`` when one key's value, longer than that
phrase, is already written for an earlier seat.

Regenerate every file after an intended change of rules or views with

    python tests/golden_playthrough.py

and read the diff before committing it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent / "src"))

import courtly  # noqa: E402
from courtly.bots import RandomBot, decide  # noqa: E402
from courtly.core import REFEREE, Referee  # noqa: E402

GOLDEN_DIR = ROOT / "golden"
SEED = 2026


def golden_cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Default options at every player count, plus, for each option, the
    configuration that turns it on with the fewest other changes, at its
    smallest player count."""
    out = []
    for name, game in sorted(courtly.GAMES.items()):
        configs = game.configurations()
        out += [(name, n, o) for n, o in configs if o == game.default_options()]
        defaults = game.default_options()
        for key, default in defaults.items():
            on = [(sum(o[k] != v for k, v in defaults.items()), n, o)
                  for n, o in configs if o[key] != default]
            if on:
                _, n, opts = min(on, key=lambda t: (t[0], t[1]))
                if (name, n, opts) not in out:
                    out.append((name, n, opts))
    return out


def file_name(name: str, n: int, options: dict[str, Any]) -> str:
    """'courtisans-4p-expansion-teams.txt' style names."""
    on = [k for k, v in sorted(options.items()) if v is True]
    other = [f"{k}={v}" for k, v in sorted(options.items()) if not isinstance(v, bool)]
    return "-".join([name, f"{n}p", *on, *other]) + ".txt"


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def playthrough(name: str, n: int, options: dict[str, Any]) -> str:
    """The whole playthrough as text."""
    state = courtly.game(name).new_game(num_players=n, seed=SEED, options=options)
    bots = [RandomBot(SEED + seat) for seat in range(n)]
    lines = [f"# {name}, {n} players, options {_dump(options)}, seed {SEED}"]
    seen: dict[int | None, dict[str, Any]] = {}
    lines += _views(state, seen)
    step = 0
    referee = Referee()  # who acts next, windows included (docs/architecture.md)
    while not state.is_over:
        seat, action = referee.step(state, lambda seat: decide(state, seat, bots[seat]))
        step += 1
        who = "referee" if seat == REFEREE else f"seat {seat}"
        lines.append(f"## {step}. {who}: {_dump(action.to_json())}")
        lines += _views(state, seen)
    lines.append(f"# result {_dump(state.result().to_json())}")
    return "\n".join(lines) + "\n"


def _views(state: courtly.State, seen: dict[int | None, dict[str, Any]]) -> list[str]:
    """Each seat's view (the spectator's last), as what changed since ``seen``,
    one key a line; what an earlier seat of the same step already shows is
    named instead (see the module docstring)."""
    lines = []
    whole: dict[str, str] = {}  # a seat's whole change -> the first seat that had it
    keys: dict[tuple[str, str], str] = {}  # (key, value) -> the first seat that wrote it
    for seat in [*range(state.num_players), None]:
        view = state.view(seat)
        before = seen.get(seat, {})
        changed = {k: v for k, v in view.items() if before.get(k, _MISSING) != v}
        changed |= {k: None for k in before if k not in view}
        seen[seat] = view
        name = "spectator" if seat is None else str(seat)
        everything = _dump(changed)
        if everything in whole:
            lines.append(f"view {name}: same as view {whole[everything]}")
            continue
        whole[everything] = name
        if not changed:
            lines.append(f"view {name}: {{}}")
        for key in sorted(changed):
            text = _dump(changed[key])
            earlier = keys.setdefault((key, text), name)
            same = f"same as view {earlier}"
            lines.append(f"view {name} {key}: "
                         + (same if earlier != name and len(text) > len(same) else text))
    return lines


_MISSING = object()


def main() -> None:
    """Rewrite every golden file and remove stale ones."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    wanted = {file_name(*case): case for case in golden_cases()}
    for old in GOLDEN_DIR.glob("*.txt"):
        if old.name not in wanted:
            old.unlink()
    for fname, case in wanted.items():
        (GOLDEN_DIR / fname).write_text(playthrough(*case), encoding="utf-8")
        print(f"wrote {GOLDEN_DIR / fname}")


if __name__ == "__main__":
    main()
