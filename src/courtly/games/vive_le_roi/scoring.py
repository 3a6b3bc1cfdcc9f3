"""Scoring at a crowning (rulebook 003, "Vote": Oui; "Le Bouffon"; "L'Ambition").

"Chaque joueur révèle sa carte de Favoris et marque des points selon la valeur
des étages où ils se trouvent. Les Personnages dans les WC ou dans la boîte
donnent 0 point, ceux dans les cachots font perdre autant de points que
l'étage du cachot." A crowned Jester inverts every sign.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from courtly.games.vive_le_roi.ambitions import (
    DUNGEON_FREE,
    SAFETY_NET,
    UNMASKED,
    Ambition,
    Table,
    met,
)
from courtly.games.vive_le_roi.cards import JESTER
from courtly.games.vive_le_roi.castle import value


def score_round(favourites: Sequence[str], table: Table,
                ambition: Ambition | None = None, earlier: int = 0) -> dict[str, Any]:
    """One player's points for this crowning, with the breakdown (JSON-safe):
    ``points`` per favourite, ``inverted``, ``total`` and, with an Ambition,
    ``ambition`` (its id, whether it was met, the points it gave).

    ``favourites`` are the characters that count; ``ambition`` is the chosen
    Ambition card when this scoring ends a round with "L'Ambition";
    ``earlier`` the points this player took at the round's earlier scorings
    (the first crowning of "Le mariage royal"): "Le Filet" looks at the
    round's whole score (decision), so when the round's total would be
    negative this scoring gives what brings it back to 0.
    """
    achieved = ambition is not None and ambition.test != "negative" and met(
        ambition, favourites, table)
    protection = ambition.protection if achieved and ambition else None
    inverted = table.king == JESTER and protection != UNMASKED
    points = {c: _points(table.where[c], inverted, protection == DUNGEON_FREE)
              for c in favourites}
    total = sum(points.values())
    bonus = ambition.points if achieved and ambition else 0
    total += bonus
    if ambition is not None and ambition.protection == SAFETY_NET:
        achieved = met(ambition, favourites, table, earlier + total)
        total = max(total, -earlier)
    out: dict[str, Any] = {"points": points, "inverted": inverted, "total": total}
    if ambition is not None:
        out["ambition"] = {"id": ambition.id, "met": achieved, "points": bonus}
    return out


def _points(loc: str, inverted: bool, dungeon_free: bool) -> int:
    points = -value(loc) if inverted else value(loc)
    if dungeon_free and loc[0] == "D" and points < 0:
        return 0
    return points
