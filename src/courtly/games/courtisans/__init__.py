"""Courtisans (Catch Up Games, 2024; Galonnier & Perone), with the expansion
"Diplomates et Confidents" and its team mode as options.

Rulebook: shared/seeds/002_a23471743eef09ef.txt; rules as implemented and
every decision of ours: docs/rules/courtisans.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from courtly.core import Action, Companions, Game, Option, flag
from courtly.games import package_data
from courtly.games.courtisans.actions import ACTION_TYPES
from courtly.games.courtisans.cards import HAND_SIZE, MISSION_POINTS, Card
from courtly.games.courtisans.render import menu_label as _menu_label
from courtly.games.courtisans.render import render as _render
from courtly.games.courtisans.rules import CourtisansState


class Courtisans(Game):
    """2-5 players (6 with the expansion); 4 or 6 in teams."""

    name = "courtisans"
    title = "Courtisans"
    version = "1"
    min_players = 2
    max_players = 6
    options: ClassVar[Mapping[str, Option]] = {
        "expansion": flag(
            "Diplomats and Confidants expansion (Diplomates et Confidents), up to 6 players",
            "Extension Diplomates et Confidents, jusqu'à 6 joueurs",
            "Adds the Diplomat and the Confidant and a sixth player.",
            "Ajoute le Diplomate et le Confident, et un sixième joueur."),
        "teams": flag(
            "Team mode, with the expansion (4 or 6 players)",
            "Mode équipe, avec l'extension (4 ou 6 joueurs)",
            "Partners sit opposite; each team keeps the lower score of its two players.",
            "Les partenaires sont face à face ; chaque équipe garde le plus petit score "
            "de ses deux joueurs."),
    }
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def load_companions(self) -> Companions:
        """The heuristic bot and its estimate (bot.py), the balance measures
        (stats.py) and the numbering and encoding for research (encoding.py)."""
        from courtly.games.courtisans import bot, encoding, stats

        return Companions(heuristic=bot.choose, estimate=bot.estimate, search=bot.SEARCH,
                          measures=stats.measures, encoding=encoding.ENCODING)

    def data(self) -> dict[str, Any]:
        """The families and roles (names in English and French, each role's
        weight at the table and its power in a few words), the deck, the
        Secret Missions with their texts (data/*.json), and the numbers of a
        turn and of the scoring (cards.py)."""
        cards = package_data(__package__, "cards.json")
        for role in cards["roles"]:
            role["weight"] = Card(cards["families"][0]["id"], role["id"]).weight
        return {**cards,
                "missions": package_data(__package__, "missions.json")["missions"],
                "hand_size": HAND_SIZE,
                "mission_points": MISSION_POINTS}

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

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        """A menu line that names whose card each target is (see render.py)."""
        return _menu_label(view, action)


GAME = Courtisans()

__all__ = ["GAME", "Courtisans", "CourtisansState"]
