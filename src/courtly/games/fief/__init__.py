"""Fief (1984, Philippe Mouchebeuf): 3 to 6 players. Under construction (issue 11).

Rulebook: shared/seeds/004_4acaab6420c0f155.txt. The board is ours, shipped
as data (data/map.json, read by board.py); the cards are in data/cards.json.
Every phase is built (rules.py, war.py, court.py); not registered yet: the
game joins courtly.GAMES with its terminal map, its docs and its measures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from courtly.core import Action, Companions, Game, Option, Result
from courtly.games.fief.actions import ACTION_TYPES
from courtly.games.fief.board import default_board
from courtly.games.fief.render import render as _render
from courtly.games.fief.render import standing_keys
from courtly.games.fief.rules import FiefState


class Fief(Game):
    """3-6 players; the first to a number of fiefs, or the most fiefs after a number of turns."""

    name = "fief"
    title = "Fief"
    #: "1" since the rules audits changed what a stored game's moves lead to
    #: (empty villages, ownerless fiefs, a besieger's road, an exchange's draw:
    #: docs/rules/fief.md): a table stored under "0" is skipped at a restart,
    #: with the reason, rather than replayed into another position.
    version = "1"
    min_players = 3
    max_players = 6
    options: ClassVar[Mapping[str, Option]] = {
        "fiefs_to_win": Option(
            2, {"en": "Fiefs to win (0: none, the turn limit decides)",
                "fr": "Fiefs pour gagner (0 : aucun, la limite de tours décide)"},
            {"en": "The first to hold this many fiefs wins (rulebook: 2, 3 or 4).",
             "fr": "Le premier à tenir autant de fiefs gagne (règle : 2, 3 ou 4)."},
            values=(0, 2, 3, 4)),
        "turn_limit": Option(
            30, {"en": "Turn limit", "fr": "Nombre de tours au plus"},
            {"en": "After this turn the most fiefs win (the rulebook's game in limited time).",
             "fr": "Après ce tour, le plus de fiefs l'emporte (la partie en temps limité)."},
            minimum=1, maximum=200),
        "king_for_life": Option(
            False, {"en": "A King reigns until he dies (no election while he lives)",
                    "fr": "Le roi règne jusqu'à sa mort (pas d'élection de son vivant)"},
            {"en": "Our variant; by the rulebook a King is elected every turn.",
             "fr": "Notre variante ; selon la règle, le roi est élu à chaque tour."}),
        "negotiation_actions": Option(
            40, {"en": "Most payments in a negotiation",
                 "fr": "Paiements au plus par négociation"},
            {"en": "The negotiation also ends after this many payments, so that it ends.",
             "fr": "La négociation s'arrête aussi après autant de paiements."},
            minimum=1, maximum=1000),
    }
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """Every player count with a short game, the limited-time game, and the
        King for life."""
        return self.valid_configurations([{"turn_limit": 3}, {"fiefs_to_win": 0, "turn_limit": 2},
                                          {"turn_limit": 3, "king_for_life": True}])

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> FiefState:
        state = FiefState(self, num_players, seed, options)
        state.setup()
        return state

    def load_companions(self) -> Companions:
        """The heuristic bot, its estimate, search settings and remarks (bot.py),
        the balance measures (stats.py) and the numbering and encoding for
        research (encoding.py)."""
        from courtly.games.fief import bot, encoding, stats

        return Companions(heuristic=bot.choose, estimate=bot.estimate, search=bot.SEARCH,
                          measures=stats.measures, remark=bot.remark,
                          encoding=encoding.ENCODING)

    def render(self, view: Mapping[str, Any]) -> str:
        """The board region by region, the gates, the players (see render.py)."""
        return _render(view)

    def describe_result(self, view: Mapping[str, Any], result: Result) -> dict[str, list[str]]:
        """What the victory is decided by ("The Beginning of the Game", 5: the
        fiefs; "Any draws are decided by ... the number of soldiers on the
        ground and ... by the quantity of money"), seat by seat, read from the
        final view as its render's standing is; the score (those three in one
        number, rules.py ``_result``) is for programs."""
        keys = standing_keys(view)
        return {header: [f"{keys[seat][i]:,}" for seat in range(len(result.scores))]
                for i, header in enumerate(("Fiefs", "Soldiers", "Crowns"))}

    def data(self) -> dict[str, Any]:
        """The board, the cards and the prices of the purchases (the table
        the rules charge, "Phase 3: Purchases"), for clients."""
        from courtly.games.fief.cards import card_set

        board = default_board()
        return {"board": board.to_json(), "cards": card_set().to_json(),
                "prices": dict(board.setup.prices)}


GAME = Fief()

__all__ = ["GAME", "Fief", "FiefState"]
