"""Courtisans' components (rulebook 002, "The goal", "The roles"; facts in
shared/rules/SOURCES.md; decisions in docs/rules/courtisans.md): the families,
the roles and the deck are read from data/cards.json, with their names in
English and French; the rules' numbers stay here.
"""

from __future__ import annotations

from typing import NamedTuple

from courtly.games import package_data

_CARDS = package_data(__package__, "cards.json")

#: The six families, in the order the rulebook names them ("The goal").
FAMILIES: tuple[str, ...] = tuple(f["id"] for f in _CARDS["families"])

#: Each family's name in English and French.
FAMILY_NAMES: dict[str, tuple[str, str]] = {
    f["id"]: (f["name"]["en"], f["name"]["fr"]) for f in _CARDS["families"]}

NOBLE, GUARD, ASSASSIN, SPY, COURTIER = "noble", "guard", "assassin", "spy", "courtier"
DIPLOMAT, CONFIDANT = "diplomat", "confidant"

ROLES: tuple[str, ...] = tuple(r["id"] for r in _CARDS["roles"])

ROLE_NAMES: dict[str, tuple[str, str]] = {
    r["id"]: (r["name"]["en"], r["name"]["fr"]) for r in _CARDS["roles"]}

#: Per family in the base game: 4 Nobles, 3 Guards, 2 Assassins, 2 Spies,
#: 4 plain courtiers = 15; 6 families = 90 cards (SOURCES.md).
BASE_PER_FAMILY: dict[str, int] = dict(_CARDS["per_family"]["base"])

#: Our decision: the expansion's 18 cards are, per family, one Diplomat, one
#: Confidant and one plain courtier (docs/rules/courtisans.md).
EXPANSION_PER_FAMILY: dict[str, int] = dict(_CARDS["per_family"]["expansion"])

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
