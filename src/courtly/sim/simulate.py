"""Games between random bots, and the statistics of many of them.

Everything here goes through the game contract only (``courtly.Game`` and
``courtly.State``), so it works for every game, registered or not. Runs are
reproducible: a game played with seed ``s`` uses ``s`` for the game's own RNG
and :func:`bot_seeds` ``(s, n)`` for the bots. Games with open windows (a
negotiation) are run by :class:`courtly.core.Referee`'s rule, which names who
acts next and when the referee calls time, without a clock (see
:func:`play_out`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from courtly.bots import Bot, RandomBot, decide
from courtly.core import Action, Event, Game, Referee, Result, State

#: A game that takes more actions than this is assumed to loop forever.
MAX_ACTIONS = 100_000


def bot_seeds(seed: int, num_players: int) -> list[int]:
    """One seed per seat for the bots of the game played with ``seed``.

    They come from a generator seeded with a string derived from ``seed``
    (stable across machines and Python runs), so the bots' choices are not
    correlated with the game's own shuffles, which use ``seed`` directly.
    """
    rng = random.Random(f"courtly.bots/{seed}")
    return [rng.getrandbits(63) for _ in range(num_players)]


def random_bots(seed: int, num_players: int) -> list[RandomBot]:
    """A RandomBot per seat, seeded from the game seed (see :func:`bot_seeds`)."""
    return [RandomBot(s) for s in bot_seeds(seed, num_players)]


def bot_move(state: State, seat: int, bot: Bot) -> list[Event]:
    """Let ``bot`` choose ``seat``'s action and apply it; return the events.

    The bot sees only that seat's view and legal actions.
    """
    return state.apply(seat, decide(state, seat, bot))


def play_random_game(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> tuple[Result, int]:
    """Play one game between RandomBots; return its result and its number of actions.

    A bad player count or option raises ValueError (from ``game.new_game``);
    a game still running after ``max_actions`` actions raises RuntimeError.
    """
    state = game.new_game(num_players, seed, options)
    actions = play_out(state, random_bots(seed, num_players), seed, max_actions)
    return state.result(), actions


#: Told of each decision: (seat, seconds its bot took, observation included).
OnDecision = Callable[[int, float], None]


def play_out(state: State, bots: Sequence[Bot], seed: int, max_actions: int = MAX_ACTIONS,
             on_decision: OnDecision | None = None, referee: Referee | None = None) -> int:
    """Play ``state`` to its end, ``bots[seat]`` choosing each of ``seat``'s
    actions from its observation alone; return the number of actions (the
    referee's included: the length of what the record gains).

    Who acts is :class:`courtly.core.Referee`'s rule (``referee``, default
    ``Referee()``: each seat takes up to ``WINDOW_ACTIONS`` actions in a
    window): a seat that must act acts first (when several are to act at
    once, the first of them; the others follow in later steps and see
    nothing of the earlier choices, which stay hidden until the last one is
    in); else, in an open window, the window's seat that has acted least
    there (ties: the first in ``may_act``) decides, and may say Done; once each has
    had its share, or in a timed phase where nobody may act, the referee
    applies ``TimeUp``. No clock is read, so the same seed and bots give the
    same game. Games without windows play exactly as before: the first seat
    to act, every step. A game still running after ``max_actions`` actions
    raises RuntimeError (``seed`` names it).
    """
    referee = Referee() if referee is None else referee

    def timed_decision(seat: int) -> Action:
        start = time.perf_counter()
        action = decide(state, seat, bots[seat])
        if on_decision is not None:
            on_decision(seat, time.perf_counter() - start)
        return action

    actions = 0
    while not state.is_over:
        if actions >= max_actions:
            raise RuntimeError(
                f"{state.game.name} (seed {seed}) is not over after {max_actions} actions"
            )
        referee.step(state, timed_decision)
        actions += 1
    return actions


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``successes`` out of ``n`` trials.

    ``successes`` may be fractional (shared wins); ``z=1.96`` gives a 95%
    interval. The bounds are clamped to [0, 1] and always hold the rate. ``n`` must be positive and
    ``0 <= successes <= n``, else ValueError.
    """
    if n <= 0:
        raise ValueError(f"the number of trials must be positive, not {n}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie between 0 and {n}, not {successes}")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # The interval always holds p; rounding alone could leave 1.0 a hair outside.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True)
class SeatStats:
    """One seat's numbers over a simulation."""

    seat: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float


@dataclass(frozen=True)
class SimulationReport:
    """The outcome of :func:`simulate`: per-seat statistics and game lengths."""

    game: str
    num_players: int
    games: int
    seed: int
    options: dict[str, Any]
    seats: tuple[SeatStats, ...]
    mean_actions: float
    confidence_z: float = 1.96
    scores: tuple[tuple[float, ...], ...] = field(default=(), repr=False)


def simulate(
    game: Game,
    n_games: int,
    num_players: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    z: float = 1.96,
) -> SimulationReport:
    """Play ``n_games`` games between RandomBots and summarise them.

    Game ``i`` (from 0) uses seed ``seed + i`` for the game and its bots, so
    the same arguments always give the same report.

    Wins: a game won by several seats (a shared victory) counts
    ``1 / len(winners)`` of a win for each of its winners, and a game nobody
    won (Vive le Roi !'s Emissary beat every seat) counts no win, so the
    seats' wins add up to the number of games somebody won. The win rate is wins / games and its
    interval is the Wilson score interval (``z=1.96``: 95%) on that
    fractional count.

    ``progress``, if given, is called with the number of games finished
    after each game. A bad player count or option raises ValueError before
    any game is played; ``n_games < 1`` raises ValueError.
    """
    if n_games < 1:
        raise ValueError(f"the number of games must be at least 1, not {n_games}")
    opts = game.check_options(num_players, options)
    wins = [0.0] * num_players
    all_scores: list[tuple[float, ...]] = []
    total_actions = 0
    for i in range(n_games):
        result, actions = play_random_game(game, num_players, seed + i, opts)
        for winner in result.winners:
            wins[winner] += 1 / len(result.winners)
        all_scores.append(tuple(result.scores))
        total_actions += actions
        if progress is not None:
            progress(i + 1)
    seats = tuple(
        _seat_stats(seat, wins[seat], [s[seat] for s in all_scores], z)
        for seat in range(num_players)
    )
    return SimulationReport(
        game=game.name,
        num_players=num_players,
        games=n_games,
        seed=seed,
        options=opts,
        seats=seats,
        mean_actions=total_actions / n_games,
        confidence_z=z,
        scores=tuple(all_scores),
    )


def _seat_stats(seat: int, wins: float, scores: Sequence[float], z: float) -> SeatStats:
    n = len(scores)
    # Rounding of many 1/k shares can push the sum a hair above n.
    wins = min(wins, float(n))
    lo, hi = wilson_interval(wins, n, z)
    return SeatStats(seat, wins, wins / n, lo, hi, sum(scores) / n)
