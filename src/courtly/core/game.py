"""The game contract: Game, State and Result (docs: shared/design/ARCHITECTURE.md).

The base classes do the generic checks once (game over, seat not to act,
action not legal, bad options); a game implements only its rules in the
underscored hooks.
"""

from __future__ import annotations

import copy
import itertools
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from courtly.core.action import STANDARD_ACTIONS, Action, ActionParser, TimeUp
from courtly.core.companions import Companions
from courtly.core.errors import GameNotOver, IllegalAction, InvalidAction
from courtly.core.event import Event
from courtly.core.options import Option
from courtly.core.phase import REFEREE, Phase
from courtly.core.record import GameRecord
from courtly.core.schema import schema_from_actions


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
    #: Every variant switch: name -> :class:`~courtly.core.options.Option`.
    options: ClassVar[Mapping[str, Option]] = {}
    action_types: ClassVar[tuple[type[Action], ...]]

    def __init__(self) -> None:
        extra = tuple(c for c in STANDARD_ACTIONS if c not in self.action_types)
        self._parser = ActionParser((*self.action_types, *extra))

    def default_options(self) -> dict[str, Any]:
        """Every option at its default."""
        return {name: spec.default for name, spec in self.options.items()}

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
        opts = self.default_options()
        for key, value in (options or {}).items():
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"{self.name}: unknown option {key!r}; options are: {known}")
            try:
                opts[key] = self.options[key].check(key, value)
            except ValueError as exc:
                raise ValueError(f"{self.name}: {exc}") from None
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
        flags = [k for k, v in self.options.items() if v.type is bool]
        return self.valid_configurations(
            dict(zip(flags, values, strict=True))
            for values in itertools.product((False, True), repeat=len(flags)))

    def valid_configurations(self, option_sets: Iterable[Mapping[str, Any]]
                             ) -> list[tuple[int, dict[str, Any]]]:
        """Each option set (over the defaults) at every player count it allows."""
        out = []
        for chosen in option_sets:
            opts = self.default_options() | dict(chosen)
            for n in range(self.min_players, self.max_players + 1):
                try:
                    out.append((n, self.check_options(n, opts)))
                except ValueError:
                    continue
        return out

    @cached_property
    def companions(self) -> Companions:
        """The game's extras for the tools above it (heuristic, estimate,
        search settings, balance measures; docs/bots.md), loaded on first use."""
        return self.load_companions()

    def load_companions(self) -> Companions:
        """Import and name the game's companions; games that ship some override it."""
        return Companions()

    def data(self) -> dict[str, Any]:
        """The game's static, JSON-safe data (cards, texts in English and
        French, board geometry), served once per game; games that have some
        override it."""
        return {}

    def parse_action(self, data: object) -> Action:
        """The action whose JSON form is ``data``; malformed input raises InvalidAction."""
        return self._parser.parse(data)

    def read_record(self, data: object) -> GameRecord:
        """A record of this game from its JSON form (format 1 or 2); InvalidRecord if bad."""
        return GameRecord.from_json(data, self)

    @abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """Set up a new game (options already checked)."""

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        """One menu line for ``action`` as the seat whose ``view`` it is reads
        it (the terminal's menus): ``action.describe()`` by default; a game
        overrides it to add what the view shows (whose card a target is, what
        a vote card does), never anything the view does not."""
        return action.describe()

    def describe_event(self, view: Mapping[str, Any], text: str,
                       before: Mapping[str, Any] | None = None) -> str:
        """An event's story line (``text``, as the seat may see it) as the seat
        whose ``view`` (after the move; ``before``: the same seat's view before
        it) it is reads it in the terminal: ``text`` by default; a game
        overrides it to name seats as the views name them (Versailles' forms
        of address), never adding anything the views do not show."""
        return text

    def describe_result(self, view: Mapping[str, Any], result: Result) -> dict[str, list[str]]:
        """The end of a game as its players read it (the terminal's result
        table), from the final ``view`` and ``result``: a column's name -> one
        cell per seat. By default each seat's score; a game whose score is a
        code for programs (Fief's fiefs, soldiers and crowns in one number)
        gives instead the figures its rulebook decides by."""
        return {"Score": [f"{score:g}" for score in result.scores]}

    def render(self, view: Mapping[str, Any]) -> str:
        """Plain-text picture of a view, for the terminal; games override it."""
        import json

        return json.dumps(view, indent=1, sort_keys=True)


class State(ABC):
    """One position of a game. Public methods check; ``_`` hooks hold the rules."""

    #: The teams (tuples of seats that win or lose together), or None.
    teams: Sequence[tuple[int, ...]] | None = None
    #: The actions a player may take back (:meth:`undo`): action kind -> the
    #: kinds of event it may cause and still be undone (an event of any
    #: other kind, a card drawn or a die rolled, makes it final). Default:
    #: none.
    UNDOABLE: ClassVar[Mapping[str, frozenset[str]]] = {}
    #: The referee's rulings a game accepts besides TimeUp (Versailles'
    #: breaches of etiquette, judged from the chat): applied by whoever runs
    #: the game as ``apply(REFEREE, ruling)`` at any moment the game allows
    #: (its ``_is_legal(REFEREE, ruling)``), recorded like TimeUp, never in a
    #: menu (``legal_actions(REFEREE)`` stays ``[TimeUp()]`` or ``[]``).
    REFEREE_RULINGS: ClassVar[tuple[type[Action], ...]] = ()
    #: The kinds of event by which the rules carry on by themselves after an
    #: action (the turn passing, cards dealt, income paid, a vote counted, a
    #: round scored, the end): from the first of them on, an action's events
    #: are what followed it, not the action itself (:meth:`own_events`).
    FOLLOWING: ClassVar[frozenset[str]] = frozenset({"game_over"})

    def __init__(self, game: Game, num_players: int, seed: int | None,
                 options: Mapping[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options: dict[str, Any] = dict(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self._actions: list[tuple[int, Action]] = []
        self._legal_cache: dict[int, list[Action]] = {}
        #: The events of the last action: whether it may be taken back is
        #: judged from them when asked (:meth:`undo`), not at every action.
        self._last_events: list[Event] = []

    # ----- the contract -------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several when moves are simultaneous); () once over."""
        return () if self._is_over() else self._to_act()

    @property
    def may_act(self) -> tuple[int, ...]:
        """Seats that may act now without being waited for (an open window); () once over."""
        return () if self._is_over() else self._may_act()

    @property
    def phase(self) -> Phase:
        """The current phase: its name, who must act, who may act, its time limit."""
        if self._is_over():
            return Phase("over", ())
        return Phase(self._phase_name(), self._to_act(), self._may_act(), self._time_limit())

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._is_over()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; [] when it has nothing to do.

        The referee (:data:`~courtly.core.phase.REFEREE`) may call time in a
        window or a timed phase: ``[TimeUp()]``.
        """
        if seat != REFEREE:
            self._check_seat(seat)
        return list(self._legal_set(seat))

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now, without building the whole menu."""
        try:
            return self._refusal(seat, action) is None
        except (IllegalAction, InvalidAction):
            return False

    def action_schema(self, seat: int) -> list[dict[str, Any]]:
        """The kinds of action open to ``seat`` now, their fields and each
        field's values or range (see courtly.core.schema); [] with nothing to do."""
        if seat != REFEREE:
            self._check_seat(seat)
        return self._action_schema(seat) if self._may_act_now(seat) else []

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s action; an illegal one raises IllegalAction and changes nothing."""
        reason = self._refusal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._applied(seat, action)

    def apply_choice(self, seat: int, k: int) -> list[Event]:
        """``apply(seat, legal_actions(seat)[k])``: the ``k``-th action of the
        seat's menu at this position, applied without checking again what the
        menu already says (an action of the menu is legal: the menu is every
        legal action). IndexError outside the menu (nothing changed). For
        programs that pick from the menu by position (the research
        environments' masks)."""
        if seat != REFEREE:
            self._check_seat(seat)
        menu = self._legal_set(seat)
        if not 0 <= k < len(menu):
            raise IndexError(f"seat {seat} has {len(menu)} legal actions now, not a {k}-th")
        return self._applied(seat, menu[k])

    def _applied(self, seat: int, action: Action) -> list[Event]:
        """Apply a legal action and keep the record."""
        events = self._apply(seat, action)
        self._actions.append((seat, action))
        self._legal_cache.clear()
        self._last_events = events
        return events

    def own_events(self, events: Sequence[Event]) -> int:
        """How many of an action's ``events`` (as :meth:`apply` returned them)
        the action itself made: those before the first of a kind the rules
        make by themselves (:attr:`FOLLOWING`), so that a client tells what
        a player did from what followed it (docs/api.md, ``move.follows``)."""
        for number, event in enumerate(events):
            if event.kind in self.FOLLOWING:
                return number
        return len(events)

    def forced_publicly(self, seat: int) -> bool:
        """Whether ``seat`` must act now and has one legal action, which it
        would have whatever is hidden from the table (its cards, its sealed
        bids): a move everyone can see it has to make, so that a server may
        make it at once without telling anyone anything. Only for a seat the
        game waits for (``to_act``: one that only may act, in a window, may
        also wait), and only where the game says its menu is public
        (:meth:`_menu_is_public`; by default, nowhere)."""
        if seat == REFEREE or self._is_over():
            return False
        self._check_seat(seat)
        return (seat in self._to_act() and len(self._legal_set(seat)) == 1
                and self._menu_is_public(seat))

    def _menu_is_public(self, seat: int) -> bool:
        """Whether ``seat``'s menu now reads nothing hidden from the other
        seats (:meth:`forced_publicly`). Games that know it override this;
        the default never assumes it."""
        return False

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last action now (:meth:`undo`)."""
        return self._undo_refusal(seat) is None

    def undo(self, seat: int) -> list[Event]:
        """Take back ``seat``'s last action, as Board Game Arena players know it:
        only the last action of the game, only its own, only while it revealed
        nothing hidden to anyone and no other seat has acted since (the game
        says which of its actions qualify: ``_undoable``). The state becomes
        exactly what it was before the action, and the record loses it, so
        replaying the record still gives this state. Refused with
        IllegalAction (saying why) otherwise, changing nothing."""
        reason = self._undo_refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        _, action = self._actions[-1]
        before = self.game.new_game(self.num_players, self.seed, self.options)
        for who, earlier in self._actions[:-1]:
            before.apply(who, earlier)
        self.__dict__.clear()
        self.__dict__.update(before.__dict__)
        public = Event("undo", f"Seat {seat} takes a move back", {"seat": seat})
        return [Event("undo", f"Seat {seat} takes back: {action.describe()}",
                      {"seat": seat, "action": action.to_json()},
                      audience=frozenset({seat}), redacted=public)]

    def result(self) -> Result:
        """Final scores and winners; raises GameNotOver before the end."""
        if not self.is_over:
            raise GameNotOver("the game is not over yet")
        return self._result()

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe dict of what ``seat`` may see; None is a spectator.

        The keys every game shares come first (game, seat, num_players,
        options, teams, to_act, phase: the phase's name), then the game's own.
        """
        if seat is not None:
            self._check_seat(seat)
        over = self._is_over()
        common: dict[str, Any] = {
            "game": self.game.name, "seat": seat, "num_players": self.num_players,
            "options": dict(self.options),
            "teams": [list(t) for t in self.teams] if self.teams else None,
            "to_act": [] if over else list(self._to_act()),
            "phase": "over" if over else self._phase_name()}
        return common | self._view(seat)

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
        if type(seat) is int and 0 <= seat < self.num_players:  # the common case, first
            return
        if not isinstance(seat, int) or isinstance(seat, bool) or not (
            0 <= seat < self.num_players
        ):
            raise IllegalAction(f"no seat {seat!r} in a {self.num_players}-player game")

    def _may_act_now(self, seat: int) -> bool:
        if self._is_over():
            return False
        if seat == REFEREE:
            return self.phase.referee_may_act
        return seat in self._to_act() or seat in self._may_act()

    def _refusal(self, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not take ``action`` now, or None if it may; a
        malformed action or a seat not in the game raises."""
        if not isinstance(action, Action):
            raise InvalidAction(f"not an action: {action!r}")
        if seat != REFEREE:
            self._check_seat(seat)
        if self._is_over():
            return "the game is over"
        if seat == REFEREE:
            if isinstance(action, self.REFEREE_RULINGS):
                if not self._is_legal(seat, action):
                    return self._explain_illegal(seat, action)
                return None
            if not isinstance(action, TimeUp):
                return "the referee only calls time (time_up)"
            if not self.phase.referee_may_act:
                return "no window or timed phase is open: there is no time to call"
        elif seat not in self._to_act() and seat not in self._may_act():
            waiting = ", ".join(map(str, self._to_act() + self._may_act()))
            return f"seat {seat} is not to act now (waiting for seat {waiting})"
        if not self._is_legal(seat, action):
            return self._explain_illegal(seat, action)
        return None

    def _legal_set(self, seat: int) -> list[Action]:
        """The cached list of ``seat``'s legal actions (not to be changed)."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if self._may_act_now(seat) else []
            self._legal_cache[seat] = cached
        return cached

    def _undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now, or None if it may."""
        self._check_seat(seat)
        if not self._actions or self._actions[-1][0] != seat:
            return f"seat {seat} has not taken the last action: there is nothing of theirs to undo"
        if self._is_over():
            return "the game is over"
        if self.seed is None:
            return "a guessed position (no seed) cannot be rebuilt"
        _, action = self._actions[-1]
        if not self._undoable(seat, action, self._last_events):
            return (f"{self._actions[-1][1].describe()} cannot be taken back: it revealed "
                    "something, drew or rolled, or the game allows no undo of it")
        return None

    def _explain_illegal(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal now; games may give a sharper reason."""
        return f"{action.describe()} is not a legal action for seat {seat} now"

    # ----- what a game implements --------------------------------------
    @abstractmethod
    def _to_act(self) -> tuple[int, ...]: ...

    def _may_act(self) -> tuple[int, ...]:
        """Seats of the open window, if any (not waited for)."""
        return ()

    def _phase_name(self) -> str:
        """The current phase's name (the game is not over)."""
        return "play"

    def _time_limit(self) -> float | None:
        """The current phase's time limit in seconds, if the rulebook sets one."""
        return None

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Whether a seat that may act (or the referee) may take ``action``;
        games with long menus (amounts of money) check it directly."""
        return action in self._legal_set(seat)

    def _undoable(self, seat: int, action: Action, events: list[Event]) -> bool:
        """Whether ``action``, just applied by ``seat`` with ``events``, may be
        taken back: only if it revealed nothing hidden to anyone (the actor
        included: a card drawn), used no chance (the RNG untouched) and is a
        free choice the rules let a player reconsider. By default, as
        :attr:`UNDOABLE` says: the action's kind is listed and every event it
        caused is of a kind listed with it."""
        allowed = self.UNDOABLE.get(action.kind)
        return allowed is not None and all(e.kind in allowed for e in events)

    def _action_schema(self, seat: int) -> list[dict[str, Any]]:
        """The schema of a seat that may act; games with ranges override it."""
        return schema_from_actions(self._legal_set(seat))

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
