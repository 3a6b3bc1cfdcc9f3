"""Vive le Roi ! (2025 edition of "Viva il Re!", Stefano Luperto), with its five
variants as options.

Rulebook: shared/seeds/003_488867ee21850542.txt; rules as implemented and
every decision of ours: docs/rules/vive_le_roi.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from courtly.core import Action, Companions, Game, Option, Result, flag
from courtly.games import package_data
from courtly.games.vive_le_roi import castle
from courtly.games.vive_le_roi.actions import ACTION_TYPES
from courtly.games.vive_le_roi.cards import (
    DUNGEON_ORDER,
    FLOOR_LIMIT,
    JESTER,
    JESTER_FLOOR,
    PLACEMENT_FLOORS,
    ROUNDS,
    START_SCORE,
    THRONE_VALUE,
    WC_FLOORS,
)
from courtly.games.vive_le_roi.render import menu_label as _menu_label
from courtly.games.vive_le_roi.render import render as _render
from courtly.games.vive_le_roi.rules import ViveLeRoiState


class ViveLeRoi(Game):
    """2-8 players; 1-2 with the Emperor's emissary; 4, 6 or 8 in teams.

    Options (rulebook paragraphs after "Fin de partie"): ``emissary``
    (L'émissaire de l'Empire: one fictitious player beside 2 players, two
    beside a solo player, three with ``three_emissaries``), ``royal_wedding``
    (Le mariage royal), ``teams`` (Royauté en équipe), ``ambition``
    (L'Ambition), ``banished`` (Le Banni).

    ``configurations()`` is a covering set rather than the full product of
    the flags (104 valid pairs, about 20 s of conformance test): see there.
    """

    name = "vive_le_roi"
    title = "Vive le Roi !"
    version = "1"
    min_players = 1  # a solo game against Emissaries; 2 without them
    max_players = 8
    options: ClassVar[Mapping[str, Option]] = {
        "emissary": flag(
            "L'émissaire de l'Empire: a fictitious player (1–2 players)",
            "L'émissaire de l'Empire : un joueur fictif (1 ou 2 joueurs)",
            "One fictitious player beside 2 players, two beside a solo player.",
            "Un joueur fictif à côté de 2 joueurs, deux à côté d'un joueur seul."),
        "three_emissaries": flag(
            "Three emissaries (solo game)", "Trois émissaires (partie en solo)",
            "With emissary, a solo player faces three Emissaries instead of two.",
            "Avec l'émissaire, le joueur seul affronte trois Émissaires au lieu de deux."),
        "royal_wedding": flag(
            "Le mariage royal: two monarchs each round",
            "Le mariage royal : deux monarques par round"),
        "teams": flag(
            "Royauté en équipe: teams of 2 (4, 6 or 8 players)",
            "Royauté en équipe : équipes de 2 (4, 6 ou 8 joueurs)",
            "Partners sit opposite; each team keeps the lower of its two totals.",
            "Les partenaires sont face à face ; chaque équipe garde le plus petit "
            "de ses deux totaux."),
        "ambition": flag(
            "L'Ambition: a secret goal each round",
            "L'Ambition : un objectif secret à chaque round"),
        "banished": flag(
            "Le Banni: only 5 favourites count", "Le Banni : seuls 5 Favoris comptent"),
    }
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def load_companions(self) -> Companions:
        """The heuristic bot and its estimate (bot.py), the balance measures
        (stats.py) and the numbering and encoding for research (encoding.py)."""
        from courtly.games.vive_le_roi import bot, encoding, stats

        return Companions(heuristic=bot.choose, estimate=bot.estimate, search=bot.SEARCH,
                          measures=stats.measures, encoding=encoding.ENCODING)

    def data(self) -> dict[str, Any]:
        """The characters, the vote cards, the Favoris and Ambition cards
        (names and texts in English and French: data/*.json) and the castle:
        each floor's name, value, room and whether characters are placed
        there, its WCs and dungeons (in the order they fill), the throne's
        value and the Jester's floor (cards.py, castle.py)."""
        cards = package_data(__package__, "cards.json")
        for character in cards["characters"]:
            character["pretender"] = character["id"] != JESTER
        floors = cards.pop("floors")
        for row in floors:
            f = row["floor"]
            row.update(value=castle.value(castle.floor(f)),
                       capacity=FLOOR_LIMIT if f else None,  # floor 0 has no limit
                       placement=f in PLACEMENT_FLOORS, wc=f in WC_FLOORS)
        dungeons = [{"floor": f, "value": castle.value(castle.dungeon(f))} for f in DUNGEON_ORDER]
        return {**cards,
                "castle": {"floors": floors, "wc_floors": list(WC_FLOORS), "dungeons": dungeons,
                           "throne_value": THRONE_VALUE, "jester_floor": JESTER_FLOOR},
                "ambitions": package_data(__package__, "ambitions.json")["ambitions"],
                "rounds": ROUNDS,
                "start_score": START_SCORE}

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """2-8 players; 1 or 2 with the emissary; teams of 2 need 4 to 8."""
        if options["emissary"]:
            return 1, 2
        if options["teams"]:
            return 4, 8
        return 2, 8

    def _check_options(self, num_players: int, options: Mapping[str, Any]) -> None:
        if options["teams"]:
            if options["emissary"]:
                raise ValueError("vive_le_roi: the emissary (1-2 players) and team royalty "
                                 "(teams of 2) do not combine")
            if num_players % 2:
                raise ValueError(f"vive_le_roi: team royalty needs an even number of players "
                                 f"(teams of 2), not {num_players}")
        if options["three_emissaries"] and not (options["emissary"] and num_players == 1):
            raise ValueError("vive_le_roi: three_emissaries is for a solo game "
                             "(1 player with emissary=true)")

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """A representative covering set of valid (count, options) pairs: the
        base game and every variant alone at every count it allows, then the
        variants all together (with and without teams, with one, two and
        three Emissaries) at every count they allow."""
        together = {"royal_wedding": True, "ambition": True, "banished": True}
        sets: list[dict[str, Any]] = [
            {}, {"emissary": True}, {"emissary": True, "three_emissaries": True},
            {"royal_wedding": True}, {"teams": True}, {"ambition": True}, {"banished": True},
            together, together | {"teams": True}, together | {"emissary": True},
            together | {"emissary": True, "three_emissaries": True},
        ]
        return self.valid_configurations(sets)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> ViveLeRoiState:
        state = ViveLeRoiState(self, num_players, seed, options)
        state.setup()
        return state

    def describe_result(self, view: Mapping[str, Any], result: Result) -> dict[str, list[str]]:
        """Each seat's points; with Emissaries, also its margin over the best
        of them, which its score is ("pour gagner, il faut aussi battre ce
        joueur fictif": only a positive margin wins; our decision)."""
        if "beat_emissaries" not in (view.get("final") or {}):
            return super().describe_result(view, result)
        n = len(result.scores)
        return {"Points": [f"{points:g}" for points in view["scores"][:n]],
                "Over the Emissary": [f"{score:+g}" for score in result.scores]}

    def render(self, view: Mapping[str, Any]) -> str:
        """The castle floor by floor, votes, cards and scores as text (see render.py)."""
        return _render(view)

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        """A menu line that says what a vote card does, where a move leads and
        what an Ambition asks (see render.py)."""
        return _menu_label(view, action)


GAME = ViveLeRoi()

__all__ = ["GAME", "ViveLeRoi", "ViveLeRoiState"]
