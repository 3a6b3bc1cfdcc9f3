"""When the database refuses writes (issue 14, defects 2 and 3): a full disk,
a read-only file or a lost connection is answered 503 in the documented JSON
shape (an error message on the WebSocket), nothing changes, a bot's loop
waits and tries again, and the server recovers by itself once the database
takes writes again. The refusal is the database's own: an SQLite error raised
for every write statement while the switch is on; on PostgreSQL, the database
made read-only and every connection of the server cut."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from courtly.server import create_app
from courtly.server.storage import UNAVAILABLE, Store
from test_server import make_client, new_table, person_table, state, wait_until


@contextmanager
def writes_refused(store: Store) -> Iterator[None]:
    """While inside: every INSERT, UPDATE or DELETE fails as on a read-only file."""

    def refuse(_conn, _cursor, statement, *_args) -> None:
        if statement.lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("attempt to write a readonly database")

    event.listen(store.engine, "before_cursor_execute", refuse)
    try:
        yield
    finally:
        event.remove(store.engine, "before_cursor_execute", refuse)


def test_a_refused_write_is_a_503_that_changes_nothing_then_the_move_goes_through(tmp_path):
    with make_client(tmp_path) as client:
        store = client.app.state.hub.store
        tid, tokens = person_table(client)
        before = state(client, tid)
        seat = str(before["to_act"][0])
        action = state(client, tid, tokens[seat])["legal"][0]["action"]
        body = {"token": tokens[seat], "action": action}
        with writes_refused(store):
            answer = client.post(f"/api/tables/{tid}/actions", json=body)
            assert answer.status_code == 503
            assert answer.json() == {"detail": UNAVAILABLE, "code": "storage_unavailable",
                                     "params": {}}
            assert state(client, tid)["events"] == before["events"]
            with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[seat]}") as ws:
                ws.receive_json()
                ws.receive_json()
                ws.send_json({"type": "act", "action": action})
                error = ws.receive_json()
                assert (error["type"], error["status"], error["code"]) == (
                    "error", 503, "storage_unavailable")
                ws.send_json({"type": "chat", "text": "hello?"})
                assert ws.receive_json()["status"] == 503
            assert state(client, tid)["table"]["moves"] == 0
        answer = client.post(f"/api/tables/{tid}/actions", json=body)  # no restart
        assert answer.status_code == 200, answer.text
        assert state(client, tid)["table"]["moves"] == 1


def test_bots_wait_out_a_refused_write_and_play_on(tmp_path):
    """The bots' loop is not ended by a failed write: it logs, waits, tries
    again, and the game of bots ends once the database takes writes again."""
    with make_client(tmp_path) as client:
        hub = client.app.state.hub
        hub.retry_base = 0.05
        with writes_refused(hub.store):
            refused = client.post("/api/tables", json={
                "game": "courtisans", "num_players": 2,
                "seats": [{"kind": "bot", "bot": "random"}] * 2})
            assert refused.status_code == 503  # the table itself could not be stored
        made = client.post("/api/tables", json={
            "game": "courtisans", "num_players": 2, "bot_delay": 0.5,
            "seats": [{"kind": "bot", "bot": "random"}] * 2})
        table = hub.tables[made.json()["table"]["id"]]
        with writes_refused(hub.store):  # before the first bot's half second is out
            wait_until(lambda: table.failures >= 3, timeout=10)
            assert state(client, table.id)["table"]["moves"] == 0
            table.row.bot_delay = 0  # then no pause between moves: the test is quick
        wait_until(lambda: state(client, table.id)["table"]["status"] == "over", timeout=60)
        assert table.failures == 0


def _postgres(url: str, *statements: str) -> None:
    """Run statements on the server's database as another client would."""
    import psycopg

    from courtly.server.storage import psycopg_url

    with psycopg.connect(psycopg_url(url), autocommit=True) as connection:
        for statement in statements:
            connection.execute(statement)


def _cut_every_connection(url: str) -> None:
    """Terminate every other session on the database: the server's pool,
    its listener and the connection that holds its tables' locks."""
    _postgres(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                   "WHERE datname = current_database() AND pid <> pg_backend_pid()")


@pytest.mark.slow  # PostgreSQL: CI runs it (.ci/run)
def test_on_postgresql_a_read_only_spell_and_cut_connections_are_weathered(
        request: pytest.FixtureRequest) -> None:
    """The database turned read-only and every connection cut: a move is
    answered 503 and changes nothing; once it takes writes again, the same
    move goes through within a few tries, with no restart; meanwhile the
    server's listener and locks reconnect, and a game of bots plays on."""
    from postgres import new_database

    url = new_database(request.getfixturevalue("postgres_base"))
    name = url.rsplit("/", 1)[1]
    with TestClient(create_app(url)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.retry_base = 0.05
        tid, tokens = person_table(client)
        bots = new_table(client, [{"kind": "bot", "bot": "random"}] * 2, bot_delay=0.2)
        seat = str(state(client, tid)["to_act"][0])
        body = {"token": tokens[seat], "action": state(client, tid, tokens[seat])["legal"][0]
                ["action"]}
        _postgres(url, f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        _cut_every_connection(url)
        answer = client.post(f"/api/tables/{tid}/actions", json=body)
        assert answer.status_code == 503, answer.text
        assert answer.json()["code"] == "storage_unavailable"
        assert state(client, tid)["table"]["moves"] == 0
        # from another database: a session on this one is read-only now
        _postgres(url.rsplit("/", 1)[0] + "/postgres",
                  f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
        for _ in range(10):  # sessions opened read-only are replaced as they refuse
            answer = client.post(f"/api/tables/{tid}/actions", json=body)
            if answer.status_code == 200:
                break
            assert answer.status_code == 503, answer.text
        assert answer.status_code == 200, answer.text
        assert state(client, tid)["table"]["moves"] == 1
        wait_until(lambda: hub.cluster.listener.ready.is_set() and bots["table"]["id"] in
                   hub.cluster.locks.held, timeout=30)
        wait_until(lambda: state(client, bots["table"]["id"])["table"]["status"] == "over",
                   timeout=120)
