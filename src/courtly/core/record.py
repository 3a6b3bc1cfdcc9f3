"""Game records: the seed plus every (seat, action) is the whole truth of a game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from courtly.core.action import Action
from courtly.core.errors import InvalidRecord

RECORD_FORMAT = 1


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game: ``courtly.replay(record)``.

    ``actions`` holds (seat, action) pairs in the order they were applied.
    A determinized state (a bot's guess at hidden information) has
    ``seed=None`` and cannot be replayed.
    """

    game: str
    version: str
    num_players: int
    options: Mapping[str, Any]
    seed: int | None
    actions: tuple[tuple[int, Action], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "version": self.version,
            "num_players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, action.to_json()] for seat, action in self.actions],
        }

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Parse a record; malformed input raises InvalidRecord saying what is wrong."""
        from courtly.registry import game as lookup  # the registry sits above core

        if not isinstance(data, Mapping):
            raise InvalidRecord("a record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise InvalidRecord(f"unsupported record format {data.get('format')!r}")
        for key, typ in (("game", str), ("version", str), ("num_players", int),
                         ("options", Mapping), ("actions", list)):
            if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
                raise InvalidRecord(f"record field {key!r} is missing or not a {typ.__name__}")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidRecord("record field 'seed' must be an integer")
        try:
            game = lookup(data["game"])
        except ValueError as exc:
            raise InvalidRecord(str(exc)) from exc
        actions = []
        for i, entry in enumerate(data["actions"]):
            if (not isinstance(entry, list) or len(entry) != 2
                    or not isinstance(entry[0], int) or isinstance(entry[0], bool)):
                raise InvalidRecord(f"action #{i} must be [seat, action]")
            try:
                actions.append((entry[0], game.parse_action(entry[1])))
            except ValueError as exc:
                raise InvalidRecord(f"action #{i}: {exc}") from exc
        return cls(data["game"], data["version"], data["num_players"], dict(data["options"]),
                   seed, tuple(actions))
