"""kill -9 at random moments (issue 14, "Proof"): a real server process on
SQLite and on PostgreSQL is killed with SIGKILL again and again while 100
games of bots and games of people (moves sent over REST) are played, and
restarted each time. At the end every acknowledged move is stored where it
was acknowledged, every game is finished, and every game equals its replay.
The counts are printed after the run (tests/conftest.py)."""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import threading
import time
import urllib.error
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import courtly
from courtly.server.storage import Store
from test_server import market_server

pytestmark = pytest.mark.slow

COUNTS: Counter[str] = Counter()
BOT_GAMES, PERSON_GAMES = 100, 4
#: The run with two instances plays fewer games of bots (each game is checked
#: on both instances): the 100 of issue 14 are the single instance's runs.
TWO_INSTANCE_BOT_GAMES = 40
BOTS = {"game": "courtisans", "num_players": 2, "bot_delay": 0,
        "seats": [{"kind": "bot", "bot": "random"}] * 2}
PEOPLE = {"game": "courtisans", "num_players": 2, "seats": [{"kind": "person"}] * 2}


def _create(call: Any, bot_games: int = BOT_GAMES) -> tuple[list[str], dict[str, dict[str, str]]]:
    bots = [call("/api/tables", BOTS)["table"]["id"] for _ in range(bot_games)]
    people = {}
    for _ in range(PERSON_GAMES):
        made = call("/api/tables", PEOPLE)
        tid, tokens = made["table"]["id"], made["tokens"]
        for seat, token in tokens.items():
            call(f"/api/tables/{tid}/join", {"token": token, "name": f"P{seat}"})
        people[tid] = tokens
    return bots, people


def _play_people(calls: list[Any], people: dict[str, dict[str, str]], rng: random.Random,
                 acknowledged: dict[str, list[tuple[int, int, str]]]) -> None:
    """Moves of people, each through one of ``calls`` (servers) at random,
    until a server dies under them: each move acknowledged (200) is recorded
    with the number it was stored at; a move refused because another
    instance changed the table first (409 ``stale``) is counted, not
    acknowledged; any 5xx fails the test."""
    while True:
        call = rng.choice(calls)
        open_tables = [t for t in people if call(f"/api/tables/{t}")["status"] == "playing"]
        if not open_tables:
            time.sleep(0.05)  # the bots play on until the kill
            continue
        tid = rng.choice(open_tables)
        seen = call(f"/api/tables/{tid}/state")
        if not seen["to_act"]:
            continue  # it ended since the listing (a stand-in's move, on either instance)
        seat = str(seen["to_act"][0])
        legal = call(f"/api/tables/{tid}/state?token={people[tid][seat]}")["legal"]
        if not legal:
            continue  # the state moved on between the two reads
        action = rng.choice(legal)["action"]
        try:
            answer = call(f"/api/tables/{tid}/actions",
                          {"token": people[tid][seat], "action": action})
        except urllib.error.HTTPError as error:
            assert error.code < 500, f"the server answered {error.code}: {error.read()!r}"
            assert error.code == 409, f"the server answered {error.code}: {error.read()!r}"
            COUNTS["stale moves refused (409)"] += 1
            continue
        # where the server says it stored the move: the state read before may
        # be a move behind, the instance catching up with the other's since
        acknowledged[tid].append((answer["move"], int(seat), json.dumps(action, sort_keys=True)))
        if answer["move"] != seen["table"]["moves"]:
            COUNTS["moves stored after a catch-up"] += 1
        COUNTS["acknowledged moves"] += 1


def _url(database: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if database == "sqlite":
        return f"sqlite:///{tmp_path / 'chaos.sqlite'}"
    from postgres import new_database

    return new_database(request.getfixturevalue("postgres_base"))


def _check(url: str, bots: list[str], people: dict[str, dict[str, str]],
           acknowledged: dict[str, list[tuple[int, int, str]]], calls: list[Any]) -> int:
    """Every acknowledged move stored where it was acknowledged, and every
    game, as each server shows it, finished and equal to its replay; how
    many games."""
    stored = {t.row.id: t for t in Store(url).load_all()}
    for tid, moves in acknowledged.items():
        rows = {m.number: (m.seat, m.action) for m in stored[tid].moves}
        lost = [(number, seat, action, rows.get(number)) for number, seat, action in moves
                if rows.get(number) != (seat, action)]
        assert not lost, f"acknowledged, then not stored so (number, seat, action, stored): {lost}"
    for call in calls:
        for tid in [*bots, *people]:
            replayed = call(f"/api/tables/{tid}/replay?step=100000&seat=spectator")
            state = courtly.GAMES["courtisans"].new_game(2, seed=replayed["seed"])
            for move in sorted(stored[tid].moves, key=lambda m: m.number):
                state.apply(move.seat, state.game.parse_action(json.loads(move.action)))
            assert state.is_over
            assert replayed["views"]["spectator"] == state.view(None)
            assert call(f"/api/tables/{tid}/state")["view"] == state.view(None)
    return len(bots) + len(people)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_kill_9_at_random_moments_loses_no_acknowledged_move(database: str, tmp_path: Path,
                                                              request: pytest.FixtureRequest
                                                              ) -> None:
    url = _url(database, tmp_path, request)
    rng = random.Random(14)
    with market_server(url, bot_delay=0) as call:
        bots, people = _create(call)
    acknowledged: dict[str, list[tuple[int, int, str]]] = {t: [] for t in people}
    for _round in range(200):
        with market_server(url, bot_delay=0) as call:
            finished = all(call(f"/api/tables/{t}")["status"] == "over" for t in [*bots, *people])
            if finished:
                break
            # killed at a random moment, maybe in the middle of a request
            threading.Timer(rng.uniform(0.3, 1.5), call.process.kill).start()
            with contextlib.suppress(OSError, http.client.HTTPException):
                _play_people([call], people, rng, acknowledged)  # a move cut off: not acknowledged
        COUNTS[f"kill -9 ({database})"] += 1
    assert finished, "the games did not all finish"
    with market_server(url, bot_delay=0) as call:
        COUNTS[f"games checked ({database})"] += _check(url, bots, people, acknowledged, [call])


def test_two_instances_on_one_postgresql_one_killed_again_and_again(
        tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Issue 14: "with two instances one of them killed repeatedly". Each
    round one of the two (at random: the one driving the tables' bots, or
    the other) is killed while people play through both; the other takes
    over its tables' bots; the killed one is started again."""
    url = _url("postgresql", tmp_path, request)
    rng = random.Random(15)
    acknowledged: dict[str, list[tuple[int, int, str]]] = {}
    with contextlib.ExitStack() as stack:
        servers = [stack.enter_context(market_server(url, bot_delay=0)) for _ in range(2)]
        bots, people = _create(servers[0], TWO_INSTANCE_BOT_GAMES)
        acknowledged.update({t: [] for t in people})
        for _round in range(200):
            finished = all(servers[0](f"/api/tables/{t}")["status"] == "over"
                           for t in [*bots, *people])
            if finished:
                break
            victim = rng.randrange(2)
            threading.Timer(rng.uniform(0.3, 1.5), servers[victim].process.kill).start()
            with contextlib.suppress(OSError, http.client.HTTPException):
                _play_people(servers, people, rng, acknowledged)
            servers[victim].process.join(timeout=10)
            servers[victim] = stack.enter_context(market_server(url, bot_delay=0))
            COUNTS["kill -9 (one of two instances)"] += 1
        assert finished, "the games did not all finish"
        wait = time.monotonic() + 10  # the other instance hears of the last moves
        while not all(s(f"/api/tables/{t}")["status"] == "over" for s in servers
                      for t in [*bots, *people]):
            assert time.monotonic() < wait, "an instance did not hear the games end"
            time.sleep(0.1)
        COUNTS["games checked (two instances)"] += _check(url, bots, people, acknowledged,
                                                         servers)
