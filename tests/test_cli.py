"""Tests for the ``courtly`` command line (typer's CliRunner, no real terminal)."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import courtly
from courtly.cli import _number_problem, app, format_value, parse_options
from courtly.core import listed

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
def test_python_dash_m_courtly_runs_the_command_line():
    """``python -m courtly`` is the ``courtly`` script (the package had no __main__)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    src = Path(__file__).resolve().parent.parent / "src"
    env = {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "200"}
    proc = subprocess.run([sys.executable, "-m", "courtly", "games"], capture_output=True,
                          text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "fief" in proc.stdout


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
    assert f"Score: {' / '.join(f'{s:g}' for s in final.scores)}" in out
    assert listed("Winner", [f"Seat {w}" for w in final.winners]) in out
    assert (record.seed, record.num_players) == (7, 2)

    # The same seed and the same answers give the same game.
    again = _play(runner, "--players", "2", "--seed", "7")
    assert again.exit_code == 0
    assert again.output.split("Game over")[0] == out.split("Game over")[0]


def test_the_end_of_fief_shows_fiefs_soldiers_and_crowns(runner, tmp_path):
    """Fief's score is a code for programs (fiefs.soldiers-crowns, 0.01500003):
    the end shows what the rulebook decides by, "the number of possessed fiefs;
    then ... the number of soldiers on the ground and ... the quantity of
    money", seat by seat; the code, shown before, is not."""
    from courtly.games.fief.render import standing_keys

    path = tmp_path / "fief.json"
    result = runner.invoke(app, ["play", "fief", "-n", "3", "--seed", "0", "--option",
                                 "turn_limit=1", "--save", str(path)], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    state = courtly.replay(courtly.GameRecord.from_json(json.loads(path.read_text())))
    assert state.is_over
    keys = standing_keys(state.view(0))
    figures = [" / ".join(f"{keys[s][i]:,}" for s in range(3)) for i in range(3)]
    out = result.output
    assert f"Fiefs: {figures[0]}; Soldiers: {figures[1]}; Crowns: {figures[2]}" in out
    table = out[out.index("Result"):]
    assert all(header in table for header in ("Fiefs", "Soldiers", "Crowns"))
    assert "Score" not in table
    assert not any(f"{score:g}" in table for score in state.result().scores)


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
    result = _play(runner, "--seed", "3", "--save", str(path), answers="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    # Two cards placed by answer, the turn's last one in its only place (asked
    # all the same: the second card may still be taken back, "u"), then the
    # bot's turn; EOF at the next question.
    assert "Your only choice, played: " not in result.output
    assert "Your choice [1, u to undo, q to quit]" in result.output
    assert "unfinished after 6 actions" in result.output
    state = courtly.replay(courtly.GameRecord.from_json(json.loads(path.read_text())))
    assert not state.is_over
    assert len(state.record.actions) == 6


def test_a_game_left_unfinished_is_taken_up_again(runner, tmp_path):
    """A terminal play-test's stray Ctrl-C ended a game with no way back: the
    record saved could only be shown (courtly replay). `--resume FILE` replays
    it and plays on from there, its players, seed and options its own, saved
    back to FILE; the quit line says how."""
    path = tmp_path / "partial.json"
    result = _play(runner, "--seed", "3", "--save", str(path), answers="1\n1\n1\n")
    assert f"courtly play courtisans --resume {path} --seat 0 --bots random" in \
        " ".join(result.output.split())
    first = courtly.GameRecord.from_json(json.loads(path.read_text()))
    result = runner.invoke(app, ["play", "courtisans", "--resume", str(path)],
                           input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    assert "2 players, seed 3, taken up after 6 actions; you are Seat 0." in result.output
    assert "Game over" in result.output
    state = courtly.replay(courtly.GameRecord.from_json(json.loads(path.read_text())))
    assert state.is_over and state.record.actions[:6] == first.actions


@pytest.mark.parametrize(("extra", "message"), [
    (["--seed", "0"], "leave out --seed"),
    (["-n", "3"], "leave out --players"),
    (["-o", "teams=true"], "leave out --option"),
])
def test_a_game_taken_up_keeps_its_own_settings(runner, tmp_path, extra, message):
    path = tmp_path / "partial.json"
    _play(runner, "--seed", "3", "--save", str(path), answers="q\n")
    result = runner.invoke(app, ["play", "courtisans", "--resume", str(path), *extra])
    assert result.exit_code == 2 and message in result.output, result.output
    result = runner.invoke(app, ["play", "fief", "--resume", str(path)])
    assert result.exit_code == 2 and "a record of courtisans, not of fief" in result.output


def test_play_undo_takes_back_the_card_just_placed(runner, tmp_path):
    """u is offered after one's own card and takes it back; not before any."""
    path = tmp_path / "undo.json"
    result = _play(runner, "--seed", "3", "--save", str(path), answers="u\n1\nu\n1\n")
    assert result.exit_code == 0, result.output
    first_menu, rest = result.output.split("Undo: take back", 1)
    assert "u to undo" not in first_menu  # nothing to take back yet: "u" was refused
    assert "takes back" in rest
    state = courtly.replay(courtly.GameRecord.from_json(json.loads(path.read_text())))
    assert len(state.record.actions) == 1  # one placed, taken back, placed again


def test_play_quit_word(runner):
    result = _play(runner, "--seed", "3", answers="q\n")
    assert result.exit_code == 0
    assert "unfinished after 0 actions" in result.output
    assert "with --save FILE a game left unfinished can be taken up again" in \
        " ".join(result.output.split())


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
    assert listed("Winner", [f"Seat {w}" for w in state.result().winners]) in result.output
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


# ----- play: negotiation windows (the test game Market) -------------------------------
@pytest.fixture
def market(monkeypatch):
    """The test game Market, registered for the length of a test."""
    from market_game import GAME

    monkeypatch.setitem(courtly.GAMES, GAME.name, GAME)
    return GAME


def _market_record(path, game) -> courtly.GameRecord:
    return game.read_record(json.loads(path.read_text()))


def test_play_a_market_game_with_a_give_and_done(runner, tmp_path, market):
    """The person's seat is in the window: its menu has Done and its gifts;
    a bot in the window acts by the referee's rule (the heuristic says
    Done); then the sealed bids; the whole game to its end."""
    from courtly.core import Done
    from market_game import Bid, Give

    path = tmp_path / "market.json"
    # Give 1 coin to seat 1; (the bot is done) Done; bid 0; round 2: Done; bid 0.
    answers = "2\n1\n1\n1\n1\n"
    result = runner.invoke(app, ["play", "market", "-n", "2", "--seed", "1", "--bots",
                                 "heuristic", "--save", str(path)], input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You may act (Seat 0): Done ends your part" in out
    assert "Phase: negotiate; to act: nobody; may act (not waited for): Seat 0 (you), " \
           "Seat 1." in out
    assert "    1. Done" in out and "    2. Give 1 coin(s) to seat 1" in out
    assert "Seat 0 gives 1 to seat 1" in out and "Seat 1 is done" in out
    assert "Phase: bid; to act: Seat 0 (you), Seat 1." in out
    assert "Game over" in out
    record = _market_record(path, market)
    assert courtly.replay(record, market).is_over
    mine = [a for s, a in record.actions if s == 0]
    assert mine == [Give(1, 1), Done(), Bid(0), Done(), Bid(0)]
    assert all(s != courtly.REFEREE for s, _ in record.actions)


def test_bots_alone_in_a_window_act_by_the_referees_rule(runner, tmp_path, market):
    """Once the person is done, the random bots share the window, each at
    most WINDOW_ACTIONS actions, then the referee calls time."""
    path = tmp_path / "market.json"
    result = runner.invoke(app, ["play", "market", "-n", "3", "--seed", "2", "-o", "rounds=1",
                                 "-o", "window_actions=1000", "--save", str(path)],
                           input="1\n1\n")
    assert result.exit_code == 0, result.output
    assert "Time is up: the market closes" in result.output and "Game over" in result.output
    record = _market_record(path, market)
    assert record.actions[0] == (0, courtly.Done())
    state = market.new_game(3, 2, record.options)
    shares = {1: 0, 2: 0}
    for seat, action in record.actions:
        phase = state.phase
        if seat in phase.may_act and seat not in phase.to_act and seat:
            shares[seat] += 1  # answers to a proposal are not window actions
        state.apply(seat, action)
        if seat == courtly.REFEREE:
            break
    assert shares == {1: courtly.core.WINDOW_ACTIONS, 2: courtly.core.WINDOW_ACTIONS}


def test_the_prompt_timer_calls_time(runner, tmp_path, market, monkeypatch):
    """With --timer, a window's prompt left unanswered makes the referee call
    time; the phase's own time limit is shown. (The clock is the reader's:
    here it runs out at once wherever a timeout applies.)"""
    import courtly.cli as cli

    timeouts: list[float | None] = []
    answers = iter(["1", "1"])  # the two bids

    def reader(console, prompt, timeout, timed=False):
        assert timed
        timeouts.append(timeout)
        return None if timeout is not None else next(answers)

    monkeypatch.setattr(cli, "read_answer", reader)
    path = tmp_path / "market.json"
    result = runner.invoke(app, ["play", "market", "-n", "2", "--seed", "3", "--bots", "heuristic",
                                 "-o", "window_seconds=2", "--timer", "5", "--save", str(path)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Time limit: 2 s. Answer within 5 s, or the referee calls time." in out
    assert out.count("No answer within 5 s: the referee calls time.") == 2
    assert timeouts[0] == pytest.approx(5, abs=0.5) and timeouts[1] is None
    record = _market_record(path, market)
    assert [s for s, _ in record.actions].count(courtly.REFEREE) == 2
    without = runner.invoke(app, ["play", "market", "-n", "2", "--seed", "3", "-o",
                                  "window_seconds=2"], input="q\n")
    assert "Time limit: 2 s (not kept here: --timer SECONDS makes the referee call time)." \
        in without.output


@pytest.mark.slow
def test_the_prompt_timer_on_a_real_pipe(tmp_path):
    """The real reader: nothing typed for 0.3 s in the window and time is up;
    the bid is then typed and the game ends."""
    import os
    import subprocess
    import sys
    import threading
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parent
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import courtly; "
            "from market_game import GAME; courtly.GAMES[GAME.name] = GAME; "
            "from courtly.cli import app; app(sys.argv[2:])")
    env = {**os.environ, "PYTHONPATH": str(root.parent / "src"), "COLUMNS": "100"}
    proc = subprocess.Popen(
        [sys.executable, "-u", "-c", code, str(root), "play", "market", "-n", "2", "--seed",
         "4", "-o", "rounds=1", "--bots", "heuristic", "--timer", "0.3"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env)
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(proc.stdout.readline, "")),
                              daemon=True)
    reader.start()
    deadline = time.monotonic() + 60
    while "No answer within" not in "".join(seen) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert "No answer within 0.3 s: the referee calls time." in "".join(seen)
        proc.stdin.write("1\n")
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join(timeout=10)
    out = "".join(seen)
    assert "Time is up: the market closes" in out and "Game over" in out


def test_replay_of_a_game_left_in_a_window_says_who_may_act(runner, tmp_path, market):
    path = tmp_path / "market.json"
    runner.invoke(app, ["play", "market", "-n", "2", "--seed", "1", "--save", str(path)],
                  input="q\n")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "not over (negotiate): waiting for nobody; may act: Seat 0, Seat 1." in result.output


def test_a_long_menu_is_narrowed_field_by_field(runner, tmp_path, market):
    """With four players the window's menu is long (gifts, offers of every amount):
    the kind of action first, then its fields, a number typed in for a field of
    many numbers; a bad number is asked again."""
    from market_game import Give

    path = tmp_path / "market.json"
    # kind: give (2); then the full menu of 18 gifts: the 8th (2 coins to seat 2);
    # then q to quit.
    result = runner.invoke(app, ["play", "market", "-n", "4", "--seed", "1", "--bots",
                                 "heuristic", "--save", str(path)], input="2\n8\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    # each group reads as its menu lines do, "…" where they differ
    assert "    1. Done" in out and "    2. Give … coin(s) to seat … (18 choices)" in out
    assert "    3. Offer seat … coin(s) for … (63 choices)" in out
    record = _market_record(path, market)
    assert [a for s, a in record.actions if s == 0] == [Give(2, 2)]


def test_v_shows_the_table_again_and_h_the_keys(monkeypatch):
    """A terminal play-test: a long menu scrolled the map away (where to strike,
    who holds what), and h, ? and help were refused as "not a number". "v"
    shows the table again, then the whole menu (also from a narrowed one);
    "h" (or "?", "help") says which keys do what and asks again."""
    from rich.console import Console

    from courtly.cli import HELP, _ask_action
    from market_game import GAME, Done

    state = GAME.new_game(4, seed=1)
    state.coins[0] = 100
    # h; v at the whole menu; give; v at the gifts' seats; ?; Done
    answers = iter(["h", "v", "2", "v", "?", "1"])
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    assert _ask_action(console, GAME, state, 0) == Done()
    out = console.export_text()
    assert out.count('"to_act"') == 3  # the table (Market's: its view): first, then at each v
    assert " ".join(out.split()).count(" ".join(HELP.split())) == 2
    assert "is not a number" not in out
    assert out.count("    1. Done") == 3


def test_a_field_of_many_numbers_is_typed_in(monkeypatch):
    """A hundred amounts: the number is typed, and one not possible is asked again."""
    from rich.console import Console

    from courtly.cli import _ask_action
    from market_game import GAME, Give

    state = GAME.new_game(4, seed=1)
    state.coins[0] = 100  # tests may force a position
    answers = iter(["2", "3", "150", "42"])  # give; to seat 3; 150 is too much; 42
    prompts: list[str] = []
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input",
                        lambda prompt="": prompts.append(prompt) or next(answers))
    assert _ask_action(console, GAME, state, 0) == Give(3, 42)
    out = console.export_text()
    # the number asked for reads as the moves' lines, a "?" for it, not as the field's name
    assert prompts[-1] == "Give ? coin(s) to seat 3 [1-100, b to go back, q to quit]: "
    assert "amount" not in prompts[-1] and prompts[-1] not in out  # read, not printed
    assert ("'150' is not possible here (Give ? coin(s) to seat 3); enter a number from 1 to "
            "100.") in out


def test_b_goes_back_from_a_narrowed_menu_to_the_whole_one(monkeypatch):
    """A play-test in the terminal chose "Play card" in Versailles' long
    menu, then wanted to give cards instead: a narrowed menu offered no way
    back, only its own moves or q, which quits the game. Now "b" (at a
    group's menu and at a number typed in) goes back to the whole menu,
    which the first menu does not offer (nothing to go back to)."""
    from rich.console import Console

    from courtly.cli import _ask_action
    from market_game import GAME, Done

    state = GAME.new_game(4, seed=1)
    state.coins[0] = 100
    # give; b: the whole menu; give; to seat 3; b at the amount: the whole menu; Done
    answers = iter(["2", "b", "2", "3", "b", "1"])
    prompts: list[str] = []
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input",
                        lambda prompt="": prompts.append(prompt) or next(answers))
    assert _ask_action(console, GAME, state, 0) == Done()
    out = console.export_text()
    assert prompts[0] == "Your choice [1-3, q to quit]: "  # the whole menu: no way back
    assert prompts[1] == "Your choice [1-3, b to go back, q to quit]: "  # the gifts' seats
    assert prompts[4] == "Give ? coin(s) to seat 3 [1-100, b to go back, q to quit]: "
    assert prompts[2] == prompts[5] == prompts[0]
    assert out.count("    b. Back to all your choices") == 2
    assert out.count("    1. Done") == 3


def test_a_narrowed_menu_names_villages_and_lords_not_their_ids(monkeypatch):
    """Fief's movement menu is long: its groups read 'Roland …', 'Roland … to
    Blaye' (the words their menu lines share), not 'lord roland' or 'to "blaye"'
    (the fields and ids of the record)."""
    from rich.console import Console

    from courtly.cli import _ask_action
    from courtly.games.fief import GAME as FIEF
    from courtly.games.fief.actions import Move
    from courtly.games.fief.rules import Lord

    state = FIEF.new_game(3, seed=7, options={"turn_limit": 6})
    while state.stage != "movement":  # everyone passes until the movement phase
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if a.describe().startswith("End my")),
                               legal[0]))
    me = state.current()
    state.soldiers["berze"] = (me, 25)  # tests may force a position
    state.lords["roland"] = Lord(me, "berze")
    state.lords["eric"] = Lord(me, "berze")
    state._legal_cache.clear()
    assert len(state.legal_actions(me)) > 60
    answers = iter(["2", "2", "1", "2"])  # move; lord Roland; to Blaye; with 1 soldier
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    assert _ask_action(console, FIEF, state, me) == Move("roland", "blaye", "enter", 1)
    out = console.export_text()
    assert "1. Eric … (104 choices)" in out and "2. Roland … (104 choices)" in out
    assert "1. Roland … to Blaye (" in out and '"blaye"' not in out
    assert ". lord " not in out and "to to " not in out


def test_a_narrowed_move_asks_where_then_what_then_how_many(monkeypatch):
    """A Fief trip is narrowed by destination, then by what the force does
    there (attack, siege, right of way), then the counts are listed in words."""
    from rich.console import Console

    from courtly.cli import _ask_action
    from courtly.games.fief import GAME as FIEF
    from courtly.games.fief.actions import Move
    from courtly.games.fief.rules import Lord

    state = FIEF.new_game(3, seed=7, options={"turn_limit": 6})
    while state.stage != "movement":
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if a.describe().startswith("End my")),
                               legal[0]))
    me = state.current()
    other = (me + 1) % 3
    state.soldiers["berze"] = (me, 25)  # tests may force a position
    state.soldiers["blaye"] = (other, 2)
    state.lords["roland"] = Lord(me, "berze")
    state._legal_cache.clear()
    answers = iter(["2", "1", "1", "22"])  # move; to Blaye; attack; with 21 soldiers
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    assert _ask_action(console, FIEF, state, me) == Move("roland", "blaye", "attack", 21)
    out = console.export_text()
    assert out.index("1. Roland … Blaye (78 choices)") < \
        out.index("1. Roland … attack Blaye (26 choices)")
    assert "2. Roland … besiege Blaye (26 choices)" in out and "stance" not in out
    assert "22. Roland and 21 soldiers attack Blaye" in out
    assert "2. Roland … to Cluny (26 choices)" in out and "to to " not in out


def _buying_at_st_medard() -> tuple[courtly.State, int]:
    """Fief's purchases, the seat to buy with 2,000 crowns and three villages,
    Roland and 3 soldiers at St. Médard; the position and the seat."""
    from courtly.games.fief.rules import Lord

    state = _fief_at("purchases", seed=19, turn_limit=3)
    me = state.to_act[0]
    state.money[me] = 2000  # tests may force a position
    state.soldiers["st_medard"] = (me, 3)
    state.lords["roland"] = Lord(me, "st_medard")
    state._legal_cache.clear()
    return state, me


def test_a_narrowed_menu_reads_as_its_menu_lines(monkeypatch):
    """Fief's purchases with crowns to spare and three villages: the groups read
    as the player would say them, in the words the menu lines share ("Buy …
    soldiers at St. Médard"), not by the record's field names ("item soldier",
    "village St. Médard", which they read before)."""
    from rich.console import Console

    from courtly.cli import _ask_action
    from courtly.games.fief import GAME as FIEF
    from courtly.games.fief.actions import Buy

    state, me = _buying_at_st_medard()
    answers = iter(["2", "1", "1", "3"])  # buy; soldiers; at St. Médard; 3 of them
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    assert _ask_action(console, FIEF, state, me) == Buy("soldier", "st_medard", 3)
    out = console.export_text()
    assert "1. Buy … soldiers at … (" in out and "2. Buy … presses at … (" in out
    assert "1. Buy … soldiers at St. Médard (20 choices)" in out
    assert "item " not in out and "village " not in out


def test_a_phases_menus_keep_their_shape_when_one_gets_short(monkeypatch):
    """A terminal play-test bought soldiers from a long purchases menu narrowed
    to "2. Buy (38 choices)", then typed "2", "1" again at the next menu, which
    was listed whole now that it was short, and bought one soldier and ended
    the phase by mistake. A later menu of the phase is narrowed as many times
    as the seat's last one (MenuShape), whatever its length; a new phase finds
    its own shape."""
    from rich.console import Console

    from courtly.cli import MENU_LIMIT, MenuShape, _ask_action
    from courtly.games.fief import GAME as FIEF
    from courtly.games.fief.actions import Buy

    state, me = _buying_at_st_medard()
    shape = MenuShape()
    answers = iter(["2", "1", "1", "3",  # buy; soldiers; at St. Médard; 3 of them
                    "2", "1", "1", "1"])  # the same answers, one soldier, at the next menu
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    first = _ask_action(console, FIEF, state, me, shape=shape)
    assert first == Buy("soldier", "st_medard", 3) and shape.narrowed == 3
    state.apply(me, first)
    state.money[me] = 300
    state._legal_cache.clear()
    assert len(state.legal_actions(me)) <= MENU_LIMIT  # short enough to list whole
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    assert _ask_action(console, FIEF, state, me, shape=shape) == Buy("soldier", "st_medard", 1)
    out = console.export_text()
    assert "2. Buy (10 choices)" in out and "1. Buy … soldiers at … (6 choices)" in out, out
    # another phase's menu is its own: listed whole when short
    answers = iter(["1"])
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    phase = state.phase
    other = type(phase)("movement", phase.to_act, phase.may_act, phase.time_limit)
    _ask_action(console, FIEF, state, me, phase=other, shape=shape)
    assert shape.phase == "movement" and shape.narrowed == 0
    assert "choices)" not in console.export_text()


def test_a_narrowed_group_reads_as_the_words_its_lines_share():
    """The words every line has, in order ("…" for the rest; a differing aside
    left out); bits of names shared by chance are not kept; a group whose lines
    share nothing, or that would read like another, reads as field and value."""
    from courtly.cli import _group_lines, _shared_words

    assert _shared_words(["Buy 1 soldier at Tournus (100 crowns)",
                          "Buy 2 soldiers at Cluny (200 crowns)"]) == "Buy … soldiers at …"
    assert _shared_words(["Give Comte to Monsieur de Maintenant (Seat 1)",
                          "Give Baron and Justice to Monsieur de Maintenant (Seat 1)"]) == \
        "Give … to Monsieur de Maintenant (Seat 1)"
    assert _shared_words(["Give Comte to Monsieur le Baron de Maintenant (Seat 1)",
                          "Give Justice to Madame la Baronne de Maintenant (Seat 2)"]) == "Give …"
    assert _shared_words(["North", "South"]) is None
    lines = _group_lines("type", ["give", "pay"], [["a", "b"], ["c", "d"]],
                         {"a": "Give 1 to X", "b": "Give 2 to Y", "c": "Pay 1", "d": "Pay 2"}.get)
    assert lines == ["Give (2 choices)", "Pay (2 choices)"]  # one shared word: the kind says more
    same = _group_lines("to", [1, 2], [["a", "b"], ["c", "d"]],
                        {"a": "Go north", "b": "Go south", "c": "Go north", "d": "Go south"}.get)
    assert same == ["to 1 (2 choices)", "to 2 (2 choices)"]


def test_a_narrowed_menu_spells_the_whole_name():
    """Two lords entering, one attacking: the groups read 'lord Charles', not
    'lord Charles to' (a word the group's descriptions happen to share); a
    village of two words reads whole."""
    from courtly.cli import _value_label
    from courtly.games.fief.actions import Buy, Move

    entering = [Move("charles", "uchizy", "enter", n) for n in range(3)]
    assert _value_label("charles", entering) == "Charles"
    assert _value_label("st_medard", [Move("gauvain", "st_medard", "attack", 2)]) == \
        "St. Médard"
    assert _value_label("pont_d_ain", [Buy("mill", "pont_d_ain", 1)]) == "Pont-d'Ain"
    assert _value_label("soldier", [Buy("soldier", "cluny", 1)]) == "soldier"
    assert _value_label("nowhere", entering) == "nowhere"
    assert _value_label(21, entering) == "21"


def _fief_at(stage: str, seed: int, turn_limit: int) -> courtly.State:
    """A 3-player Fief game played to ``stage``, each seat ending its part
    where it may (else its first choice)."""
    from courtly.games.fief import GAME as FIEF

    state = FIEF.new_game(3, seed=seed, options={"turn_limit": turn_limit})
    while state.stage != stage:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if a.describe().startswith("End my")),
                               legal[0]))
    return state


def test_a_single_choice_is_played_without_asking(monkeypatch):
    """Fief's revenue phase without a tithe card offers only 'End my turn in this
    phase': nothing to decide, so nothing is asked (a prompt with one answer, many
    times a turn, was the most frequent keystroke of a whole game)."""
    from rich.console import Console

    from courtly.cli import _ask_action
    from courtly.games.fief import GAME as FIEF

    state = _fief_at("revenues", seed=7, turn_limit=6)
    me = state.to_act[0]
    state.hands[me] = []  # tests may force a hand: no tithe to claim
    state._legal_cache.clear()
    [only] = state.legal_actions(me)
    console = Console(record=True, width=100)

    def no_question(prompt: str = "") -> str:
        raise AssertionError(f"asked {prompt!r}")

    monkeypatch.setattr(console, "input", no_question)
    assert _ask_action(console, FIEF, state, me) == only
    assert f"Your only choice, played: {only.describe()}" in console.export_text()


def test_a_single_choice_waits_while_the_last_action_may_be_taken_back(monkeypatch):
    """A purchase that spends one's last crown leaves only 'End my turn in this
    phase', but the purchase may still be taken back: the menu is shown with
    'u', not played at once (it was, and the purchase could not be undone)."""
    from rich.console import Console

    from courtly.cli import UNDO, _ask_action
    from courtly.games.fief import GAME as FIEF
    from courtly.games.fief.actions import Buy

    state = _fief_at("purchases", seed=19, turn_limit=3)
    me = state.to_act[0]
    everything = max((a for a in state.legal_actions(me) if isinstance(a, Buy)),
                     key=lambda a: a.count if a.item == "soldier" else 0)
    state.apply(me, everything)
    assert state.money[me] < 100 and state.can_undo(me)
    [only] = state.legal_actions(me)
    console = Console(record=True, width=100)
    monkeypatch.setattr(console, "input", lambda prompt="": "u")
    assert _ask_action(console, FIEF, state, me) == UNDO
    text = console.export_text()
    assert "Your only choice, played" not in text
    assert f"1. {only.describe()}" in text and "u. Undo" in text


def test_replay_says_the_emissary_wins_when_no_seat_beat_it(runner, tmp_path):
    """Vive le Roi !'s Emissary variant: "pour gagner, il faut aussi battre ce
    joueur fictif"; no seat did, so nobody wins and the Emissary does."""
    import random

    game = courtly.game("vive_le_roi")
    state = game.new_game(2, seed=1, options={"emissary": True})
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    path = tmp_path / "vlr.json"
    path.write_text(json.dumps(state.record.to_json()))
    out = runner.invoke(app, ["replay", str(path)]).output
    assert "Winners: nobody" in out
    assert "no seat beat it, the Emissary wins" in out
    assert "★" not in out


def test_serve_passes_its_settings_to_the_server(runner, tmp_path, monkeypatch):
    """`courtly serve` opens the database and runs the app with its options
    (uvicorn itself is replaced here)."""
    import uvicorn

    served = {}
    monkeypatch.setattr(uvicorn, "run", lambda application, **kw: served.update(
        app=application, **kw))
    db = f"sqlite:///{tmp_path / 'serve.db'}"
    result = runner.invoke(app, ["serve", "--db", db, "--port", "8765", "--away-after", "30",
                                 "--list-ended-for", "120"])
    assert result.exit_code == 0, result.output
    hub = served["app"].state.hub
    assert (served["port"], hub.away_after, hub.list_ended_for) == (8765, 30.0, 120.0)
    assert hub.pause_after == 30.0  # by default the same as --away-after (docs/api.md)
    assert hub.undo_grace == 5.0  # a forced move's wait while the undo before is open
    assert (served["proxy_headers"], served["forwarded_allow_ips"]) == (True, "127.0.0.1")
    behind = runner.invoke(app, ["serve", "--db", db, "--port", "8765",
                                 "--forwarded-allow-ips", "10.0.0.2"])
    assert behind.exit_code == 0 and served["forwarded_allow_ips"] == "10.0.0.2"
    bad = runner.invoke(app, ["serve", "--db", db, "--list-ended-for", "-1"])
    assert bad.exit_code != 0 and served["port"] == 8765
    result = runner.invoke(app, ["serve", "--db", db, "--allow-origin", "https://a.example",
                                 "--allow-origin", "http://b.example:8080",
                                 "--tables-per-minute", "6", "--pause-after", "60",
                                 "--expire-after", "3600", "--undo-grace", "8"])
    assert result.exit_code == 0, result.output
    hub = served["app"].state.hub
    assert (hub.pause_after, hub.expire_after, hub.undo_grace) == (60.0, 3600.0, 8.0)
    assert served["app"].state.origins == {"https://a.example", "http://b.example:8080"}
    assert (served["app"].state.creations.burst, served["app"].state.creations.every) == (6, 10)
    bad = runner.invoke(app, ["serve", "--db", db, "--allow-origin", "a.example"])
    assert bad.exit_code != 0 and "scheme://host" in bad.output


def test_courtisans_menus_name_whose_card_each_target_is(monkeypatch):
    """An Assassin's menu says who placed each face-down Spy ("placed by
    Seat 1", and for your own "placed by you" with its family, which only you
    know) and whose domain a target lies in; no other seat's Spy family."""
    import random

    from rich.console import Console

    from courtly.cli import _ask_action
    from courtly.games.courtisans.cards import FAMILY_NAMES

    families = [english for english, _ in FAMILY_NAMES.values()]
    kinds: set[tuple[str, bool]] = set()
    for seed in range(40):
        state = COURTISANS.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            spies = [a for a in legal if getattr(a, "spy", None) is not None]
            if view["pending"] and spies:
                console = Console(record=True, width=200)
                monkeypatch.setattr(console, "input", lambda prompt="": "1")
                _ask_action(console, COURTISANS, state, seat)
                menu = console.export_text()
                pending = view["pending"]
                for action in spies:
                    if pending["area"] == "queen":
                        placer = view["queen_spy_placers"][action.side][action.spy]
                        family = view["queen_spies"][action.side][action.spy]
                    else:
                        dom = view["domains"][pending["owner"]]
                        placer, family = dom["spy_placers"][action.spy], dom["spies"][action.spy]
                    [line] = [ln for ln in menu.splitlines()
                              if f"Spy #{action.spy + 1}" in ln
                              and (pending["area"] != "queen" or action.side in ln)]
                    if placer == seat:
                        assert f"(placed by you, {FAMILY_NAMES[family][0]})" in line
                    else:
                        assert f"(placed by Seat {placer})" in line
                        assert not any(f in line for f in families)
                    if pending["area"] == "domain":
                        owner = pending["owner"]
                        assert ("in your own domain" if owner == seat
                                else f"in Seat {owner}'s domain") in line
                    kinds.add((pending["area"], placer == seat))
            state.apply(seat, rng.choice(legal))
        if len(kinds) == 4:
            break
    assert kinds == {("queen", True), ("queen", False), ("domain", True), ("domain", False)}


@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="needs a pseudo-terminal")
def test_what_was_typed_before_a_menu_is_discarded_and_said(monkeypatch):
    """On a real terminal a number typed while the bots played (read off the
    old menu) must not answer the new one: it is discarded, one line says so,
    and the next line typed answers."""
    import os
    import time

    from rich.console import Console

    from courtly.cli import _ask_number, _discard_typeahead

    master, slave = os.openpty()
    try:
        os.write(master, b"3\n1")  # a whole line and one not yet ended
        time.sleep(0.05)
        assert _discard_typeahead(slave) == "3\n1"
        assert _discard_typeahead(slave) == ""  # nothing left
        os.write(master, b"2\n")
        time.sleep(0.05)
        assert os.read(slave, 100) == b"2\n"  # the terminal reads lines again
        assert _discard_typeahead(master + 1000) == ""  # not a descriptor: nothing

        stdin = os.fdopen(os.dup(slave), "r")
        monkeypatch.setattr("sys.stdin", stdin)
        console = Console(record=True, width=120)
        os.write(master, b"3\n")
        time.sleep(0.05)
        answers = iter(["2"])
        monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
        assert _ask_number(console, 4) == 2
        out = console.export_text()
        assert "Ignored '3': it was typed before this menu appeared." in out
        stdin.close()
    finally:
        os.close(master)
        os.close(slave)


def test_nothing_is_discarded_from_a_pipe(runner):
    """Piped answers (tests, scripts) are not typeahead: every one is used."""
    result = runner.invoke(app, ["play", "courtisans", "--seed", "3"], input="1\n1\n1\nq\n")
    assert "Ignored" not in result.output
    assert "unfinished after 6 actions" in result.output


def test_the_end_of_versailles_reads_as_fortunes() -> None:
    """Versailles' score is each family's fortune in livres (§1): the end
    says so, with digits grouped, not a bare "Score"."""
    game = courtly.game("versailles")
    state = game.new_game(2, 3)
    columns = game.describe_result(state.view(0), courtly.Result((31250.0, 8000.0), (0,)))
    assert columns == {"Fortune (livres)": ["31,250", "8,000"]}


def test_the_end_of_fief_groups_the_crowns_digits() -> None:
    """Fief's end table named the crowns "2200" under a standing that says
    "2,200 crowns": its columns (fiefs, soldiers, crowns: "Any draws are
    decided by ...") group digits as the rest of the game's words do."""
    game = courtly.game("fief")
    view = {**game.new_game(3, 5).view(0), "money": [2200, 0, 12500]}
    columns = game.describe_result(view, courtly.Result((0.0, 0.0, 0.0), (0, 1, 2)))
    assert list(columns) == ["Fiefs", "Soldiers", "Crowns"]
    assert columns["Crowns"] == ["2,200", "0", "12,500"]


def test_the_end_of_vive_le_roi_with_emissaries_shows_the_margin() -> None:
    """With the Emperor's Emissaries a seat's score is its margin over the
    best of them ("pour gagner, il faut aussi battre ce joueur fictif"): the
    end shows its points and that margin, signed; without them, the score."""
    import random

    game = courtly.game("vive_le_roi")
    state = game.new_game(2, 4, {"emissary": True})
    rng = random.Random(4)
    while not state.is_over:
        seat = (state.phase.to_act or state.phase.may_act)[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view, result = state.view(0), state.result()
    columns = game.describe_result(view, result)
    assert list(columns) == ["Points", "Over the Emissary"]
    assert columns["Points"] == [f"{p:g}" for p in view["scores"][:2]]
    assert columns["Over the Emissary"] == [f"{s:+g}" for s in result.scores]
    plain = game.new_game(2, 4)
    while not plain.is_over:
        seat = (plain.phase.to_act or plain.phase.may_act)[0]
        plain.apply(seat, rng.choice(plain.legal_actions(seat)))
    assert list(game.describe_result(plain.view(0), plain.result())) == ["Score"]


def test_a_u_with_nothing_to_undo_and_a_menu_of_one_are_told_plainly(runner):
    """A terminal play-test read "'u' is not a number" where it had nothing to
    take back, and "enter a number from 1 to 1" at a menu of one line."""
    result = _play(runner, "--players", "2", "--seed", "7", answers="u\n" + ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    assert "There is nothing of yours to undo now; enter a number from 1 to" in result.output
    assert "'u' is not a number" not in result.output
    assert _number_problem("2", 1) == "2 is out of range; enter 1."
    assert _number_problem("", 1) == "Please enter 1."
    assert _number_problem("1", 1) is None


def test_a_line_wider_than_the_terminal_breaks_between_words():
    """A terminal play-test read card help cut in the middle of words ("One per
    turn\\n. Never", "Maréchal d\\ne France"): rich printed the lines as they
    were and the terminal cut them at its width. On a terminal a wide line is
    broken between words, its next lines indented; elsewhere (a pipe, a file)
    it is printed whole."""
    import io

    from rich.console import Console

    from courtly.cli import _plain
    line = "  Royal tithe: one per turn; never in a turn of exchange (Maréchal de France)."
    screen = io.StringIO()
    _plain(Console(file=screen, force_terminal=True, width=32, color_system=None), line)
    rows = screen.getvalue().splitlines()
    assert rows == ["  Royal tithe: one per turn;", "    never in a turn of exchange",
                    "    (Maréchal de France)."]
    assert all(len(row) <= 32 for row in rows)
    piped = io.StringIO()
    _plain(Console(file=piped, force_terminal=False, width=32), line)
    assert piped.getvalue() == line + "\n"


def test_the_story_since_ones_last_move_is_told_again_above_the_menu(runner):
    """A terminal play-test never saw what the others had done: their lines
    came before the table, some 80 lines long, and had scrolled away at every
    prompt. They are told again between the table and the menu."""
    result = _play(runner, "--players", "2", "--seed", "7", answers=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    turns = result.output.split("Your turn (Seat 0)")[1:]
    assert len(turns) > 3
    second = turns[1]
    recap = second.index("Since your last move:")
    assert recap > second.index("Your hand"), "after the table"
    told = second[recap:].split("Your choice")[0]
    lines = [line for line in told.splitlines() if line.startswith("  • ")]
    assert lines and all(line in turns[0] for line in lines), "lines printed as they came"


def test_a_negotiation_with_nothing_but_done_is_done_at_once(monkeypatch):
    """A terminal play-test, with no crown in Fief's negotiation, was offered
    "1. Done" alone and kept waiting for it: Done, the only choice, is played at
    once, said in one line, as a seat's only move is."""
    import io

    from rich.console import Console

    from courtly import cli
    from courtly.core import Done

    state = courtly.game("fief").new_game(4, seed=1)
    while state.phase.name != "negotiation":
        seat = (state.phase.to_act or state.phase.may_act)[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.phase.may_act[0]
    state.money[seat] = 0
    assert state.legal_actions(seat) == [Done()]

    def never(*args, **kwargs):
        raise AssertionError("nothing to ask")
    monkeypatch.setattr(cli, "read_answer", never)
    screen = io.StringIO()
    chosen = cli._ask_action(Console(file=screen, width=100), courtly.game("fief"), state, seat)
    assert chosen == Done() and "Your only choice, played: Done" in screen.getvalue()
