"""Tests for courtly.sim: random games, the Wilson interval, simulation reports."""

from __future__ import annotations

import math

import pytest

import courtly
from courtly.sim import (
    SimulationReport,
    bot_seeds,
    play_random_game,
    random_bots,
    simulate,
    wilson_interval,
)

COURTISANS = courtly.game("courtisans")


# ----- wilson_interval ------------------------------------------------------------
@pytest.mark.parametrize(
    ("successes", "n", "expected"),
    [
        (0, 10, (0.0, 0.27754)),
        (5, 10, (0.23659, 0.76341)),
        (10, 10, (0.72246, 1.0)),
        (1, 1, (0.20654, 1.0)),
        (50, 100, (0.40383, 0.59617)),
    ],
)
def test_wilson_interval_known_values(successes, n, expected):
    lo, hi = wilson_interval(successes, n)
    assert lo == pytest.approx(expected[0], abs=1e-5)
    assert hi == pytest.approx(expected[1], abs=1e-5)


def test_wilson_interval_fractional_and_z():
    lo, hi = wilson_interval(2.5, 10)
    assert 0 < lo < 0.25 < hi < 1
    narrow = wilson_interval(2.5, 10, z=1.0)
    assert lo < narrow[0] < narrow[1] < hi
    mirrored = tuple(1 - x for x in reversed(wilson_interval(3, 10)))
    assert wilson_interval(7, 10) == pytest.approx(mirrored)


@pytest.mark.parametrize(("successes", "n"), [(0, 0), (1, -1), (-0.5, 10), (11, 10)])
def test_wilson_interval_rejects_bad_input(successes, n):
    with pytest.raises(ValueError):
        wilson_interval(successes, n)


# ----- one game -------------------------------------------------------------------
def test_bot_seeds_are_reproducible_and_distinct():
    assert bot_seeds(7, 4) == bot_seeds(7, 4)
    assert len(set(bot_seeds(7, 4))) == 4
    assert bot_seeds(7, 4) != bot_seeds(8, 4)
    assert bot_seeds(7, 3) == bot_seeds(7, 4)[:3]
    assert len(random_bots(7, 5)) == 5


@pytest.mark.parametrize("name", sorted(courtly.GAMES))
def test_play_random_game_every_game(name):
    game = courtly.game(name)
    smallest = game.player_range(game.default_options())[0]
    result, actions = play_random_game(game, smallest, seed=1)
    assert actions > 0
    assert len(result.scores) == smallest
    assert result.winners


def test_play_random_game_is_reproducible():
    first = play_random_game(COURTISANS, 3, seed=11)
    assert play_random_game(COURTISANS, 3, seed=11) == first
    others = {play_random_game(COURTISANS, 3, seed=s) for s in range(12, 17)}
    assert len(others | {first}) > 1


def test_play_random_game_options_and_errors():
    result, _ = play_random_game(COURTISANS, 4, 2, {"expansion": True, "teams": True})
    assert len(result.scores) == 4
    with pytest.raises(ValueError):
        play_random_game(COURTISANS, 9, 0)
    with pytest.raises(ValueError):
        play_random_game(COURTISANS, 2, 0, {"nope": True})
    with pytest.raises(RuntimeError, match="not over after 5 actions"):
        play_random_game(COURTISANS, 2, 0, max_actions=5)


# ----- many games -----------------------------------------------------------------
def test_simulate_report():
    done = []
    report = simulate(COURTISANS, 12, 3, seed=5, progress=done.append)
    assert isinstance(report, SimulationReport)
    assert done == list(range(1, 13))
    assert (report.game, report.num_players, report.games, report.seed) == ("courtisans", 3, 12, 5)
    assert report.options == COURTISANS.default_options()
    assert [s.seat for s in report.seats] == [0, 1, 2]
    # Shared wins are split, so the wins add up to the number of games.
    assert sum(s.wins for s in report.seats) == pytest.approx(12)
    games = [play_random_game(COURTISANS, 3, 5 + i) for i in range(12)]
    for s in report.seats:
        assert s.win_rate == pytest.approx(s.wins / 12)
        assert (s.win_low, s.win_high) == pytest.approx(wilson_interval(s.wins, 12))
        assert s.win_low <= s.win_rate <= s.win_high
        assert s.mean_score == pytest.approx(sum(r.scores[s.seat] for r, _ in games) / 12)
    assert report.mean_actions == pytest.approx(sum(n for _, n in games) / 12)


def test_simulate_counts_shared_wins_fractionally():
    # Team games share every victory between two teammates: half a win each.
    report = simulate(COURTISANS, 6, 4, seed=0, options={"expansion": True, "teams": True})
    assert sum(s.wins for s in report.seats) == pytest.approx(6)
    for s in report.seats:
        assert math.isclose(s.wins * 2, round(s.wins * 2))


def test_simulate_is_reproducible():
    assert simulate(COURTISANS, 5, 2, seed=3) == simulate(COURTISANS, 5, 2, seed=3)
    assert simulate(COURTISANS, 5, 2, seed=3) != simulate(COURTISANS, 5, 2, seed=4)


def test_simulate_rejects_bad_arguments():
    with pytest.raises(ValueError):
        simulate(COURTISANS, 0, 2)
    with pytest.raises(ValueError):
        simulate(COURTISANS, 3, 1)
    with pytest.raises(ValueError):
        simulate(COURTISANS, 3, 5, options={"teams": True})


def test_a_game_nobody_wins_counts_no_win():
    """Vive le Roi !'s Emissary variant: a game no seat won (none beat the
    Emissary) counts no win for any seat, so the wins add up to the games
    somebody won, and the Wilson interval is taken on that count."""
    vlr = courtly.game("vive_le_roi")
    options = {"emissary": True}
    results = [play_random_game(vlr, 2, seed, vlr.check_options(2, options))[0]
               for seed in range(12)]
    nobody = sum(not r.winners for r in results)
    assert 0 < nobody < 12
    report = simulate(vlr, 12, 2, seed=0, options=options)
    assert sum(s.wins for s in report.seats) == pytest.approx(12 - nobody)
    for seat in report.seats:
        expected = sum(seat.seat in r.winners and 1 / len(r.winners) for r in results)
        assert seat.wins == pytest.approx(expected)
        assert (seat.win_low, seat.win_high) == pytest.approx(wilson_interval(seat.wins, 12))
