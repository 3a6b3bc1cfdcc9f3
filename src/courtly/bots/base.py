"""What every bot is: a chooser among legal actions that sees only its seat's
information (shared/design/STYLE.md 6)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from courtly.core import Action, Game, Phase, Remark, State


class Observation:
    """What one seat may know when it may act: its view, its legal actions,
    the phase, and guesses of the hidden rest (``determinize``), never the
    state itself.

    The seat may be one the game waits for (in ``phase.to_act``) or one of an
    open window (in ``phase.may_act``: a negotiation, where its legal actions
    include ``Done``); ``in_window`` tells the second case.
    """

    __slots__ = ("_state", "legal", "phase", "seat", "view")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat
        self.view: Mapping[str, Any] = state.view(seat)
        self.legal: Sequence[Action] = state.legal_actions(seat)
        self.phase: Phase = state.phase

    @property
    def game(self) -> Game:
        """The game (its facts and companions; registered or not)."""
        return self._state.game

    @property
    def game_name(self) -> str:
        """The game's registry name."""
        return self._state.game.name

    @property
    def in_window(self) -> bool:
        """Whether the seat acts in an open window without being waited for
        (in ``may_act``, not in ``to_act``): it may also say ``Done``."""
        return self.seat in self.phase.may_act and self.seat not in self.phase.to_act

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self._state.num_players

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this seat's information; everything
        hidden from it resampled from ``rng`` (it depends on nothing else)."""
        return self._state.determinize(self.seat, rng)


class Bot(Protocol):
    """A player program."""

    def act(self, obs: Observation) -> Action:
        """Choose one of ``obs.legal`` (never empty; with ``Done`` among them in a window)."""
        ...


def decide_and_say(state: State, seat: int, bot: Bot) -> tuple[Action, Remark | None]:
    """:func:`decide`, and what the bot says with its action: a bot may have
    an optional method ``remark(obs, action) -> Remark | None`` (the reason
    for a payment, docs/bots.md "Saying why"); None for a bot without one."""
    obs = _observation(state, seat)
    action = bot.act(obs)
    speak = getattr(bot, "remark", None)
    return action, (speak(obs, action) if callable(speak) else None)


def decide(state: State, seat: int, bot: Bot) -> Action:
    """Ask ``bot`` for ``seat``'s action, showing it only that seat's observation.

    ``seat`` is one that must act or one of an open window (``may_act``);
    a seat with nothing to do raises ValueError."""
    return bot.act(_observation(state, seat))


def _observation(state: State, seat: int) -> Observation:
    """``seat``'s observation, or ValueError when it has nothing to do."""
    obs = Observation(state, seat)
    if not obs.legal:
        raise ValueError(f"{state.game.name}: seat {seat} has no legal action now")
    return obs
