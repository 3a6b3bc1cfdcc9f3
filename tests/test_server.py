"""The server through FastAPI's test client: lobby, seats, play over REST and
WebSocket, every error kind, chat, replays, stand-ins, restart without loss."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.bots.random_bot import RandomBot
from courtly.bots.registry import BOTS
from courtly.server import create_app


def make_client(tmp_path: Path, name: str = "db.sqlite", **kw: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / name}", **kw))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
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
    listed = client.get("/api/tables").json()
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
    assert client.get("/api/tables").json() == []


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
        assert error == {"type": "error", "status": 403, "detail": error["detail"]}
        ws.send_json({"type": "dance"})
        assert ws.receive_json()["status"] == 400


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


# ----- stand-ins and clocks -----------------------------------------------------------

def test_a_person_who_left_is_played_by_a_bot_and_the_log_says_so(tmp_path):
    with make_client(tmp_path, away_after=0.2) as client:
        tid, tokens = person_table(client, 2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}"):
            pass
        wait_until(lambda: state(client, tid)["table"]["moves"] > 3)
        texts = [e["text"] for e in state(client, tid)["events"]]
        assert any("is away: a bot plays for them" in t for t in texts)


def test_the_move_clock_lets_a_bot_play_a_late_move(tmp_path):
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client, 2, move_clock=0.2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"), \
                client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}"):
            wait_until(lambda: state(client, tid)["table"]["moves"] >= 1)
        texts = [e["text"] for e in state(client, tid)["events"]]
        assert any("ran out of time" in t for t in texts)


# ----- replays ------------------------------------------------------------------------

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
