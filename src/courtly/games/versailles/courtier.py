"""A player's courtier as the Great Register of Courtiers holds it (§3, §6).

Where a courtier is: ``court`` (silhouettes on the standing scales),
``waiting`` (to be presented at the next Phase 1: at the start, after an
accession), ``dead`` (the player waits for his heir, §10.4), ``exile`` (§11)
and ``bastille`` (§12).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from courtly.games.versailles.cards import KIND_OF, TYPE_OF

COURT, WAITING, DEAD, EXILE, BASTILLE = "court", "waiting", "dead", "exile", "bastille"
#: The title cards by rank, highest first (§3: "addressed by his highest title";
#: §9.1 names them "Baron, Comte, Marquis or Duc"): the ranks of the nobility,
#: not the incomes our deck sets, which a retuning could reorder.
TITLE_RANK: tuple[str, ...] = ("duc", "marquis", "comte", "baron")
MIN_STANDING, MAX_STANDING = -2, 9


def clamp(value: int) -> int:
    """Standings stay on the board's scale, -2 to 9 (§2; our decision A4)."""
    return max(MIN_STANDING, min(MAX_STANDING, value))


@dataclass(slots=True)
class Courtier:
    """One courtier of a family: the Register's line and the silhouettes."""

    family: str
    sex: str | None = None
    party: str | None = None
    place: str = WAITING
    king: int | None = None
    queen: int | None = None
    cards: list[str] = field(default_factory=list)
    fortune: int = 0
    spouse: int | None = None
    #: The husband's family name, borne by a wife and kept by a widow (§8.4).
    married_name: str | None = None
    used_poison: bool = False
    used_philtre: bool = False
    generation: int = 1

    @property
    def at_court(self) -> bool:
        """Present at court with standings (not dead, exiled, imprisoned or unpresented)."""
        return self.place == COURT

    def holds(self, kind: str) -> list[str]:
        """The exposed cards of a kind ("title", "office", "favourite"...)."""
        if not self.cards:  # most often, and asked often
            return []
        return [c for c in self.cards if KIND_OF[c] == kind]

    def titles(self) -> list[str]:
        """His title cards, highest first."""
        return sorted(self.holds("title"), key=TITLE_RANK.index)

    def office(self) -> str | None:
        """His one office that is not a governorship (§9.2), if any."""
        return next((c for c in self.holds("office") if not TYPE_OF[c].governorship), None)

    def card_income(self) -> int:
        """The sum printed on his exposed cards (§7.41)."""
        return sum(TYPE_OF[c].income for c in self.cards)

    def leave_the_scales(self) -> None:
        """His silhouettes leave the apartments."""
        self.king = self.queen = None

    def copy(self) -> Courtier:
        """An independent copy (its cards a list of its own)."""
        other = copy.copy(self)
        other.cards = list(self.cards)
        return other

    def to_json(self) -> dict[str, Any]:
        """The Register's line: all of it is public."""
        return {"family": self.family, "sex": self.sex, "party": self.party,
                "place": self.place, "king": self.king, "queen": self.queen,
                "cards": list(self.cards), "fortune": self.fortune, "spouse": self.spouse,
                "married_name": self.married_name, "used_poison": self.used_poison,
                "used_philtre": self.used_philtre,
                "generation": self.generation}

    def snapshot(self) -> tuple[Any, ...]:
        """Comparable plain data."""
        return tuple(self.to_json().values())
