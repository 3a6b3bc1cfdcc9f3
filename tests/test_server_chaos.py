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
BOTS = {"game": "courtisans", "num_players": 2, "bot_delay": 0,
        "seats": [{"kind": "bot", "bot": "random"}] * 2}
PEOPLE = {"game": "courtisans", "num_players": 2, "seats": [{"kind": "person"}] * 2}


def _create(call: Any) -> tuple[list[str], dict[str, dict[str, str]]]:
    bots = [call("/api/tables", BOTS)["table"]["id"] for _ in range(BOT_GAMES)]
    people = {}
    for _ in range(PERSON_GAMES):
        made = call("/api/tables", PEOPLE)
        tid, tokens = made["table"]["id"], made["tokens"]
        for seat, token in tokens.items():
            call(f"/api/tables/{tid}/join", {"token": token, "name": f"P{seat}"})
        people[tid] = tokens
    return bots, people


def _play_people(call: Any, people: dict[str, dict[str, str]], rng: random.Random,
                 acknowledged: dict[str, list[tuple[int, int, str]]]) -> None:
    """Moves of people until the server dies under them: each move
    acknowledged (200) is recorded with the number it was stored at."""
    while True:
        open_tables = [t for t in people if call(f"/api/tables/{t}")["status"] == "playing"]
        if not open_tables:
            time.sleep(0.05)  # the bots play on until the kill
            continue
        tid = rng.choice(open_tables)
        seen = call(f"/api/tables/{tid}/state")
        seat = str(seen["to_act"][0])
        legal = call(f"/api/tables/{tid}/state?token={people[tid][seat]}")["legal"]
        action = rng.choice(legal)["action"]
        call(f"/api/tables/{tid}/actions", {"token": people[tid][seat], "action": action})
        acknowledged[tid].append((seen["table"]["moves"], int(seat),
                                  json.dumps(action, sort_keys=True)))
        COUNTS["acknowledged moves"] += 1


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_kill_9_at_random_moments_loses_no_acknowledged_move(database: str, tmp_path: Path,
                                                              request: pytest.FixtureRequest
                                                              ) -> None:
    if database == "sqlite":
        url = f"sqlite:///{tmp_path / 'chaos.sqlite'}"
    else:
        from postgres import new_database

        url = new_database(request.getfixturevalue("postgres_base"))
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
                _play_people(call, people, rng, acknowledged)  # a move cut off: not acknowledged
        COUNTS[f"kill -9 ({database})"] += 1
    assert finished, "the games did not all finish"
    stored = {t.row.id: t for t in Store(url).load_all()}
    for tid, moves in acknowledged.items():
        rows = {m.number: (m.seat, m.action) for m in stored[tid].moves}
        assert all(rows.get(number) == (seat, action) for number, seat, action in moves)
    with market_server(url, bot_delay=0) as call:
        for tid in [*bots, *people]:
            replayed = call(f"/api/tables/{tid}/replay?step=100000&seat=spectator")
            state = courtly.GAMES["courtisans"].new_game(2, seed=replayed["seed"])
            for move in sorted(stored[tid].moves, key=lambda m: m.number):
                state.apply(move.seat, state.game.parse_action(json.loads(move.action)))
            assert state.is_over
            assert replayed["views"]["spectator"] == state.view(None)
            assert call(f"/api/tables/{tid}/state")["view"] == state.view(None)
    COUNTS[f"games checked ({database})"] += len(bots) + len(people)
