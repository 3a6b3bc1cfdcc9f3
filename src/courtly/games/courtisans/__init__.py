"""Courtisans (Catch Up Games, 2024; Galonnier & Perone), with the expansion
"Diplomates et Confidents" and its team mode as options.

Rulebook: shared/seeds/002_a23471743eef09ef.txt; rules as implemented and
every decision of ours: docs/rules/courtisans.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from courtly.core import Action, Game
from courtly.games.courtisans.actions import ACTION_TYPES
from courtly.games.courtisans.render import render as _render
from courtly.games.courtisans.rules import CourtisansState


class Courtisans(Game):
    """2-5 players (6 with the expansion); 4 or 6 in teams."""

    name = "courtisans"
    title = "Courtisans"
    version = "1"
    min_players = 2
    max_players = 6
    options: ClassVar[Mapping[str, Any]] = {"expansion": False, "teams": False}
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    companions: ClassVar[Mapping[str, str]] = {
        "bot": "courtly.games.courtisans.bot", "stats": "courtly.games.courtisans.stats"}

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """Up to 5 in the base game, 6 with the expansion ("Diplomats and Confidants")."""
        return 2, 6 if options["expansion"] else 5

    def _check_options(self, num_players: int, options: Mapping[str, Any]) -> None:
        if options["teams"]:
            if not options["expansion"]:
                raise ValueError("courtisans: team mode comes with the expansion; "
                                 "set expansion=true too")
            if num_players not in (4, 6):
                raise ValueError(f"courtisans: team mode is for 4 or 6 players, not {num_players}")

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> CourtisansState:
        state = CourtisansState(self, num_players, seed, options)
        state.setup()
        return state

    def render(self, view: Mapping[str, Any]) -> str:
        """The table as text (see render.py)."""
        return _render(view)


GAME = Courtisans()

__all__ = ["GAME", "Courtisans", "CourtisansState"]
