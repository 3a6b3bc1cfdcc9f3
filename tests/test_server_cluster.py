"""Several instances on one PostgreSQL (issue 14, "Several instances"): two
servers in one process, each with its own hub, share a database. A table made
on one is served by the other; moves, chat and presence made through one reach
the other's clients; exactly one drives a table's bots; a move against a state
the other changed first is refused as 409 ``stale`` and the instance catches
up. (Killing an instance repeatedly: tests/test_server_chaos.py.)"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.server import create_app
from courtly.server.cluster import LOCK_EVERY
from test_server import a_stand_in_moves, new_table, person_table, state, wait_until

pytestmark = pytest.mark.slow  # PostgreSQL: CI runs it (.ci/run)


@pytest.fixture
def pair(request: pytest.FixtureRequest) -> Iterator[tuple[TestClient, TestClient]]:
    """Two instances on one new PostgreSQL database."""
    from postgres import new_database

    url = new_database(request.getfixturevalue("postgres_base"))
    with TestClient(create_app(url, tables_per_minute=0)) as a, \
            TestClient(create_app(url, tables_per_minute=0)) as b:
        yield a, b


def receive_within(ws: Any, predicate: Callable[[dict[str, Any]], bool],
                   seconds: float = 10.0) -> dict[str, Any]:
    """The first message that satisfies ``predicate``, failing (not hanging)
    when none comes in ``seconds``."""
    found: list[dict[str, Any]] = []

    def read() -> None:
        while True:
            message = ws.receive_json()
            if predicate(message):
                found.append(message)
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(seconds)
    assert found, f"no such message within {seconds} s"
    return found[0]


def hub(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def test_a_table_made_on_one_instance_is_served_and_listed_by_the_other(pair):
    a, b = pair
    made = new_table(a, [{"kind": "person"}, {"kind": "person"}])
    tid = made["table"]["id"]
    assert b.get(f"/api/tables/{tid}").json()["status"] == "waiting"  # at once, from the store
    wait_until(lambda: tid in [t["id"] for t in b.get("/api/tables").json()["tables"]])
    assert b.get("/api/tables/0123456789abcdef").status_code == 404


def test_moves_chat_and_presence_made_on_one_instance_reach_the_others_clients(pair):
    a, b = pair
    tid, tokens = person_table(a, 2)
    with b.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as bob, \
            b.websocket_connect(f"/ws/tables/{tid}") as spectator:
        first = bob.receive_json()
        assert first["table"]["status"] == "playing"
        # presence: Ann connects on A; B's clients see her there
        with a.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ann:
            ann.receive_json()
            seen = receive_within(bob, lambda m: m["type"] == "presence"
                                  and m["seats"][0]["connected"])
            assert seen["seats"][1]["connected"]
            wait_until(lambda: state(b, tid)["table"]["seats"][0]["connected"])
            # a move through A reaches Bob on B, as B's own clients see moves
            seat = str(state(a, tid)["to_act"][0])
            legal = state(a, tid, tokens[seat])["legal"]
            answer = a.post(f"/api/tables/{tid}/actions",
                            json={"token": tokens[seat], "action": legal[0]["action"]})
            assert answer.status_code == 200, answer.text
            moved = receive_within(bob, lambda m: m["type"] == "update"
                                   and m["table"]["moves"] == 1)
            assert moved["view"] == state(a, tid, tokens["1"])["view"]
            assert state(b, tid)["view"] == state(a, tid)["view"]
            # chat: public to everyone there, private only to its seat
            a.post(f"/api/tables/{tid}/chat", json={"token": tokens["0"], "text": "psst",
                                                     "to": 1})
            a.post(f"/api/tables/{tid}/chat", json={"token": tokens["0"], "text": "hello all"})
            private = receive_within(bob, lambda m: m["type"] == "chat")
            assert private["message"]["text"] == "psst" and private["message"]["to"] == 1
            public = receive_within(spectator, lambda m: m["type"] == "chat")
            assert public["message"]["text"] == "hello all"  # the private one never came
        gone = receive_within(bob, lambda m: m["type"] == "presence"
                              and not m["seats"][0]["connected"])
        assert gone["seats"][1]["connected"]


def test_a_client_connecting_where_the_copy_lags_gets_the_stores_table_first(pair,
                                                                               monkeypatch):
    """An instance's copy of a table may lag behind seats taken through
    another (their announcements not yet heard); a WebSocket's first update
    is read after catching up with the store, never from the stale copy."""
    a, b = pair
    made = new_table(a, [{"kind": "person"}, {"kind": "person"}])
    tid, tokens = made["table"]["id"], made["tokens"]
    wait_until(lambda: tid in hub(b).tables)
    monkeypatch.setattr(hub(b).cluster.listener, "deliver", lambda notice: None)
    for seat, token in tokens.items():
        joined = a.post(f"/api/tables/{tid}/join", json={"token": token, "name": f"P{seat}"})
        assert joined.status_code == 200, joined.text
    assert hub(b).tables[tid].status == "waiting"  # B has heard of neither seat taken
    with b.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as bob:
        first = bob.receive_json()
        assert first["table"]["status"] == "playing"
        assert [s["name"] for s in first["table"]["seats"]] == ["P0", "P1"]
        assert first["seat"] == 1
        # a look that finds nothing new tells the clients already there nothing
        table, told = hub(b).tables[tid], []
        for name in ("broadcast", "send_presence"):
            monkeypatch.setattr(table, name, lambda *_, name=name, **__: told.append(name)
                                or asyncio.sleep(0))
        with b.websocket_connect(f"/ws/tables/{tid}") as spectator:
            assert spectator.receive_json()["table"]["status"] == "playing"
        assert told == []


def test_exactly_one_instance_drives_a_tables_bots(pair):
    a, b = pair
    made = new_table(a, [{"kind": "bot", "bot": "random"}] * 2)
    tid = made["table"]["id"]
    wait_until(lambda: state(b, tid)["table"]["status"] == "over", 60)
    wait_until(lambda: state(a, tid)["view"] == state(b, tid)["view"])
    # every move was stored once (numbers are unique) by whoever held the lock
    assert state(a, tid)["table"]["moves"] == state(b, tid)["table"]["moves"]
    playing = new_table(b, [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    pid = playing["table"]["id"]
    wait_until(lambda: pid in hub(a).tables)  # both serve it ...
    wait_until(lambda: sum(hub(x).drives(pid) for x in (a, b)) == 1)
    time.sleep(2 * LOCK_EVERY)  # ... and, after both tried for its lock, one drives it
    assert sum(hub(x).drives(pid) for x in (a, b)) == 1


def test_a_move_against_a_state_the_other_instance_changed_is_refused_as_stale(pair,
                                                                                 monkeypatch):
    a, b = pair
    tid, tokens = person_table(a, 2)
    wait_until(lambda: tid in hub(b).tables and
               hub(b).tables[tid].status == "playing")
    before = state(b, tid)
    seat = str(before["to_act"][0])
    legal = state(b, tid, tokens[seat])["legal"]
    # B stops hearing the others, so that its state lags behind A's
    monkeypatch.setattr(hub(b).cluster.listener, "deliver", lambda notice: None)
    answer = a.post(f"/api/tables/{tid}/actions",
                    json={"token": tokens[seat], "action": legal[0]["action"]})
    assert answer.status_code == 200, answer.text
    assert state(b, tid)["table"]["moves"] == 0  # B has not heard of it
    stale = b.post(f"/api/tables/{tid}/actions",
                   json={"token": tokens[seat], "action": legal[-1]["action"]})
    assert stale.status_code == 409, stale.text
    assert stale.json()["code"] == "stale"
    # refused, nothing changed, and B caught up at once
    after = state(b, tid)
    assert after["table"]["moves"] == 1
    assert after["view"] == state(a, tid)["view"]


def test_an_instance_that_missed_moves_reads_them_when_it_hears_the_next(pair, monkeypatch):
    """Moves come with their announcement and are applied as they are; one
    that is not the next (some were missed: the listener was cut) makes the
    instance read what it lacks from the database."""
    a, b = pair
    tid, tokens = person_table(a, 2)
    wait_until(lambda: tid in hub(b).tables and hub(b).tables[tid].status == "playing")

    def move() -> None:
        seat = str(state(a, tid)["to_act"][0])
        legal = state(a, tid, tokens[seat])["legal"]
        assert a.post(f"/api/tables/{tid}/actions", json={
            "token": tokens[seat], "action": legal[0]["action"]}).status_code == 200

    move()
    wait_until(lambda: state(b, tid)["table"]["moves"] == 1)
    hear = hub(b).cluster.listener.deliver
    monkeypatch.setattr(hub(b).cluster.listener, "deliver", lambda notice: None)
    move()
    move()
    assert state(b, tid)["table"]["moves"] == 1
    monkeypatch.setattr(hub(b).cluster.listener, "deliver", hear)
    move()
    wait_until(lambda: state(b, tid)["table"]["moves"] == 4)
    assert state(b, tid, tokens["1"])["view"] == state(a, tid, tokens["1"])["view"]


def test_a_move_heard_from_the_other_instance_replaces_the_state_never_changes_it(pair):
    """A bot thinks in a thread on the state it was given; a move heard from
    another instance is applied to a copy put in its place, as a move made
    here is, so the thread's state never changes under it (it did: the bot
    then found a seat "with no legal action now" in the chaos test)."""
    a, b = pair
    tid, tokens = person_table(a, 2)
    wait_until(lambda: tid in hub(b).tables and hub(b).tables[tid].status == "playing")
    held = hub(b).tables[tid].state
    moves, phase = len(held.record.actions), held.phase
    seat = str(state(a, tid)["to_act"][0])
    legal = state(a, tid, tokens[seat])["legal"]
    assert a.post(f"/api/tables/{tid}/actions", json={
        "token": tokens[seat], "action": legal[0]["action"]}).status_code == 200
    wait_until(lambda: state(b, tid)["table"]["moves"] == 1)
    assert hub(b).tables[tid].state is not held
    assert len(held.record.actions) == moves and held.phase == phase


def test_a_seat_taken_on_one_instance_is_not_taken_again_on_the_other(pair, monkeypatch):
    a, b = pair
    made = new_table(a, [{"kind": "person"}, {"kind": "person"}])
    tid, tokens = made["table"]["id"], made["tokens"]
    b.get(f"/api/tables/{tid}")  # B knows the table
    monkeypatch.setattr(hub(b).cluster.listener, "deliver", lambda notice: None)  # then deaf
    assert a.post(f"/api/tables/{tid}/join",
                  json={"token": tokens["0"], "name": "Ann"}).status_code == 200
    twice = b.post(f"/api/tables/{tid}/join", json={"token": tokens["0"], "name": "Eve"})
    assert twice.status_code == 409 and twice.json()["code"] == "seat_taken"
    assert [s["name"] for s in state(b, tid)["table"]["seats"]] == ["Ann", None]


def test_a_host_change_on_one_instance_evicts_the_seats_clients_on_the_other(pair):
    a, b = pair
    made = new_table(a, [{"kind": "person"}, {"kind": "person"}])
    tid, tokens, host = made["table"]["id"], made["tokens"], made["links"]["host"]
    host_token = host.split("host=")[1]
    for seat, token in tokens.items():
        a.post(f"/api/tables/{tid}/join", json={"token": token, "name": f"P{seat}"})
    with b.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as bob:
        bob.receive_json()
        answer = a.post(f"/api/tables/{tid}/host/seats/1/token", json={"host": host_token})
        assert answer.status_code == 200
        told = receive_within(bob, lambda m: m["type"] == "error")
        assert told["status"] == 403
    assert b.get(f"/api/tables/{tid}/state", params={"token": tokens["1"]}).status_code == 403


def test_a_token_used_on_one_instance_wakes_the_table_the_other_drives(request):
    """docs/api.md, "Idle tables": with nobody there the driving instance
    pauses the table; a program polling with its token through the other
    instance is announced as seen there, and the stand-ins play again."""
    from postgres import new_database

    url = new_database(request.getfixturevalue("postgres_base"))
    with TestClient(create_app(url, tables_per_minute=0, away_after=0.5)) as a, \
            TestClient(create_app(url, tables_per_minute=0, away_after=0.5)) as b:
        made = new_table(a, [{"kind": "person"}, {"kind": "person"},
                             {"kind": "bot", "bot": "random"}], bot_delay=0.05)
        tid, tokens = made["table"]["id"], made["tokens"]
        for seat, token in tokens.items():
            a.post(f"/api/tables/{tid}/join", json={"token": token, "name": f"P{seat}"})
        b.get(f"/api/tables/{tid}")  # B knows the table
        wait_until(lambda: hub(a).drives(tid) or hub(b).drives(tid))
        driver, other = (a, b) if hub(a).drives(tid) else (b, a)
        wait_until(lambda: driver.get(f"/api/tables/{tid}").json()["paused"])
        # a move whose write was under way as the pause began lands first (the
        # table's lock is held through the store's write: CI saw one land after)
        wait_until(lambda: not hub(driver).tables[tid].lock.locked())
        moves = state(driver, tid)["table"]["moves"]
        time.sleep(0.6)
        assert state(driver, tid)["table"]["moves"] == moves
        since = state(driver, tid)["events"][-1]["index"]
        wait_until(a_stand_in_moves(other, tid, tokens["1"], 1, since), timeout=30)
