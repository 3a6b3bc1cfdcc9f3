"""Courtisans' components as data (rulebook 002, "The goal", "The roles";
facts in shared/rules/SOURCES.md; decisions in docs/rules/courtisans.md).
"""

from __future__ import annotations

from typing import NamedTuple

#: The six families, in the order the rulebook names them ("The goal").
FAMILIES: tuple[str, ...] = ("butterflies", "toads", "stags", "carps", "nightingales", "hares")

FAMILY_NAMES: dict[str, tuple[str, str]] = {
    "butterflies": ("Butterflies", "Papillons"),
    "toads": ("Toads", "Crapauds"),
    "stags": ("Stags", "Cerfs"),
    "carps": ("Carps", "Carpes"),
    "nightingales": ("Nightingales", "Rossignols"),
    "hares": ("Hares", "Lièvres"),
}

NOBLE, GUARD, ASSASSIN, SPY, COURTIER = "noble", "guard", "assassin", "spy", "courtier"
DIPLOMAT, CONFIDANT = "diplomat", "confidant"

ROLES: tuple[str, ...] = (NOBLE, GUARD, ASSASSIN, SPY, COURTIER, DIPLOMAT, CONFIDANT)

ROLE_NAMES: dict[str, tuple[str, str]] = {
    NOBLE: ("Noble", "Noble"),
    GUARD: ("Guard", "Garde"),
    ASSASSIN: ("Assassin", "Assassin"),
    SPY: ("Spy", "Espion"),
    COURTIER: ("Courtier", "Courtisan"),
    DIPLOMAT: ("Diplomat", "Diplomate"),
    CONFIDANT: ("Confidant", "Confident"),
}

#: Per family in the base game: 4 Nobles, 3 Guards, 2 Assassins, 2 Spies,
#: 4 plain courtiers = 15; 6 families = 90 cards (SOURCES.md).
BASE_PER_FAMILY: dict[str, int] = {NOBLE: 4, GUARD: 3, ASSASSIN: 2, SPY: 2, COURTIER: 4}

#: Our decision: the expansion's 18 cards are, per family, one Diplomat, one
#: Confidant and one plain courtier (docs/rules/courtisans.md).
EXPANSION_PER_FAMILY: dict[str, int] = {DIPLOMAT: 1, CONFIDANT: 1, COURTIER: 1}

#: Cards left after the unseen removal, by player count. Base game: 30/18/6/0
#: removed (SOURCES.md). With the expansion (our decision) the same deck sizes
#: for 2-5 players, so the game keeps its length, and all 108 cards for 6.
DECK_SIZE: dict[int, int] = {2: 60, 3: 72, 4: 84, 5: 90}
DECK_SIZE_EXPANSION: dict[int, int] = {2: 60, 3: 72, 4: 84, 5: 90, 6: 108}

HAND_SIZE = 3
MISSION_POINTS = 3


class Card(NamedTuple):
    """A courtier card: its family and its role."""

    family: str
    role: str

    @property
    def weight(self) -> int:
        """A Noble counts as two cards at the table and in a domain ("The roles")."""
        return 2 if self.role == NOBLE else 1

    def name(self) -> str:
        """English name, e.g. 'Noble of Butterflies'."""
        return f"{ROLE_NAMES[self.role][0]} of {FAMILY_NAMES[self.family][0]}"

    def to_json(self) -> dict[str, str]:
        """JSON-safe form."""
        return {"family": self.family, "role": self.role}


def full_deck(expansion: bool) -> list[Card]:
    """Every card of the box, in a fixed order (shuffled by the game's own RNG)."""
    per_family = dict(BASE_PER_FAMILY)
    if expansion:
        for role, count in EXPANSION_PER_FAMILY.items():
            per_family[role] = per_family.get(role, 0) + count
    return [Card(f, r) for f in FAMILIES for r, n in per_family.items() for _ in range(n)]
