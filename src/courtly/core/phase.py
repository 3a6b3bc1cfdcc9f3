"""Phases, open windows and the referee (the contract for negotiation, version 2).

A phase says who must act (``to_act``: the game waits for them), who may act
without being waited for (``may_act``: an open window, such as a
negotiation), and the phase's time limit in seconds, if the rulebook sets one.
A seat's part in a window ends with :class:`~courtly.core.action.Done`; the
window closes when every seat in it is done, or when the referee applies
:class:`~courtly.core.action.TimeUp`.

The engine never reads a clock. Whoever runs a game applies ``TimeUp`` by a
documented rule: the server at the deadline, the CLI when its prompt timer
runs out, and simulations, bots and tests by :class:`Referee`'s rule (after
each seat in the window has taken ``k`` actions there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from courtly.core.action import Action, TimeUp

if TYPE_CHECKING:
    from courtly.core.game import State

#: The referee's seat value: ``state.apply(REFEREE, TimeUp())``. In a record's
#: JSON form the referee's entries name the seat ``"referee"``.
REFEREE = -1

#: How many actions each seat in a window takes, under :class:`Referee`'s
#: rule, before the referee calls time (simulations, bot rollouts, tests).
WINDOW_ACTIONS = 3


@dataclass(frozen=True, slots=True, init=False)
class Phase:
    """The current phase: its name, who must act, who may act, its time limit."""

    name: str
    to_act: tuple[int, ...]
    may_act: tuple[int, ...] = ()
    time_limit: float | None = None

    def __init__(self, name: str, to_act: tuple[int, ...], may_act: tuple[int, ...] = (),
                 time_limit: float | None = None) -> None:
        # Made at every step in a window: the slots are set through their
        # descriptors, cheaper than the generated frozen __init__'s
        # object.__setattr__ (as Event's).
        _set_name(self, name)
        _set_to_act(self, to_act)
        _set_may_act(self, may_act)
        _set_time_limit(self, time_limit)

    @property
    def referee_may_act(self) -> bool:
        """Whether the referee may call time now: in a window or a timed phase."""
        return bool(self.may_act) or self.time_limit is not None

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {"name": self.name, "to_act": list(self.to_act), "may_act": list(self.may_act),
                "time_limit": self.time_limit}


_set_name, _set_to_act, _set_may_act, _set_time_limit = (
    Phase.__dict__[name].__set__ for name in ("name", "to_act", "may_act", "time_limit"))


@dataclass
class Referee:
    """The rule by which programs (simulation, bots, tests) call time.

    ``next_seat`` names who acts next: the first seat that must act, else
    the seat of the open window that has acted least there (ties to the
    first in ``may_act``, the game's order of play), else :data:`REFEREE`
    once every seat of the window has taken ``window_actions`` actions in it
    (or at once in a timed phase with nobody able to act). Call
    :meth:`acted` after each action so the count follows. A window's counts
    last while its phase keeps its name (through a request that one seat
    must answer) and start again after the referee's call or in a phase of
    another name.
    """

    window_actions: int = WINDOW_ACTIONS
    _counts: dict[int, int] = field(default_factory=dict)
    _window: str | None = None

    @property
    def counting(self) -> bool:
        """Whether a window's actions are being counted (its phase followed).
        When not, and nobody may act in an open window, the next seat is the
        first that must act and :meth:`acted` counts nothing: the whole
        phase need not be read (:meth:`step` does so)."""
        return self._window is not None

    def next_seat(self, state: State) -> int:
        """The seat to act next (a seat number or REFEREE)."""
        return self._next(state.phase)

    def next_seat_in(self, phase: Phase) -> int:
        """:meth:`next_seat` given the state's ``phase`` (already at hand)."""
        return self._next(phase)

    def _next(self, phase: Phase) -> int:
        self._follow(phase)
        if phase.to_act:
            return phase.to_act[0]
        if not phase.may_act:
            return REFEREE
        # ties go to the first in may_act, which games list in their order of
        # play: the lowest seat number would favour seat 0 in every window
        counts = self._counts
        seat, least = REFEREE, self.window_actions
        for s in phase.may_act:
            acted = counts.get(s, 0)
            if acted < least:
                seat, least = s, acted
        return seat

    def step(self, state: State, choose: Callable[[int], Action]) -> tuple[int, Action]:
        """Play one action: the next seat's (``choose(seat)``), or the
        referee's TimeUp; counted. Returns who acted and what."""
        if self._window is None:
            # Outside a window nothing is counted: the first seat that must
            # act acts (the whole phase is read only in and around windows).
            to_act = state.to_act
            if to_act and not state.may_act:
                action = choose(to_act[0])
                state.apply(to_act[0], action)
                return to_act[0], action
        phase = state.phase
        seat = self._next(phase)
        action = TimeUp() if seat == REFEREE else choose(seat)
        state.apply(seat, action)
        self.acted(phase, seat)
        return seat, action

    def acted(self, phase: Phase, seat: int) -> None:
        """Count ``seat``'s action, taken in ``phase`` (the phase before it)."""
        self._follow(phase)
        if seat == REFEREE:
            self._window, self._counts = None, {}
        elif seat in phase.may_act and seat not in phase.to_act:
            self._counts[seat] = self._counts.get(seat, 0) + 1

    def _follow(self, phase: Phase) -> None:
        # A window is known by its phase's name: the counts start again when
        # a phase of another name begins. A window in which nobody may act
        # for a moment (a request one seat must answer, the phase's name
        # unchanged) keeps them, or requests could renew it for ever. Outside
        # windows no phase is followed (None): nothing is counted there.
        if self._window != phase.name:
            self._window, self._counts = (phase.name if phase.may_act else None), {}
