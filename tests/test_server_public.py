"""A server left open to the public (issue 14): what any client may send is
answered by a clear error and changes nothing; the connection that sent it
stays usable."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from test_server import (
    a_stand_in_moves,
    client,
    make_client,
    person_table,
    play_rest,
    state,
    wait_until,
)

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
        ws.send_text("null")  # a JSON value, but not a message: answered, not ignored
        answer = ws.receive_json()
        assert (answer["status"], answer["code"]) == (422, "bad_field")
        ws.send_json({"type": "chat", "text": "still here"})
        assert ws.receive_json()["message"]["text"] == "still here"


def test_every_answer_carries_the_security_headers(client):
    """Issue 14, defect 8: a Content-Security-Policy with no inline script and no
    framing, X-Frame-Options, nosniff, and no Referer (links hold tokens)."""
    for path in ("/", "/api/tables", "/static/js/table.js", "/api/tables/nope/state"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_a_websocket_from_another_sites_page_is_refused(tmp_path):
    """Issue 14, defect 8: the table's socket accepts the server's own origin,
    the configured ones and clients that send none (not browsers); a page of
    another site is refused at the handshake."""
    from starlette.websockets import WebSocketDisconnect

    with make_client(tmp_path, allowed_origins=["https://Play.Example.org/"]) as c:
        tid, tokens = person_table(c)
        url = f"/ws/tables/{tid}?token={tokens['0']}"
        for origin in (None, "http://testserver", "https://play.example.org"):
            headers = {"origin": origin} if origin else {}
            with c.websocket_connect(url, headers=headers) as ws:
                assert ws.receive_json()["type"] == "update"
        with pytest.raises(WebSocketDisconnect) as refused, \
                c.websocket_connect(url, headers={"origin": "https://evil.example"}):
            pass
        assert refused.value.code == 4403
    with pytest.raises(ValueError, match="scheme://host"):
        make_client(tmp_path, name="other.sqlite", allowed_origins=["play.example.org"])


def test_one_strict_schema_for_rest_and_websocket(client):
    """Issue 14, defect 7: a seat given as "1" or true is not a seat, a count as
    text is not a number, a lone surrogate is not text; each refusal names its
    field (422 bad_field), on REST and on the WebSocket alike, and changes
    nothing."""
    tid, tokens = person_table(client, 3)
    say = f"/api/tables/{tid}/chat"
    for to in ("1", True, 1.0):
        answer = client.post(say, json={"token": tokens["0"], "text": "psst", "to": to})
        assert answer.status_code == 422, to
        assert (answer.json()["code"], answer.json()["params"]["field"]) == ("bad_field", "to")
    lone = client.post(say, content=json.dumps({"token": tokens["0"], "text": "\ud800"}),
                       headers={"content-type": "application/json"})
    assert lone.status_code == 422 and lone.json()["params"]["field"] == "text"
    for field, value in (("num_players", "2"), ("seed", True), ("listed", "yes"),
                         ("surprise", 1)):
        body = {"game": "courtisans", "num_players": 2, "seats": [{"kind": "person"}] * 2,
                field: value}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422, field
        assert answer.json()["params"]["field"] == field and field in answer.json()["detail"]
    assert client.get(f"/api/tables/{tid}/state", params={"since": "abc"}).json()[
        "params"]["field"] == "since"
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ws:
        ws.receive_json()
        ws.receive_json()
        for message, field in (({"type": "chat", "text": "psst", "to": "1"}, "to"),
                               ({"type": "chat", "text": "psst", "to": True}, "to"),
                               ({"type": "chat", "text": "\ud800"}, "text"),
                               ({"type": "act"}, "action"), ({"kind": "act"}, "type")):
            ws.send_text(json.dumps(message))
            error = ws.receive_json()
            assert (error["status"], error["code"], error["params"]["field"]) == (
                422, "bad_field", field), message
    assert [m["text"] for m in client.get(say, params={"token": tokens["1"]}).json()] == []
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}&since=abc") as ws:
        error = ws.receive_json()
        assert (error["status"], error["params"]["field"]) == (422, "since")


def test_a_body_over_the_limit_is_refused_before_it_is_read(tmp_path):
    """Issue 14, defect 6: a 100 MB body is not accepted; 413 with the limit,
    by its Content-Length or while it streams in, and no table is made."""
    with make_client(tmp_path, max_body=1000) as c:
        big = {"game": "courtisans", "num_players": 2, "seats": [{"kind": "person"}] * 2,
               "options": {f"o{i}": "x" * 50 for i in range(40)}}
        answer = c.post("/api/tables", json=big)
        assert answer.status_code == 413
        assert answer.json()["code"] == "body_too_large" and answer.json()["params"] == {
            "limit": 1000}

        def chunks():  # no Content-Length: counted as it comes
            for _ in range(10):
                yield b" " * 500

        streamed = c.post("/api/tables", content=chunks(),
                          headers={"content-type": "application/json"})
        assert streamed.status_code == 413
        assert c.get("/api/tables").json()["total"] == 0


def test_an_address_creates_so_many_tables_a_minute():
    """Issue 14, defect 6: 600 creations a second are not possible; an address
    gets its burst at once, then one every 60/N seconds (429 with Retry-After
    between), and another address is not held back."""
    from courtly.server.security import RateLimit

    now = [0.0]
    limit = RateLimit(3, 20.0, clock=lambda: now[0])
    assert [limit.take("a") for _ in range(3)] == [0, 0, 0]
    assert limit.take("a") == pytest.approx(20.0)
    assert limit.take("b") == 0
    now[0] = 10.0
    assert limit.take("a") == pytest.approx(10.0)
    now[0] = 20.0
    assert limit.take("a") == 0
    assert RateLimit(0, 0).take("a") == 0


def test_table_creation_is_rate_limited_over_http(tmp_path):
    body = {"game": "courtisans", "num_players": 2, "seats": [{"kind": "bot", "bot": "random"}] * 2}
    with make_client(tmp_path, tables_per_minute=2) as c:
        assert [c.post("/api/tables", json=body).status_code for _ in range(2)] == [201, 201]
        refused = c.post("/api/tables", json=body)
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) == refused.json()["params"]["retry_after"] > 0
        assert c.get("/api/tables").json()["total"] == 2


def test_a_chosen_seed_does_not_tell_a_person_the_hidden_cards(client):
    """Issue 14, defect 5: the same seed chosen for two tables with person seats
    deals them differently, and neither as the seed alone would; a table of
    bots plays the seed chosen (simulations reproduce); the seed played is
    published with the replay at the end, and replays the game exactly."""
    import courtly

    def hand(tid: str, token: str) -> list[Any]:
        return state(client, tid, token)["view"]["hand"]

    first, second = person_table(client, seed=11), person_table(client, seed=11)
    alone = courtly.GAMES["courtisans"].new_game(2, seed=11)
    hands = [hand(first[0], first[1]["0"]), hand(second[0], second[1]["0"])]
    assert hands[0] != hands[1]
    assert alone.view(0)["hand"] not in hands
    bots = client.post("/api/tables", json={
        "game": "courtisans", "num_players": 2, "seed": 11, "bot_delay": 0,
        "seats": [{"kind": "bot", "bot": "random"}] * 2}).json()["table"]["id"]
    wait_until(lambda: state(client, bots)["table"]["status"] == "over")
    replay = client.get(f"/api/tables/{bots}/replay").json()
    assert replay["seed"] == 11
    tid, tokens = first
    assert client.get(f"/api/tables/{tid}/replay").status_code == 409  # not before the end
    play_rest(client, tid, tokens, 500, random.Random(0))
    replay = client.get(f"/api/tables/{tid}/replay", params={"step": 0, "seat": "0"}).json()
    again = courtly.GAMES["courtisans"].new_game(2, seed=replay["seed"])
    assert replay["seed"] != 11 and again.view(0)["hand"] == hands[0]


def test_a_server_for_known_deals_plays_the_seed_chosen(tmp_path):
    """``create_app(mix_seeds=False)``, for tests that replay a known deal: a
    table with person seats plays the seed chosen."""
    import courtly

    with make_client(tmp_path, mix_seeds=False) as c:
        tid, tokens = person_table(c, seed=11)
        dealt = courtly.GAMES["courtisans"].new_game(2, seed=11).view(0)["hand"]
        assert state(c, tid, tokens["0"])["view"]["hand"] == dealt


def test_a_bot_asked_for_stays_within_the_servers_bounds(client):
    """Issue 14, defect 1: `ismcts:iterations=0,seconds=100000`, `seconds=inf`,
    `iterations=10**12` are refused with 400 naming the bound, at creation and
    when the host puts a bot in a seat; a bot without a time limit gets the
    server's."""
    from courtly.server.security import BOT_LIMITS, timed

    for spec, key in (("ismcts:iterations=0,seconds=100000", "seconds"),
                      ("ismcts:seconds=inf", "seconds"),
                      (f"ismcts:iterations={10**12}", "iterations"),
                      # an attack's: each iteration a whole game, past any time limit
                      ("ismcts:seconds=2,rounds=100000,turns=true", "rounds")):
        answer = client.post("/api/tables", json={
            "game": "courtisans", "num_players": 2,
            "seats": [{"kind": "person"}, {"kind": "bot", "bot": spec}]})
        assert answer.status_code == 400, spec
        body = answer.json()
        assert body["code"] == "bot_limit" and body["params"]["parameter"] == key
        assert f"{key} is {BOT_LIMITS[key]:g} at most" in body["detail"]
    made = client.post("/api/tables", json={"game": "courtisans", "num_players": 2,
                                            "seats": [{"kind": "person"}] * 2}).json()
    tid, host = made["table"]["id"], made["host_token"]
    refused = client.post(f"/api/tables/{tid}/host/seats/1/bot",
                          json={"host": host, "bot": "ismcts:seconds=60"})
    assert refused.status_code == 400 and refused.json()["code"] == "bot_limit"
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "person"
    assert timed("ismcts") == "ismcts:seconds=2"
    assert timed("ismcts:iterations=300") == "ismcts:iterations=300,seconds=2"
    assert timed("ismcts:seconds=0.5") == "ismcts:seconds=0.5"
    assert timed("heuristic") == "heuristic"


def test_searching_bots_cannot_starve_another_tables_bots(tmp_path):
    """Issue 14, defect 1: searching bots think on their own threads, in the
    order they asked; with every one of them taken (held here), a table of
    quick bots plays its whole game, and a seat left by its person is played
    by its stand-in."""
    import threading

    searching = {"game": "courtisans", "num_players": 2, "bot_delay": 0,
                 "seats": [{"kind": "bot", "bot": "ismcts:seconds=2"}] * 2}
    quick = {"game": "courtisans", "num_players": 2, "bot_delay": 0,
             "seats": [{"kind": "bot", "bot": "random"}] * 2}
    # a server told to play on for absent persons (--pause-after): both
    # stand-ins play at once
    with make_client(tmp_path, away_after=0, pause_after=600) as c:
        hub = c.app.state.hub
        held = threading.Event()
        for _ in range(hub.search_pool._max_workers):
            hub.search_pool.submit(held.wait)
        try:
            busy = [c.post("/api/tables", json=searching).json()["table"]["id"]
                    for _ in range(3)]
            tid = c.post("/api/tables", json=quick).json()["table"]["id"]
            left, _ = person_table(c)  # both persons away at once: stand-ins play
            wait_until(lambda: state(c, tid)["table"]["status"] == "over", timeout=30)
            wait_until(lambda: state(c, left)["table"]["moves"] >= 4, timeout=30)
            assert all(state(c, b)["table"]["moves"] == 0 for b in busy)
        finally:
            held.set()
        for b in busy:  # stop the searches before the app closes
            hub.tables[b].driver.cancel()


def test_a_table_nobody_comes_back_to_pauses_then_expires(tmp_path):
    """Issue 14, defect 6: stand-ins stop playing a table no person has been
    connected to for `pause_after` seconds (an idle server does not play out
    a thousand abandoned games); a person's return resumes it; after
    `expire_after` it is closed, its replay kept. Tables of bots play on."""
    with make_client(tmp_path, away_after=0, pause_after=1.0, expire_after=3.0) as c:
        hub = c.app.state.hub
        tid, tokens = person_table(c, bot_delay=0.2)  # joined, then nobody connected
        bots = c.post("/api/tables", json={"game": "courtisans", "num_players": 2,
                                           "bot_delay": 0.2, "seats": [
                                               {"kind": "bot", "bot": "random"}] * 2}).json()
        wait_until(lambda: c.get(f"/api/tables/{tid}").json()["paused"], timeout=10)
        moves = state(c, tid)["table"]["moves"]
        assert moves > 0  # the stand-ins played until the pause
        time.sleep(0.6)
        assert state(c, tid)["table"]["moves"] == moves
        assert not c.get(f"/api/tables/{bots['table']['id']}").json()["paused"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"):
            assert not c.get(f"/api/tables/{tid}").json()["paused"]
            last = state(c, tid)["events"][-1]["index"]  # seat 1's stand-in plays on
            wait_until(a_stand_in_moves(c, tid, tokens["0"], 0, last), timeout=10)
        assert c.portal.call(hub.expire) == []  # idle again, but not for 3 s yet
        time.sleep(3.1)
        assert c.portal.call(hub.expire) == [tid]
        assert state(c, tid)["table"]["status"] == "abandoned"
        assert c.get(f"/api/tables/{tid}/replay").status_code == 200
        assert state(c, tid)["events"][-1]["kind"] == "expired"


def test_an_address_holds_so_many_sockets_at_once(tmp_path):
    """An attack opened hundreds of spectator sockets on a table of quick bots,
    each pushed every move, and slowed every request tenfold. One address holds
    ``sockets_per_address`` at once: the next is told why (429
    ``too_many_sockets``) and closed; one closed makes room for another."""
    from starlette.websockets import WebSocketDisconnect

    with make_client(tmp_path, sockets_per_address=2) as c:
        url = f"/ws/tables/{person_table(c)[0]}"
        with c.websocket_connect(url) as first, c.websocket_connect(url) as second:
            assert first.receive_json()["type"] == second.receive_json()["type"] == "update"
            with c.websocket_connect(url) as third:
                refused = third.receive_json()
                assert (refused["status"], refused["code"]) == (429, "too_many_sockets")
                assert refused["params"]["most"] == 2
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429
        with c.websocket_connect(url) as again:  # the two closed: room again
            assert again.receive_json()["type"] == "update"


def test_a_seat_posts_so_many_messages_and_a_socket_gets_the_newest(client, monkeypatch):
    """An attack posted 5,000 messages in 4 s from one socket, then every new
    socket was sent all 2.9 MB of them. A seat posts CHAT_BURST at once, then
    one every CHAT_EVERY seconds (429 ``rate_limited``, nothing stored); a
    socket's history and GET /chat hold the newest CHAT_HISTORY."""
    from courtly.server import hub as hub_module

    monkeypatch.setattr(hub_module, "CHAT_HISTORY", 4)
    tid, tokens = person_table(client)
    url = f"/api/tables/{tid}/chat"
    sent = [client.post(url, json={"token": tokens["0"], "text": f"m{k}"}).status_code
            for k in range(hub_module.CHAT_BURST + 1)]
    assert sent == [200] * hub_module.CHAT_BURST + [429]
    refused = client.post(url, json={"token": tokens["0"], "text": "more"})
    assert refused.json()["code"] == "rate_limited" and int(refused.headers["retry-after"]) >= 1
    assert client.post(url, json={"token": tokens["1"], "text": "other seat"}).status_code == 200
    newest = [m["text"] for m in client.get(url, params={"token": tokens["1"]}).json()]
    assert newest == ["m7", "m8", "m9", "other seat"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as ws:
        ws.receive_json()  # the first update
        history = ws.receive_json()
        assert [m["text"] for m in history["messages"]] == newest


def test_the_echo_socket_is_served_only_when_asked(tmp_path):
    """/ws/echo is the load benchmark's reference, no part of the game: off by
    default (an attack found it open, echoing 15 MB frames and logging a
    traceback for each frame not JSON). Served with ``echo=True``, it closes
    on a frame that is not JSON."""
    from starlette.websockets import WebSocketDisconnect

    with (make_client(tmp_path) as c, pytest.raises(WebSocketDisconnect),
          c.websocket_connect("/ws/echo") as ws):
        ws.receive_json()
    with (make_client(tmp_path, name="echo.sqlite", echo=True) as c,
          c.websocket_connect("/ws/echo") as ws):
        ws.send_json({"type": "echo", "pad": "x"})
        assert ws.receive_json() == {"type": "echo", "pad": "x"}
        ws.send_text("{bad")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_a_table_of_bots_only_takes_no_person(client):
    """An attack made a table of two bots on a chosen seed (played as chosen, for
    reproducible simulations), a long bot delay, then had the host open both
    seats to persons: the victim's hand was the seed's own, known to its maker.
    A table of bots playing its maker's seed as chosen says so in its log (no
    value) and is refused a person (409 ``known_deal``), playing on as it
    was; one on a seed of its own, or made with a person seat, takes one."""
    body = {"game": "courtisans", "num_players": 2, "seed": 424242, "bot_delay": 30,
            "seats": [{"kind": "bot", "bot": "random"}] * 2}
    made = client.post("/api/tables", json=body).json()
    tid, host = made["table"]["id"], made["host_token"]
    before = client.get(f"/api/tables/{tid}").json()
    refused = client.post(f"/api/tables/{tid}/host/seats/0/person", json={"host": host})
    assert (refused.status_code, refused.json()["code"]) == (409, "known_deal")
    assert client.get(f"/api/tables/{tid}").json() == before
    said = [e for e in client.get(f"/api/tables/{tid}/state").json()["events"]
            if e["kind"] == "seed_as_chosen"]
    assert len(said) == 1 and "424242" not in json.dumps(said)
    drawn = client.post("/api/tables", json={k: v for k, v in body.items() if k != "seed"})
    tid, host = drawn.json()["table"]["id"], drawn.json()["host_token"]
    answer = client.post(f"/api/tables/{tid}/host/seats/0/person", json={"host": host})
    assert answer.status_code == 200, answer.text
    made = client.post("/api/tables", json={**body, "seats": [
        {"kind": "person"}, {"kind": "bot", "bot": "random"}]}).json()
    tid, host = made["table"]["id"], made["host_token"]
    answer = client.post(f"/api/tables/{tid}/host/seats/1/person", json={"host": host})
    assert answer.status_code == 200, answer.text
