"""The castle: where each character stands, and which moves the rules allow
(rulebook 003, "Placement", "Jeu", "WC", "Vote").

A location is a short string: ``F0``-``F5`` the floors, ``W3``/``W4`` the WCs,
``D3``/``D2``/``D1`` the dungeons, ``BOX`` the box, ``THRONE`` the Throne room,
``CONSORT`` beside it (the first monarch of "Le mariage royal"), ``OFF`` not
yet placed ("Placement").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    DUNGEON_ORDER,
    FLOOR_LIMIT,
    THRONE_VALUE,
    TOP_FLOOR,
    WC_FLOORS,
    floor_label,
)

THRONE, CONSORT, BOX, OFF = "THRONE", "CONSORT", "BOX", "OFF"
CLIMB, ENTER_WC, LEAVE_WC = "climb", "enter_wc", "leave_wc"
FLOORS: tuple[str, ...] = tuple(f"F{f}" for f in range(TOP_FLOOR + 1))
_FLOOR_LEVEL = {loc: f for f, loc in enumerate(FLOORS)}
_WC_LEVEL = {f"W{f}": f for f in WC_FLOORS}


def floor(f: int) -> str:
    """The location of floor ``f``."""
    return FLOORS[f]


def wc(f: int) -> str:
    """The location of floor ``f``'s WC."""
    return f"W{f}"


def dungeon(f: int) -> str:
    """The location of floor ``f``'s dungeon."""
    return f"D{f}"


def level(loc: str) -> int | None:
    """The floor number of a floor, WC or dungeon; None elsewhere."""
    return int(loc[1]) if loc[0] in "FWD" and len(loc) == 2 else None


def is_floor(loc: str) -> bool:
    """Whether ``loc`` is one of the floors 0-5."""
    return loc[0] == "F" and len(loc) == 2


def is_dungeon(loc: str) -> bool:
    """Whether ``loc`` is one of the dungeons of floors 3, 2 and 1."""
    return loc[0] == "D" and len(loc) == 2


def value(loc: str) -> int:
    """Points a favourite scores here ("Vote", end of round): its floor's
    number, the throne's value, minus the dungeon's floor; WC, box and the
    consort's seat (decision) 0."""
    if loc == THRONE:
        return THRONE_VALUE
    if is_floor(loc):
        return int(loc[1])
    if loc[0] == "D":
        return -int(loc[1])
    return 0


@cache  # a move's event names its destination: a handful of places, each text made once
def describe(loc: str) -> str:
    """Human text for a location, e.g. 'floor 4 (Dignitaries)', "floor 3's WC"."""
    lvl = level(loc)
    if lvl is not None:
        return {"F": floor_label(lvl), "W": f"floor {lvl}'s WC",
                "D": f"floor {lvl}'s dungeon"}[loc[0]]
    return {THRONE: "the Throne room", CONSORT: "the consort's seat", BOX: "the box",
            OFF: "off the board"}[loc]


def occupants(where: Mapping[str, str], loc: str) -> list[str]:
    """The characters at ``loc``, in the fixed character order."""
    return [c for c in CHARACTERS if where[c] == loc]


def count(where: Mapping[str, str], loc: str) -> int:
    """How many characters stand at ``loc``."""
    return sum(1 for v in where.values() if v == loc)


def has_room(where: Mapping[str, str], f: int) -> bool:
    """Whether floor ``f`` takes one more character: at most 4 on floors 1-5
    ("Pas plus de 4 Personnages/étage"); floor 0 has no limit (decision)."""
    return f == 0 or count(where, floor(f)) < FLOOR_LIMIT


def next_dungeon(where: Mapping[str, str]) -> str:
    """Where the next refused character goes: the dungeon of floor 3, then 2,
    then 1, then the box ("Vote", Refus)."""
    for f in DUNGEON_ORDER:
        if count(where, dungeon(f)) == 0:
            return dungeon(f)
    return BOX


def nearest_free_floor(where: Mapping[str, str], f: int) -> str:
    """Floor ``f`` if it has room, else the nearest floor below with room
    (decision, for a refused Jester sent back to a full floor 3)."""
    while not has_room(where, f):
        f -= 1
    return floor(f)


#: The last castle :func:`moves` read (a copy) and its moves: the rules ask
#: again for the same castle (a turn's end checks that someone can move,
#: then the next seat's menu lists the moves), and the answer depends on
#: the castle alone, found equal here.
_LAST: list[tuple[dict[str, str], list[tuple[str, str]]] | None] = [None]


def moves(where: Mapping[str, str]) -> list[tuple[str, str]]:
    """Every legal move of a turn as (kind, character), in a fixed order ("Jeu", "WC").

    - climb: one floor up, into a floor with room; from floor 5 into the
      Throne room, which is always empty when a player moves;
    - enter_wc: from the floor below into floor 3's or 4's WC, only if that
      WC is empty and its floor holds its 4 characters;
    - leave_wc: out of a WC onto the same floor, once that floor has room.
    """
    kept = _LAST[0]
    if kept is not None and kept[0] == where:
        return list(kept[1])
    out = _moves(where)
    _LAST[0] = (dict(where), out)
    return list(out)


def _moves(where: Mapping[str, str]) -> list[tuple[str, str]]:
    people: dict[str, int] = {}
    for loc in where.values():
        people[loc] = people.get(loc, 0) + 1
    # room[f]: floor f takes one more (floor 0 has no limit, a decision)
    room = [f == 0 or people.get(loc, 0) < FLOOR_LIMIT for f, loc in enumerate(FLOORS)]
    out: list[tuple[str, str]] = []
    for c in CHARACTERS:
        loc = where[c]
        lvl = _FLOOR_LEVEL.get(loc)
        if lvl is not None:
            if lvl == TOP_FLOOR or room[lvl + 1]:
                out.append(_CLIMBS[c])
            else:
                above = _WC_ABOVE.get(lvl)
                if above is not None and not people.get(above):
                    out.append(_ENTERS[c])
        elif loc in _WC_LEVEL and room[_WC_LEVEL[loc]]:
            out.append(_LEAVES[c])
    return out


#: The moves as (kind, character), made once; the WC reached from each floor.
_CLIMBS = {c: (CLIMB, c) for c in CHARACTERS}
_ENTERS = {c: (ENTER_WC, c) for c in CHARACTERS}
_LEAVES = {c: (LEAVE_WC, c) for c in CHARACTERS}
_WC_ABOVE = {f - 1: f"W{f}" for f in WC_FLOORS}


def destination(where: Mapping[str, str], kind: str, character: str) -> str:
    """Where a move of ``kind`` takes ``character``."""
    lvl = level(where[character])
    assert lvl is not None
    if kind == CLIMB:
        return THRONE if lvl == TOP_FLOOR else floor(lvl + 1)
    if kind == ENTER_WC:
        return wc(lvl + 1)
    return floor(lvl)
