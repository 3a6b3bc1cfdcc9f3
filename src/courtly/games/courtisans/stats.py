"""Courtisans' balance measures of one finished game, for ``courtly simulate``.

``measures(view, record)`` takes the final spectator view (its ``final``
part: statuses, each seat's Missions) and the game record, and returns named
values that the balance report aggregates over many games
(courtly.sim.report; docs/bots.md): a text value is counted by category, a
boolean as a success rate, a number by its mean.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core import GameRecord
from courtly.games.courtisans.missions import DISGRACED, ESTEEMED


def measures(view: Mapping[str, Any], record: GameRecord) -> dict[str, bool | int | str]:
    """Each family's final status ("The Queen's table"), the number of families
    esteemed and disgraced, and whether each Mission dealt was fulfilled
    ("Scoring"), keyed ``mission.<id>``."""
    final = view["final"]
    statuses: Mapping[str, str] = final["statuses"]
    out: dict[str, bool | int | str] = {f"status.{f}": s for f, s in statuses.items()}
    out["families.esteemed"] = sum(s == ESTEEMED for s in statuses.values())
    out["families.disgraced"] = sum(s == DISGRACED for s in statuses.values())
    for seat in final["seats"]:
        for mission in seat["missions"]:
            out[f"mission.{mission['id']}"] = bool(mission["fulfilled"])
    return out
