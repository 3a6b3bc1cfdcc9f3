"""Tournaments between bots: rotated seats, win rates with intervals, ratings.

The bots listed (registry specs such as ``ismcts:iterations=400``) fill the
seats in order, the list repeated when it is shorter than the table
(``ismcts,random`` at 4 players: ismcts, random, ismcts, random). Game ``i``
is played with seed ``seed + i`` and the list rotated by ``i`` seats (seat
``s`` gets entry ``(s + i) % n``), so over every ``n`` games each entry sits
once in every seat and no bot profits from its seat.

A bot's win rate is its share of victories per seat it played (a shared
victory counts ``1/len(winners)``; chance is ``1/n``), with a 95% Wilson
interval. Its rating is an OpenSkill Plackett-Luce rating (the maintained
``openskill`` package, optional extra ``sim``), updated game by game in game
order: each seat is one competitor, ranked by victory then score; a bot that
holds several seats of a game moves by the mean of their updates.

Every game is played by :func:`courtly.sim.simulate.play_out`: a game with
open windows (a negotiation) runs by :class:`courtly.core.Referee`'s rule
(the window's seats take turns, each at most ``WINDOW_ACTIONS`` actions,
then the referee calls time), so a tournament is as reproducible with
windows as without.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from courtly.bots import check_spec
from courtly.core import Game
from courtly.sim.runner import GameJob, GameOutcome, Progress, require, run_jobs
from courtly.sim.simulate import wilson_interval


@dataclass(frozen=True)
class Rating:
    """An OpenSkill rating: mean, uncertainty and the conservative ``mu - 3 sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the rating the bot almost surely exceeds."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class BotStats:
    """One bot's numbers over a tournament."""

    bot: str
    seat_games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    decisions: int
    seconds_per_decision: float = field(compare=False)  # timing varies from run to run
    rating: Rating | None = None


@dataclass(frozen=True)
class TournamentReport:
    """Per-bot statistics (in the order the bots were listed) and every outcome."""

    game: str
    num_players: int
    games: int
    seed: int
    options: dict[str, Any]
    bots: tuple[BotStats, ...]
    outcomes: tuple[GameOutcome, ...]


def seating(bots: Sequence[str], num_players: int, index: int) -> tuple[str, ...]:
    """The bot of every seat in game ``index``: the list cycled, rotated by ``index``."""
    if not bots:
        raise ValueError("a tournament needs at least one bot")
    if len(bots) > num_players:
        raise ValueError(f"{len(bots)} bots do not fit at a table of {num_players}")
    lineup = [bots[s % len(bots)] for s in range(num_players)]
    return tuple(lineup[(s + index) % num_players] for s in range(num_players))


def tournament_jobs(game: Game, bots: Sequence[str], n_games: int, num_players: int,
                    seed: int = 0, options: Mapping[str, Any] | None = None) -> list[GameJob]:
    """The games of a tournament; bad options, counts or bot specs raise ValueError."""
    if n_games < 1:
        raise ValueError(f"the number of games must be at least 1, not {n_games}")
    opts = game.check_options(num_players, options)
    for spec in bots:
        check_spec(spec)
    return [GameJob(game.name, num_players, opts, seed + i, seating(bots, num_players, i), i)
            for i in range(n_games)]


def tournament(
    game: Game,
    bots: Sequence[str],
    n_games: int,
    num_players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    backend: str = "process",
    progress: Progress | None = None,
    ratings: bool = True,
) -> TournamentReport:
    """Play a tournament (see the module docstring) and summarise it.

    ``num_players`` defaults to the number of bots listed. ``ratings=False``
    skips the OpenSkill ratings (and the need for ``openskill``).
    """
    n = len(bots) if num_players is None else num_players
    jobs = tournament_jobs(game, bots, n_games, n, seed, options)
    if ratings:
        require("openskill", "sim", "tournament ratings")
    outcomes = run_jobs(jobs, workers, backend, progress, game)
    return summarise(game.name, n, seed, jobs[0].options, bots, outcomes, ratings)


def summarise(game: str, num_players: int, seed: int, options: Mapping[str, Any],
              bots: Sequence[str], outcomes: Sequence[GameOutcome],
              ratings: bool = True) -> TournamentReport:
    """Per-bot statistics of finished games, in game order."""
    entrants = list(dict.fromkeys(bots))
    rated = rate(entrants, outcomes) if ratings else {}
    stats = tuple(_bot_stats(bot, outcomes, rated.get(bot)) for bot in entrants)
    return TournamentReport(game, num_players, len(outcomes), seed, dict(options), stats,
                            tuple(outcomes))


def _bot_stats(bot: str, outcomes: Sequence[GameOutcome], rating: Rating | None) -> BotStats:
    wins = score = 0.0
    seats = decisions = 0
    think = 0.0
    for o in outcomes:
        for seat, spec in enumerate(o.lineup):
            if spec == bot:
                seats += 1
                wins += o.win_share(seat)
                score += o.scores[seat]
                decisions += o.decisions[seat] if o.decisions else 0
                think += o.think[seat] if o.think else 0.0
    wins = min(wins, float(seats))  # many 1/k shares can round a hair above
    low, high = wilson_interval(wins, seats)
    return BotStats(bot, seats, wins, wins / seats, low, high, score / seats, decisions,
                    think / decisions if decisions else 0.0, rating)


def ranks(outcome: GameOutcome) -> list[int]:
    """Every seat's place (0 best): winners first, then by score; ties share a place."""
    keys = [(seat not in outcome.winners, -score) for seat, score in enumerate(outcome.scores)]
    distinct = sorted(set(keys))
    return [distinct.index(k) for k in keys]


def rate(entrants: Sequence[str], outcomes: Sequence[GameOutcome]) -> dict[str, Rating]:
    """OpenSkill (Plackett-Luce) ratings of the entrants after every game, in order."""
    models = require("openskill.models", "sim", "tournament ratings")
    model = models.PlackettLuce()
    current = {bot: model.rating(name=bot) for bot in entrants}
    for outcome in outcomes:
        teams = [[model.rating(mu=current[b].mu, sigma=current[b].sigma)]
                 for b in outcome.lineup]
        updated = model.rate(teams, ranks=ranks(outcome))
        moves: dict[str, list[tuple[float, float]]] = {}
        for bot, (new,) in zip(outcome.lineup, updated, strict=True):
            moves.setdefault(bot, []).append((new.mu, new.sigma))
        for bot, values in moves.items():
            mu = sum(v[0] for v in values) / len(values)
            sigma = sum(v[1] for v in values) / len(values)
            current[bot] = model.rating(mu=mu, sigma=sigma, name=bot)
    return {bot: Rating(r.mu, r.sigma) for bot, r in current.items()}
