"""Tournaments: rotated seats, the same numbers serially, in processes and on
Ray, ratings, and the ``courtly tournament`` command."""

from __future__ import annotations

import importlib.util
import os
from collections import Counter

import pytest
from typer.testing import CliRunner

import courtly
from courtly.cli import app
from courtly.sim import run_jobs, seating, tournament
from courtly.sim.runner import GameJob, GameOutcome, play_job
from courtly.sim.tournament import ranks, tournament_jobs

COURTISANS = courtly.game("courtisans")
BOTS = ["heuristic", "random", "random"]


def test_seating_rotates_every_bot_through_every_seat():
    seats = [seating(["a", "b", "c", "d"], 4, i) for i in range(8)]
    assert seats[0] == ("a", "b", "c", "d") and seats[1] == ("b", "c", "d", "a")
    for seat in range(4):
        assert Counter(s[seat] for s in seats) == {"a": 2, "b": 2, "c": 2, "d": 2}
    assert seating(["x", "y"], 4, 0) == ("x", "y", "x", "y")
    with pytest.raises(ValueError):
        seating(["a", "b", "c"], 2, 0)


def test_jobs_are_seeded_from_the_base_seed_and_index():
    jobs = tournament_jobs(COURTISANS, BOTS, 5, 3, seed=10)
    assert [j.seed for j in jobs] == [10, 11, 12, 13, 14]
    assert [j.index for j in jobs] == list(range(5))
    with pytest.raises(ValueError, match="unknown bot"):
        tournament_jobs(COURTISANS, ["genius"], 2, 3)
    with pytest.raises(ValueError):
        tournament_jobs(COURTISANS, BOTS, 2, 7)


def test_a_job_is_reproducible():
    job = GameJob("courtisans", 3, COURTISANS.default_options(), 4,
                  ("heuristic", "random", "random"))
    assert play_job(job) == play_job(job)


@pytest.mark.slow
def test_parallel_equals_serial():
    serial = tournament(COURTISANS, BOTS, 9, seed=3, backend="serial")
    parallel = tournament(COURTISANS, BOTS, 9, seed=3, workers=2)
    assert parallel == serial
    assert [o.index for o in parallel.outcomes] == list(range(9))
    assert tournament(COURTISANS, BOTS, 9, seed=4, backend="serial") != serial


def test_report_numbers():
    report = tournament(COURTISANS, BOTS, 6, seed=0, backend="serial")
    assert [b.bot for b in report.bots] == ["heuristic", "random"]
    heuristic, rand = report.bots
    assert heuristic.seat_games == 6 and rand.seat_games == 12
    assert heuristic.wins + rand.wins == pytest.approx(6)
    assert heuristic.win_low <= heuristic.win_rate <= heuristic.win_high
    assert heuristic.decisions > 0 and heuristic.seconds_per_decision > 0
    assert heuristic.rating is not None and rand.rating is not None
    assert heuristic.rating.mu > rand.rating.mu  # it wins more often
    assert heuristic.rating.ordinal == pytest.approx(heuristic.rating.mu
                                                     - 3 * heuristic.rating.sigma)


def test_ranks_put_winners_first_then_scores():
    outcome = GameOutcome(0, 0, ("a", "b", "c", "d"), (5.0, 7.0, 7.0, 1.0), (1, 2), 10)
    assert ranks(outcome) == [1, 0, 0, 2]


def test_vive_le_roi_tournament_runs():
    report = tournament(courtly.game("vive_le_roi"), ["heuristic", "random"], 2,
                        backend="serial")
    assert sum(b.wins for b in report.bots) == pytest.approx(2)


def _ray_or_skip():
    """Ray, or a skip outside CI; in CI (``CI`` set) a missing Ray is a failure."""
    if importlib.util.find_spec("ray") is None:
        if os.environ.get("CI"):
            pytest.fail("ray is not installed, and CI must run the Ray test "
                        "(pip install -e '.[dev]')")
        pytest.skip("ray is not installed")
    import ray

    return ray


@pytest.mark.slow
def test_ray_backend_equals_serial():
    ray = _ray_or_skip()
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        done: list[int] = []
        on_ray = tournament(COURTISANS, BOTS, 6, seed=2, backend="ray", workers=2,
                            progress=done.append)
        assert on_ray == tournament(COURTISANS, BOTS, 6, seed=2, backend="serial")
        assert done[-1] == 6
        jobs = tournament_jobs(COURTISANS, BOTS, 3, 3, seed=1)
        assert run_jobs(jobs, backend="ray") == run_jobs(jobs, backend="serial")
    finally:
        ray.shutdown()


def test_unknown_backend():
    with pytest.raises(ValueError, match="backend"):
        run_jobs([], backend="cloud")


@pytest.mark.slow
def test_cli_tournament():
    runner = CliRunner()
    args = ["tournament", "courtisans", "--bots", "heuristic,random", "-n", "3", "--games", "4",
            "--seed", "1", "--workers", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "Win rate" in result.output
    assert "Rating" in result.output and "95% CI" in result.output
    again = runner.invoke(app, args)
    assert again.output.split("ms/move")[0] == result.output.split("ms/move")[0]


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "genius"], "unknown bot"),
    (["--bots", "random,random,random", "-n", "2"], "do not fit"),
    (["--bots", "random,random", "--backend", "cloud"], "backend"),
    (["--bots", "ismcts:iterations=0"], "budget"),
])
def test_cli_tournament_usage_errors(args, message):
    result = CliRunner().invoke(app, ["tournament", "courtisans", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output


@pytest.mark.slow
def test_a_failing_game_fails_the_run_in_every_backend():
    bad = [GameJob("courtisans", 9, COURTISANS.default_options(), s, ("random",) * 9, s)
           for s in range(3)]
    for backend in ("serial", "process"):
        with pytest.raises(ValueError, match="not 9"):
            run_jobs(bad, workers=2, backend=backend)


def test_a_workers_error_comes_back_as_itself():
    """An unknown game raised in a worker process reaches the caller as
    UnknownGame, with its message (the error unpickles intact)."""
    bad = [GameJob("chess", 2, {}, s, ("random",) * 2, s) for s in range(3)]
    with pytest.raises(courtly.UnknownGame, match="unknown game 'chess'"):
        run_jobs(bad, workers=2, backend="process")


def test_cli_lists_the_bots_and_their_parameters():
    result = CliRunner().invoke(app, ["bots"])
    assert result.exit_code == 0, result.output
    for text in ("random", "heuristic", "ismcts", "iterations=-1", "seconds=0.0", "root=auto"):
        assert text in result.output
    # the heuristic's summary whole, not its docstring's first line ("..., or, for a game")
    wide = CliRunner().invoke(app, ["bots"], env={"COLUMNS": "400"}).output
    assert "for a game without one, says Done" in wide, wide


def test_a_game_nobody_won_ranks_by_score_and_shares_no_win():
    # Vive le Roi !'s Emissary variant: no seat beat the Emissary
    outcome = GameOutcome(0, 0, ("a", "b"), (-24.0, -23.0), (), 10)
    assert ranks(outcome) == [1, 0]
    assert outcome.win_share(0) == outcome.win_share(1) == 0.0


def test_vive_le_roi_emissary_tournament_counts_no_win_for_nobody():
    report = tournament(courtly.game("vive_le_roi"), ["random"], 6, 2,
                        options={"emissary": True}, backend="serial")
    won = sum(1 for o in report.outcomes if o.winners)
    assert won < 6  # random seats rarely beat the Emissary
    assert sum(b.wins for b in report.bots) == pytest.approx(won)
