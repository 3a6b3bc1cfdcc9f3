"""The game contract: Game, State and Result (docs: shared/design/ARCHITECTURE.md).

The base classes do the generic checks once (game over, seat not to act,
action not legal, bad options); a game implements only its rules in the
underscored hooks.
"""

from __future__ import annotations

import copy
import importlib
import itertools
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

from courtly.core.action import Action, ActionParser
from courtly.core.errors import GameNotOver, IllegalAction, InvalidAction
from courtly.core.event import Event
from courtly.core.record import GameRecord


@dataclass(frozen=True)
class Result:
    """Final scores (one number per seat) and the winning seats (ties shared)."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {"scores": list(self.scores), "winners": list(self.winners)}


def winners_by_score(scores: Sequence[float]) -> tuple[int, ...]:
    """Every seat with the highest score: a tie shares the victory."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


class Game(ABC):
    """A game's facts and its factory of states. Subclasses set the class attributes."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Mapping[str, Any]] = {}
    action_types: ClassVar[tuple[type[Action], ...]]
    #: The game's extra modules by kind (``bot``, ``stats``): see :meth:`companion`.
    companions: ClassVar[Mapping[str, str]] = {}

    def __init__(self) -> None:
        self._parser = ActionParser(self.action_types)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    def new_game(
        self,
        num_players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> State:
        """A new game; a bad player count or option raises ValueError saying why."""
        opts = self.check_options(num_players, options)
        if seed is None:
            seed = secrets.randbits(63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        return self._new_state(num_players, seed, opts)

    def check_options(self, num_players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The full option set (defaults filled in), or ValueError for a bad combination."""
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise ValueError(f"number of players must be an integer, got {num_players!r}")
        opts = dict(self.options)
        for key, value in (options or {}).items():
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"{self.name}: unknown option {key!r}; options are: {known}")
            default = self.options[key]
            if type(value) is not type(default):
                raise ValueError(
                    f"{self.name}: option {key!r} must be {type(default).__name__}, got {value!r}"
                )
            opts[key] = value
        lo, hi = self.player_range(opts)
        if not lo <= num_players <= hi:
            raise ValueError(
                f"{self.title} is for {lo} to {hi} players with these options, not {num_players}"
            )
        self._check_options(num_players, opts)
        return opts

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """Player counts allowed with these options; games narrow it where options matter."""
        return self.min_players, self.max_players

    def _check_options(self, num_players: int, options: Mapping[str, Any]) -> None:
        """Game-specific validation of an option combination: raise ValueError."""
        return None

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """Every valid (player count, options) pair, for tests and tools.

        The default tries every combination of boolean options; games with
        other kinds of option override it.
        """
        flags = [k for k, v in self.options.items() if isinstance(v, bool)]
        return self.valid_configurations(
            dict(zip(flags, values, strict=True))
            for values in itertools.product((False, True), repeat=len(flags)))

    def valid_configurations(self, option_sets: Iterable[Mapping[str, Any]]
                             ) -> list[tuple[int, dict[str, Any]]]:
        """Each option set (over the defaults) at every player count it allows."""
        out = []
        for chosen in option_sets:
            opts = dict(self.options) | dict(chosen)
            for n in range(self.min_players, self.max_players + 1):
                try:
                    out.append((n, self.check_options(n, opts)))
                except ValueError:
                    continue
        return out

    def companion(self, kind: str) -> ModuleType | None:
        """The optional module of this game's kind ``kind``, or None.

        The one hook through which tools above the games find a game's extras:
        ``bot`` (a heuristic policy, ``choose(view, legal, rng)``, and maybe
        ``estimate(view)``) and ``stats`` (balance measures,
        ``measures(final_view, record)``); see docs/bots.md. A game names its
        own in its :attr:`companions` table; the module is imported on first
        use so that the core never imports a game's bot.
        """
        name = self.companions.get(kind)
        return importlib.import_module(name) if name else None

    def companion_function(self, kind: str, name: str) -> Callable[..., Any] | None:
        """The function ``name`` of this game's ``kind`` companion (e.g.
        ``("bot", "choose")``), or None where the game ships none."""
        module = self.companion(kind)
        function = getattr(module, name, None) if module is not None else None
        return function if callable(function) else None

    def parse_action(self, data: object) -> Action:
        """The action whose JSON form is ``data``; malformed input raises InvalidAction."""
        return self._parser.parse(data)

    @abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """Set up a new game (options already checked)."""

    def render(self, view: Mapping[str, Any]) -> str:
        """Plain-text picture of a view, for the terminal; games override it."""
        import json

        return json.dumps(view, indent=1, sort_keys=True)


class State(ABC):
    """One position of a game. Public methods check; ``_`` hooks hold the rules."""

    def __init__(self, game: Game, num_players: int, seed: int | None,
                 options: Mapping[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options: dict[str, Any] = dict(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self._actions: list[tuple[int, Action]] = []
        self._legal_cache: dict[int, list[Action]] = {}

    # ----- the contract -------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several when moves are simultaneous); () once over."""
        return () if self.is_over else self._to_act()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._is_over()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; [] when it has nothing to do."""
        self._check_seat(seat)
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self.to_act else []
            self._legal_cache[seat] = cached
        return list(cached)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s action; an illegal one raises IllegalAction and changes nothing."""
        if not isinstance(action, Action):
            raise InvalidAction(f"not an action: {action!r}")
        self._check_seat(seat)
        if self._is_over():
            raise IllegalAction("the game is over")
        to_act = self._to_act()
        if seat not in to_act:
            waiting = ", ".join(map(str, to_act))
            raise IllegalAction(f"seat {seat} is not to act now (waiting for seat {waiting})")
        if action not in self._legal_set(seat):
            raise IllegalAction(self._explain_illegal(seat, action))
        events = self._apply(seat, action)
        self._actions.append((seat, action))
        self._legal_cache.clear()
        return events

    def result(self) -> Result:
        """Final scores and winners; raises GameNotOver before the end."""
        if not self.is_over:
            raise GameNotOver("the game is not over yet")
        return self._result()

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe dict of what ``seat`` may see; None is a spectator."""
        if seat is not None:
            self._check_seat(seat)
        return self._view(seat)

    def clone(self) -> State:
        """An independent deep copy, RNG included."""
        return copy.deepcopy(self, memo={id(self.game): self.game})

    def _shallow_copy(self) -> Any:
        """A copy sharing the game's own fields, with its own RNG, options and
        history: the start of a game's fast ``clone``, which then copies each
        field it changes in place."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.options = dict(self.options)
        other._actions = list(self._actions)
        other._legal_cache = {}
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A clone in which everything hidden from ``seat`` is resampled consistently.

        The clone's record is detached (no seed, no history): it is a guess,
        not a game that happened.
        """
        if seat is not None:
            self._check_seat(seat)
        other = self.clone()
        other._resample_hidden(seat, rng)
        other.rng = random.Random(rng.getrandbits(64))
        other.seed = None
        other._actions = []
        other._legal_cache.clear()
        return other

    @property
    def record(self) -> GameRecord:
        """The game so far: seed, options and every (seat, action)."""
        return GameRecord(self.game.name, self.game.version, self.num_players,
                          dict(self.options), self.seed, tuple(self._actions))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (self.game.name == other.game.name
                and self.rng.getstate() == other.rng.getstate()
                and self._actions == other._actions
                and self._snapshot() == other._snapshot())

    __hash__ = None  # type: ignore[assignment]

    # ----- helpers ------------------------------------------------------
    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not (
            0 <= seat < self.num_players
        ):
            raise IllegalAction(f"no seat {seat!r} in a {self.num_players}-player game")

    def _legal_set(self, seat: int) -> list[Action]:
        self.legal_actions(seat)
        return self._legal_cache[seat]

    def _explain_illegal(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal now; games may give a sharper reason."""
        return f"{action.describe()} is not a legal action for seat {seat} now"

    # ----- what a game implements --------------------------------------
    @abstractmethod
    def _to_act(self) -> tuple[int, ...]: ...

    @abstractmethod
    def _is_over(self) -> bool: ...

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a legal action by a seat that is to act."""

    @abstractmethod
    def _result(self) -> Result: ...

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Resample in place everything hidden from ``seat``."""

    @abstractmethod
    def _snapshot(self) -> Any:
        """Everything in the state, hidden parts included, as comparable plain data."""
