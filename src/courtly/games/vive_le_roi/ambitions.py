"""The 16 Ambition cards ("L'Ambition": "un objectif de fin de round pour gagner
des points mais aussi se protéger").

Decision: no source gives the cards (SOURCES.md); these are ours
(docs/rules/vive_le_roi.md), as data (data/ambitions.json: names and texts in
French and English, each card's test, count and reward); what each test means
is here. Each is one condition, checked at the end of the round on the
castle as scored, and one reward: points (added after the Jester's
inversion, never inverted) or a protection. "Your favourites" are
those that count (five with "Le Banni"); "your vote cards" are your team's
with "Royauté en équipe".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from courtly.games import package_data
from courtly.games.vive_le_roi.cards import JESTER, NO, STOMACH, TOP_FLOOR

#: Protections (rewards that are not points).
UNMASKED = "unmasked"  # the crowned Jester's inversion does not apply to you
DUNGEON_FREE = "dungeon_free"  # your favourites in dungeons cost you nothing
SAFETY_NET = "safety_net"  # a negative round score counts 0


@dataclass(frozen=True)
class Ambition:
    """An Ambition card: its condition (``test`` with its ``count``) and reward,
    its name (French ``name``, ``english``) and its text (``text``, ``text_fr``)."""

    id: str
    name: str
    english: str
    test: str
    count: int
    points: int
    protection: str | None
    text: str
    text_fr: str = ""

    def to_json(self) -> dict[str, object]:
        """JSON-safe form."""
        return {"id": self.id, "name": self.name, "english": self.english, "text": self.text}


def _card(row: Mapping[str, Any]) -> Ambition:
    """A card from data/ambitions.json: a reward is points (a number) or a protection."""
    reward = row["reward"]
    points = reward if isinstance(reward, int) else 0
    protection = reward if isinstance(reward, str) else None
    return Ambition(row["id"], row["name"]["fr"], row["name"]["en"], row["test"], row["count"],
                    points, protection, row["text"]["en"], row["text"]["fr"])


AMBITIONS: dict[str, Ambition] = {
    a.id: a for a in map(_card, package_data(__package__, "ambitions.json")["ambitions"])}

AMBITION_IDS: tuple[str, ...] = tuple(AMBITIONS)


@dataclass(frozen=True)
class Table:
    """What an Ambition looks at: the castle as scored, the monarch, and the
    player's vote cards now and at the start of the round."""

    where: Mapping[str, str]
    king: str | None
    hand: Mapping[str, int]
    start: Mapping[str, int]


#: "Floor 4 or higher": floors 4 and 5, the throne, and the consort's seat
#: beside it ("Le mariage royal": the round's first monarch, decision);
#: L'Humilité adds floor 4's WC.
HIGH = ("F4", "F5", "THRONE", "CONSORT")


def _high(loc: str) -> bool:
    return loc in HIGH or loc == "W4"


def met(ambition: Ambition, favourites: Sequence[str], table: Table, score: int = 0) -> bool:
    """Whether ``ambition``'s condition holds (``score``: the round score so far,
    for "Le Filet")."""
    locs = [table.where[c] for c in favourites]
    n = ambition.count
    tests = {
        "king_favourite": lambda: table.king in favourites,
        "jester_king": lambda: table.king == JESTER,
        "high": lambda: sum(loc in HIGH for loc in locs) >= n,
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
