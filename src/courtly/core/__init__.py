"""The contract every game implements, records, replay and errors."""

from courtly.core.action import STANDARD_ACTIONS, Action, ActionParser, Done, TimeUp, Value
from courtly.core.companions import (
    ChatJudge,
    Companions,
    Estimate,
    Heuristic,
    Measures,
    Remark,
    Speech,
)
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
from courtly.core.options import Option, flag
from courtly.core.phase import REFEREE, WINDOW_ACTIONS, Phase, Referee
from courtly.core.record import GameRecord
from courtly.core.teams import game_over_event, opposite_teams, team_scores

__all__ = [
    "REFEREE",
    "STANDARD_ACTIONS",
    "WINDOW_ACTIONS",
    "Action",
    "ActionParser",
    "ChatJudge",
    "Companions",
    "CourtlyError",
    "Done",
    "Estimate",
    "Event",
    "Game",
    "GameNotOver",
    "GameRecord",
    "Heuristic",
    "IllegalAction",
    "InvalidAction",
    "InvalidRecord",
    "Measures",
    "Option",
    "Phase",
    "Referee",
    "Remark",
    "Result",
    "Speech",
    "State",
    "TimeUp",
    "UnknownGame",
    "Value",
    "flag",
    "game_over_event",
    "opposite_teams",
    "redact",
    "team_scores",
    "winners_by_score",
]
