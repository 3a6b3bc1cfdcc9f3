"""The balance report (``courtly simulate``): numbers, CSV files, plots, and
the same numbers serially and in parallel."""

from __future__ import annotations

import csv

import pytest
from typer.testing import CliRunner

import courtly
from courtly.cli import app
from courtly.sim import aggregate, balance, simulate, write_csv, write_plots
from courtly.sim.report import palette
from courtly.sim.runner import game_measures
from plain_game import PlainCourtisans

COURTISANS = courtly.game("courtisans")


@pytest.fixture(scope="module")
def report():
    return balance(COURTISANS, 6, 3, seed=5, backend="serial")


def _rows(path):
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_random_bots_give_the_simulate_numbers(report):
    assert report.simulation == simulate(COURTISANS, 6, 3, seed=5)


@pytest.mark.slow
def test_parallel_equals_serial(report):
    assert balance(COURTISANS, 6, 3, seed=5, workers=2) == report


def test_courtisans_measures(report):
    names = {r.measure for r in report.measures}
    families = ("butterflies", "toads", "stags", "carps", "nightingales", "hares")
    assert {f"status.{f}" for f in families} <= names
    for family in families:
        shares = [r.rate for r in report.measures if r.measure == f"status.{family}"]
        assert sum(shares) == pytest.approx(1.0)
    missions = [r for r in report.measures if r.group == "mission"]
    assert missions and all(r.value == "true" for r in missions)
    assert sum(r.games for r in missions) == 6 * 3 * 2  # two Missions per seat per game
    esteemed = next(r for r in report.measures if r.measure == "families.esteemed")
    assert esteemed.value == "mean" and esteemed.low <= esteemed.rate <= esteemed.high


def test_measures_of_one_game_come_from_its_final_view():
    state = COURTISANS.new_game(2, seed=3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    measures = game_measures(COURTISANS, state)
    final = state.view(None)["final"]
    for family, status in final["statuses"].items():
        assert measures[f"status.{family}"] == status
    for seat in final["seats"]:
        for mission in seat["missions"]:
            assert measures[f"mission.{mission['id']}"] is mission["fulfilled"]


def test_aggregate_by_kind():
    rows = aggregate([{"s": "a", "ok": True, "n": 2}, {"s": "b", "ok": False, "n": 4},
                      {"s": "a", "ok": True}])
    got = {(r.measure, r.value): (r.games, r.rate) for r in rows}
    assert got[("s", "a")] == (3, pytest.approx(2 / 3))
    assert got[("s", "b")] == (3, pytest.approx(1 / 3))
    assert got[("ok", "true")] == (3, pytest.approx(2 / 3))
    assert got[("n", "mean")] == (2, pytest.approx(3.0))


def test_csv_files(report, tmp_path):
    paths = write_csv(report, tmp_path)
    assert [p.name for p in paths] == ["games.csv", "seats.csv", "measures.csv"]
    games = _rows(tmp_path / "games.csv")
    assert len(games) == 6
    for row, outcome in zip(games, report.outcomes, strict=True):
        assert int(row["seed"]) == outcome.seed == 5 + outcome.index
        assert [float(row[f"score_{s}"]) for s in range(3)] == list(outcome.scores)
        assert row["winners"] == " ".join(map(str, outcome.winners))
        assert int(row["actions"]) == outcome.actions
        assert row["bot_0"] == "random"
    seats = _rows(tmp_path / "seats.csv")
    for row, seat in zip(seats, report.simulation.seats, strict=True):
        assert float(row["wins"]) == pytest.approx(seat.wins)
        assert float(row["win_rate"]) == pytest.approx(seat.win_rate, abs=1e-5)
        assert float(row["mean_score"]) == pytest.approx(seat.mean_score, abs=1e-5)
    measures = _rows(tmp_path / "measures.csv")
    assert len(measures) == len(report.measures)
    assert {"measure", "value", "games", "rate", "low", "high"} == set(measures[0])


@pytest.mark.slow
def test_plots(report, tmp_path):
    pytest.importorskip("matplotlib")
    paths = write_plots(report, tmp_path)
    names = {p.name for p in paths}
    assert {"seats.png", "lengths.png", "scores.png", "measures_status.png",
            "measures_mission.png"} <= names
    for path in paths:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow  # importing Matplotlib alone takes a second
@pytest.mark.parametrize("k", [3, 14, 25])
def test_every_category_gets_its_own_colour(k):
    plt = pytest.importorskip("matplotlib.pyplot")
    colours = palette(plt, k)
    assert len(colours) == k and len(set(colours)) == k


def test_a_game_without_measures_gets_the_generic_report(monkeypatch):
    plain = PlainCourtisans()
    monkeypatch.setitem(courtly.GAMES, plain.name, plain)
    report = balance(plain, 3, 2, seed=1, backend="serial")
    assert report.measures == ()
    assert report.simulation.games == 3 and report.lengths.low > 0


@pytest.mark.parametrize("name", sorted(courtly.GAMES))
def test_every_game_gets_a_report(name, tmp_path):
    game = courtly.game(name)
    n = max(2, game.player_range(game.default_options())[0])
    report = balance(game, 2, n, seed=1, backend="serial", bots=("heuristic", "random"))
    assert report.simulation.games == 2 and report.lengths.low > 0
    assert {p.name for p in write_csv(report, tmp_path)} == {"games.csv", "seats.csv",
                                                             "measures.csv"}


@pytest.mark.slow
def test_cli_simulate_writes_the_report(tmp_path):
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["simulate", "courtisans", "-g", "4", "-n", "3",
                                      "--seed", "2", "--workers", "1", "--out", str(out),
                                      "--bots", "heuristic,random"])
    assert result.exit_code == 0, result.output
    assert "Measures: status" in result.output and "Measures: mission" in result.output
    assert "Game length" in result.output and "rotated" in result.output
    for name in ("games.csv", "seats.csv", "measures.csv", "seats.png", "lengths.png"):
        assert (out / name).is_file(), name
    assert len(_rows(out / "games.csv")) == 4


def test_cli_simulate_refuses_a_bad_bot():
    result = CliRunner().invoke(app, ["simulate", "courtisans", "--bots", "genius"])
    assert result.exit_code == 2
    assert "unknown bot" in result.output
