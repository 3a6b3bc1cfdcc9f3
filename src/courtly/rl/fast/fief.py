"""Fief's fast engine (courtly.rl.fast): the game's own position, driven on
numbers for the research environments.

Fief's rules are the largest of courtly's games (rules.py, war.py,
court.py: battles, coalitions, sealed bids, elections, fiefs, gifts); most
of a step's time was not spent in them but around them. So this engine
keeps the position in the game's own :class:`~courtly.games.fief.rules.FiefState`
(the one ``new_game`` dealt, dice and shuffles drawn from its own RNG in
its own order) and lets its rules' methods make every change
(``FiefState._apply``: the rules' dispatch, the end of the game included),
so that every phase, frequent or rare, is played by the game's own rules
and cannot drift from them. What it does itself, on numbers, is what an
environment does at every step around the rules:

- the referee (:class:`~courtly.core.Referee`'s rule, the negotiation being
  Fief's only window): who is due, the counts in the window, the time-ups,
  which it records as ``(REFEREE, TIME_UP)`` and applies as the game does;
- the menus as action numbers, made by arithmetic on the numbering's blocks
  for the frequent phases, where menus are long and the game's would build
  an action object for each entry: the negotiation (payments of every sum
  to every other seat, "Phase 6: Negotiations"), the purchases ("Phase 3"),
  the movement ("Phase 4") and the votes ("The election of the king");
  the rarer menus (cards, tithes, answers to attacks, battles,
  consecration, fiefs) are the game's own ``_legal_actions``, numbered;
- the checks: a number is applied only if it is in the seat's menu, and
  nothing else changes the position (no exception, no half-applied move);
- the observation: :mod:`courtly.games.fief.arrays`'s blocks, kept on the
  position, brought up to date only after an action that can move a piece
  (a payment, a vote, a Done or an end of turn that does not end the phase
  moves none), then the seats', hand's and phase's numbers written in, as
  ``FiefEncoding.observe_array`` does.

The result at the end is the game's own (``FiefState.result``).
``tests/test_rl_fast.py`` plays it against the game's own environment,
step for step, in every configuration.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import numpy as np

from courtly.core import REFEREE, Numbering, Result, State, TimeUp
from courtly.games.fief import arrays as A
from courtly.games.fief import encoding as E
from courtly.games.fief.actions import DONE, END_TURN, Pay
from courtly.games.fief.court import NEGOTIATION
from courtly.rl.fast.table import TIME_UP
from courtly.rl.fast.table import FastTable as BaseTable


class Numbers(NamedTuple):
    """One configuration's action numbers the engine makes by arithmetic:
    Done, End of turn, the first payment to each seat (100 crowns; each
    further hundred is the next number) and the most hundreds paid."""

    done: int
    end_turn: int
    pay: list[int]
    hundreds: int


@cache
def numbers(numbering: Numbering, n: int) -> Numbers:
    """The configuration's :class:`Numbers`, read from its numbering (so the
    same numbers as the game's environments)."""
    pay = [numbering.index(Pay(to, 100)) for to in range(n)]
    hundreds = 1
    while numbering.index(Pay(0, 100 * hundreds)) + 1 == pay[0] + hundreds \
            and _has(numbering, Pay(0, 100 * (hundreds + 1))):
        hundreds += 1
    return Numbers(numbering.index(DONE), numbering.index(END_TURN), pay, hundreds)


def _has(numbering: Numbering, action: Any) -> bool:
    try:
        numbering.index(action)
    except KeyError:
        return False
    return True


class FastFief:
    """A game of Fief driven on numbers (see the module docstring): ``dealt``
    is the game's own new game, played on from there."""

    def __init__(self, dealt: Any, numbering: Numbering, window_actions: int) -> None:
        self.s = dealt
        self.n = dealt.num_players
        self.numbering = numbering
        self.table = numbers(numbering, self.n)
        self.window_actions = window_actions
        self.record: list[tuple[int, int]] = []
        #: The referee's window (its phase's name) and each seat's count there.
        self._window: str | None = None
        self._counts: dict[int, int] = {}
        self._menus: dict[int, list[int]] = {}
        self._legal: dict[int, frozenset[int]] = {}
        #: Whether a piece may have moved since the observation's blocks
        #: were last brought up to date.
        self._dirty = True

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.s.over)

    # ----- the referee ----------------------------------------------------------------
    def due(self) -> int | None:
        """The seat to act by :class:`~courtly.core.Referee`'s rule (as
        ``Table.due``), applying and recording the referee's time-ups."""
        s = self.s
        while not s.over:
            to_act, may = s._to_act(), s._may_act()
            if self._window is None and to_act and not may:
                return int(to_act[0])
            self._follow(s.stage, may)
            if to_act:
                return int(to_act[0])
            seat, least = REFEREE, self.window_actions
            counts = self._counts
            for other in may:
                acted = counts.get(other, 0)
                if acted < least:
                    seat, least = other, acted
            if seat != REFEREE:
                return int(seat)
            if s.stage != NEGOTIATION:  # the only timed phase, the only window
                raise RuntimeError(f"fief: nobody may act in phase {s.stage}")
            self._time_up()
        return None

    def _follow(self, name: str, may: tuple[int, ...]) -> None:
        """``Referee._follow``: a window's counts last while its phase keeps its name."""
        if self._window != name:
            self._window, self._counts = (name if may else None), {}

    def _time_up(self) -> None:
        """The referee calls time (``TimeUp``, as the game's engine applies it)."""
        self.s._apply(REFEREE, TimeUp())
        self.record.append((REFEREE, TIME_UP))
        self._window, self._counts = None, {}
        self._moved(True)

    def acting(self) -> list[int]:
        """The seats that must act, then those that may; [] once over."""
        s = self.s
        return [] if s.over else [*s._to_act(), *s._may_act()]

    # ----- menus ----------------------------------------------------------------------
    def menu(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s legal actions now ([] if it may not act)."""
        menu = self._menus.get(seat)
        if menu is None:
            menu = self._menus[seat] = self._menu(seat)
        return menu

    def is_legal(self, seat: int, number: int) -> bool:
        """Whether ``number`` is in ``seat``'s menu now."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = frozenset(self.menu(seat))
        return number in legal

    def _menu(self, seat: int) -> list[int]:
        s = self.s
        if s.over or (seat not in s._to_act() and seat not in s._may_act()):
            return []
        return self.numbering.indices(s._legal_actions(seat))

    # ----- play -----------------------------------------------------------------------
    def apply(self, seat: int, number: int) -> None:
        """Apply (and record) ``seat``'s legal action ``number`` by the
        game's rules, counted by the referee's rule."""
        s = self.s
        counting = self._window is not None
        if counting:
            name, to_act, may = s.stage, s._to_act(), s._may_act()
        elif s._may_act():
            counting, name, to_act, may = True, s.stage, s._to_act(), s._may_act()
        before = (s.turn, s.phase_step, s.stage)
        action = self.numbering.action(number)
        s._apply(seat, action)
        self.record.append((seat, number))
        if counting:
            self._follow(name, may)
            if seat in may and seat not in to_act:
                self._counts[seat] = self._counts.get(seat, 0) + 1
        quiet = type(action).__name__ in _QUIET and before == (s.turn, s.phase_step, s.stage)
        self._moved(not quiet)

    def _moved(self, pieces: bool) -> None:
        """The position changed (its pieces too if ``pieces``)."""
        self._menus = {}
        self._legal = {}
        if pieces:
            self._dirty = True

    def result(self) -> Result:
        """The game's own result (once over)."""
        result: Result = self.s.result()
        return result

    # ----- observation ----------------------------------------------------------------
    def observe(self, seat: int) -> np.ndarray:
        """``FiefEncoding.observe_array`` of the position (:mod:`courtly.games.fief.arrays`),
        its kept blocks brought up to date only when a piece may have moved."""
        s = self.s
        kept = A._kept(s)
        if self._dirty:
            kept.update(s)
            self._dirty = False
        out = kept.blocks[seat][0][:]
        n = self.n
        at = E._layout(n)
        E._seats_state(out, at.seats, s, kept.votes, seat, n)
        A._hand(out, at.phase - 2 * E.DECK.size - 1, s, seat)
        E._phase_state(out, at.phase, s, seat, n)
        return np.frombuffer(out, np.float32)


#: The kinds of action that move no piece (the observation's blocks stay)
#: unless they end the phase: a payment, a Done, a vote, an end of turn.
_QUIET = frozenset({"Pay", "Done", "Vote", "EndTurn"})


class FastTable(BaseTable):
    """The environments' table on :class:`FastFief` (see
    :class:`~courtly.rl.fast.table.FastTable`)."""

    def engine(self, dealt: State) -> FastFief:
        """Fief's fast engine of the game ``dealt``."""
        return FastFief(dealt, self.numbering, self.window_actions)


