"""Batch simulation and statistics: games between bots, win rates, intervals.

Pure functions (no terminal I/O); the command line (``courtly simulate``)
and other tools build on them.
"""

from courtly.sim.simulate import (
    SeatStats,
    SimulationReport,
    bot_move,
    bot_seeds,
    play_random_game,
    random_bots,
    simulate,
    wilson_interval,
)

__all__ = [
    "SeatStats",
    "SimulationReport",
    "bot_move",
    "bot_seeds",
    "play_random_game",
    "random_bots",
    "simulate",
    "wilson_interval",
]
