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

if TYPE_CHECKING:
    from courtly.core.record import GameRecord


class Heuristic(Protocol):
    """Rules of thumb: one of ``legal``, from the seat's view alone."""

    def __call__(self, view: Mapping[str, Any], legal: Sequence[Action],
                 rng: random.Random, /) -> Action: ...


class Estimate(Protocol):
    """Every seat's expected final score, as the view's seat sees it."""

    def __call__(self, view: Mapping[str, Any], /) -> Sequence[float]: ...


class Measures(Protocol):
    """A finished game's balance measures: name -> number or category."""

    def __call__(self, final_view: Mapping[str, Any], record: GameRecord, /
                 ) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class Companions:
    """A game's extras; any part may be missing (None, or no settings)."""

    heuristic: Heuristic | None = None
    estimate: Estimate | None = None
    #: ISMCTS settings the game recommends: parameter name -> value.
    search: Mapping[str, object] = field(default_factory=dict)
    measures: Measures | None = None
