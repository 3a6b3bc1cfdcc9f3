"""The Fief board, loaded from data (never hard-coded).

The 1984 board is not in the rulebook (shared/seeds/004_4acaab6420c0f155.txt,
"Regions and Bishoprics"); courtly ships its own design as package data
(``data/map.json``; its reasons are in docs/rules/fief.md). Any board of the
same shape can replace it: :func:`load_board` checks what the rules rely on
and refuses, with the reason, a board that breaks it.

The rulebook fixes: six regions of three, four or five villages ("Duchy for
five villages, County for 4 villages and Barony for 3 villages"); four
bishoprics, Bourg, Tournus, Blaye and Sagy, Blaye with six villages;
movement "always takes place between two villages connected by a road".
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

#: The fief title a region's size gives ("Phase 6", point 2).
TITLE_BY_SIZE = {5: "duchy", 4: "county", 3: "barony"}


class BoardError(ValueError):
    """A board whose data breaks what the rules rely on."""


@dataclass(frozen=True)
class Village:
    """A village: its region, its bishopric and where it is drawn."""

    id: str
    name: str
    region: str
    bishopric: str
    x: int
    y: int


@dataclass(frozen=True)
class Region:
    """A region: its villages, its title once a fief, its starting castle."""

    id: str
    name: str
    colour: str
    fill: str
    villages: tuple[str, ...]
    title: str
    starting_castle: str


@dataclass(frozen=True)
class Bishopric:
    """A bishopric: the villages whose revenue its bishop's tithe takes."""

    id: str
    name: str
    label: str
    villages: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    """What each player starts with, the counters in the box, prices and incomes."""

    money: int
    soldiers: int
    seat_order: tuple[str, ...]
    castles_total: int
    mills_total: int
    presses_total: int
    soldiers_per_player: int
    lords_total: int
    prices: Mapping[str, int]
    income: Mapping[str, int]
    min_players: int
    max_players: int


@dataclass(frozen=True)
class Board:
    """Regions, bishoprics, villages and roads, and the set-up."""

    name: str
    regions: Mapping[str, Region]
    bishoprics: Mapping[str, Bishopric]
    villages: Mapping[str, Village]
    roads: tuple[tuple[str, str], ...]
    setup: Setup
    neighbours: Mapping[str, tuple[str, ...]]

    def adjacent(self, a: str, b: str) -> bool:
        """Whether a road joins ``a`` and ``b``."""
        return b in self.neighbours[a]

    def region_of(self, village: str) -> Region:
        """The region a village lies in."""
        return self.regions[self.villages[village].region]

    def to_json(self) -> dict[str, Any]:
        """The board as clients draw it (JSON-safe)."""
        return {
            "name": self.name,
            "regions": [{"id": r.id, "name": r.name, "colour": r.colour, "fill": r.fill,
                         "villages": list(r.villages), "title": r.title,
                         "starting_castle": r.starting_castle} for r in self.regions.values()],
            "bishoprics": [{"id": b.id, "name": b.name, "label": b.label,
                            "villages": list(b.villages)} for b in self.bishoprics.values()],
            "villages": [{"id": v.id, "name": v.name, "region": v.region,
                          "bishopric": v.bishopric, "x": v.x, "y": v.y}
                         for v in self.villages.values()],
            "roads": [list(r) for r in self.roads],
        }


def _need(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise BoardError(f"{where}: {key!r} is missing or not a {kind.__name__}")
    return value


def parse_board(data: Mapping[str, Any]) -> Board:
    """A board from its JSON form; BoardError says what is wrong."""
    villages = {}
    for v in _need(data, "villages", list, "board"):
        vid = _need(v, "id", str, "village")
        if vid in villages:
            raise BoardError(f"village {vid!r} is listed twice")
        villages[vid] = Village(vid, _need(v, "name", str, vid), _need(v, "region", str, vid),
                                _need(v, "bishopric", str, vid), _need(v, "x", int, vid),
                                _need(v, "y", int, vid))
    regions = {r.id: r for r in (_region(r, villages) for r in _need(data, "regions", list,
                                                                       "board"))}
    bishoprics = {b.id: b for b in (_bishopric(b, villages) for b in _need(
        data, "bishoprics", list, "board"))}
    roads = tuple(_road(r, villages) for r in _need(data, "roads", list, "board"))
    _check_partition(villages, regions, bishoprics)
    neighbours: dict[str, list[str]] = {v: [] for v in villages}
    for a, b in roads:
        if b in neighbours[a]:
            raise BoardError(f"road {a}–{b} is listed twice")
        neighbours[a].append(b)
        neighbours[b].append(a)
    setup = _setup(_need(data, "setup", Mapping, "board"), regions)
    return Board(_need(data, "name", str, "board"), regions, bishoprics, villages, roads, setup,
                 {v: tuple(sorted(n)) for v, n in neighbours.items()})


def _region(data: Mapping[str, Any], villages: Mapping[str, Village]) -> Region:
    rid = _need(data, "id", str, "region")
    members = tuple(_need(data, "villages", list, rid))
    if len(members) not in TITLE_BY_SIZE:
        raise BoardError(f"region {rid!r} has {len(members)} villages; a region has 3, 4 or 5")
    for v in members:
        if v not in villages or villages[v].region != rid:
            raise BoardError(f"region {rid!r} lists {v!r}, which is not one of its villages")
    castle = _need(data, "starting_castle", str, rid)
    if castle not in members:
        raise BoardError(f"region {rid!r}: starting castle {castle!r} is not in the region")
    return Region(rid, _need(data, "name", str, rid), _need(data, "colour", str, rid),
                  str(data.get("fill", "#dddddd")), members, TITLE_BY_SIZE[len(members)], castle)


def _bishopric(data: Mapping[str, Any], villages: Mapping[str, Village]) -> Bishopric:
    bid = _need(data, "id", str, "bishopric")
    members = tuple(_need(data, "villages", list, bid))
    for v in members:
        if v not in villages or villages[v].bishopric != bid:
            raise BoardError(f"bishopric {bid!r} lists {v!r}, which is not one of its villages")
    return Bishopric(bid, _need(data, "name", str, bid), str(data.get("label", bid)), members)


def _road(data: object, villages: Mapping[str, Village]) -> tuple[str, str]:
    if not isinstance(data, list) or len(data) != 2 or data[0] == data[1] or any(
            v not in villages for v in data):
        raise BoardError(f"road {data!r} must join two different known villages")
    a, b = sorted(data)
    return a, b


def _check_partition(villages: Mapping[str, Village], regions: Mapping[str, Region],
                     bishoprics: Mapping[str, Bishopric]) -> None:
    for vid, v in villages.items():
        if v.region not in regions or vid not in regions[v.region].villages:
            raise BoardError(f"village {vid!r} names region {v.region!r}, which does not list it")
        if v.bishopric not in bishoprics or vid not in bishoprics[v.bishopric].villages:
            raise BoardError(f"village {vid!r} names bishopric {v.bishopric!r}, "
                             "which does not list it")


def _setup(data: Mapping[str, Any], regions: Mapping[str, Region]) -> Setup:
    order = tuple(_need(data, "clockwise_seat_order", list, "setup"))
    if sorted(order) != sorted(regions):
        raise BoardError("setup: clockwise_seat_order must list every region once")
    counters = _need(data, "counters", Mapping, "setup")
    players = _need(data, "players", list, "setup")
    prices = _need(data, "prices", Mapping, "setup")
    income = _need(data, "income", Mapping, "setup")
    for table, keys in ((prices, ("soldier", "press", "mill", "castle")),
                        (income, ("village", "press", "mill"))):
        for key in keys:
            _need(table, key, int, "setup")
    return Setup(_need(data, "money", int, "setup"), _need(data, "soldiers", int, "setup"), order,
                 _need(counters, "castles_total", int, "counters"),
                 _need(counters, "mills_total", int, "counters"),
                 _need(counters, "presses_total", int, "counters"),
                 _need(counters, "soldiers_per_player", int, "counters"),
                 _need(counters, "lords_total", int, "counters"),
                 dict(prices), dict(income), int(players[0]), int(players[1]))


def load_board(text: str | None = None) -> Board:
    """The board from JSON text, or the one courtly ships (data/map.json)."""
    if text is None:
        return default_board()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BoardError(f"the board is not valid JSON: {exc}") from None
    if not isinstance(data, Mapping):
        raise BoardError("the board must be a JSON object")
    return parse_board(data)


@cache
def default_board() -> Board:
    """The board courtly ships: our own design (docs/rules/fief.md)."""
    text = resources.files("courtly.games.fief").joinpath("data/map.json").read_text("utf-8")
    return load_board(text)
