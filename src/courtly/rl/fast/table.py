"""What every fast engine's table shares (courtly.rl.fast): the
environments' :class:`~courtly.rl.envs.Table` on a game's fast engine, with
the game's own engine replayed, when read, for infos, renderings and
whoever inspects ``state``.

A game's fast engine is any object with the :class:`Engine` members; its
module's ``FastTable`` is a :class:`FastTable` that says how to make one
from the game's new game (:meth:`FastTable.engine`).

What an engine reads of its configuration's numbering (its action numbers
by move) is made once a table, kept by the table: every environment makes
its own :class:`~courtly.core.Numbering`, so a module-level cache keyed by
one would keep every environment's numbering (Fief's some 2.6 MB) for the
life of the process.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np

from courtly.core import REFEREE, WINDOW_ACTIONS, Action, Referee, Result, State, TimeUp
from courtly.rl.envs import _INFO_TEMPLATE, LazyInfo, Table, action_number

#: The number a fast engine records for the referee's time-up (a window
#: closed by the referee's rule; ``TimeUp`` has no number of its own).
TIME_UP = -1


@functools.cache
def zeros(size: int) -> bytes:
    """``size`` float32 zeros as bytes: the start of an observation's part
    written number by number (``array("f", zeros(size))``)."""
    return bytes(4 * size)


class Engine(Protocol):
    """A game's fast engine, as its table reads it. An engine of a game with
    windows keeps a :class:`~courtly.core.Referee` as ``referee``, counted as
    ``Table`` counts its own (tests read it); the others need none."""

    #: Whether the game has ended.
    over: bool
    #: The actions applied, in order: (seat, number), and (REFEREE,
    #: :data:`TIME_UP`) where the referee closed a window.
    record: list[tuple[int, int]]

    def due(self) -> int | None:
        """The seat to act by the referee's rule (``Table.due``), applying
        (and recording) the referee's time-ups; None once over."""

    def acting(self) -> list[int]:
        """The seats that must act, then those that may; [] once over."""

    def menu(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s legal actions now ([] if it may not act)."""

    def is_legal(self, seat: int, number: int) -> bool:
        """Whether ``number`` is in ``seat``'s menu now."""

    def mark(self, seat: int, mask: np.ndarray) -> None:
        """Set ``mask`` (zeros, the numbering's size) to 1 at ``seat``'s
        menu's numbers (``Table.mask``)."""

    def apply(self, seat: int, number: int) -> None:
        """Apply (and record) ``seat``'s legal action ``number``."""

    def observe(self, seat: int) -> np.ndarray:
        """The seat's observation, as the game's encoding makes it."""

    def result(self) -> Result:
        """The game's own result (once over)."""


class FastTable(Table):
    """:class:`~courtly.rl.envs.Table` on a fast engine: the same seats,
    masks, observations and rewards as the game's own engine gives
    (``tests/test_rl_fast.py``). Its ``state`` is the game's own engine
    brought to the same position by replaying the engine's record (kept,
    and brought up to date when read); the environments' steps never read it."""

    #: The game's engine for this game, replayed as far as ``_synced``
    #: actions; made when first needed (most training loops never need it).
    _reference: State | None
    _synced: int

    def __init__(self, game: str, num_players: int | None,
                 options: Mapping[str, Any] | None, reward: str = "win_share",
                 window_actions: int = WINDOW_ACTIONS, infos: bool = True) -> None:
        self.seed = 0
        super().__init__(game, num_players, options, reward, window_actions, infos)
        self.fast = self.engine(self.dealt(0))

    def engine(self, dealt: State) -> Engine:
        """The fast engine of the game ``dealt`` by the game's own engine."""
        raise NotImplementedError

    def dealt(self, seed: int) -> State:
        """The game's own new game from ``seed``."""
        return self.game.new_game(self.num_players, seed, self.options)

    def _replay(self) -> State:
        """The game's engine for this game, as far as it has been replayed."""
        if self._reference is None:
            self._reference, self._synced = self.dealt(self.seed), 0
        return self._reference

    @property
    def state(self) -> State:
        """The game's engine at the current position (replayed to it)."""
        reference = self._replay()
        record = self.fast.record
        self._apply(reference, record[self._synced:])
        self._synced = len(record)
        return reference

    @state.setter
    def state(self, value: State | None) -> None:
        self._reference, self._synced = value, 0

    def _apply(self, state: State, record: list[tuple[int, int]]) -> None:
        """Apply to the game's engine the actions of an engine's record."""
        for seat, number in record:
            if number == TIME_UP:
                state.apply(REFEREE, TimeUp())
            else:
                state.apply(seat, self.numbering.action(number))

    @property
    def referee(self) -> Referee:
        """The engine's referee where the game has windows, else one that
        never counts (``Table.referee``)."""
        referee: Referee = getattr(self.fast, "referee", None) or Referee(self.window_actions)
        return referee

    @referee.setter
    def referee(self, value: Referee) -> None:
        """Nothing to set: an engine keeps its own, made with each game."""

    @property
    def record(self) -> list[tuple[int, int]]:
        """The actions applied since the deal (see :attr:`Engine.record`)."""
        return self.fast.record

    def new(self, seed: int | None) -> None:
        """A new game dealt by the game's engine (a seed drawn if none is
        given, so that the position can be replayed)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        dealt = self.dealt(seed)  # a seed refused here changes nothing
        self.seed = seed
        self.fast = self.engine(dealt)
        self.state = None  # replayed from the seed when first read

    @property
    def moves(self) -> int:
        """Actions applied since the deal, the referee's included: the
        position's name for infos read later (``Table.moves``)."""
        return len(self.fast.record)

    @moves.setter
    def moves(self, value: int) -> None:
        """Nothing to set: the count is the engine's record's."""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.fast.over

    def acting(self) -> list[int]:
        """The seats that must act, then those that may; [] once over."""
        return self.fast.acting()

    def result(self) -> Result:
        """The game's own result (once over)."""
        return self.fast.result()

    def due(self) -> int | None:
        """The seat to act by the referee's rule; None once over."""
        return self.fast.due()

    def play(self, seat: int, number: Any) -> bool:
        """Apply ``seat``'s action numbered ``number`` if legal; whether it was
        (what is no seat or no number refused, as ``Table.play`` does)."""
        number = action_number(number)
        if number is None or not self.is_seat(seat):
            return False
        fast = self.fast
        if fast.over or not fast.is_legal(seat, number):
            return False
        fast.apply(seat, number)
        return True

    def numbered(self, seat: int) -> list[int]:
        """The numbers of the seat's legal actions now."""
        return self.fast.menu(seat)

    def mask(self, seat: int, acting: bool) -> np.ndarray:
        """The seat's action mask: 1 at its legal actions' numbers if ``acting``,
        else empty (``Table.mask``), set by the engine."""
        mask = np.zeros(self.numbering.size, np.int8)
        if acting:
            self.fast.mark(seat, mask)
        return mask

    def observation(self, seat: int, acting: bool) -> dict[str, np.ndarray]:
        """The seat's observation; its mask is empty unless ``acting``."""
        return {"observation": self.fast.observe(seat), "action_mask": self.mask(seat, acting)}

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's legal actions now, from the game's engine (its menu's order)."""
        state = self.state
        return [] if state.is_over else state.legal_actions(seat)

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view, from the game's engine."""
        return self.state.view(seat)

    def info(self, seat: int, acting: bool) -> dict[str, Any]:
        """The seat's view and legal actions' text, made when first read."""
        if not self.with_infos:
            return {}
        return LazyInfo.of_keys(_INFO_TEMPLATE, functools.partial(
            self._fast_info, self.fast, self.seed, self.moves, seat, acting))

    def _fast_info(self, fast: Engine, seed: int, moves: int, seat: int, acting: bool
                   ) -> dict[str, Any]:
        """The info of ``seat`` after ``moves`` actions of ``fast``'s game:
        this game's engine brought to that position (``Table._made_info``),
        or, read once a new game has been dealt, the earlier game's replayed
        from its seed and ``fast``'s record (the earlier game's engine kept
        here was replayed only as far as it was read)."""
        if fast is self.fast:
            return self._made_info(self.state, moves, seat, acting)
        past = self.dealt(seed)
        self._apply(past, fast.record[:moves])
        return self._info(past, seat, acting, past.view(seat))
