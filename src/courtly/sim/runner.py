"""Playing many games between bots: serially, in worker processes, or on Ray.

A game to play is a :class:`GameJob` (game, players, options, seed, the bot
spec of every seat); playing it gives a :class:`GameOutcome`. A job is fully
determined by its fields: the game uses ``seed`` for its own RNG and the bots
:func:`bot_seeds` ``(seed, n)``, so a job gives the same outcome in any
process, on any machine. :func:`run_jobs` returns outcomes in job order
whatever the backend, so aggregates computed from them are identical in
serial, parallel and Ray runs.

Ray is optional (``pip install 'courtly[ray]'``) and imported only when the
``ray`` backend is asked for; it connects to ``RAY_ADDRESS`` when set, else
starts a local instance.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from courtly.bots import make_bot
from courtly.core import Game, State
from courtly.sim.simulate import MAX_ACTIONS, bot_seeds, play_out

BACKENDS = ("process", "serial", "ray")

Progress = Callable[[int], None]
"""Called with the number of games finished so far."""

Measure = bool | int | float | str


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """Import an optional dependency, or raise ImportError saying how to get it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"{purpose} needs {module}: pip install 'courtly[{extra}]'") from None


@dataclass(frozen=True)
class GameJob:
    """One game to play: seat ``s`` is played by the bot ``lineup[s]``."""

    game: str
    num_players: int
    options: Mapping[str, Any]
    seed: int
    lineup: tuple[str, ...]
    index: int = 0


@dataclass(frozen=True)
class GameOutcome:
    """How one game ended, with the per-game measures of its game's ``stats``.

    ``decisions`` and ``think`` (seconds) count each seat's bot calls; the
    timings vary from run to run and take no part in comparisons.
    """

    index: int
    seed: int
    lineup: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    measures: Mapping[str, Measure] = field(default_factory=dict)
    decisions: tuple[int, ...] = ()
    think: tuple[float, ...] = field(default=(), compare=False)

    def win_share(self, seat: int) -> float:
        """``seat``'s share of the victory: 1/len(winners) for a winner, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def game_measures(game: Game, state: State) -> dict[str, Measure]:
    """The game's own measures of a finished game (its ``measures`` companion), or {}."""
    measures = game.companions.measures
    if measures is None:
        return {}
    return dict(measures(state.view(None), state.record))


def play_job(job: GameJob, max_actions: int = MAX_ACTIONS,
             game: Game | None = None) -> GameOutcome:
    """Play one job to the end (:func:`play_out`, so windows run by the
    Referee's rule); each bot sees only its seat's observation.

    The game is the registered one ``job.game`` names, or ``game`` when
    given (one outside the registry, such as a test game; its name must be
    the job's). Worker processes look games up by name, so only registered
    games run in :func:`run_jobs`.
    """
    if game is None:
        from courtly.registry import game as lookup  # the registry sits above bots

        game = lookup(job.game)
    elif game.name != job.game:
        raise ValueError(f"the job plays {job.game!r}, but the game given is {game.name!r}")
    n = job.num_players
    state = game.new_game(n, job.seed, job.options)
    bots = [make_bot(spec, seed) for spec, seed in
            zip(job.lineup, bot_seeds(job.seed, n), strict=True)]
    decisions, think = [0] * n, [0.0] * n

    def tally(seat: int, seconds: float) -> None:
        decisions[seat] += 1
        think[seat] += seconds

    actions = play_out(state, bots, job.seed, max_actions, tally)
    result = state.result()
    return GameOutcome(job.index, job.seed, job.lineup, tuple(result.scores), result.winners,
                       actions, game_measures(game, state), tuple(decisions), tuple(think))


def play_jobs(jobs: Sequence[GameJob]) -> list[GameOutcome]:
    """Play several jobs in order (one task of a worker)."""
    return [play_job(job) for job in jobs]


def _registered(game: Game) -> bool:
    from courtly.registry import GAMES  # the registry sits above bots

    return GAMES.get(game.name) is game


def run_jobs(
    jobs: Sequence[GameJob],
    workers: int | None = None,
    backend: str = "process",
    progress: Progress | None = None,
    game: Game | None = None,
) -> list[GameOutcome]:
    """Play every job; the outcomes come back in job order, whatever the backend.

    ``backend``: ``process`` (``workers`` worker processes, default one per
    CPU; with one worker, or one job, the games run in this process),
    ``serial`` or ``ray``. ``game``: the Game the jobs play, which may be
    one outside the registry (a test game); workers look games up by name,
    so such a game runs only in this process (``serial``, or one worker),
    else ValueError.
    """
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    workers = workers or os.cpu_count() or 1
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    here = backend == "serial" or (backend == "process" and (workers == 1 or len(jobs) <= 1))
    if game is not None and not here and not _registered(game):
        raise ValueError(f"{game.name} is not a registered game: worker processes cannot "
                         "look it up; run it serially (backend serial or one worker)")
    if backend == "ray":
        return _run_ray(jobs, workers, progress)
    if here:
        return _run_serial(jobs, progress, game)
    return _run_processes(jobs, workers, progress)


def _chunks(jobs: Sequence[GameJob], workers: int) -> list[list[GameJob]]:
    """Consecutive slices small enough to keep every worker busy and the bar moving."""
    size = max(1, min(20, len(jobs) // (4 * workers)))
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


def _run_serial(jobs: Sequence[GameJob], progress: Progress | None,
                game: Game | None = None) -> list[GameOutcome]:
    out = []
    for job in jobs:
        out.append(play_job(job, game=game))
        if progress is not None:
            progress(len(out))
    return out


def _run_processes(jobs: Sequence[GameJob], workers: int,
                   progress: Progress | None) -> list[GameOutcome]:
    # "spawn": a fresh interpreter per worker, never a fork of a process that
    # may hold threads (a progress bar) or locks.
    context = multiprocessing.get_context("spawn")
    chunks = _chunks(jobs, workers)
    results: dict[int, list[GameOutcome]] = {}
    pool = context.Pool(min(workers, len(chunks)))
    try:
        for i, outcomes in pool.imap_unordered(_play_chunk, enumerate(chunks)):
            results[i] = outcomes
            if progress is not None:
                progress(sum(len(r) for r in results.values()))
        pool.close()
    except KeyboardInterrupt:
        # Ctrl-C: stop the workers now, as a chunk of long games could keep them
        # busy for minutes after their results stopped mattering.
        pool.terminate()
        raise
    except BaseException:
        # A game's error: the chunks given out finish (terminating a pool whose
        # workers are still starting can hang in CPython: a CI run waited on it
        # for ten minutes), none more is taken.
        pool.close()
        raise
    finally:
        pool.join()
    return [outcome for i in range(len(chunks)) for outcome in results[i]]


def _play_chunk(item: tuple[int, Sequence[GameJob]]) -> tuple[int, list[GameOutcome]]:
    """One worker task: a numbered chunk of jobs and its outcomes."""
    index, chunk = item
    return index, play_jobs(chunk)


def _run_ray(jobs: Sequence[GameJob], workers: int,
             progress: Progress | None) -> list[GameOutcome]:
    """The same chunks as Ray tasks, on the cluster at ``RAY_ADDRESS`` or a local one."""
    ray = require("ray", "ray", "the ray backend")
    started = not ray.is_initialized()
    if started:
        address = os.environ.get("RAY_ADDRESS")
        kwargs: dict[str, Any] = {"address": address} if address else {
            "num_cpus": workers, "include_dashboard": False}
        ray.init(logging_level="ERROR", log_to_driver=False, **kwargs)
    try:
        task = ray.remote(play_jobs)
        chunks = _chunks(jobs, workers)
        refs = [task.remote(chunk) for chunk in chunks]
        sizes = {ref: len(chunk) for ref, chunk in zip(refs, chunks, strict=True)}
        pending, done = list(refs), 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            done += sum(sizes[r] for r in ready)
            if progress is not None:
                progress(done)
        return [outcome for chunk in ray.get(refs) for outcome in chunk]
    finally:
        if started:
            ray.shutdown()
