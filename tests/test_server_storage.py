"""When the database refuses writes (issue 14, defects 2 and 3): a full disk,
a read-only file or a lost connection is answered 503 in the documented JSON
shape (an error message on the WebSocket), nothing changes, a bot's loop
waits and tries again, and the server recovers by itself once the database
takes writes again. The refusal is the database's own: an SQLite error raised
for every write statement while the switch is on."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from courtly.server.storage import UNAVAILABLE, Store
from test_server import make_client, person_table, state, wait_until


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
