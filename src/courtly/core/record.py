"""Game records: the seed plus every (seat, action) is the whole truth of a game.

Format 2 (written since the negotiation contract) may hold the referee's
entries (seat ``"referee"`` in JSON, :data:`~courtly.core.phase.REFEREE` in
Python) and composite action fields; format 1 records (seat numbers and
scalar fields only) still load, and replay to the same state.

A record is read by its game (``game.read_record(data)``); the registry reads
one whose game is named inside it (``courtly.GameRecord.from_json``), so the
core never imports the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from courtly.core.action import Action
from courtly.core.errors import InvalidRecord
from courtly.core.phase import REFEREE

if TYPE_CHECKING:
    from courtly.core.game import Game

RECORD_FORMAT = 2
READABLE_FORMATS = (1, 2)
_REFEREE_JSON = "referee"


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game: ``courtly.replay(record)``.

    ``actions`` holds (seat, action) pairs in the order they were applied,
    the referee's as (REFEREE, TimeUp()). A determinized state (a bot's guess
    at hidden information) has ``seed=None`` and cannot be replayed.
    """

    game: str
    version: str
    num_players: int
    options: Mapping[str, Any]
    seed: int | None
    actions: tuple[tuple[int, Action], ...] = field(default=())

    #: How ``from_json`` finds a game by name; the registry installs it.
    lookup: ClassVar[Callable[[str], Game] | None] = None

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form (format 2)."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "version": self.version,
            "num_players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[_REFEREE_JSON if seat == REFEREE else seat, action.to_json()]
                        for seat, action in self.actions],
        }

    @classmethod
    def from_json(cls, data: object, game: Game | None = None) -> GameRecord:
        """Parse a record of format 1 or 2, with ``game``'s parser or, by
        default, the game the record names; malformed input raises
        InvalidRecord saying what is wrong."""
        header = _header(data)
        if game is None:
            if cls.lookup is None:
                raise InvalidRecord("no game registry to read this record with; "
                                    "use game.read_record(data)")
            try:
                game = cls.lookup(header["game"])
            except ValueError as exc:
                raise InvalidRecord(str(exc)) from exc
        elif game.name != header["game"]:
            raise InvalidRecord(f"this is a record of {header['game']!r}, not of {game.name!r}")
        actions = tuple(_entry(game, i, entry, header["format"])
                        for i, entry in enumerate(header["actions"]))
        return cls(header["game"], header["version"], header["num_players"],
                   dict(header["options"]), header["seed"], actions)


def _header(data: object) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidRecord("a record must be a JSON object")
    if data.get("format") not in READABLE_FORMATS or isinstance(data.get("format"), bool):
        raise InvalidRecord(f"unsupported record format {data.get('format')!r}; "
                            f"this version reads formats {READABLE_FORMATS}")
    for key, typ in (("game", str), ("version", str), ("num_players", int),
                     ("options", Mapping), ("actions", list)):
        if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
            raise InvalidRecord(f"record field {key!r} is missing or not a {typ.__name__}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InvalidRecord("record field 'seed' must be an integer")
    return data


def _entry(game: Game, i: int, entry: object, fmt: int) -> tuple[int, Action]:
    if not isinstance(entry, list) or len(entry) != 2:
        raise InvalidRecord(f"action #{i} must be [seat, action]")
    seat = entry[0]
    if fmt >= 2 and seat == _REFEREE_JSON:
        seat = REFEREE
    elif not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise InvalidRecord(f"action #{i} must be [seat, action] with a seat number"
                            + (" or \"referee\"" if fmt >= 2 else ""))
    try:
        return seat, game.parse_action(entry[1])
    except ValueError as exc:
        raise InvalidRecord(f"action #{i}: {exc}") from exc
