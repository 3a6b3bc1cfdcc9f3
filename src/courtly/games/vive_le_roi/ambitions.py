"""The 16 Ambition cards ("L'Ambition": "un objectif de fin de round pour gagner
des points mais aussi se protéger").

Decision: no source gives the cards (SOURCES.md); these are ours
(docs/rules/vive_le_roi.md). Each is one condition, checked at the end of the
round on the castle as scored, and one reward: points (added after the
Jester's inversion, never inverted) or a protection. "Your favourites" are
those that count (five with "Le Banni"); "your vote cards" are your team's
with "Royauté en équipe".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from courtly.games.vive_le_roi.cards import JESTER, NO, STOMACH, TOP_FLOOR

#: Protections (rewards that are not points).
UNMASKED = "unmasked"  # the crowned Jester's inversion does not apply to you
DUNGEON_FREE = "dungeon_free"  # your favourites in dungeons cost you nothing
SAFETY_NET = "safety_net"  # a negative round score counts 0


@dataclass(frozen=True)
class Ambition:
    """An Ambition card: its condition (``test`` with its ``count``) and reward."""

    id: str
    name: str
    english: str
    test: str
    count: int
    points: int
    protection: str | None
    text: str

    def to_json(self) -> dict[str, object]:
        """JSON-safe form."""
        return {"id": self.id, "name": self.name, "english": self.english, "text": self.text}


def _card(id_: str, name: str, english: str, test: str, count: int, reward: int | str,
          text: str) -> Ambition:
    points = reward if isinstance(reward, int) else 0
    protection = reward if isinstance(reward, str) else None
    return Ambition(id_, name, english, test, count, points, protection, text)


AMBITIONS: dict[str, Ambition] = {a.id: a for a in (
    _card("A01", "Le Faiseur de roi", "The Kingmaker", "king_favourite", 1, 3,
          "The crowned character is one of your favourites: +3."),
    _card("A02", "L'Ami du Bouffon", "The Jester's Friend", "jester_king", 1, 5,
          "The Jester is crowned: +5."),
    _card("A03", "Le Masque", "The Mask", "jester_king", 1, UNMASKED,
          "The Jester is crowned: your favourites score as if he were not."),
    _card("A04", "Les Hauteurs", "The Heights", "high", 3, 3,
          "At least 3 of your favourites on floor 4 or higher (the throne included): +3."),
    _card("A05", "La Noblesse", "Nobility", "on_top_floor", 2, 3,
          "At least 2 of your favourites on floor 5: +3."),
    _card("A06", "Les Fondations", "The Foundations", "on_ground_floor", 2, 4,
          "At least 2 of your favourites on floor 0: +4."),
    _card("A07", "L'Humilité", "Humility", "none_high", 0, 4,
          "None of your favourites on floor 4 or higher (its WC and the throne included): +4."),
    _card("A08", "L'Équilibre", "Balance", "floors", 4, 3,
          "Your favourites stand on at least 4 different floors (0 to 5): +3."),
    _card("A09", "La Clé des cachots", "The Dungeon Key", "in_dungeon", 1, DUNGEON_FREE,
          "One of your favourites is in a dungeon: your favourites in dungeons cost you nothing."),
    _card("A10", "Le Geôlier", "The Jailer", "jailer", 3, 4,
          "All three dungeons are occupied, none by one of your favourites: +4."),
    _card("A11", "Le Bon Vivant", "The Bon Vivant", "in_wc", 1, 3,
          "One of your favourites is in a WC: +3."),
    _card("A12", "Le Filet", "The Safety Net", "negative", 0, SAFETY_NET,
          "Your round score is negative: it counts 0."),
    _card("A13", "L'Économe", "The Thrifty", "no_left", 2, 3,
          "You still hold at least 2 No cards: +3."),
    _card("A14", "La Bonne Santé", "Good Health", "stomach_left", 1, 2,
          "You still hold your Stomach-ache card: +2."),
    _card("A15", "Le Tribun", "The Tribune", "no_played", 2, 3,
          "You played at least 2 No cards this round: +3."),
    _card("A16", "Le Loyal", "The Loyal", "only_yes", 0, 4,
          "You played no No and no Stomach-ache card this round: +4."),
)}

AMBITION_IDS: tuple[str, ...] = tuple(AMBITIONS)


@dataclass(frozen=True)
class Table:
    """What an Ambition looks at: the castle as scored, the monarch, and the
    player's vote cards now and at the start of the round."""

    where: Mapping[str, str]
    king: str | None
    hand: Mapping[str, int]
    start: Mapping[str, int]


def _high(loc: str) -> bool:
    return loc in ("F4", "F5", "W4", "THRONE")


def met(ambition: Ambition, favourites: Sequence[str], table: Table, score: int = 0) -> bool:
    """Whether ``ambition``'s condition holds (``score``: the round score so far,
    for "Le Filet")."""
    locs = [table.where[c] for c in favourites]
    n = ambition.count
    tests = {
        "king_favourite": lambda: table.king in favourites,
        "jester_king": lambda: table.king == JESTER,
        "high": lambda: sum(loc in ("F4", "F5", "THRONE") for loc in locs) >= n,
        "on_top_floor": lambda: locs.count(f"F{TOP_FLOOR}") >= n,
        "on_ground_floor": lambda: locs.count("F0") >= n,
        "none_high": lambda: not any(_high(loc) for loc in locs),
        "floors": lambda: len({loc for loc in locs if loc[0] == "F" and len(loc) == 2}) >= n,
        "in_dungeon": lambda: any(loc[0] == "D" for loc in locs),
        "jailer": lambda: _jailer(table.where, favourites),
        "in_wc": lambda: any(loc[0] == "W" for loc in locs),
        "negative": lambda: score < 0,
        "no_left": lambda: table.hand[NO] >= n,
        "stomach_left": lambda: table.hand[STOMACH] >= n,
        "no_played": lambda: table.start[NO] - table.hand[NO] >= n,
        "only_yes": lambda: table.hand[NO] == table.start[NO]
        and table.hand[STOMACH] == table.start[STOMACH],
    }
    return bool(tests[ambition.test]())


def _jailer(where: Mapping[str, str], favourites: Sequence[str]) -> bool:
    jailed = [c for c, loc in where.items() if loc in ("D3", "D2", "D1")]
    return len(jailed) == 3 and not set(jailed) & set(favourites)
