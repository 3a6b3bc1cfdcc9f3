"""The 20 Secret Missions (SOURCES.md: 10 white, 10 blue, as transcribed by two
independent fan projects; a fulfilled Mission scores 3, rulebook "Scoring").

Counting follows "The roles": a Noble counts as two cards in a domain, so
"fewer Toads" and "a family with at least 5 cards" weigh Nobles double, while
"at least 3 Nobles" counts Noble cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from courtly.games.courtisans.cards import (
    ASSASSIN,
    FAMILIES,
    FAMILY_NAMES,
    GUARD,
    NOBLE,
    SPY,
    Card,
)

ESTEEMED, DISGRACED, NEUTRAL = "esteemed", "disgraced", "neutral"
ROLE_PLURALS = {SPY: "Spies", NOBLE: "Nobles", ASSASSIN: "Assassins", GUARD: "Guards"}


@dataclass(frozen=True)
class Mission:
    """A Secret Mission card: its colour, what it asks, and its text. The
    family, the role and the count are those its kind names ("" and 0 where
    it names none)."""

    id: str
    color: str
    kind: str
    family: str = ""
    role: str = ""
    count: int = 0

    @property
    def text(self) -> str:
        """The condition in plain English."""
        fam = FAMILY_NAMES[self.family][0] if self.family else ""
        role = ROLE_PLURALS.get(self.role, "")
        templates = {
            "fewer_than_left": "Fewer {fam} in your domain than your left-hand neighbour",
            "at_least_role": "At least {n} {role} in your domain",
            "disgraced": "The {fam} are disgraced at court",
            "at_most_esteemed": "At most {n} families esteemed at court",
            "at_least_disgraced": "At least {n} families disgraced at court",
            "every_family": "At least one card of each family in your domain",
            "family_at_least": "A family with at least {n} cards in your domain",
        }
        return templates[self.kind].format(fam=fam, role=role, n=self.count)

    def to_json(self) -> dict[str, str]:
        """JSON-safe form."""
        return {"id": self.id, "color": self.color, "text": self.text}


def _build() -> dict[str, Mission]:
    white = [Mission(f"white.fewer.{f}", "white", "fewer_than_left", family=f) for f in FAMILIES]
    white += [
        Mission("white.spies", "white", "at_least_role", role=SPY, count=3),
        Mission("white.nobles", "white", "at_least_role", role=NOBLE, count=3),
        Mission("white.assassins", "white", "at_least_role", role=ASSASSIN, count=2),
        Mission("white.guards", "white", "at_least_role", role=GUARD, count=4),
    ]
    blue = [Mission(f"blue.disgraced.{f}", "blue", "disgraced", family=f) for f in FAMILIES]
    blue += [
        Mission("blue.esteemed_at_most", "blue", "at_most_esteemed", count=3),
        Mission("blue.disgraced_at_least", "blue", "at_least_disgraced", count=2),
        Mission("blue.every_family", "blue", "every_family"),
        Mission("blue.family_at_least", "blue", "family_at_least", count=5),
    ]
    return {m.id: m for m in white + blue}


MISSIONS: dict[str, Mission] = _build()
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
