"""Batch simulation and statistics: games between bots, tournaments, balance
reports (CSV and plots), serially, in worker processes or on Ray.

Pure functions (no terminal I/O); the command line (``courtly simulate``,
``courtly tournament``) and other tools build on them.
"""

from courtly.sim.report import (
    BalanceReport,
    MeasureRow,
    Spread,
    aggregate,
    balance,
    write_csv,
    write_plots,
)
from courtly.sim.runner import (
    BACKENDS,
    GameJob,
    GameOutcome,
    game_measures,
    play_job,
    run_jobs,
)
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
from courtly.sim.tournament import (
    BotStats,
    Rating,
    TournamentReport,
    seating,
    tournament,
)

__all__ = [
    "BACKENDS",
    "BalanceReport",
    "BotStats",
    "GameJob",
    "GameOutcome",
    "MeasureRow",
    "Rating",
    "SeatStats",
    "SimulationReport",
    "Spread",
    "TournamentReport",
    "aggregate",
    "balance",
    "bot_move",
    "bot_seeds",
    "game_measures",
    "play_job",
    "play_random_game",
    "random_bots",
    "run_jobs",
    "seating",
    "simulate",
    "tournament",
    "wilson_interval",
    "write_csv",
    "write_plots",
]
