"""The 20 Secret Missions (SOURCES.md: 10 white, 10 blue, as transcribed by two
independent fan projects; a fulfilled Mission scores 3, rulebook "Scoring").
The cards and their texts are data (data/missions.json); what each kind of
condition means is here.

Counting follows "The roles": a Noble counts as two cards in a domain, so
"fewer Toads" and "a family with at least 5 cards" weigh Nobles double, while
"at least 3 Nobles" counts Noble cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from courtly.games import package_data
from courtly.games.courtisans.cards import FAMILIES, Card

ESTEEMED, DISGRACED, NEUTRAL = "esteemed", "disgraced", "neutral"


@dataclass(frozen=True)
class Mission:
    """A Secret Mission card: its colour, what it asks (``kind`` with its
    family, role or count: "" and 0 where it names none), and its text in
    English and French."""

    id: str
    color: str
    kind: str
    family: str = ""
    role: str = ""
    count: int = 0
    text: str = ""
    text_fr: str = ""

    def to_json(self) -> dict[str, str]:
        """JSON-safe form."""
        return {"id": self.id, "color": self.color, "text": self.text}


def _mission(row: Mapping[str, Any]) -> Mission:
    return Mission(row["id"], row["color"], row["kind"], row.get("family", ""),
                   row.get("role", ""), row.get("count", 0), row["text"]["en"], row["text"]["fr"])


#: Every Mission, white then blue, from data/missions.json.
MISSIONS: dict[str, Mission] = {
    m.id: m for m in map(_mission, package_data(__package__, "missions.json")["missions"])}
WHITE: tuple[str, ...] = tuple(m.id for m in MISSIONS.values() if m.color == "white")
BLUE: tuple[str, ...] = tuple(m.id for m in MISSIONS.values() if m.color == "blue")


def family_weights(domain: Mapping[Card, int]) -> dict[str, int]:
    """Cards per family in a domain, a Noble counting as two."""
    out = dict.fromkeys(FAMILIES, 0)
    for card, n in domain.items():
        out[card.family] += n * card.weight
    return out


def fulfilled(
    mission: Mission,
    seat: int,
    domains: Sequence[Mapping[Card, int]],
    statuses: Mapping[str, str],
) -> bool:
    """Whether ``seat`` fulfils ``mission`` at the end of the game (all spies revealed).

    The left-hand neighbour is the next seat in play order (play passes
    clockwise, rulebook "Your turn"), a decision recorded in the docs.
    """
    mine = family_weights(domains[seat])
    if mission.kind == "fewer_than_left":
        left = family_weights(domains[(seat + 1) % len(domains)])
        return mine[mission.family] < left[mission.family]
    if mission.kind == "at_least_role":
        have = sum(n for card, n in domains[seat].items() if card.role == mission.role)
        return have >= mission.count
    if mission.kind == "disgraced":
        return statuses[mission.family] == DISGRACED
    if mission.kind == "at_most_esteemed":
        return sum(s == ESTEEMED for s in statuses.values()) <= mission.count
    if mission.kind == "at_least_disgraced":
        return sum(s == DISGRACED for s in statuses.values()) >= mission.count
    if mission.kind == "every_family":
        return all(mine[f] > 0 for f in FAMILIES)
    if mission.kind == "family_at_least":
        return max(mine.values()) >= mission.count
    raise ValueError(f"unknown mission kind {mission.kind!r}")
