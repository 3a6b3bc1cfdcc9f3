"""Companions: what a game may ship beside its rules for the tools above it.

A game declares them by overriding :meth:`courtly.core.Game.load_companions`,
which imports its own modules on first use (so that loading a game never
loads its bot) and returns a :class:`Companions`; each part is typed by the
protocol the tools call it through (docs/bots.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from courtly.core.action import Action
from courtly.core.encoding import Encoding

if TYPE_CHECKING:
    from courtly.core.record import GameRecord


class Heuristic(Protocol):
    """Rules of thumb: one of ``legal``, from the seat's view alone."""

    def __call__(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random, /
    ) -> Action: ...


class Ranking(Protocol):
    """The heuristic's candidates among ``legal``, best first: its own
    choice first, then the others it would consider, in its order (an
    action it would never play may be left out). Search may restrict its
    root to the first few (ISMCTS' ``top``)."""

    def __call__(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random, /
    ) -> Sequence[Action]: ...


class Estimate(Protocol):
    """Every seat's expected final score, as the view's seat sees it."""

    def __call__(self, view: Mapping[str, Any], /) -> Sequence[float]: ...


class Measures(Protocol):
    """A finished game's balance measures: name -> number or category."""

    def __call__(
        self, final_view: Mapping[str, Any], record: GameRecord, /
    ) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class Remark:
    """What a bot says with an action, as a chat message from its seat: the
    text in each language a player may read ("en", "fr"), to one seat
    (``to``) or to the table (None)."""

    text: Mapping[str, str]
    to: int | None = None

    def line(self) -> str:
        """The message as one line: English, then French if it differs."""
        en, fr = self.text.get("en", ""), self.text.get("fr", "")
        return f"{en} / {fr}" if en and fr and fr != en else en or fr


class Speech(Protocol):
    """What a seat says with ``action``, chosen from ``view``; None for nothing."""

    def __call__(self, view: Mapping[str, Any], action: Action, /) -> Remark | None: ...


class ChatJudge(Protocol):
    """The referee's reading of a chat message: ``sender``'s ``text``, to the
    seat ``to`` (a private message) or to the table (None), judged from the
    sender's ``view``. Returns one JSON-safe dict per fault found ([] when
    the message is fine), each with at least ``seat`` (the offender),
    ``code``, an explanation in English and French (``en``, ``fr``) and
    ``action``: the JSON of the referee's ruling to apply,
    ``state.apply(REFEREE, game.parse_action(fault["action"]))`` (a game's
    ``State.REFEREE_RULINGS``), so that the record keeps it and replays
    stay exact. ``names``, when given, are the players' own names, one per
    seat (None where a seat has none), public at the table, so that a
    player called by his own name can be recognised. Pure: the same
    arguments give the same answer."""

    def __call__(
        self, view: Mapping[str, Any], sender: int, text: str, to: int | None, /,
        names: Sequence[str | None] | None = None,
    ) -> list[dict[str, Any]]: ...


@dataclass(frozen=True)
class Companions:
    """A game's extras; any part may be missing (None, or no settings)."""

    heuristic: Heuristic | None = None
    #: The heuristic's candidates best first (its choice first).
    ranking: Ranking | None = None
    estimate: Estimate | None = None
    #: ISMCTS settings the game recommends: parameter name -> value.
    search: Mapping[str, object] = field(default_factory=dict)
    measures: Measures | None = None
    #: What the heuristic says with its actions (docs/bots.md, "Saying why").
    remark: Speech | None = None
    #: The stable action numbering and the observation encoding for research
    #: tools (courtly.rl; docs/research.md).
    encoding: Encoding | None = None
    #: How the referee judges chat (Versailles' etiquette, §3): see ChatJudge.
    judge_chat: ChatJudge | None = None
