"""The contract every game implements, records, replay and errors."""

from courtly.core.action import STANDARD_ACTIONS, Action, ActionParser, Done, TimeUp, Value
from courtly.core.companions import (
    ChatJudge,
    Companions,
    Estimate,
    Heuristic,
    Measures,
    Ranking,
    Remark,
    Speech,
)
from courtly.core.encoding import (
    Block,
    Declared,
    Encoding,
    Features,
    Index,
    Numbering,
    block,
    hashed_view,
    joint,
    seats,
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
from courtly.core.words import counted, grouped, listed, summary

__all__ = [
    "REFEREE",
    "STANDARD_ACTIONS",
    "WINDOW_ACTIONS",
    "Action",
    "ActionParser",
    "Block",
    "ChatJudge",
    "Companions",
    "CourtlyError",
    "Declared",
    "Done",
    "Encoding",
    "Estimate",
    "Event",
    "Features",
    "Game",
    "GameNotOver",
    "GameRecord",
    "Heuristic",
    "IllegalAction",
    "Index",
    "InvalidAction",
    "InvalidRecord",
    "Measures",
    "Numbering",
    "Option",
    "Phase",
    "Ranking",
    "Referee",
    "Remark",
    "Result",
    "Speech",
    "State",
    "TimeUp",
    "UnknownGame",
    "Value",
    "block",
    "counted",
    "flag",
    "game_over_event",
    "grouped",
    "hashed_view",
    "joint",
    "listed",
    "opposite_teams",
    "redact",
    "seats",
    "summary",
    "team_scores",
    "winners_by_score",
]
