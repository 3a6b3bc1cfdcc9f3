"""Seats and links (issue 12): the host and its actions, each refused to anyone
but the host with nothing changed; duplicate names; the lobby's paged and
filtered list, private tables, finished tables dropping out of it; a database
made by the schema before hosts still opens."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from contextlib import closing
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import courtly
from courtly.server.storage import hash_token
from test_server import client, make_client, new_table  # the server tests' helpers

__all__ = ["client"]  # a fixture, used by name

PERSON = {"kind": "person"}
BOT = {"kind": "bot", "bot": "random"}


def join(client: TestClient, tid: str, token: str, name: str) -> Any:
    return client.post(f"/api/tables/{tid}/join", json={"token": token, "name": name})


def state(client: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{tid}/state", params={"token": token} if token else {})
    assert answer.status_code == 200, answer.text
    return answer.json()


def seated(client: TestClient, n: int = 2, **extra: Any) -> tuple[str, dict[str, str], str]:
    """A table of n persons, every seat taken: its id, seat tokens and host token."""
    made = new_table(client, [PERSON] * n, **extra)
    tid = made["table"]["id"]
    for seat, token in made["tokens"].items():
        assert join(client, tid, token, f"P{seat}").status_code == 200
    return tid, made["tokens"], made["host_token"]


def token_of(link: str) -> str:
    return link.split("?token=", 1)[1]


def host_post(client: TestClient, tid: str, path: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{tid}/host/{path}", json=body)


def wait_until(predicate: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


# ----- the host and its links ---------------------------------------------------------

def test_the_creator_gets_a_host_link_that_gives_every_seats_link_again(client):
    made = new_table(client, [PERSON, BOT, PERSON])
    tid, host = made["table"]["id"], made["host_token"]
    assert made["links"]["host"] == f"/table/{tid}?host={host}"
    assert made["table"]["hosted"] is True and made["table"]["listed"] is True
    links = host_post(client, tid, "links", {"host": host})
    assert links.status_code == 200
    assert links.json() == {"seats": made["links"]["seats"], "spectator": f"/table/{tid}",
                            "host": made["links"]["host"]}
    # a seat that is taken keeps its link: the host can give it again
    assert join(client, tid, made["tokens"]["0"], "Ada").status_code == 200
    assert host_post(client, tid, "links", {"host": host}).json()["seats"] == \
        made["links"]["seats"]
    # the host is not a seat: its token holds no seat and shows no hand
    assert client.get(f"/api/tables/{tid}/state", params={"token": host}).status_code == 403
    assert state(client, tid)["view"]["hand"] is None
    listed = json.dumps(client.get("/api/tables").json())
    assert host not in listed and made["tokens"]["0"] not in listed


def test_only_the_host_link_may_act_as_host_and_a_refusal_changes_nothing(client):
    tid, tokens, host = seated(client, 3)
    other = new_table(client, [PERSON, PERSON])["host_token"]  # another table's host
    before_state = {s: state(client, tid, t) for s, t in tokens.items()}
    before_links = host_post(client, tid, "links", {"host": host}).json()
    actions = [("links", {}), ("seats/1/bot", {}), ("seats/1/bot", {"bot": "random"}),
               ("seats/2/token", {}), ("seats/0/person", {}), ("listed", {"listed": False}),
               ("abandon", {})]
    for path, extra in actions:
        for wrong in (tokens["0"], tokens["1"], "", "forged-token", other, host + "x"):
            answer = host_post(client, tid, path, {"host": wrong, **extra})
            assert answer.status_code == 403, (path, wrong, answer.text)
            assert answer.json()["detail"] == "only the table's host link may do this"
        assert host_post(client, tid, path, extra).status_code == 422  # no token at all
        assert host_post(client, "nope", path, {"host": host, **extra}).status_code == 404
    assert {s: state(client, tid, t) for s, t in tokens.items()} == before_state
    assert host_post(client, tid, "links", {"host": host}).json() == before_links
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]].count(tid) == 1


def test_bad_host_requests_are_refused_with_a_reason(client):
    made = new_table(client, [PERSON, BOT])
    tid, host = made["table"]["id"], made["host_token"]
    before = state(client, tid)
    cases = [("seats/5/bot", {}, 404), ("seats/-1/token", {}, 404),
             ("seats/0/bot", {"bot": "genius"}, 400),
             ("seats/1/bot", {}, 409),      # already a bot
             ("seats/1/token", {}, 409),    # a bot's seat has no link
             ("seats/0/person", {}, 409),   # already a person's
             ("listed", {"listed": "maybe"}, 422)]
    for path, extra, status in cases:
        answer = host_post(client, tid, path, {"host": host, **extra})
        assert answer.status_code == status, (path, answer.text)
        assert answer.json()["detail"]
    assert state(client, tid) == before


def test_the_host_puts_a_bot_in_an_absent_persons_seat_and_gives_it_back(client):
    made = new_table(client, [PERSON, PERSON, BOT])
    tid, tokens, host = made["table"]["id"], made["tokens"], made["host_token"]
    assert join(client, tid, tokens["0"], "Ada").status_code == 200
    assert state(client, tid)["table"]["status"] == "waiting"  # seat 1 never came
    answer = host_post(client, tid, "seats/1/bot", {"host": host})
    assert answer.status_code == 200, answer.text
    seat = answer.json()["table"]["seats"][1]
    assert (seat["kind"], seat["bot"], seat["taken"]) == ("bot", "heuristic", True)
    assert state(client, tid)["table"]["status"] == "playing"  # the game begins
    assert join(client, tid, tokens["1"], "Bob").status_code == 403  # that link is dead
    assert host_post(client, tid, "links", {"host": host}).json()["seats"] == {
        "0": made["links"]["seats"]["0"]}
    kinds = [e["kind"] for e in state(client, tid)["events"]]
    assert kinds[-2:] == ["host_bot", "start"]
    # the seat back to a person: a new link; a stand-in plays it meanwhile
    back = host_post(client, tid, "seats/1/person", {"host": host})
    assert back.status_code == 200, back.text
    link = back.json()["link"]
    assert token_of(link) != tokens["1"]
    assert back.json()["table"]["seats"][1] | {"connected": False} == {
        "seat": 1, "kind": "person", "bot": None, "name": None, "awaited": None,
        "taken": False, "connected": False, "away": False}
    assert host_post(client, tid, "links", {"host": host}).json()["seats"]["1"] == link
    assert join(client, tid, tokens["1"], "Bob").status_code == 403
    assert join(client, tid, token_of(link), "Bob").status_code == 200
    assert state(client, tid, token_of(link))["seat"] == 1
    texts = [e["text"] for e in state(client, tid)["events"]]
    assert "The host gives Seat 1 to a bot" in texts
    assert "The host opens Seat 1 to a person again" in texts


@pytest.mark.slow  # over a second; the module keeps quick tests of its kind
def test_a_seat_given_back_mid_game_waits_for_someone_to_sit_down(client):
    """The game goes on (it is not waiting again), but the open seat's turn
    waits for its person (``away_after``, a minute here) rather than being
    played at once by a stand-in; the stand-in's taking it over after that
    is tested in test_server."""
    made = new_table(client, [PERSON, BOT], bot_delay=0.5)  # the test acts before the bot
    tid, token, host = made["table"]["id"], made["tokens"]["0"], made["host_token"]
    assert join(client, tid, token, "Ada").status_code == 200
    rng = random.Random(4)

    def play_seat_0() -> None:
        legal = state(client, tid, token)["legal"]
        answer = client.post(f"/api/tables/{tid}/actions",
                             json={"token": token, "action": rng.choice(legal)["action"]})
        assert answer.status_code == 200, answer.text

    wait_until(lambda: 0 in state(client, tid)["to_act"])
    play_seat_0()
    link = host_post(client, tid, "seats/1/person", {"host": host}).json()["link"]
    assert state(client, tid)["table"]["status"] == "playing"
    while 0 in state(client, tid)["to_act"]:  # seat 0 ends its turn
        play_seat_0()
    assert 1 in state(client, tid)["to_act"]
    moves = state(client, tid)["table"]["moves"]
    time.sleep(1.0)  # two bot delays
    assert state(client, tid)["table"]["moves"] == moves
    assert state(client, tid)["table"]["seats"][1]["name"] is None
    assert join(client, tid, token_of(link), "Ada").status_code == 409  # a duplicate name
    assert join(client, tid, token_of(link), "Bea").status_code == 200
    assert "away" not in [e["kind"] for e in state(client, tid)["events"]]


def test_a_reissued_token_stops_at_once_also_for_an_open_websocket(client):
    tid, tokens, host = seated(client, 2)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as ws:
        assert ws.receive_json()["seat"] == 1
        ws.receive_json()  # chat history
        answer = host_post(client, tid, "seats/1/token", {"host": host})
        assert answer.status_code == 200, answer.text
        new = token_of(answer.json()["link"])
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
        assert message["status"] == 403 and "no longer works" in message["detail"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    assert client.get(f"/api/tables/{tid}/state", params={"token": tokens["1"]}).status_code \
        == 403
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as ws:
        assert ws.receive_json()["status"] == 403
    mine = state(client, tid, new)
    assert mine["seat"] == 1 and mine["table"]["seats"][1]["name"] == "P1"  # the same seat
    assert join(client, tid, new, "P1").status_code == 200  # already seated: nothing to do
    assert host_post(client, tid, "links", {"host": host}).json()["seats"]["1"] == \
        answer.json()["link"]
    last = state(client, tid)["events"][-1]
    assert (last["kind"], last["data"]) == ("host_token", {"seat": 1, "name": "P1"})


def test_a_bot_in_a_playing_persons_seat_closes_their_connection(client):
    tid, tokens, host = seated(client, 2)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ws:
        ws.receive_json()
        ws.receive_json()
        assert host_post(client, tid, "seats/0/bot", {"host": host, "bot": "random"}) \
            .status_code == 200
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
        assert "bot" in message["detail"]
    wait_until(lambda: state(client, tid)["table"]["moves"] >= 1)  # the bot plays seat 0
    event = next(e for e in state(client, tid)["events"] if e["kind"] == "host_bot")
    assert event["data"] == {"seat": 0, "name": "P0", "bot": "random"}
    assert event["text"] == "The host gives Seat 0 (P0) to a bot"


def test_the_host_abandons_the_table_and_its_replay_stays(client):
    made = new_table(client, [PERSON, PERSON])
    tid, tokens, host = made["table"]["id"], made["tokens"], made["host_token"]
    assert join(client, tid, tokens["0"], "Ada").status_code == 200
    assert client.get(f"/api/tables/{tid}/replay").status_code == 409
    answer = host_post(client, tid, "abandon", {"host": host})
    assert answer.status_code == 200 and answer.json()["table"]["status"] == "abandoned"
    assert answer.json()["table"]["ended"] is not None
    assert join(client, tid, tokens["1"], "Bob").status_code == 409
    assert client.post(f"/api/tables/{tid}/actions", json={
        "token": tokens["0"], "action": {"type": "decline"}}).status_code == 409
    for path in ("abandon", "seats/1/bot", "seats/0/token"):
        assert host_post(client, tid, path, {"host": host}).status_code == 409
    replay = client.get(f"/api/tables/{tid}/replay", params={"seat": "all"})
    assert replay.status_code == 200 and replay.json()["steps"] == 0
    assert state(client, tid)["events"][-1]["kind"] == "host_abandon"


def test_duplicate_names_at_a_table_are_refused(client):
    made = new_table(client, [PERSON, PERSON, PERSON])
    tid, tokens = made["table"]["id"], made["tokens"]
    assert join(client, tid, tokens["0"], "Alice").status_code == 200
    before = state(client, tid)
    for same in ("Alice", "alice", " ALICE ", "Ａｌｉｃｅ"):
        answer = join(client, tid, tokens["1"], same)
        assert answer.status_code == 409, same
        assert answer.json()["detail"] == \
            f"the name {same.strip()!r} is already taken at this table: choose another"
    assert state(client, tid) == before
    assert join(client, tid, tokens["1"], "Alicia").status_code == 200
    assert join(client, tid, tokens["2"], "Alice Two").status_code == 200


# ----- the lobby's list -------------------------------------------------------------------

def test_a_private_table_is_absent_from_the_list_but_reachable_by_link(client):
    made = new_table(client, [PERSON, BOT], listed=False)
    tid, host = made["table"]["id"], made["host_token"]
    public = new_table(client, [PERSON, BOT])["table"]["id"]
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [public]
    assert client.get(f"/api/tables/{tid}").json()["listed"] is False
    assert state(client, tid)["table"]["id"] == tid
    assert join(client, tid, made["tokens"]["0"], "Ada").status_code == 200
    picked = client.get("/api/tables", params={"ids": f"{tid},nope,{public}"}).json()
    assert [t["id"] for t in picked["tables"]] == [public, tid]  # open first, then newest
    # the host lists it, then makes it private again; the log says so
    assert host_post(client, tid, "listed", {"host": host, "listed": True}).status_code == 200
    assert tid in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    host_post(client, tid, "listed", {"host": host, "listed": False})
    assert tid not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    notes = [(e["kind"], e["data"]) for e in state(client, tid)["events"]
             if e["kind"] == "host_listed"]
    assert notes == [("host_listed", {"listed": True}), ("host_listed", {"listed": False})]


def test_the_list_is_paged_filtered_and_open_tables_come_first(tmp_path):
    with make_client(tmp_path, list_ended_for=3600) as client:
        ids = [new_table(client, [PERSON, BOT])["table"]["id"] for _ in range(5)]
        playing, _tokens, _host = seated(client, 2)
        bots = new_table(client, [BOT, BOT])["table"]["id"]
        wait_until(lambda: client.get(f"/api/tables/{bots}").json()["status"] == "over")
        vlr = new_table(client, [PERSON] * 3, game="vive_le_roi")["table"]["id"]
        everything = client.get("/api/tables", params={"limit": 100}).json()
        assert everything["total"] == 8
        order = [t["id"] for t in everything["tables"]]
        assert order == [vlr, *reversed(ids), playing, bots]  # waiting, playing, over
        page1 = client.get("/api/tables", params={"limit": 3}).json()
        page2 = client.get("/api/tables", params={"limit": 3, "offset": 3}).json()
        page3 = client.get("/api/tables", params={"limit": 3, "offset": 6}).json()
        assert (page1["total"], page1["offset"], page1["limit"]) == (8, 0, 3)
        assert [t["id"] for p in (page1, page2, page3) for t in p["tables"]] == order
        assert client.get("/api/tables", params={"offset": 50}).json()["tables"] == []

        def ids_for(**params: Any) -> list[str]:
            answer = client.get("/api/tables", params=params)
            assert answer.status_code == 200, answer.text
            return [t["id"] for t in answer.json()["tables"]]

        assert ids_for(status="playing") == [playing]
        assert ids_for(status="over") == [bots]
        assert ids_for(status="waiting,playing") == order[:7]
        assert ids_for(game="vive_le_roi") == [vlr]
        assert ids_for(game="courtisans", status="waiting") == list(reversed(ids))
        for bad in ({"status": "lost"}, {"game": "chess"}):
            answer = client.get("/api/tables", params=bad)
            assert answer.status_code == 400 and answer.json()["detail"]
        for bad in ({"limit": 0}, {"limit": 101}, {"offset": -1}):
            assert client.get("/api/tables", params=bad).status_code == 422


def test_finished_and_abandoned_tables_drop_out_of_the_list_but_stay_reachable(tmp_path):
    with make_client(tmp_path, list_ended_for=0.3) as client:
        bots = new_table(client, [BOT, BOT])["table"]["id"]
        made = new_table(client, [PERSON, BOT])
        left, host = made["table"]["id"], made["host_token"]
        waiting = new_table(client, [PERSON, BOT])["table"]["id"]
        wait_until(lambda: client.get(f"/api/tables/{bots}").json()["status"] == "over")
        assert host_post(client, left, "abandon", {"host": host}).status_code == 200
        listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
        assert bots in listed and left in listed
        wait_until(lambda: [t["id"] for t in client.get("/api/tables").json()["tables"]]
                   == [waiting])
        assert client.get(f"/api/tables/{bots}/replay", params={"seat": "all"}).status_code \
            == 200
        assert client.get(f"/api/tables/{left}").json()["status"] == "abandoned"
        assert client.get("/api/tables", params={"ids": bots}).json()["total"] == 1


# ----- a database made by the schema before hosts --------------------------------------

#: The schema as courtly created it before issue 12 (SQLite), verbatim.
OLD_SCHEMA = """
CREATE TABLE courtly_tables (id VARCHAR(32) NOT NULL, game VARCHAR(64) NOT NULL,
    version VARCHAR(16) NOT NULL, num_players INTEGER NOT NULL, options JSON NOT NULL,
    seed BIGINT NOT NULL, bot_delay FLOAT NOT NULL, move_clock FLOAT, created FLOAT NOT NULL,
    PRIMARY KEY (id));
CREATE TABLE courtly_seats (table_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL,
    kind VARCHAR(8) NOT NULL, bot VARCHAR(200), token_hash VARCHAR(64), name VARCHAR(80),
    PRIMARY KEY (table_id, seat), FOREIGN KEY(table_id) REFERENCES courtly_tables (id));
CREATE TABLE courtly_moves (id INTEGER NOT NULL, table_id VARCHAR(32) NOT NULL,
    number INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
    "by" VARCHAR(16) NOT NULL, PRIMARY KEY (id), UNIQUE (table_id, number),
    FOREIGN KEY(table_id) REFERENCES courtly_tables (id));
CREATE INDEX ix_courtly_moves_table_id ON courtly_moves (table_id);
CREATE TABLE courtly_notes (id INTEGER NOT NULL, table_id VARCHAR(32) NOT NULL,
    "before" INTEGER NOT NULL, kind VARCHAR(32) NOT NULL, text TEXT NOT NULL,
    data JSON NOT NULL, PRIMARY KEY (id), FOREIGN KEY(table_id) REFERENCES courtly_tables (id));
CREATE INDEX ix_courtly_notes_table_id ON courtly_notes (table_id);
CREATE TABLE courtly_clocks (table_id VARCHAR(32) NOT NULL, since INTEGER NOT NULL,
    deadline FLOAT NOT NULL, PRIMARY KEY (table_id),
    FOREIGN KEY(table_id) REFERENCES courtly_tables (id));
CREATE TABLE courtly_chat (id INTEGER NOT NULL, table_id VARCHAR(32) NOT NULL, seat INTEGER,
    "to" INTEGER, text TEXT NOT NULL, time FLOAT NOT NULL, PRIMARY KEY (id),
    FOREIGN KEY(table_id) REFERENCES courtly_tables (id));
CREATE INDEX ix_courtly_chat_table_id ON courtly_chat (table_id);
"""


def test_a_database_made_by_the_old_schema_opens_and_gains_the_new_columns(tmp_path):
    db = tmp_path / "db.sqlite"
    game = courtly.game("courtisans")
    replayed = game.new_game(2, 5, {})
    moves = []
    for number in range(3):
        seat = replayed.phase.to_act[0]
        action = replayed.legal_actions(seat)[0]
        replayed.apply(seat, action)
        moves.append((number, seat, json.dumps(action.to_json(), sort_keys=True)))
    with closing(sqlite3.connect(db)) as con, con:
        con.executescript(OLD_SCHEMA)
        con.execute("INSERT INTO courtly_tables VALUES ('old1', 'courtisans', ?, 2, '{}', 5, "
                    "0, NULL, ?)", (game.version, time.time()))
        for seat, (token, name) in enumerate((("tok-a", "Ada"), ("tok-b", "Bob"))):
            con.execute("INSERT INTO courtly_seats VALUES ('old1', ?, 'person', NULL, ?, ?)",
                        (seat, hash_token(token), name))
        con.executemany("INSERT INTO courtly_moves (table_id, number, seat, action, \"by\") "
                        "VALUES ('old1', ?, ?, ?, 'person')", moves)
    with make_client(tmp_path) as client:
        table = client.get("/api/tables").json()["tables"][0]
        assert (table["id"], table["status"], table["moves"]) == ("old1", "playing", 3)
        assert (table["listed"], table["hosted"], table["ended"]) == (True, False, None)
        assert state(client, "old1", "tok-a")["view"] == replayed.view(0)
        seat = replayed.phase.to_act[0]
        action = replayed.legal_actions(seat)[0].to_json()
        answer = client.post("/api/tables/old1/actions",
                             json={"token": ("tok-a", "tok-b")[seat], "action": action})
        assert answer.status_code == 200, answer.text
        # a table without a host: no host token works for it
        assert host_post(client, "old1", "links", {"host": "tok-a"}).status_code == 403
        new = new_table(client, [PERSON, PERSON], listed=False)  # the new columns work
        assert client.get(f"/api/tables/{new['table']['id']}").json()["listed"] is False
    with closing(sqlite3.connect(db)) as con:
        columns = {row[1] for row in con.execute("PRAGMA table_info(courtly_tables)")}
        assert {"host_hash", "listed", "ended", "abandoned"} <= columns
        seats = {row[1] for row in con.execute("PRAGMA table_info(courtly_seats)")}
        assert "token_gen" in seats
    with make_client(tmp_path) as client:  # and opens again, migrated
        assert client.get("/api/tables/old1").json()["moves"] == 4
