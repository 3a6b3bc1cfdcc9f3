"""The contract every game implements, records, replay and errors."""

from courtly.core.action import Action, ActionParser
from courtly.core.errors import (
    CourtlyError,
    GameNotOver,
    IllegalAction,
    InvalidAction,
    InvalidRecord,
    UnknownGame,
)
from courtly.core.event import Event, redact
from courtly.core.game import Game, Result, State, winners_by_score
from courtly.core.record import GameRecord

__all__ = [
    "Action",
    "ActionParser",
    "CourtlyError",
    "Event",
    "Game",
    "GameNotOver",
    "GameRecord",
    "IllegalAction",
    "InvalidAction",
    "InvalidRecord",
    "Result",
    "State",
    "UnknownGame",
    "redact",
    "winners_by_score",
]
