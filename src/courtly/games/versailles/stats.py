"""Courtisans de Versailles' balance measures of one finished game, for
``courtly simulate`` (docs/bots.md): how many turns the game took, whether a
fortune reached the goal (or the turn limit ended it), the winner's fortune
and where the courtiers ended (DECK.md §4 estimated the pace)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core import GameRecord


def measures(view: Mapping[str, Any], record: GameRecord) -> dict[str, bool | int | str]:
    """Turns played, ended by the goal, the best fortune, courtiers dead,
    exiled or imprisoned at the end, and heirs presented."""
    courtiers = view["courtiers"]
    out: dict[str, bool | int | str] = {
        "turns": view["turn"],
        "ended_by_goal": max(c["fortune"] for c in courtiers) >= view["goal"],
        "best_fortune": max(c["fortune"] for c in courtiers),
        "heirs": sum(c["generation"] - 1 for c in courtiers),
        "regency_or_widowed": view["king"]["regency"] or not view["queen"]["alive"],
    }
    for place in ("exile", "bastille", "dead"):
        out[f"at_end.{place}"] = sum(c["place"] == place for c in courtiers)
    return out
