"""Courtisans de Versailles: 2 to 6 players (7 or 8 as the publisher allows).

Rulebook: shared/seeds/000_90b411339aefc22f.txt, cited by section (§n). The
110-card deck is OUR design (data/deck.json, cards.py; shared/rules/versailles/
DECK.md), not the publisher's. Set-up and the turn are in rules.py, the
court's life in court.py, the player's actions in play.py. The etiquette
(§3, §4: forms of address and the checker) is etiquette.py's, each
courtier's address read from the view addresses.py's; the referee rules a
breach found in the chat (``Breach``) and the Grand Chamberlain fines it
(``Fine``) or lets it pass (``Done``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

from courtly.core import Action, Companions, Game, Option, Result, counted, flag
from courtly.games.versailles.actions import ACTION_TYPES, EndTurn
from courtly.games.versailles.cards import DECK
from courtly.games.versailles.etiquette import family_name_rules
from courtly.games.versailles.render import named_seats
from courtly.games.versailles.render import render as _render
from courtly.games.versailles.rules import HAND_LIMIT, VersaillesState


class Versailles(Game):
    """2-6 players (7-8 with the option): the first fortune to the goal wins."""

    name = "versailles"
    title = "Courtisans de Versailles"
    version = "1"
    min_players = 2
    max_players = 8
    options: ClassVar[Mapping[str, Option]] = {
        "goal": Option(
            50000,
            {"en": "Fortune to win (livres)", "fr": "Fortune pour gagner (livres)"},
            {
                "en": "30,000: a quick game (about 90 minutes); 50,000: the complete game (§6).",
                "fr": "30 000 : partie rapide (environ 90 minutes) ; 50 000 : partie complète.",
            },
            values=(30000, 50000),
        ),
        "large_table": flag(
            "7 or 8 players",
            "7 ou 8 joueurs",
            "The publisher allows copying the silhouettes for 7 or 8 players (§2).",
            "L'éditeur permet de copier les silhouettes pour jouer à 7 ou 8 (§2).",
        ),
        "etiquette": Option(
            True,
            {"en": "Etiquette judged in the chat", "fr": "Étiquette jugée dans la discussion"},
            {
                "en": "The referee reads public messages for breaches of etiquette (§3), which "
                "the Grand Chamberlain may fine. Off: table talk is free.",
                "fr": "L'arbitre lit les messages publics et relève les manquements à "
                "l'étiquette (§3), que le Grand Chambellan peut mettre à l'amende. "
                "Désactivée : la discussion est libre.",
            },
        ),
        "turn_limit": Option(
            100,
            {"en": "Turn limit", "fr": "Nombre de tours au plus"},
            {
                "en": "Our addition, so that every game ends: after this turn the richest wins.",
                "fr": "Notre ajout, pour que toute partie finisse : après ce tour, le plus "
                "riche gagne.",
            },
            minimum=1,
            maximum=1000,
        ),
    }
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """2-6, or 7-8 at a large table."""
        return (7, 8) if options.get("large_table") else (2, 6)

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """Both goals at 2-6 players, and the large table, each with a short
        turn limit so that the generic tests stay quick."""
        return self.valid_configurations(
            [
                {"goal": 30000, "turn_limit": 4},
                {"goal": 50000, "turn_limit": 4},
                {"large_table": True, "turn_limit": 2},
            ]
        )

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> VersaillesState:
        state = VersaillesState(self, num_players, seed, options)
        state.setup()
        return state

    def load_companions(self) -> Companions:
        """The heuristic, its ranking, its estimate, search settings and
        remarks (bot.py), the balance measures (stats.py), the referee's
        reading of the chat (addresses.py), and the numbering and encoding
        for research (encoding.py)."""
        from courtly.games.versailles import addresses, bot, encoding, stats

        return Companions(
            heuristic=bot.choose,
            ranking=bot.ranking,
            estimate=bot.estimate,
            search=bot.SEARCH,
            measures=stats.measures,
            remark=bot.remark,
            judge_chat=addresses.judge_chat,
            encoding=encoding.ENCODING,
        )

    def render(self, view: Mapping[str, Any]) -> str:
        """The court, the sovereigns, the Register and the hand (render.py)."""
        return _render(view)

    def describe_result(self, view: Mapping[str, Any], result: Result) -> dict[str, list[str]]:
        """Each family's fortune, in livres ("The first player to amass
        50,000 livres wins", §1; §6 sets the goal): the score is the fortune."""
        return {"Fortune (livres)": [f"{score:,.0f}" for score in result.scores]}

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        """The menu line with every courtier named by his form of address
        (§3: "Monsieur de Vieille-Roche (Seat 1)"), as the view gives it; the
        end of a turn with actions left says how many it loses (§7.41: two
        actions a turn, none carried over)."""
        text = named_seats(view, _describe(action))
        left = view.get("actions_left") or 0
        if isinstance(action, EndTurn) and left > 0 and view.get("current") == view.get("seat"):
            text += f" ({counted(left, 'action')} lost)"
        return text

    def describe_event(
        self, view: Mapping[str, Any], text: str, before: Mapping[str, Any] | None = None
    ) -> str:
        """The story line with every courtier named by the short form of his
        address (§3: the full one, with every title and office, is in the
        Register and in the menus) as he was addressed when the move was made
        ("Mademoiselle de X requests Comte", not "Madame la Comtesse"); one who
        had none then (a new heir), as he is after it."""
        if before is None:
            return named_seats(view, text, "short")
        return named_seats(before, text, "short", view)

    def data(self) -> dict[str, Any]:
        """The deck, the hand limit (§7.41) the page names, and what a family
        name may be (§6), for clients."""
        return {"deck": DECK.to_json(), "hand_limit": HAND_LIMIT,
                "family_name": family_name_rules()}


@lru_cache(maxsize=8192)
def _describe(action: Action) -> str:
    # each action's own line, kept: actions are frozen values, menus repeat them
    return action.describe()


GAME = Versailles()

__all__ = ["GAME", "Versailles", "VersaillesState"]
