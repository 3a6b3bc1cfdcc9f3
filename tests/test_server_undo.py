"""Undo over the server: only the seat that took the last action may take it
back, where the game allows it (State.undo); the undo is stored, so a
restart replays the same state and the same log; a refusal changes nothing."""

from __future__ import annotations

from pathlib import Path

from test_server import make_client, person_table, state


def _plain_card(update: dict) -> dict:
    """A legal card that starts no power (no Assassin, no Diplomat)."""
    return next(x["action"] for x in update["legal"]
                if x["action"].get("role") not in ("assassin", "diplomat"))


def _undo(client, tid: str, token: str):
    return client.post(f"/api/tables/{tid}/undo", json={"token": token})


def test_a_card_placed_is_taken_back_and_a_restart_replays_it(tmp_path: Path):
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client, 2)
        first = state(client, tid)
        seat = str(first["to_act"][0])
        other = str(1 - int(seat))
        mine = state(client, tid, tokens[seat])
        assert mine["can_undo"] is False and state(client, tid, tokens[other])["can_undo"] is False
        card = _plain_card(mine)
        assert client.post(f"/api/tables/{tid}/actions",
                           json={"token": tokens[seat], "action": card}).status_code == 200
        assert state(client, tid, tokens[seat])["can_undo"] is True
        assert state(client, tid, tokens[other])["can_undo"] is False
        before_refusals = state(client, tid, tokens[seat])
        # the other seat, a spectator and a forged token may not
        answer = _undo(client, tid, tokens[other])
        assert answer.status_code == 409 and "nothing of theirs to undo" in answer.json()["detail"]
        assert _undo(client, tid, "").status_code == 403
        assert _undo(client, tid, "forged-token").status_code == 403
        after_refusals = state(client, tid, tokens[seat])
        assert after_refusals["view"] == before_refusals["view"]
        assert after_refusals["last_index"] == before_refusals["last_index"]

        answer = _undo(client, tid, tokens[seat])
        assert answer.status_code == 200 and answer.json()["undone"] is True
        back = state(client, tid, tokens[seat])
        assert back["view"] == mine["view"] and back["can_undo"] is False
        seen_by_other = state(client, tid, tokens[other])
        assert seen_by_other["events"][-1]["kind"] == "undo"
        assert "action" not in seen_by_other["events"][-1]["data"]
        log = [(e["kind"], e["text"]) for e in state(client, tid)["events"]]
    with make_client(tmp_path) as again:  # a restart: the stored undo replays
        assert state(again, tid, tokens[seat])["view"] == mine["view"]
        assert [(e["kind"], e["text"]) for e in state(again, tid)["events"]] == log
        # and play goes on from there
        card = _plain_card(state(again, tid, tokens[seat]))
        assert again.post(f"/api/tables/{tid}/actions",
                          json={"token": tokens[seat], "action": card}).status_code == 200


def test_the_turns_draw_cannot_be_taken_back_over_the_websocket(tmp_path: Path):
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client, 2)
        seat = str(state(client, tid)["to_act"][0])
        while str(state(client, tid)["to_act"][0]) == seat:
            legal = state(client, tid, tokens[seat])["legal"]
            client.post(f"/api/tables/{tid}/actions",
                        json={"token": tokens[seat], "action": legal[0]["action"]})
        last = state(client, tid)["last_index"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[seat]}") as ws:
            assert ws.receive_json()["can_undo"] is False
            ws.send_json({"type": "undo"})
            error = ws.receive_json()
            while error["type"] != "error":  # the chat history comes first
                error = ws.receive_json()
            assert error["type"] == "error" and error["status"] == 409
            assert "cannot be taken back" in error["detail"]
        assert state(client, tid)["last_index"] == last


def test_an_act_and_an_undo_over_the_websocket_are_answered_after_their_update(tmp_path: Path):
    """The seat's own socket gets its update, then ``{type: "accepted", of}``:
    the page knows which update carries its move (an update another seat's
    move brings first does not). A refusal is one ``error``, no ``accepted``;
    every message carries ``server_time``."""
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client, 2)
        seat = str(state(client, tid)["to_act"][0])
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[seat]}") as ws:
            first = ws.receive_json()
            assert ws.receive_json()["type"] == "chat_history"
            ws.send_json({"type": "act", "action": _plain_card(first)})
            update, answer = ws.receive_json(), ws.receive_json()
            assert update["type"] == "update" and update["can_undo"] is True
            assert {k: v for k, v in answer.items() if k != "server_time"} == {
                "type": "accepted", "of": "act"}
            ws.send_json({"type": "undo"})
            update, answer = ws.receive_json(), ws.receive_json()
            assert update["type"] == "update" and update["events"][-1]["kind"] == "undo"
            assert (answer["type"], answer["of"]) == ("accepted", "undo")
            ws.send_json({"type": "undo"})  # nothing left to take back
            error = ws.receive_json()
            assert (error["type"], error["status"]) == ("error", 409)
            for message in (first, update, answer, error):
                assert isinstance(message["server_time"], float)
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"  # and nothing came between
