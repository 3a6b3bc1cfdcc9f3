"""Vive le Roi !'s components (rulebook 003, "Installation"; facts in
shared/rules/SOURCES.md; every decision of ours in docs/rules/vive_le_roi.md).
The characters, the floors' names, the vote cards and the Favoris cards are
read from data/cards.json (names in English and French); the rules' numbers
stay here.

What no source gives is ours and is marked "decision" below: the character
names, the 26 Favoris cards and their grey seals, the throne's value.
"""

from __future__ import annotations

from typing import NamedTuple

from courtly.games import package_data

JESTER = "jester"

_CARDS = package_data(__package__, "cards.json")

#: The 13 pretenders, then the Jester (Bouffon): data/cards.json, with their
#: names in English and French. Decision: the initials of the 2003 Italian
#: edition (SOURCES.md); the French name of the 2005 edition where a source
#: gives it (Dagobert, Eloi, Figaro, Iseult, Merlin, Octave), a French name
#: with the same initial otherwise. The 2025 names are not known.
CHARACTER_NAMES: dict[str, str] = {c["id"]: c["name"]["en"] for c in _CARDS["characters"]}

PRETENDERS: tuple[str, ...] = tuple(c for c in CHARACTER_NAMES if c != JESTER)
CHARACTERS: tuple[str, ...] = (*PRETENDERS, JESTER)

#: Floors 0-5 and their people (SOURCES.md): a favourite scores its floor's number.
FLOOR_NAMES: tuple[tuple[str, str], ...] = tuple(
    (f["name"]["en"], f["name"]["fr"]) for f in _CARDS["floors"])
TOP_FLOOR = 5
PLACEMENT_FLOORS: tuple[int, ...] = (1, 2, 3, 4)  # "Placement": floors 1 to 4
FLOOR_LIMIT = 4  # "Pas plus de 4 Personnages/étage" (floor 0 excepted: a decision)
WC_FLOORS: tuple[int, ...] = (3, 4)  # "les WC des étages 3 et 4"
DUNGEON_ORDER: tuple[int, ...] = (3, 2, 1)  # 1st refused to floor 3's dungeon, then 2, 1
JESTER_FLOOR = 3  # "le Bouffon ... est tout de suite placé à l'étage 3"

#: Decision: the crowned character scores 10, the value of the 2003 edition
#: (SOURCES.md); no source gives the 2025 value.
THRONE_VALUE = 10
START_SCORE = 20  # score tokens start on square 20 ("Installation")
ROUNDS = 3  # "La partie se joue en 3 rounds" ("Fin de partie")

YES, STOMACH, NO = "yes", "stomach_ache", "no"
VOTE_CARDS: tuple[str, ...] = tuple(v["id"] for v in _CARDS["votes"])
VOTE_NAMES: dict[str, tuple[str, str]] = {
    v["id"]: (v["name"]["en"], v["name"]["fr"]) for v in _CARDS["votes"]}
#: What each vote card does, in English and French (data/cards.json).
VOTE_EFFECTS: dict[str, tuple[str, str]] = {
    v["id"]: (v["effect"]["en"], v["effect"]["fr"]) for v in _CARDS["votes"]}


def no_cards(voters: int) -> int:
    """No cards for each voter: 4 with 2-3 voters, 3 with 4, 2 with 5-8 ("Installation")."""
    return 4 if voters <= 3 else 3 if voters == 4 else 2


class Favoris(NamedTuple):
    """A Favoris card: six pretenders, one of them under the grey seal ("Le Banni")."""

    id: str
    characters: tuple[str, ...]
    sealed: str

    def counting(self, banished: bool) -> tuple[str, ...]:
        """The favourites that score: all six, or five with "Le Banni"."""
        return tuple(c for c in self.characters if not (banished and c == self.sealed))

    def to_json(self) -> dict[str, object]:
        """JSON-safe form."""
        return {"id": self.id, "characters": list(self.characters), "sealed": self.sealed}


#: Decision (data/cards.json): the 26 cards form a balanced design. Numbering
#: the pretenders 0-12 in the order above, F01-F13 are the quadratic residues mod 13
#: {1, 3, 4, 9, 10, 12} shifted by 0-12 and F14-F26 the non-residues
#: {2, 5, 6, 7, 8, 11} shifted likewise: every pretender is on 12 cards and every
#: pair of pretenders shares exactly 5 cards, so no card is "easier" than
#: another. The grey seal is on the shifted 1 (F01-F13) and the shifted 2
#: (F14-F26): two seals per pretender.
FAVORIS: tuple[Favoris, ...] = tuple(
    Favoris(f["id"], tuple(f["characters"]), f["sealed"]) for f in _CARDS["favoris"])


def name(character: str) -> str:
    """Display name, e.g. 'Béatrice', 'the Jester'."""
    return CHARACTER_NAMES.get(character, repr(character))


def floor_label(floor: int) -> str:
    """E.g. 'floor 4 (Dignitaries)'."""
    if not 0 <= floor <= TOP_FLOOR:
        return f"floor {floor}"
    return f"floor {floor} ({FLOOR_NAMES[floor][0]})"
