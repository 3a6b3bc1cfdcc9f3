"""courtly: court-intrigue board games for people and programs.

    import courtly
    game = courtly.game("courtisans")
    state = game.new_game(num_players=4, seed=42)
"""

from courtly.core import (
    Action,
    CourtlyError,
    Event,
    Game,
    GameNotOver,
    GameRecord,
    IllegalAction,
    InvalidAction,
    InvalidRecord,
    Result,
    State,
    UnknownGame,
)
from courtly.registry import GAMES, game, replay

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Action",
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
    "game",
    "replay",
]
