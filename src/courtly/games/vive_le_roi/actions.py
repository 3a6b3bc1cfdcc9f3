"""Vive le Roi !'s actions: one atomic decision each.

``Place`` (rulebook "Placement"), ``Climb``, ``EnterWC``, ``LeaveWC`` ("Jeu",
"WC"), ``Vote`` ("Vote", cast face down and revealed with the last one),
``ChooseAmbition`` ("L'Ambition").
"""

from __future__ import annotations

from dataclasses import dataclass

from courtly.core import Action, InvalidAction
from courtly.games.vive_le_roi.ambitions import AMBITIONS
from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    PLACEMENT_FLOORS,
    PRETENDERS,
    VOTE_NAMES,
    floor_label,
    name,
)


def _check_character(kind: str, character: str, allowed: tuple[str, ...] = CHARACTERS) -> None:
    if character not in allowed:
        raise InvalidAction(f"{kind}: unknown character {character!r}; "
                            f"characters: {', '.join(allowed)}")


@dataclass(frozen=True, slots=True)
class _MovesACharacter(Action):
    """A move of one character; its shared check: a known character."""

    character: str

    def validate(self) -> None:
        """A known character (the Jester included)."""
        _check_character(self.kind, self.character)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a character not yet placed on floor 1-4 ("Placement")."""

    kind = "place"
    character: str
    floor: int

    def validate(self) -> None:
        """A pretender (the Jester is never placed) and a floor 1-4."""
        _check_character(self.kind, self.character, PRETENDERS)
        if self.floor not in PLACEMENT_FLOORS:
            raise InvalidAction(f"place: floor must be 1 to 4, not {self.floor}")

    def describe(self) -> str:
        """E.g. 'Place Merlin on floor 4 (Dignitaries)'."""
        return f"Place {name(self.character)} on {floor_label(self.floor)}"


@dataclass(frozen=True, slots=True)
class Climb(_MovesACharacter):
    """Move a character up one floor; from floor 5, into the Throne room ("Jeu")."""

    kind = "climb"

    def describe(self) -> str:
        """E.g. 'Move Merlin up one floor'."""
        return f"Move {name(self.character)} up one floor"


@dataclass(frozen=True, slots=True)
class EnterWC(_MovesACharacter):
    """Move a character up into the WC of the floor above, which must be empty
    while that floor is full ("WC")."""

    kind = "enter_wc"

    def describe(self) -> str:
        """E.g. "Move Merlin up into the WC"."""
        return f"Move {name(self.character)} up into the WC"


@dataclass(frozen=True, slots=True)
class LeaveWC(_MovesACharacter):
    """Take a character out of its WC onto the same floor, now no longer full ("WC")."""

    kind = "leave_wc"

    def describe(self) -> str:
        """E.g. 'Take Merlin out of the WC'."""
        return f"Take {name(self.character)} out of the WC"


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """Cast one vote card face down: ``yes``, ``no`` or ``stomach_ache`` ("Vote")."""

    kind = "vote"
    card: str

    def validate(self) -> None:
        """One of the three vote cards."""
        if self.card not in VOTE_NAMES:
            raise InvalidAction(f"vote: card must be one of {', '.join(VOTE_NAMES)}, "
                                f"not {self.card!r}")

    def describe(self) -> str:
        """E.g. 'Vote No (Non)'."""
        english, french = VOTE_NAMES.get(self.card, (repr(self.card), "?"))
        return f"Vote {english} ({french})"


@dataclass(frozen=True, slots=True)
class ChooseAmbition(Action):
    """Keep one of the two Ambition cards dealt this round ("L'Ambition")."""

    kind = "choose_ambition"
    card: str

    def validate(self) -> None:
        """A known Ambition card id (A01-A16)."""
        if self.card not in AMBITIONS:
            raise InvalidAction(f"choose_ambition: unknown Ambition card {self.card!r} "
                                f"(A01 to A16)")

    def describe(self) -> str:
        """E.g. "Choose the Ambition 'Le Geôlier'"."""
        known = AMBITIONS.get(self.card)
        return f"Choose the Ambition '{known.name if known else self.card}'"


ACTION_TYPES: tuple[type[Action], ...] = (Place, Climb, EnterWC, LeaveWC, Vote, ChooseAmbition)
