"""A server left open to the public (issue 14): what any client may send is
answered by a clear error and changes nothing; the connection that sent it
stays usable."""

from __future__ import annotations

from test_server import client, person_table, state

__all__ = ["client"]  # fixture used by name


def test_a_malformed_websocket_frame_is_answered_and_the_connection_kept(client):
    """Issue 14, defect 4: "{bad", a binary frame and 50,000 nested brackets each
    get {type: "error", status: 400, detail}; the same socket then still plays."""
    tid, tokens = person_table(client)
    before = state(client, tid, tokens["0"])
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ws:
        ws.receive_json()  # the first update
        ws.receive_json()  # the chat history
        for send in (lambda: ws.send_text("{bad"), lambda: ws.send_bytes(b"\x00\x01"),
                     lambda: ws.send_text("[" * 50_000 + "]" * 50_000)):
            send()
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["status"] == 400
            assert answer["code"] == "bad_frame" and answer["detail"]
        assert state(client, tid, tokens["0"])["events"] == before["events"]
        ws.send_json({"type": "chat", "text": "still here"})
        assert ws.receive_json()["message"]["text"] == "still here"
