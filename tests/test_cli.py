"""Tests for the ``courtly`` command line (typer's CliRunner, no real terminal)."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import courtly
from courtly.cli import app, format_value, parse_options

COURTISANS = courtly.game("courtisans")
BAD_INPUTS = "abc\n\n0\n999\n-1\n"
ALWAYS_FIRST = "1\n" * 400


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _play(runner, *args, answers=BAD_INPUTS + ALWAYS_FIRST):
    return runner.invoke(app, ["play", "courtisans", *args], input=answers)


def _events_of(record: courtly.GameRecord) -> list[courtly.Event]:
    """Every event of a recorded game, unredacted, by replaying it step by step."""
    game = courtly.game(record.game)
    state = game.new_game(record.num_players, record.seed, record.options)
    events = []
    for seat, action in record.actions:
        events += state.apply(seat, action)
    return events


def _hand_lines_of(record: courtly.GameRecord, seat: int) -> set[str]:
    """The 'Your hand' lines of every render of ``seat``'s view during the game."""
    game = courtly.game(record.game)
    state = game.new_game(record.num_players, record.seed, record.options)
    renders = [game.render(state.view(seat))]
    for s, action in record.actions:
        state.apply(s, action)
        renders.append(game.render(state.view(seat)))
    return {line for text in renders for line in text.splitlines() if "Your hand" in line}


# ----- games ------------------------------------------------------------------------
def test_games_lists_every_game(runner):
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    for name, game in courtly.GAMES.items():
        assert name in result.output
        assert game.title in result.output
        for key, spec in game.options.items():
            assert f"{key}={format_value(spec.default)}" in result.output
    assert f"{COURTISANS.min_players}–{COURTISANS.max_players}" in result.output


def test_no_arguments_shows_help(runner):
    result = runner.invoke(app, [])
    for command in ("games", "play", "replay", "simulate"):
        assert command in result.output


# ----- option parsing ---------------------------------------------------------------
def test_parse_options_by_type_of_default():
    assert parse_options(COURTISANS, None) == {}
    assert parse_options(COURTISANS, ["expansion=yes", "teams=0"]) == {
        "expansion": True, "teams": False}
    for word in ("true", "TRUE", "yes", "1", "on"):
        assert parse_options(COURTISANS, [f"expansion={word}"]) == {"expansion": True}
    for word in ("false", "No", "0", "off"):
        assert parse_options(COURTISANS, [f"expansion={word}"]) == {"expansion": False}
    assert parse_options(COURTISANS, ["teams=1", "teams=no"]) == {"teams": False}


@pytest.mark.parametrize("pair", ["expansion", "=true", "expansion=maybe", "colour=red"])
def test_parse_options_rejects(pair):
    with pytest.raises(ValueError):
        parse_options(COURTISANS, [pair])


# ----- play ---------------------------------------------------------------------------
def test_play_a_whole_game_and_save(runner, tmp_path):
    path = tmp_path / "game.json"
    result = _play(runner, "--players", "2", "--seed", "7", "--save", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'abc' is not a number" in out
    assert "Please enter a number from 1 to" in out
    assert "0 is out of range" in out and "999 is out of range" in out
    assert "'-1' is not a number" in out
    assert "Game over" in out

    record = courtly.GameRecord.from_json(json.loads(path.read_text()))
    state = courtly.replay(record)
    assert state.is_over
    final = state.result()
    assert f"Scores: {', '.join(f'{s:g}' for s in final.scores)}" in out
    assert "Winner(s): " + ", ".join(f"Seat {w}" for w in final.winners) in out
    assert (record.seed, record.num_players) == (7, 2)

    # The same seed and the same answers give the same game.
    again = _play(runner, "--players", "2", "--seed", "7")
    assert again.exit_code == 0
    assert again.output.split("Game over")[0] == out.split("Game over")[0]


def test_play_prints_only_what_the_seat_may_see(runner, tmp_path):
    path = tmp_path / "game.json"
    seat = 1
    result = _play(runner, "-n", "3", "--seat", str(seat), "--seed", "4", "--save", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    record = courtly.GameRecord.from_json(json.loads(path.read_text()))
    hidden = 0
    for event in _events_of(record):
        seen = event.for_seat(seat)
        if seen is not event:
            assert event.text not in out  # e.g. another seat's drawn cards, a face-down Spy
            hidden += 1
        if seen is not None:
            assert seen.text in out
    assert hidden > 0  # the check above really ran against secret events
    shown = {line.strip() for line in out.splitlines() if "Your hand" in line}
    assert shown and shown <= {line.strip() for line in _hand_lines_of(record, seat)}


def test_play_eof_saves_the_partial_game(runner, tmp_path):
    path = tmp_path / "partial.json"
    result = _play(runner, "--seed", "3", "--save", str(path), answers="1\n1\n")
    assert result.exit_code == 0, result.output
    assert "unfinished after 2 actions" in result.output
    state = courtly.replay(courtly.GameRecord.from_json(json.loads(path.read_text())))
    assert not state.is_over
    assert len(state.record.actions) == 2


def test_play_quit_word(runner):
    result = _play(runner, "--seed", "3", answers="q\n")
    assert result.exit_code == 0
    assert "unfinished after 0 actions" in result.output


def test_play_options(runner):
    result = _play(runner, "-n", "4", "-o", "expansion=true", "-o", "teams=yes",
                   "--seed", "2", answers="q\n")
    assert result.exit_code == 0, result.output
    assert "[team 1]" in result.output  # the render is printed as is, not as rich markup


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nosuchgame"], "unknown game"),
        (["play", "courtisans", "-n", "9"], "not 9"),
        (["play", "courtisans", "-n", "1"], "not 1"),
        (["play", "courtisans", "--seat", "2"], "--seat"),
        (["play", "courtisans", "-o", "teams"], "malformed option"),
        (["play", "courtisans", "-o", "colour=red"], "no option 'colour'"),
        (["play", "courtisans", "-o", "teams=maybe"], "boolean"),
        (["play", "courtisans", "-n", "3", "-o", "teams=true"], "expansion"),
        (["play", "courtisans", "--save", "/no/such/dir/x.json"], "cannot save"),
        (["simulate", "nosuchgame"], "unknown game"),
        (["simulate", "courtisans", "-n", "6"], "not 6"),
        (["simulate", "courtisans", "-o", "x=1"], "no option 'x'"),
    ],
)
def test_usage_errors_exit_2(runner, args, message):
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Error" in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# ----- replay -------------------------------------------------------------------------
@pytest.fixture
def saved_game(runner, tmp_path):
    path = tmp_path / "game.json"
    result = _play(runner, "--seed", "5", "--save", str(path), answers=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    return path


def test_replay_shows_final_position_and_result(runner, saved_game):
    state = courtly.replay(courtly.GameRecord.from_json(json.loads(saved_game.read_text())))
    result = runner.invoke(app, ["replay", str(saved_game)])
    assert result.exit_code == 0, result.output
    assert COURTISANS.render(state.view(None)) in result.output
    assert "Winner(s): " + ", ".join(f"Seat {w}" for w in state.result().winners) in result.output
    seat_view = runner.invoke(app, ["replay", str(saved_game), "--seat", "1"])
    assert seat_view.exit_code == 0
    assert COURTISANS.render(state.view(1)) in seat_view.output


def test_replay_unfinished_game(runner, tmp_path):
    path = tmp_path / "partial.json"
    _play(runner, "--seed", "3", "--save", str(path), answers="1\n")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "not over" in result.output


def _corrupt(tmp_path, saved_game):
    good = json.loads(saved_game.read_text())
    bad_action = json.loads(saved_game.read_text())
    bad_action["actions"][0][1] = {"type": "play", "family": "x", "role": "y", "area": "queen",
                                   "side": "above", "owner": None}
    cases = {
        "syntax.json": "{not json",
        "list.json": "[]",
        "format.json": json.dumps({**good, "format": 99}),
        "game.json": json.dumps({**good, "game": "nosuchgame"}),
        "action.json": json.dumps({**good, "actions": [[0, {"type": "fly"}]]}),
        "illegal.json": json.dumps(bad_action),
        "binary.json": b"\xff\xfe\x00",
    }
    paths = []
    for name, text in cases.items():
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
        paths.append(path)
    return [*paths, tmp_path / "missing.json"]


def test_replay_corrupt_files_exit_2(runner, tmp_path, saved_game):
    for path in _corrupt(tmp_path, saved_game):
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 2, (path.name, result.output)
        assert result.output.startswith("Error: "), (path.name, result.output)
        assert "Traceback" not in result.output


def test_replay_bad_seat_exit_2(runner, saved_game):
    result = runner.invoke(app, ["replay", str(saved_game), "--seat", "7"])
    assert result.exit_code == 2
    assert "--seat" in result.output


# ----- simulate -----------------------------------------------------------------------
def _table_rows(output: str) -> list[str]:
    return [line for line in output.splitlines() if re.match(r"^│\s+\d+\s+│", line)]


@pytest.mark.slow
def test_simulate_prints_a_reproducible_table(runner):
    args = ["simulate", "courtisans", "--games", "8", "--players", "3", "--seed", "11"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "Win rate" in first.output and "95% CI" in first.output
    assert "Mean actions per game:" in first.output
    rows = _table_rows(first.output)
    assert len(rows) == 3
    second = runner.invoke(app, args)
    assert _table_rows(second.output) == rows
    assert second.output.split("Mean actions")[1] == first.output.split("Mean actions")[1]
    other = runner.invoke(app, [*args[:-1], "12"])
    assert _table_rows(other.output) != rows


def test_simulate_with_options(runner):
    result = runner.invoke(app, ["simulate", "courtisans", "-g", "3", "-n", "4",
                                 "-o", "expansion=1", "-o", "teams=1"])
    assert result.exit_code == 0, result.output
    assert "teams=true" in result.output
    assert len(_table_rows(result.output)) == 4


def test_simulate_needs_a_game(runner):
    result = runner.invoke(app, ["simulate", "courtisans", "--games", "0"])
    assert result.exit_code == 2
