"""The server through FastAPI's test client: lobby, seats, play over REST and
WebSocket, every error kind, chat, replays, stand-ins, restart without loss;
negotiation windows, the referee and deadlines on the test game Market, also
across a real server process killed with SIGKILL; tables that no longer replay."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import multiprocessing
import multiprocessing.forkserver
import os
import random
import socket
import sqlite3
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import courtly
from courtly.bots import HeuristicBot
from courtly.bots.random_bot import RandomBot
from courtly.bots.registry import BOTS
from courtly.server import create_app
from courtly.server.hub import BOT_WINDOW_ACTIONS
from market_game import GAME as MARKET


def make_client(tmp_path: Path, name: str = "db.sqlite", **kw: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / name}", **kw))


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A server on SQLite, and (slow: CI) on PostgreSQL (tests/postgres.py)."""
    if request.param == "sqlite":
        with make_client(tmp_path) as c:
            yield c
        return
    from postgres import new_database

    url = new_database(request.getfixturevalue("postgres_base"))
    with TestClient(create_app(url)) as c:
        yield c


def new_table(client: TestClient, seats: list[dict[str, Any]], game: str = "courtisans",
              **extra: Any) -> dict[str, Any]:
    body = {"game": game, "num_players": len(seats), "seats": seats, "seed": 11,
            "bot_delay": 0} | extra
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def person_table(client: TestClient, n: int = 2, **extra: Any) -> tuple[str, dict[str, str]]:
    """A table of n persons, every seat taken."""
    made = new_table(client, [{"kind": "person"}] * n, **extra)
    tid, tokens = made["table"]["id"], made["tokens"]
    for seat, token in tokens.items():
        assert client.post(f"/api/tables/{tid}/join",
                           json={"token": token, "name": f"P{seat}"}).status_code == 200
    return tid, tokens


def state(client: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    answer = client.get(f"/api/tables/{tid}/state", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def play_rest(client: TestClient, tid: str, tokens: dict[str, str], moves: int,
              rng: random.Random) -> None:
    for _ in range(moves):
        current = state(client, tid)
        if current["table"]["status"] != "playing":
            return
        seat = str(current["to_act"][0])
        legal = state(client, tid, tokens[seat])["legal"]
        answer = client.post(f"/api/tables/{tid}/actions",
                             json={"token": tokens[seat], "action": rng.choice(legal)["action"]})
        assert answer.status_code == 200, answer.text


def a_stand_in_moves(client: TestClient, tid: str, token: str, seat: int,
                     since: int = -1) -> Callable[[], bool]:
    """For ``wait_until``: ``seat``, a person polling through REST with its
    token (so seen, and there), plays its turns (its first legal action);
    true once a stand-in has moved after the log's index ``since``."""
    def check() -> bool:
        now = state(client, tid, token)
        if now["to_act"] == [seat] and now["table"]["status"] == "playing":
            client.post(f"/api/tables/{tid}/actions",
                        json={"token": token, "action": now["legal"][0]["action"]})
        return any(e.get("move", {}).get("by") == "standin" and e["index"] > since
                   for e in state(client, tid)["events"])
    return check


def settled_moves(client: TestClient, tid: str, quiet: float = 0.3) -> int:
    """The table's move count once it has stayed the same for ``quiet`` seconds."""
    moves = state(client, tid)["table"]["moves"]
    while True:
        time.sleep(quiet)
        now = state(client, tid)["table"]["moves"]
        if now == moves:
            return moves
        moves = now


def wait_until(predicate, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


# ----- lobby ----------------------------------------------------------------------

def test_lobby_lists_games_bots_and_tables(client):
    games = client.get("/api/games").json()
    courtisans = next(g for g in games if g["name"] == "courtisans")
    assert {k: o["default"] for k, o in courtisans["options"].items()} == {
        "expansion": False, "teams": False}
    assert courtisans["options"]["teams"]["type"] == "bool"
    assert "équipe" in courtisans["options"]["teams"]["label"]["fr"]
    assert "random" in client.get("/api/bots").json()
    made = new_table(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    assert set(made["tokens"]) == {"0"}
    assert made["links"]["seats"]["0"].startswith(f"/table/{made['table']['id']}?token=")
    listed = client.get("/api/tables").json()["tables"]
    assert listed[0]["id"] == made["table"]["id"]
    assert listed[0]["status"] == "waiting"
    assert "token" not in str(listed)
    assert client.get("/openapi.json").status_code == 200


def test_a_table_starts_when_every_person_seat_is_taken(client):
    made = new_table(client, [{"kind": "person"}, {"kind": "person"}])
    tid, tokens = made["table"]["id"], made["tokens"]
    client.post(f"/api/tables/{tid}/join", json={"token": tokens["0"], "name": "Ada"})
    assert state(client, tid)["table"]["status"] == "waiting"
    assert state(client, tid, tokens["0"])["legal"] == []
    client.post(f"/api/tables/{tid}/join", json={"token": tokens["1"], "name": "Bob"})
    info = state(client, tid)["table"]
    assert info["status"] == "playing"
    assert [s["name"] for s in info["seats"]] == ["Ada", "Bob"]


def test_the_lobby_says_whose_move_a_table_waits_for(client):
    """A play-test went back to the lobby during a negotiation and could not
    tell that the table waited for them: a table lists the seats whose move
    it waits for (those that must act, then those that may), only while it
    is played."""
    made = new_table(client, [{"kind": "person"}, {"kind": "person"}])
    tid, tokens = made["table"]["id"], made["tokens"]
    client.post(f"/api/tables/{tid}/join", json={"token": tokens["0"], "name": "Ada"})
    assert client.get(f"/api/tables?ids={tid}").json()["tables"][0]["waiting_for"] == []
    client.post(f"/api/tables/{tid}/join", json={"token": tokens["1"], "name": "Bob"})
    now = state(client, tid, tokens["0"])
    listed = client.get(f"/api/tables?ids={tid}").json()["tables"][0]
    assert listed["waiting_for"] == now["to_act"] + [
        s for s in now["may_act"] if s not in now["to_act"]] == [0]
    while now["to_act"] == [0]:  # seat 0's turn played out: then Bob's
        client.post(f"/api/tables/{tid}/actions",
                    json={"token": tokens["0"], "action": now["legal"][0]["action"]})
        now = state(client, tid, tokens["0"])
    assert state(client, tid)["table"]["waiting_for"] == now["to_act"] == [1]


# ----- play -----------------------------------------------------------------------

def test_pages_answer_get_and_head(client):
    for path in ("/", "/table/abc"):
        page = client.get(path)
        assert page.status_code == 200 and "<html" in page.text.lower()
        head = client.head(path)
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-type"].startswith("text/html")


def test_a_full_game_with_three_bots_over_the_websocket(client):
    made = new_table(client, [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 3)
    tid, token = made["table"]["id"], made["tokens"]["0"]
    client.post(f"/api/tables/{tid}/join", json={"token": token, "name": "Ada"})
    rng = random.Random(1)
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        seen: list[int] = []
        while True:
            message = ws.receive_json()
            if message["type"] != "update":
                continue
            seen += [e["index"] for e in message["events"]]
            if message["result"] is not None:
                break
            if 0 in message["to_act"] and message["legal"]:
                ws.send_json({"type": "act", "action": rng.choice(message["legal"])["action"]})
    assert seen == sorted(set(seen)), "each log entry arrives once, in order"
    assert len(message["result"]["scores"]) == 4
    assert client.get(f"/api/tables/{tid}").json()["status"] == "over"


def test_a_seat_acts_only_through_its_token(client):
    tid, tokens = person_table(client)
    legal = state(client, tid, tokens["0"])["legal"]
    before = state(client, tid)
    cases = [
        ({"token": tokens["1"], "action": legal[0]["action"]}, 409),  # not seat 1's turn
        ({"token": "forged-token", "action": legal[0]["action"]}, 403),
        ({"token": "", "action": legal[0]["action"]}, 403),            # a spectator
        ({"token": tokens["0"], "action": {"type": "fly"}}, 400),
        ({"token": tokens["0"], "action": {"type": "play", "family": "toads"}}, 400),
        ({"token": tokens["0"], "action": {"type": "decline"}}, 409),
        ({"token": tokens["0"]}, 422),
    ]
    for body, status in cases:
        answer = client.post(f"/api/tables/{tid}/actions", json=body)
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["detail"]
    assert client.post("/api/tables/nope/actions", json=cases[0][0]).status_code == 404
    assert state(client, tid) == before, "nothing changes on an error"


def test_an_accepted_action_says_where_it_is_stored(client):
    """``move`` in the answer: the number the action is stored at (the first
    action 0, the next 1), as the store holds it."""
    tid, tokens = person_table(client)
    for number in range(2):
        now = state(client, tid)
        seat = str(now["to_act"][0])
        action = state(client, tid, tokens[seat])["legal"][0]["action"]
        answer = client.post(f"/api/tables/{tid}/actions",
                             json={"token": tokens[seat], "action": action})
        assert answer.status_code == 200, answer.text
        assert answer.json()["move"] == number == now["table"]["moves"]
        stored = {t.row.id: t for t in client.app.state.hub.store.load_all()}[tid].moves
        assert [(m.seat, json.loads(m.action)) for m in stored if m.number == number] == [
            (int(seat), action)]


def test_the_engines_reason_comes_back_with_409(client):
    tid, tokens = person_table(client)
    answer = client.post(f"/api/tables/{tid}/actions",
                         json={"token": tokens["0"], "action": {"type": "decline"}})
    assert answer.status_code == 409
    assert answer.json()["detail"] == "Decline the card's power: there is no power to use now"


@pytest.mark.parametrize(("body", "status"), [
    ({"game": "chess", "num_players": 2, "seats": [{"kind": "person"}] * 2}, 400),
    ({"game": "courtisans", "num_players": 7, "seats": [{"kind": "person"}] * 7}, 400),
    ({"game": "courtisans", "num_players": 2, "seats": [{"kind": "person"}]}, 400),
    ({"game": "courtisans", "num_players": 2, "options": {"queens": True},
      "seats": [{"kind": "person"}] * 2}, 400),
    ({"game": "courtisans", "num_players": 2,
      "seats": [{"kind": "person"}, {"kind": "bot", "bot": "genius"}]}, 400),
    ({"game": "courtisans", "num_players": 2, "seats": [{"kind": "alien"}] * 2}, 422),
    ({"game": "courtisans"}, 422),
])
def test_bad_tables_are_refused(client, body, status):
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == status, answer.text
    assert client.get("/api/tables").json()["tables"] == []


def test_join_errors(client):
    made = new_table(client, [{"kind": "person"}, {"kind": "person"}])
    tid, tokens = made["table"]["id"], made["tokens"]
    url = f"/api/tables/{tid}/join"
    assert client.post(url, json={"token": "x", "name": "Eve"}).status_code == 403
    assert client.post(url, json={"token": tokens["0"], "name": "  "}).status_code == 400
    assert client.post(url, json={"token": tokens["0"], "name": "A" * 41}).status_code == 400
    assert client.post(url, json={"token": tokens["0"], "name": "Ada"}).status_code == 200
    assert client.post(url, json={"token": tokens["0"], "name": "Eve"}).status_code == 409
    assert client.post("/api/tables/zzz/join",
                       json={"token": tokens["0"], "name": "A"}).status_code == 404


def test_a_spectator_cannot_act_over_the_websocket(client):
    tid, _ = person_table(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        first = ws.receive_json()
        assert first["seat"] is None and first["legal"] == []
        assert first["view"]["hand"] is None
        ws.receive_json()  # chat history
        ws.send_json({"type": "act", "action": {"type": "decline"}})
        error = ws.receive_json()
        assert error == {"type": "error", "status": 403, "detail": error["detail"],
                         "code": "spectator", "params": {},
                         "server_time": error["server_time"]}  # as every message (docs/api.md)
        assert isinstance(error["server_time"], float)
        ws.send_json({"type": "dance"})
        assert ws.receive_json()["status"] == 422


def test_a_websocket_with_a_forged_token_is_refused(client):
    tid, _ = person_table(client)
    with client.websocket_connect(f"/ws/tables/{tid}?token=forged") as ws:
        assert ws.receive_json()["status"] == 403
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["status"] == 404


# ----- durability and reconnection ----------------------------------------------------

@pytest.mark.slow
def test_restart_resumes_every_table_with_nothing_lost(tmp_path):
    rng = random.Random(3)
    with make_client(tmp_path) as first:
        tid, tokens = person_table(first, 3)
        play_rest(first, tid, tokens, 17, rng)
        before = {s: state(first, tid, tokens[s]) for s in tokens}
        chat = first.post(f"/api/tables/{tid}/chat", json={"token": tokens["1"], "text": "hi"})
        assert chat.status_code == 200
    with make_client(tmp_path) as second:
        after = {s: state(second, tid, tokens[s]) for s in tokens}
        for s in tokens:
            assert after[s]["view"] == before[s]["view"]
            assert after[s]["events"] == before[s]["events"]
            assert after[s]["legal"] == before[s]["legal"]
        assert [m["text"] for m in second.get(f"/api/tables/{tid}/chat").json()] == ["hi"]
        play_rest(second, tid, tokens, 500, rng)
        assert state(second, tid)["table"]["status"] == "over"


def test_reconnect_gets_the_log_it_missed(client):
    tid, tokens = person_table(client)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as ws:
        last = ws.receive_json()["last_index"]
    play_rest(client, tid, tokens, 4, random.Random(0))
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}&since={last}") as ws:
        missed = ws.receive_json()["events"]
    assert missed and missed[0]["index"] == last + 1
    everything = state(client, tid, tokens["1"])["events"]
    assert missed == [e for e in everything if e["index"] > last]


# ----- chat ------------------------------------------------------------------------

def test_chat_public_and_private(client):
    tid, tokens = person_table(client, 3)
    say = f"/api/tables/{tid}/chat"
    assert client.post(say, json={"token": tokens["0"], "text": "<b>hello</b>"}).status_code == 200
    assert client.post(say, json={"token": tokens["0"], "text": "psst", "to": 2}).status_code == 200
    assert client.post(say, json={"token": "", "text": "spectator"}).status_code == 403
    assert client.post(say, json={"token": tokens["0"], "text": "x" * 501}).status_code == 400
    assert client.post(say, json={"token": tokens["0"], "text": "x", "to": 9}).status_code == 400

    def texts(token: str | None) -> list[str]:
        params = {"token": token} if token else {}
        return [m["text"] for m in client.get(say, params=params).json()]

    assert texts(tokens["0"]) == ["<b>hello</b>", "psst"]
    assert texts(tokens["2"]) == ["<b>hello</b>", "psst"]
    assert texts(tokens["1"]) == ["<b>hello</b>"]
    assert texts(None) == ["<b>hello</b>"]


def test_chat_is_pushed_to_those_who_may_read_it(client):
    tid, tokens = person_table(client, 3)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['2']}") as ws:
        ws.receive_json()
        ws.receive_json()
        ws.send_json({"type": "chat", "text": "to seat 0", "to": 0})
        message = ws.receive_json()
        assert message["type"] == "chat" and message["message"]["to"] == 0
    assert [m["text"] for m in client.get(f"/api/tables/{tid}/chat",
                                          params={"token": tokens["1"]}).json()] == []


def test_a_bot_says_why_in_the_chat_from_its_seat(client, monkeypatch):
    """The bot hook (docs/bots.md "Saying why"): what a bot's ``remark`` returns
    with its action is posted as a chat message from the bot's seat, public or
    private to one seat, its text in each language kept (``texts``: each page
    shows its own) beside the line of both; a bot without the method says
    nothing."""
    from courtly.core import Remark

    said: list[Remark] = [Remark({"en": "For the road.", "fr": "Pour la route."}),
                          Remark({"en": "Between us.", "fr": "Entre nous."}, to=1)]

    class Talker(RandomBot):
        def remark(self, obs, action):
            return said.pop(0) if said else None

    monkeypatch.setitem(BOTS, "talker", Talker)
    made = new_table(client, [{"kind": "bot", "bot": "talker"}, {"kind": "person"},
                              {"kind": "bot", "bot": "random"}])
    tid, token = made["table"]["id"], made["tokens"]["1"]
    client.post(f"/api/tables/{tid}/join", json={"token": token, "name": "Ada"})
    say = f"/api/tables/{tid}/chat"
    wait_until(lambda: len(client.get(say, params={"token": token}).json()) == 2)
    messages = client.get(say, params={"token": token}).json()
    assert [(m["seat"], m["to"], m["text"]) for m in messages] == [
        (0, None, "For the road. / Pour la route."), (0, 1, "Between us. / Entre nous.")]
    assert [m["texts"] for m in messages] == [{"en": "For the road.", "fr": "Pour la route."},
                                              {"en": "Between us.", "fr": "Entre nous."}]
    assert [m["text"] for m in client.get(say).json()] == ["For the road. / Pour la route."]
    ada = client.post(say, json={"token": token, "text": "Merci"}).json()
    assert ada["text"] == "Merci" and ada["texts"] is None


# ----- stand-ins and clocks -----------------------------------------------------------

def test_a_person_who_left_is_played_by_a_bot_and_the_log_says_so(tmp_path):
    """While another person is at the table (here connected, and playing)."""
    with make_client(tmp_path, away_after=0.2) as client:
        tid, tokens = person_table(client, 2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}"):
            pass
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"):
            wait_until(a_stand_in_moves(client, tid, tokens["0"], 0))
        texts = [e["text"] for e in state(client, tid)["events"]]
        assert any("Seat 1 (P1) is away: a bot plays for them" in t for t in texts)


def test_a_program_back_with_its_token_gets_its_seat_back_from_the_stand_in(tmp_path):
    """A seat played by its stand-in is its person's again once the person
    is seen, also through REST only (a program polling with its token): the
    log says so and the stand-in no longer plays its turns. (``away_after``
    1.5 s: at 0.3 s a CI run on a loaded machine let the program's polls,
    0.2 s apart, drift past it, and the stand-in played again.)"""
    with make_client(tmp_path, away_after=1.5) as client:
        tid, tokens = person_table(client, 2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"):
            wait_until(a_stand_in_moves(client, tid, tokens["0"], 0))  # seat 1 is away
            state(client, tid, tokens["1"])  # seat 1's program polls again
            wait_until(lambda: any("Seat 1 (P1) is back" in e["text"]
                                   for e in state(client, tid)["events"]))
            turns_of_1 = 0
            while turns_of_1 < 3:  # seat 1 plays its own turns now, seat 0 its own
                now = state(client, tid, tokens["1"])
                seat = now["to_act"][0]
                if seat == 1:
                    time.sleep(0.2)  # polling (seen), but slower than the stand-in would be
                    again = state(client, tid, tokens["1"])
                    assert again["table"]["moves"] == now["table"]["moves"]
                    turns_of_1 += 1
                legal = state(client, tid, tokens[str(seat)])["legal"]
                client.post(f"/api/tables/{tid}/actions",
                            json={"token": tokens[str(seat)], "action": legal[0]["action"]})
        events = state(client, tid)["events"]
        back = next(e["index"] for e in events if "Seat 1 (P1) is back" in e["text"])
        assert not any(e.get("move", {}).get("by") == "standin" and e["index"] > back
                       for e in events)


def test_a_program_polling_with_its_token_is_not_counted_gone(tmp_path):
    """A person playing through REST only is there while it polls (docs/api.md):
    on its turn, thinking longer than ``away_after`` while polling, it is not
    marked away and no stand-in plays for it."""
    with make_client(tmp_path, away_after=0.3) as client:
        tid, tokens = person_table(client, 2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"):
            while (now := state(client, tid, tokens["1"]))["to_act"] != [1]:
                legal = state(client, tid, tokens["0"])["legal"]
                client.post(f"/api/tables/{tid}/actions",
                            json={"token": tokens["0"], "action": legal[0]["action"]})
            moves = now["table"]["moves"]
            deadline = time.monotonic() + 1.0  # more than three times away_after
            while time.monotonic() < deadline:
                assert state(client, tid, tokens["1"])["table"]["moves"] == moves
                time.sleep(0.05)
        assert not any("is away" in e["text"] for e in state(client, tid)["events"])


def test_a_stand_in_thinking_when_its_person_comes_back_does_not_play(tmp_path, monkeypatch):
    """The seat is its person's again from the moment the person is seen: a
    stand-in that was still choosing drops its move (docs/api.md)."""
    from courtly.server.hub import LiveTable

    decide, thinking = LiveTable._decide, threading.Event()

    async def slowly(self, state, seat, spec):
        thinking.set()
        await asyncio.sleep(0.6)  # its person comes back meanwhile
        return await decide(self, state, seat, spec)

    monkeypatch.setattr(LiveTable, "_decide", slowly)
    with make_client(tmp_path, away_after=0.2) as client:
        tid, tokens = person_table(client, 2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}"):
            pass
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"):
            while state(client, tid, tokens["0"])["to_act"] != [1]:
                legal = state(client, tid, tokens["0"])["legal"]
                client.post(f"/api/tables/{tid}/actions",
                            json={"token": tokens["0"], "action": legal[0]["action"]})
            assert thinking.wait(5)  # seat 1 is away: its stand-in is choosing
            state(client, tid, tokens["1"])  # ... when its program polls again
            wait_until(lambda: any("Seat 1 (P1) is back" in e["text"]
                                   for e in state(client, tid)["events"]))
            time.sleep(0.8)  # the stand-in's choice is made by now
        events = state(client, tid)["events"]
        assert not any(e.get("move", {}).get("by") == "standin" for e in events)
        assert state(client, tid)["to_act"] == [1]


def test_a_pause_stops_the_move_clock_until_a_person_comes_back(tmp_path):
    """docs/api.md, "Idle tables": while a table is paused its clocks stop.
    A person who left with 0.7 s of a 1 s move clock left (the pause began
    0.3 s in) and comes back much later still has them; then the clock runs."""
    with make_client(tmp_path, away_after=0.3) as client:
        made = new_table(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                         move_clock=1.0, bot_delay=0.05)
        tid, token = made["table"]["id"], made["tokens"]["0"]
        client.post(f"/api/tables/{tid}/join", json={"token": token, "name": "Ann"})
        assert state(client, tid)["to_act"] == [0]
        wait_until(lambda: client.get(f"/api/tables/{tid}").json()["paused"])
        time.sleep(1.2)  # longer than the whole move clock
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}"):
            time.sleep(0.4)
            texts = [e["text"] for e in state(client, tid)["events"]]
            assert not any("ran out of time" in t for t in texts)
            wait_until(lambda: any("ran out of time" in e["text"]
                                   for e in state(client, tid)["events"]), timeout=5)


def receive_until(ws: Any, predicate: Callable[[dict[str, Any]], bool],
                  timeout: float = 10.0) -> dict[str, Any]:
    """The first message on the socket that ``predicate`` accepts, within
    ``timeout`` seconds (a daemon thread reads: the test client's own
    receive waits for ever)."""
    found: list[dict[str, Any]] = []

    def read() -> None:
        while not (found and predicate(found[-1])):
            found.append(ws.receive_json())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    kinds = [m.get("type") for m in found]
    assert found and predicate(found[-1]), f"no such message in {timeout} s: {kinds}"
    return found[-1]


def test_watchers_are_told_of_a_pause_and_its_clocks_stand_still(tmp_path):
    """docs/api.md, "Idle tables": when a table pauses, a spectator watching
    gets an update at once with ``table.paused`` and the clocks standing
    still (``deadline`` null, ``left``: what they keep); a person back
    wakes it, and the clocks run again from what they kept."""
    with market_client(tmp_path, away_after=0.3) as client:
        tid, tokens = market_table(client, window_seconds=20)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            paused = receive_until(ws, lambda m: m["type"] == "update"
                                   and m["table"]["paused"])
            assert paused["phase"]["deadline"] is None
            left = paused["phase"]["seconds_left"]
            assert 18 < left < 20
            assert paused["clocks"] == [{"kind": "phase", "seat": None, "deadline": None,
                                         "left": left, "total": 20.0}]
            time.sleep(0.5)
            again = state(client, tid)
            assert again["table"]["paused"] and again["clocks"] == paused["clocks"]
            assert again["phase"]["seconds_left"] == left
            with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"):
                presence = receive_until(ws, lambda m: m["type"] == "presence")
                assert presence["paused"] is False
                woken = receive_until(ws, lambda m: m["type"] == "update")
                assert not woken["table"]["paused"]
                [clock] = [c for c in woken["clocks"] if c["kind"] == "phase"]
                assert "left" not in clock
                assert clock["deadline"] == woken["phase"]["deadline"]
                assert abs(clock["deadline"] - woken["server_time"] - left) < 1.0


def test_a_paused_move_clock_is_sent_with_the_time_it_keeps(tmp_path):
    """The move clock of a paused table: no deadline, the seconds left when
    the pause began; away timers are not sent while nobody is there."""
    with make_client(tmp_path, away_after=0.3) as client:
        made = new_table(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                         move_clock=10.0, bot_delay=0.05)
        tid, token = made["table"]["id"], made["tokens"]["0"]
        client.post(f"/api/tables/{tid}/join", json={"token": token, "name": "Ann"})
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}"):
            pass  # Ann has been connected: her away timer would show
        wait_until(lambda: client.get(f"/api/tables/{tid}").json()["paused"])
        first = state(client, tid)["clocks"]
        time.sleep(0.4)
        assert state(client, tid)["clocks"] == first
        [clock] = first
        assert clock["kind"] == "move" and clock["seat"] == 0 and clock["deadline"] is None
        assert 9 < clock["left"] < 10


def test_a_seat_given_back_waits_for_its_person_then_a_stand_in_plays_it_and_says_so(
        tmp_path):
    """A seat the host gives back to a person mid-game waits ``away_after``
    for the one the link is sent to, as for a player who left; then a
    stand-in plays it and the log says so (a play-test saw it played at once,
    with no word); once someone sits down, the stand-in stops. The server
    plays on for the absent (``pause_after`` longer), as it does for a table
    with nobody else there."""
    with make_client(tmp_path, away_after=1.0, pause_after=60.0) as client:
        # on a seed of its own (one chosen, played as chosen, is known: such a table
        # takes no person, test_a_table_of_bots_only_takes_no_person)
        made = new_table(client, [{"kind": "bot", "bot": "random"}] * 2, bot_delay=0.05,
                         seed=None)
        tid, host = made["table"]["id"], made["links"]["host"].split("host=")[1]
        wait_until(lambda: state(client, tid)["table"]["moves"] > 0)  # mid-game
        answer = client.post(f"/api/tables/{tid}/host/seats/1/person", json={"host": host})
        assert answer.status_code == 200, answer.text
        given = time.monotonic()
        link = answer.json()["link"]
        wait_until(lambda: 1 in state(client, tid)["to_act"], timeout=5)
        waiting = state(client, tid)["table"]["moves"]
        # its wait is a clock everyone sees, though that seat never had a client
        [clock] = [c for c in state(client, tid)["clocks"] if c["seat"] == 1]
        assert clock["kind"] == "away" and 0 < clock["deadline"] - time.time() <= 1.0
        time.sleep(max(0.0, given + 0.7 - time.monotonic()))
        assert state(client, tid)["table"]["moves"] == waiting  # the seat waits for its person
        wait_until(lambda: state(client, tid)["table"]["moves"] > waiting, timeout=5)
        assert time.monotonic() - given >= 1.0
        [away] = [e for e in state(client, tid)["events"] if e["kind"] == "away"]
        assert away["text"] == "Seat 1 is still open: a bot plays it until someone sits down"
        assert away["data"] == {"seat": 1, "open": True}
        assert state(client, tid)["table"]["seats"][1]["away"] is True
        token = link.split("token=")[1]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            assert ws.receive_json()["seat"] == 1  # the link opened, no name taken yet
        joined = client.post(f"/api/tables/{tid}/join", json={"token": token, "name": "Bea"})
        assert joined.status_code == 200, joined.text
        assert state(client, tid)["table"]["seats"][1]["away"] is False
        after = [e["kind"] for e in state(client, tid)["events"] if e["index"] > away["index"]]
        assert "join" in after and "back" not in after  # a newcomer, not one coming back
        wait_until(lambda: 1 in state(client, tid)["to_act"], timeout=5)
        moves = state(client, tid)["table"]["moves"]
        time.sleep(0.5)
        assert state(client, tid)["table"]["moves"] == moves  # Bea plays it now


def test_with_nobody_there_the_stand_ins_wait_and_a_token_wakes_them(tmp_path):
    """Stand-ins play so that the persons there need not wait: with none
    connected or seen by token for ``away_after`` (the default
    ``pause_after``), the table pauses and nothing more is played, not even
    by bots; a person seen again, here a program polling with its token,
    wakes it (docs/api.md, "Idle tables")."""
    with make_client(tmp_path, away_after=0.3) as client:
        assert client.app.state.hub.pause_after == 0.3
        made = new_table(client, [{"kind": "person"}, {"kind": "person"},
                                  {"kind": "bot", "bot": "random"}], bot_delay=0.05)
        tid, tokens = made["table"]["id"], made["tokens"]
        waiting = new_table(client, [{"kind": "person"}] * 2)["table"]["id"]  # nobody sat down
        for seat, token in tokens.items():
            client.post(f"/api/tables/{tid}/join", json={"token": token, "name": f"P{seat}"})
        wait_until(lambda: client.get(f"/api/tables/{tid}").json()["paused"])
        assert not client.get(f"/api/tables/{waiting}").json()["paused"]  # it waits anyway
        moves = settled_moves(client, tid)  # a move begun before the pause may land after it
        time.sleep(0.8)  # more than two stand-in or bot moves' delay
        assert state(client, tid)["table"]["moves"] == moves
        assert client.get(f"/api/tables/{tid}").json()["paused"]
        since = state(client, tid)["events"][-1]["index"]
        wait_until(a_stand_in_moves(client, tid, tokens["1"], 1, since))
        assert state(client, tid)["table"]["moves"] > moves


def test_a_stand_in_plays_only_while_another_person_is_there(tmp_path):
    """Two friends leave one after the other: the first's stand-in does not
    play while the second still counts as not yet gone (the table not yet
    paused), since nobody is there to wait for it (a walk-through found
    stand-ins playing a Fief table both had left); it plays once the second
    is back (docs/api.md, "The clock and absent players")."""
    with make_client(tmp_path, away_after=0.4) as client:
        tid, tokens = person_table(client, 2)
        first = state(client, tid)["to_act"][0]
        second = str(1 - first)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[str(first)]}"):
            pass
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[second]}"):
            time.sleep(0.3)
        time.sleep(0.8)  # the first gone at 0.4, the table paused at 0.7
        assert client.get(f"/api/tables/{tid}").json()["paused"]
        assert state(client, tid)["table"]["moves"] == 0
        assert not any("is away" in e["text"] for e in state(client, tid)["events"])
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[second]}"):
            wait_until(lambda: state(client, tid)["table"]["moves"] > 0)
        assert [e["move"]["by"] for e in state(client, tid)["events"]
                if e.get("move", {}).get("seat") == first][:1] == ["standin"]


def test_the_move_clock_lets_a_bot_play_a_late_move(tmp_path):
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client, 2, move_clock=0.2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"), \
                client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}"):
            wait_until(lambda: state(client, tid)["table"]["moves"] >= 1)
        texts = [e["text"] for e in state(client, tid)["events"]]
        assert any("ran out of time" in t for t in texts)


def _fief_moves_until(client: TestClient, tid: str, tokens: dict[str, str],
                      found: Callable[[courtly.State, int], bool], rng: random.Random,
                      limit: int = 600) -> tuple[courtly.State, int]:
    """Play a Fief table of persons through REST (a purchase that spends
    the whole purse when there is one, else a random move; a window's seats
    say Done) until ``found(state, seat)`` holds for the server's own state
    and the seat to act; moves the server makes itself (forced) are waited
    for, never raced."""
    live = client.app.state.hub.tables[tid]
    for _ in range(limit):
        wait_until(lambda: live.state.phase.to_act or live.state.phase.may_act)
        state = live.state
        phase = state.phase
        seat = (phase.to_act or phase.may_act)[0]
        if found(state, seat):
            return state, seat
        if state.forced_publicly(seat) and not state.can_undo(seat):
            wait_until(lambda before=state: live.state is not before)
            continue
        legal = state.legal_actions(seat)
        everything = [a for a in legal if a.kind == "buy"
                      and a.count * state.board.setup.prices[a.item] == state.money[seat]]
        if seat not in phase.to_act:
            action = next(a for a in legal if a.kind == "done")
        else:
            action = everything[0] if everything else rng.choice(legal)
        answer = client.post(f"/api/tables/{tid}/actions",
                             json={"token": tokens[str(seat)], "action": action.to_json()})
        assert answer.status_code == 200, answer.text
    raise AssertionError("not found")


def test_the_server_makes_a_move_everyone_can_see_is_forced(tmp_path):
    """A Fief seat whose only move reads nothing hidden (an "End" with no
    money to buy, no lord to move; "Abstain" with no vote) has it made by
    the server at once, marked ``forced`` (State.forced_publicly); a lone
    move that could have been otherwise with other cards is left to the
    person, as is one made lone by an action the person may still take back.
    (No grace for the undo of the person before: the next test's.)"""
    with make_client(tmp_path, undo_grace=0) as client:
        tid, tokens = person_table(client, 3, game="fief", options={"turn_limit": 4},
                                   bot_delay=0.3)
        live = client.app.state.hub.tables[tid]
        rng = random.Random(3)
        now, seat = _fief_moves_until(
            client, tid, tokens,
            lambda s, seat: s.forced_publicly(seat) and not s.can_undo(seat), rng)
        # the stored number the move takes: every action so far, no undo yet (read
        # from the state found, since the move may land before this line runs)
        number = len(now.record.actions)
        wait_until(lambda: live.state is not now)
        stored = client.app.state.hub.store.load_table(tid, moves_from=number).moves[0]
        assert (stored.number, stored.seat, stored.by) == (number, seat, "forced")
        assert live.state.record.actions[len(now.record.actions)] == (
            seat, now.legal_actions(seat)[0])
        # the server's move is not the person's to take back (it was the only one:
        # an undo would only bring it back, again and again)
        assert live.made_by[-1] == "forced"  # (no person has moved since)
        assert not state(client, tid, tokens[str(seat)])["can_undo"]
        refused = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[str(seat)]})
        assert refused.status_code == 409 and "the server made that move" in refused.text
        # a lone move after a purchase that may still be taken back waits
        now, seat = _fief_moves_until(
            client, tid, tokens, lambda s, seat: s.forced_publicly(seat) and s.can_undo(seat),
            rng)
        time.sleep(0.5)
        assert live.state is now
        assert client.post(f"/api/tables/{tid}/undo",
                           json={"token": tokens[str(seat)]}).status_code == 200
        # and a lone move that reads one's cards is the person's own
        now, seat = _fief_moves_until(
            client, tid, tokens, lambda s, seat: seat in s.phase.to_act
            and len(s.legal_actions(seat)) == 1 and not s.forced_publicly(seat), rng)
        time.sleep(0.5)
        assert live.state is now


def test_a_forced_move_waits_while_the_person_before_may_take_theirs_back(tmp_path):
    """A person acts (a purchase, an End: still theirs to take back) and the
    next seat's only move is one the server makes (forced): it waits the
    hub's ``undo_grace``, not the bot delay, since it would end the first
    person's undo (the game's last action only). Taken back meanwhile, the
    table and its stored record agree (a restart gives the same table); with
    no grace left the forced move follows at the bot delay and closes the undo."""
    with make_client(tmp_path, undo_grace=60) as client:
        tid, tokens = person_table(client, 3, game="fief", options={"turn_limit": 4},
                                   bot_delay=0.05)
        live = client.app.state.hub.tables[tid]

        def after_a_persons_undoable_move(s: courtly.State, seat: int) -> bool:
            if not s.record.actions or live.made_by[-1:] != ["person"]:
                return False
            last = s.record.actions[-1][0]
            return (seat in s.phase.to_act and seat != last and s.forced_publicly(seat)
                    and not s.can_undo(seat) and s.can_undo(last))

        now, seat = _fief_moves_until(client, tid, tokens, after_a_persons_undoable_move,
                                      random.Random(3))
        last, action = now.record.actions[-1]
        time.sleep(0.5)  # ten bot delays: the forced move is not made
        assert live.state is now
        waiting = state(client, tid, tokens[str(seat)])
        assert waiting["forced"]
        assert state(client, tid, tokens[str(last)])["can_undo"]
        # every page can count the grace down: a clock for the forced move, no move clock
        clocks = [c for c in waiting["clocks"] if c["seat"] == seat]
        assert [(c["kind"], c["total"]) for c in clocks] == [("forced", 60)], clocks
        assert time.time() + 50 < clocks[0]["deadline"] <= time.time() + 60, clocks
        assert state(client, tid)["clocks"] == waiting["clocks"]  # a spectator's too
        answer = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[str(last)]})
        assert answer.status_code == 200, answer.text
        record, view = list(live.state.record.actions), live.state.view(None)
        assert record == list(now.record.actions[:-1])
    with make_client(tmp_path, undo_grace=0) as client:
        live = client.app.state.hub.tables[tid]
        assert list(live.state.record.actions) == record and live.state.view(None) == view
        answer = client.post(f"/api/tables/{tid}/actions",
                             json={"token": tokens[str(last)], "action": action.to_json()})
        assert answer.status_code == 200, answer.text
        wait_until(lambda: len(live.state.record.actions) == len(record) + 2)
        assert live.state.record.actions[-1][0] == seat and live.made_by[-1] == "forced"
        assert not state(client, tid, tokens[str(last)])["can_undo"]


# ----- replays ------------------------------------------------------------------------

@pytest.mark.slow
def test_a_finished_game_can_be_stepped_through(client):
    tid, tokens = person_table(client, 2)
    url = f"/api/tables/{tid}/replay"
    assert client.get(url).status_code == 409
    play_rest(client, tid, tokens, 1000, random.Random(5))
    first = client.get(url, params={"step": 0, "seat": "0"}).json()
    assert first["action"] is None and first["views"]["0"]["hand"]
    steps = first["steps"]
    middle = client.get(url, params={"step": 10, "seat": "all"}).json()
    assert set(middle["views"]) == {"0", "1"} and middle["action"]["text"]
    last = client.get(url, params={"step": steps, "seat": "spectator"}).json()
    assert last["views"]["spectator"]["phase"] == "over"
    assert client.get(url, params={"seat": "9"}).status_code == 400
    # the log goes with the step, as the seat saw it at the table: nothing later, nothing hidden
    early = client.get(url, params={"step": 10, "seat": "0"}).json()["events"]
    assert early and "game_over" not in {e["kind"] for e in early}
    whole = client.get(url, params={"step": steps, "seat": "0"}).json()["events"]
    assert whole[-1]["kind"] == "game_over" and whole[:len(early)] == early
    live = [e for e in state(client, tid, tokens["0"])["events"] if "move" in e]
    assert [(e["kind"], e["text"], e["data"]) for e in whole] == [
        (e["kind"], e["text"], e["data"]) for e in live]
    everything = client.get(url, params={"step": steps, "seat": "all"}).json()["events"]
    spectator = client.get(url, params={"step": steps, "seat": "spectator"}).json()["events"]
    assert len(spectator) <= len(whole) <= len(everything)
    # the step's action as each point of view knew it: a Spy laid face down by seat 0 is
    # whole for seat 0 and in the all view, but seat 1 and a spectator see only that seat 0
    # played, told by the log's line for it (its family stayed secret at the table)
    made = {k: client.get(url, params={"step": k, "seat": "all"}).json()["action"]
            for k in range(1, steps + 1)}
    spies = [k for k, a in made.items() if a["seat"] == 0 and a["action"].get("role") == "spy"]
    assert spies, "no Spy laid face down by seat 0 in this game"
    step = spies[0]
    family = client.get(url, params={"step": step, "seat": "0"}).json()["action"]["action"][
        "family"]
    for viewer in ("1", "spectator"):
        seen = client.get(url, params={"step": step, "seat": viewer}).json()
        assert seen["action"]["seat"] == 0 and seen["action"]["action"] is None
        line = next(e for e in seen["events"] if e["index"] == seen["action"]["event"])
        assert seen["action"]["text"] == line["text"]
        assert family not in json.dumps(seen["action"])
    # any other seat's action is told as the table told it, by its log line, even one
    # nobody was kept from seeing (a card laid face up): an action may hold what its
    # events do not show (test_a_secret_vote_stays_secret_in_a_replay)
    face_up = [k for k, a in made.items() if a["seat"] == 0 and a["action"]["type"] == "play"
               and a["action"]["role"] != "spy"]
    for k in face_up[:3]:
        seen = client.get(url, params={"step": k, "seat": "1"}).json()
        line = next(e for e in seen["events"] if e["index"] == seen["action"]["event"])
        assert seen["action"] == {"seat": 0, "action": None, "event": line["index"],
                                  "text": line["text"]}
        assert client.get(url, params={"step": k, "seat": "0"}).json()["action"]["action"] \
            == made[k]["action"]


def test_a_secret_vote_stays_secret_in_a_replay(client):
    """An attack read a Vive le Roi vote's card ("yes") in another seat's and a
    spectator's replay of a table abandoned mid-vote, where the table had said
    only "Seat 1 has voted": the action holds the card, its event does not,
    and an action was shown whole wherever no event of it was hidden."""
    made = new_table(client, [{"kind": "person"}] * 3, game="vive_le_roi")
    tid, tokens, host = made["table"]["id"], made["tokens"], made["host_token"]
    for seat, token in tokens.items():
        client.post(f"/api/tables/{tid}/join", json={"token": token, "name": f"P{seat}"})
    rng = random.Random(3)
    voted = None
    for _ in range(400):
        current = state(client, tid)
        seats = [str(s) for s in current["to_act"]]
        legal = {s: state(client, tid, tokens[s])["legal"] for s in seats}
        votes = {s: [a for a in legal[s] if a["action"]["type"] == "vote"] for s in seats}
        voter = next((s for s in seats if votes[s]), None)
        if voter is not None:
            choice = votes[voter][0]["action"]
            assert client.post(f"/api/tables/{tid}/actions",
                               json={"token": tokens[voter], "action": choice}).status_code == 200
            voted = (int(voter), choice)
            break
        seat = seats[0]
        client.post(f"/api/tables/{tid}/actions",
                    json={"token": tokens[seat], "action": rng.choice(legal[seat])["action"]})
    assert voted is not None, "no vote came"
    assert client.post(f"/api/tables/{tid}/host/abandon", json={"host": host}).status_code == 200
    url = f"/api/tables/{tid}/replay"
    voter, vote = voted
    for viewer in [str(s) for s in range(3) if s != voter] + ["spectator"]:
        last = client.get(url, params={"seat": viewer, "step": 10**6}).json()
        assert last["action"]["seat"] == voter and last["action"]["action"] is None, last["action"]
        assert json.dumps(vote["card"]) not in json.dumps(last["action"]), last["action"]
    mine = client.get(url, params={"seat": str(voter), "step": 10**6}).json()["action"]
    assert mine["action"] == vote


def test_a_thinking_bot_does_not_stop_the_server(tmp_path, monkeypatch):
    """A bot's decision runs off the event loop: while one thinks (here it
    waits for the test's signal), the server still answers; then it plays."""
    release = threading.Event()
    thinking = threading.Event()

    class Pondering(RandomBot):
        def act(self, obs):
            thinking.set()
            release.wait(30)
            return super().act(obs)

    monkeypatch.setitem(BOTS, "pondering", Pondering)
    with make_client(tmp_path) as client, ThreadPoolExecutor(1) as pool:
        made = new_table(client, [{"kind": "bot", "bot": "pondering"}, {"kind": "person"}])
        tid = made["table"]["id"]
        client.post(f"/api/tables/{tid}/join", json={"token": made["tokens"]["1"], "name": "Ada"})
        assert thinking.wait(20), "the bot should be asked to move"
        try:
            answer = pool.submit(client.get, f"/api/tables/{tid}").result(timeout=10)
            assert answer.status_code == 200
            assert answer.json()["moves"] == 0
        finally:
            release.set()
        wait_until(lambda: state(client, tid)["table"]["moves"] >= 1)


# ----- negotiation windows, the referee and deadlines (the test game Market) -------------

def market_client(tmp_path: Path, name: str = "db.sqlite", **kw: Any) -> TestClient:
    return make_client(tmp_path, name, games={MARKET.name: MARKET}, **kw)


def market_table(client: TestClient, seats: list[dict[str, Any]] | None = None,
                 move_clock: float | None = None, **options: Any) -> tuple[str, dict[str, str]]:
    """A Market table (default: two persons), every person seat taken."""
    made = new_table(client, seats or [{"kind": "person"}] * 2, game="market", options=options,
                     move_clock=move_clock)
    tid, tokens = made["table"]["id"], made["tokens"]
    for seat, token in tokens.items():
        assert client.post(f"/api/tables/{tid}/join",
                           json={"token": token, "name": f"P{seat}"}).status_code == 200
    return tid, tokens


def test_a_bot_that_fails_is_logged_and_the_random_bot_plays_on(tmp_path, caplog,
                                                                 monkeypatch):
    def broken(self, obs):
        raise RuntimeError("a broken bot")

    monkeypatch.setattr(HeuristicBot, "act", broken)
    with market_client(tmp_path) as client:
        tid, _ = market_table(client, [{"kind": "bot", "bot": "heuristic"},
                                       {"kind": "bot", "bot": "random"}])
        wait_until(lambda: state(client, tid)["table"]["status"] == "over")
    assert "bot 'heuristic' failed for seat 0; the 'random' bot plays it from now on" in (
        caplog.text)


def stored_moves(db: Path, tid: str) -> list[tuple[int, int, str, str]]:
    with closing(sqlite3.connect(db)) as con:
        return con.execute("SELECT number, seat, action, by FROM courtly_moves "
                           "WHERE table_id = ? ORDER BY number", (tid,)).fetchall()


def test_extra_games_are_served_without_being_registered(tmp_path):
    with market_client(tmp_path) as client:
        names = [g["name"] for g in client.get("/api/games").json()]
        assert "market" in names and "courtisans" in names
        assert "market" not in courtly.GAMES
    with make_client(tmp_path, "plain.sqlite") as plain:
        answer = plain.post("/api/tables", json={"game": "market", "num_players": 2,
                                                 "seats": [{"kind": "person"}] * 2})
        assert answer.status_code == 400 and "unknown game" in answer.json()["detail"]


def test_the_update_carries_the_phase_its_deadline_and_the_schema(tmp_path):
    with market_client(tmp_path) as client:
        made = new_table(client, [{"kind": "person"}] * 2, game="market",
                         options={"window_seconds": 30})
        tid, tokens = made["table"]["id"], made["tokens"]
        client.post(f"/api/tables/{tid}/join", json={"token": tokens["0"], "name": "Ada"})
        waiting = state(client, tid, tokens["0"])
        assert waiting["phase"]["deadline"] is None, "no clock runs before the game starts"
        start = time.time()
        client.post(f"/api/tables/{tid}/join", json={"token": tokens["1"], "name": "Bob"})
        mine = state(client, tid, tokens["0"])
        phase = mine["phase"]
        assert (phase["name"], phase["to_act"], phase["may_act"], phase["time_limit"]) == (
            "negotiate", [], [0, 1], 30.0)
        assert start + 29 < phase["deadline"] <= time.time() + 30
        assert 28 < phase["seconds_left"] <= 30
        assert mine["to_act"] == [] and mine["may_act"] == [0, 1]
        give = next(e for e in mine["schema"] if e["type"] == "give")
        assert give["fields"] == {"to": {"values": [1]}, "amount": {"min": 1, "max": 6, "step": 1}}
        assert {"type": "done", "fields": {}} in mine["schema"]
        watcher = state(client, tid)
        assert watcher["phase"] == {**phase, "seconds_left": watcher["phase"]["seconds_left"]}
        assert watcher["schema"] == [] and watcher["legal"] == []


def test_the_lobby_lists_the_seats_an_open_window_waits_for(tmp_path):
    """A negotiation window waits for every seat that may still act in it
    (nobody must): the lobby's ``waiting_for`` lists them, and drops a seat
    once it is done with the window."""
    with market_client(tmp_path) as client:
        tid, tokens = market_table(client)

        def waiting_for() -> list[int]:
            return client.get(f"/api/tables?ids={tid}").json()["tables"][0]["waiting_for"]

        phase = state(client, tid)["phase"]
        assert (phase["name"], phase["to_act"], phase["may_act"]) == ("negotiate", [], [0, 1])
        assert waiting_for() == [0, 1]
        done = client.post(f"/api/tables/{tid}/actions",
                           json={"token": tokens["1"], "action": {"type": "done"}})
        assert done.status_code == 200, done.text
        assert waiting_for() == [0]


def test_window_actions_bad_ones_refused_with_the_engines_reason(tmp_path):
    with market_client(tmp_path) as client:
        tid, tokens = market_table(client)
        url = f"/api/tables/{tid}/actions"

        def act(seat: str, action: dict[str, Any]) -> Any:
            return client.post(url, json={"token": tokens[seat], "action": action})

        before = state(client, tid)
        too_much = act("0", {"type": "give", "to": 1, "amount": 99})
        assert too_much.status_code == 409
        assert too_much.json()["detail"] == (
            "Give 99 coin(s) to seat 1 is not a legal action for seat 0 now")
        assert act("0", {"type": "give", "to": 1}).status_code == 400
        assert act("0", {"type": "time_up"}).status_code == 409  # only the referee calls time
        assert state(client, tid) == before
        assert act("0", {"type": "give", "to": 1, "amount": 2}).status_code == 200
        assert state(client, tid)["view"]["coins"] == [4, 8]
        assert act("1", {"type": "done"}).status_code == 200
        assert state(client, tid)["may_act"] == [0]
        assert act("1", {"type": "give", "to": 0, "amount": 1}).status_code == 409
        assert act("0", {"type": "done"}).status_code == 200
        after = state(client, tid, tokens["0"])
        assert after["phase"]["name"] == "bid" and after["to_act"] == [0, 1]
        assert after["schema"] == [{"type": "bid", "fields": {"amount": {"min": 0, "max": 4,
                                                                           "step": 1}}}]


@pytest.mark.slow  # over a second; the module keeps quick tests of its kind
def test_the_referee_ends_a_timed_window_stored_then_replayed(tmp_path):
    with market_client(tmp_path) as client:
        tid, tokens = market_table(client, window_seconds=1)
        give = {"type": "give", "to": 1, "amount": 1}
        assert client.post(f"/api/tables/{tid}/actions",
                           json={"token": tokens["0"], "action": give}).status_code == 200
        wait_until(lambda: state(client, tid)["phase"]["name"] == "bid", timeout=10)
        before = {s: state(client, tid, tokens[s]) for s in tokens}
        assert before["0"]["phase"]["deadline"] is None  # the bids have no time limit
        assert any(e["kind"] == "time_up" for e in before["0"]["events"])
    moves = stored_moves(tmp_path / "db.sqlite", tid)
    assert moves[-1] == (1, courtly.REFEREE, '{"type": "time_up"}', "referee")
    with market_client(tmp_path) as again:
        for s in tokens:
            after = state(again, tid, tokens[s])
            assert (after["view"], after["events"], after["phase"]) == (
                before[s]["view"], before[s]["events"], before[s]["phase"])


def test_bots_in_a_window_take_a_bounded_share_then_say_done(tmp_path):
    with market_client(tmp_path) as client:
        tid, _ = market_table(client, [{"kind": "bot", "bot": "random"}] * 3, rounds=3)
        wait_until(lambda: state(client, tid)["table"]["status"] == "over")
        record = client.app.state.hub.tables[tid].state.record
    replayed = MARKET.new_game(record.num_players, record.seed, record.options)
    counts: dict[tuple[int, int], int] = {}
    rounds = 0
    for seat, action in record.actions:
        phase = replayed.phase
        if phase.name == "negotiate" and seat in phase.may_act:
            counts[rounds, seat] = counts.get((rounds, seat), 0) + 1
        replayed.apply(seat, action)
        rounds += phase.name == "bid" and replayed.phase.name != "bid"
    assert all(seat != courtly.REFEREE for seat, _ in record.actions)  # untimed: all say Done
    # at most BOT_WINDOW_ACTIONS of their own choice, then the server's Done
    assert counts and max(counts.values()) <= BOT_WINDOW_ACTIONS + 1


@pytest.mark.slow
def test_a_stand_in_says_done_in_a_window_and_the_move_clock_spares_windows(tmp_path, caplog):
    # a server told to play on for absent persons (--pause-after): the
    # stand-in plays the whole game for the person who never came
    with market_client(tmp_path, away_after=0.3, pause_after=600) as client:
        tid, tokens = market_table(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        wait_until(lambda: state(client, tid)["table"]["status"] == "over")
    moves = stored_moves(tmp_path / "db.sqlite", tid)
    standin = [(action, by) for _, seat, action, by in moves if seat == 0]
    assert ('{"type": "done"}', "standin") in standin
    assert all(by == "standin" for _, by in standin)
    # the heuristic finds a game served only by this app through the game itself
    assert "plays it from now on" not in caplog.text

    with market_client(tmp_path, "clock.sqlite") as client:
        tid, tokens = market_table(client, move_clock=0.2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"), \
                client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}"):
            time.sleep(0.8)
            assert state(client, tid)["table"]["moves"] == 0, "nobody is hurried in a window"
            for seat in tokens:
                client.post(f"/api/tables/{tid}/actions",
                            json={"token": tokens[seat], "action": {"type": "done"}})
            wait_until(lambda: state(client, tid)["table"]["moves"] >= 4)  # the clock bids
        texts = [e["text"] for e in state(client, tid)["events"]]
        assert any("ran out of time" in t for t in texts)


def test_a_stored_table_that_no_longer_replays_is_logged_and_skipped(tmp_path, caplog):
    db = tmp_path / "db.sqlite"
    rng = random.Random(2)
    with make_client(tmp_path) as client:
        good, good_tokens = person_table(client, 2)
        play_rest(client, good, good_tokens, 6, rng)
        corrupt, corrupt_tokens = person_table(client, 2)
        play_rest(client, corrupt, corrupt_tokens, 6, rng)
        unknown, _ = person_table(client, 2)
        old, _ = person_table(client, 2)
        before = state(client, good, good_tokens["0"])
    with closing(sqlite3.connect(db)) as con, con:
        con.execute("UPDATE courtly_moves SET action = ? WHERE table_id = ? AND number = 3",
                    ('{"type": "fly"}', corrupt))
        con.execute("UPDATE courtly_tables SET game = 'chess' WHERE id = ?", (unknown,))
        con.execute("UPDATE courtly_tables SET version = '0' WHERE id = ?", (old,))
    caplog.set_level(logging.ERROR, logger="courtly.server.hub")
    with make_client(tmp_path) as client:
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [good]
        assert state(client, good, good_tokens["0"]) == before
        play_rest(client, good, good_tokens, 3, rng)  # still served
        for skipped in (corrupt, unknown, old):
            assert client.get(f"/api/tables/{skipped}").status_code == 404
            assert f"table {skipped}" in caplog.text
        assert "unknown game 'chess'" in caplog.text and "rules version 0" in caplog.text
        assert "action #3" in caplog.text or "unknown action type" in caplog.text


def test_a_table_stored_before_clocks_and_referees_still_loads(tmp_path):
    """A database from before this change: no clocks table; moves by seat number only."""
    db = tmp_path / "db.sqlite"
    with market_client(tmp_path) as client:
        tid, tokens = market_table(client, window_seconds=60)
        for seat, action in (("0", {"type": "give", "to": 1, "amount": 2}),
                             ("1", {"type": "done"})):
            client.post(f"/api/tables/{tid}/actions",
                        json={"token": tokens[seat], "action": action})
        before = state(client, tid, tokens["0"])
    with closing(sqlite3.connect(db)) as con, con:
        con.execute("DROP TABLE courtly_clocks")
        con.execute("DROP TABLE alembic_version")  # clocks came before the revisions
    with market_client(tmp_path) as client:
        after = state(client, tid, tokens["0"])
        assert (after["view"], after["events"], after["schema"]) == (
            before["view"], before["events"], before["schema"])
        # no stored deadline: the window gets a fresh one from the restart
        assert after["phase"]["deadline"] > before["phase"]["deadline"]
        assert client.post(f"/api/tables/{tid}/actions", json={
            "token": tokens["0"], "action": {"type": "done"}}).status_code == 200


# ----- a real server process killed with SIGKILL -----------------------------------------

def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


TESTS = Path(__file__).resolve().parent


@functools.cache
def _servers() -> Any:
    """Server processes are forked from one that has imported the server once
    (multiprocessing's forkserver): a restart in the kill -9 tests takes a
    fraction of a second, not a fresh interpreter's imports (2-4 s, some sixty
    times a run). Each server is still a process of its own, killed by SIGKILL.
    Python 3.11's forkserver does not take the parent's sys.path, so it starts
    with the tests' and the sources' directories on PYTHONPATH."""
    context = multiprocessing.get_context("forkserver")
    # and what a server imports only when it starts (migrations, drivers)
    context.set_forkserver_preload(["market_server", "alembic.context", "alembic.command",
                                    "sqlalchemy.dialects.sqlite",
                                    "sqlalchemy.dialects.postgresql.psycopg", "psycopg_pool"])
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(TESTS), str(TESTS.parent / "src"), *filter(None, [saved])])
    try:
        multiprocessing.forkserver.ensure_running()
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved
    return context


@contextmanager
def market_server(db: Path | str, bot_delay: float = 0.05) -> Iterator[Callable[..., Any]]:
    """tests/market_server.py's server in its own process on ``db`` (an SQLite
    file or a database URL); yields a JSON caller. The process is killed with
    SIGKILL on leaving (no shutdown code runs)."""
    from market_server import main as serve

    port = _free_port()
    url = f"sqlite:///{db}" if isinstance(db, Path) else db
    proc = _servers().Process(target=serve, args=([url, str(port), str(bot_delay)],))
    proc.start()
    base = f"http://127.0.0.1:{port}"

    def call(path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(base + path, data=data,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.is_alive(), "the server process died"
            assert time.monotonic() < deadline, "the server did not start"
            try:
                call("/api/games")
                break
            except OSError:
                time.sleep(0.05)
        call.process = proc  # type: ignore[attr-defined]  # for tests that kill it early
        yield call
    finally:
        proc.kill()  # SIGKILL
        proc.join(timeout=10)


def _timed_market(call: Callable[..., Any], seconds: int) -> tuple[str, dict[str, str], float]:
    made = call("/api/tables", {"game": "market", "num_players": 2, "seed": 3, "bot_delay": 0,
                                "seats": [{"kind": "person"}] * 2,
                                "options": {"window_seconds": seconds}})
    tid, tokens = made["table"]["id"], made["tokens"]
    for seat, token in tokens.items():
        call(f"/api/tables/{tid}/join", {"token": token, "name": f"P{seat}"})
    return tid, tokens, call(f"/api/tables/{tid}/state")["phase"]["deadline"]


@pytest.mark.slow
def test_deadlines_survive_a_server_killed_with_sigkill(tmp_path):
    """Restart policy: a deadline keeps its instant; one that passed while the
    server was down ends the window at once on restart."""
    db = tmp_path / "db.sqlite"

    def views(call: Callable[..., Any], tid: str, tokens: dict[str, str]) -> list[Any]:
        out = []
        for token in [None, *tokens.values()]:
            got = call(f"/api/tables/{tid}/state" + (f"?token={token}" if token else ""))
            out.append((got["view"], got["events"], got["legal"], got["phase"]["name"]))
        return out

    with market_server(db) as call:
        ended, ended_tokens, _ = _timed_market(call, 2)
        call(f"/api/tables/{ended}/actions",
             {"token": ended_tokens["0"], "action": {"type": "give", "to": 1, "amount": 3}})
        wait_until(lambda: call(f"/api/tables/{ended}/state")["phase"]["name"] == "bid")
        ended_before = views(call, ended, ended_tokens)
        lapsing, _, lapsing_deadline = _timed_market(call, 1)
        running, _, running_deadline = _timed_market(call, 8)
    # killed: the window of `lapsing` ends while the server is down, `running`'s does not
    assert stored_moves(db, ended)[-1] == (1, courtly.REFEREE, '{"type": "time_up"}', "referee")
    assert stored_moves(db, lapsing) == []
    while time.time() < lapsing_deadline + 0.2:
        time.sleep(0.05)
    with market_server(db) as call:
        up = time.time()
        assert views(call, ended, ended_tokens) == ended_before
        wait_until(lambda: call(f"/api/tables/{lapsing}/state")["phase"]["name"] == "bid",
                   timeout=5)
        assert time.time() - up < 3, "a deadline that passed meanwhile ends at once"
        assert [m[1:] for m in stored_moves(db, lapsing)] == [
            (courtly.REFEREE, '{"type": "time_up"}', "referee")]
        now = call(f"/api/tables/{running}/state")["phase"]
        assert time.time() < running_deadline, "the test machine is too slow for this check"
        assert now["name"] == "negotiate" and now["deadline"] == running_deadline
        wait_until(lambda: call(f"/api/tables/{running}/state")["phase"]["name"] == "bid",
                   timeout=15)
        assert time.time() >= running_deadline
