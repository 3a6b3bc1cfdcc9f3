"""courtly: court-intrigue board games for people and programs.

    import courtly
    game = courtly.game("courtisans")
    state = game.new_game(num_players=4, seed=42)
"""

from courtly.core import (
    REFEREE,
    Action,
    CourtlyError,
    Done,
    Event,
    Game,
    GameNotOver,
    GameRecord,
    IllegalAction,
    InvalidAction,
    InvalidRecord,
    Phase,
    Result,
    State,
    TimeUp,
    UnknownGame,
)
from courtly.registry import GAMES, game, replay

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "REFEREE",
    "Action",
    "CourtlyError",
    "Done",
    "Event",
    "Game",
    "GameNotOver",
    "GameRecord",
    "IllegalAction",
    "InvalidAction",
    "InvalidRecord",
    "Phase",
    "Result",
    "State",
    "TimeUp",
    "UnknownGame",
    "game",
    "replay",
]
