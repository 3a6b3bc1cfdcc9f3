"""Time and presence on the server: live presence on connect and leave, the
heartbeat that finds dead sockets, the clocks every update carries (absolute
deadlines and the server's time), and the stand-in's moves marked as such."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from market_game import GAME as MARKET
from test_server import make_client, new_table, person_table, state, wait_until


def receive_until(ws: Any, predicate: Callable[[dict[str, Any]], bool],
                  limit: int = 50) -> dict[str, Any]:
    """The first message that satisfies ``predicate`` (others are skipped)."""
    for _ in range(limit):
        message = ws.receive_json()
        if predicate(message):
            return message
    raise AssertionError(f"no such message in {limit}")


def connected(message: dict[str, Any], seat: int) -> bool:
    return message["seats"][seat]["connected"]


def test_presence_is_pushed_when_a_seat_connects_and_leaves(tmp_path):
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client, 3)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ann, \
                client.websocket_connect(f"/ws/tables/{tid}") as spectator:
            first = ann.receive_json()
            assert first["type"] == "update" and not first["table"]["seats"][1]["connected"]
            with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as bob:
                bob.receive_json()
                for ws in (ann, spectator):
                    came = receive_until(ws, lambda m: m["type"] == "presence")
                    assert connected(came, 1) and connected(came, 0) and not connected(came, 2)
                    assert isinstance(came["server_time"], float)
                    assert abs(came["server_time"] - time.time()) < 5
            for ws in (ann, spectator):
                left = receive_until(ws, lambda m: m["type"] == "presence")
                assert not connected(left, 1) and connected(left, 0)
            assert not state(client, tid)["table"]["seats"][1]["connected"]


@pytest.mark.slow  # over a second; the module keeps quick tests of its kind
def test_a_silent_client_that_pinged_is_dropped_and_the_others_told(tmp_path):
    with make_client(tmp_path) as client:
        client.app.state.hub.heartbeat_timeout = 0.4
        tid, tokens = person_table(client, 2)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ann:
            ann.receive_json()
            with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as bob:
                bob.receive_json()
                bob.receive_json()  # chat history
                bob.send_json({"type": "ping"})
                pong = bob.receive_json()
                assert pong["type"] == "pong" and abs(pong["server_time"] - time.time()) < 5
                assert connected(receive_until(ann, lambda m: m["type"] == "presence"), 1)
                # bob's socket stays open but says nothing: the server counts it gone
                gone = receive_until(ann, lambda m: m["type"] == "presence")
                assert not connected(gone, 1)
                with pytest.raises(WebSocketDisconnect) as closed:
                    bob.receive_json()
                assert closed.value.code == 4100
            # a client that never pings is never timed out
            time.sleep(0.6)
            ann.send_json({"type": "chat", "text": "still here"})
            assert receive_until(ann, lambda m: m["type"] == "chat")["message"]["text"] == \
                "still here"


def move_clock_of(update: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(c for c in update["clocks"] if c["seat"] == seat)


def test_updates_carry_every_running_clock_with_the_servers_time(tmp_path):
    with make_client(tmp_path, away_after=50) as client:
        made = new_table(client, [{"kind": "person"}] * 2, move_clock=30)
        tid, tokens = made["table"]["id"], made["tokens"]
        client.post(f"/api/tables/{tid}/join", json={"token": tokens["0"], "name": "Ann"})
        assert state(client, tid)["clocks"] == []  # nothing runs before the game starts
        time.sleep(0.5)
        client.post(f"/api/tables/{tid}/join", json={"token": tokens["1"], "name": "Bob"})
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ws:
            update = ws.receive_json()
            now = update["server_time"]  # every WebSocket message carries it
            assert abs(now - time.time()) < 5
            assert ws.receive_json()["server_time"] >= now  # the chat history too
            assert update["to_act"] == [0]
            clock = move_clock_of(update, 0)
            # the move clock runs from the start of the game, not from the table's creation
            assert clock["kind"] == "move" and clock["total"] == 30
            assert 29 < clock["deadline"] - now <= 30
            assert all(c["seat"] != 1 for c in update["clocks"])  # not to act: no clock
            # a REST read gives the same deadline, to the millisecond
            assert state(client, tid)["clocks"] == update["clocks"]
        # seat 0 has gone: its away timer (50 s) is later than its move clock
        assert move_clock_of(state(client, tid), 0)["kind"] == "move"
    with make_client(tmp_path, "away.sqlite", away_after=5) as client:
        tid, tokens = person_table(client, 2, move_clock=30)
        update = state(client, tid)  # not connected since the start: the move clock only
        assert move_clock_of(update, 0)["kind"] == "move"
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ws:
            first = ws.receive_json()
            assert move_clock_of(first, 0)["kind"] == "move"
            leaving = time.time()
        # its client has left (the server notices it a moment later): the away
        # timer comes first, 5 s from the moment the server saw it go
        wait_until(lambda: move_clock_of(state(client, tid), 0)["kind"] == "away", timeout=5)
        seen = time.time()
        clock = move_clock_of(state(client, tid), 0)
        assert clock["total"] == 5
        assert leaving + 5 - 0.002 <= clock["deadline"] <= seen + 5 + 0.002  # JSON keeps ms


def test_a_timed_phase_is_a_clock_of_its_own(tmp_path):
    with make_client(tmp_path, games={MARKET.name: MARKET}) as client:
        made = new_table(client, [{"kind": "person"}] * 2, game="market",
                         options={"window_seconds": 40})
        tid, tokens = made["table"]["id"], made["tokens"]
        for seat, token in tokens.items():
            client.post(f"/api/tables/{tid}/join", json={"token": token, "name": f"P{seat}"})
        update = state(client, tid)
        phase = next(c for c in update["clocks"] if c["kind"] == "phase")
        assert phase["seat"] is None and phase["total"] == 40
        assert phase["deadline"] == update["phase"]["deadline"]
        assert 38 < phase["deadline"] - time.time() <= 40


def test_the_stand_ins_moves_are_marked_in_the_log_also_after_a_restart(tmp_path):
    with make_client(tmp_path, away_after=0.2) as client:
        tid, tokens = person_table(client, 2)  # seat 1 never connects: away
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}"):
            def played_by_standin() -> bool:
                now = state(client, tid, tokens["0"])
                if 0 in now["to_act"] and now["legal"]:
                    client.post(f"/api/tables/{tid}/actions",
                                json={"token": tokens["0"], "action": now["legal"][0]["action"]})
                return any(e.get("move", {}).get("by") == "standin" for e in now["events"])

            wait_until(played_by_standin)
        events = state(client, tid)["events"]
    moves = [e for e in events if "move" in e]
    assert {(e["move"]["seat"], e["move"]["by"]) for e in moves} == {(0, "person"),
                                                                      (1, "standin")}
    assert all("move" not in e for e in events if e["kind"] in ("join", "start", "away"))
    with make_client(tmp_path, away_after=1000) as again:
        replayed = state(again, tid)["events"][: len(events)]
        assert [e.get("move") for e in replayed] == [e.get("move") for e in events]


def test_spectators_and_bots_are_no_seats_to_time(tmp_path: Path):
    with make_client(tmp_path, away_after=0.5) as client:
        made = new_table(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                         move_clock=20, bot_delay=5)
        tid, tokens = made["table"]["id"], made["tokens"]
        client.post(f"/api/tables/{tid}/join", json={"token": tokens["0"], "name": "Ann"})
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['0']}") as ws:
            ws.receive_json()
            update = state(client, tid)
            if update["to_act"] == [1]:
                assert update["clocks"] == []  # a bot's turn: no clock is shown
            else:
                assert [c["seat"] for c in update["clocks"]] == [0]


def to_negotiation(client: Any, tid: str, tokens: dict[str, str]) -> None:
    """Play Versailles' first choices (each seat's first legal action) up to
    the negotiation (§7.2)."""
    while state(client, tid)["phase"]["name"] != "negotiation":
        seat = str(state(client, tid)["to_act"][0])
        choice = state(client, tid, tokens[seat])["legal"][0]["action"]
        answer = client.post(f"/api/tables/{tid}/actions",
                             json={"token": tokens[seat], "action": choice})
        assert answer.status_code == 200, answer.text


def test_a_referee_ruling_keeps_the_phase_and_its_deadline(tmp_path):
    """A referee's ruling other than calling time (Versailles' breach of
    etiquette, judged from the chat) is recorded, but the negotiation goes
    on with the same five minutes, also after a restart (the replay)."""
    from courtly import REFEREE

    with make_client(tmp_path) as client:
        tid, tokens = person_table(client, 2, game="versailles")
        to_negotiation(client, tid, tokens)
        before = state(client, tid)["phase"]
        assert before["name"] == "negotiation" and before["deadline"] is not None
        table = client.app.state.hub.tables[tid]
        ruling = {"type": "breach", "seat": 1, "code": "familiar_pronoun", "words": "toi"}
        client.portal.call(table.submit, REFEREE, ruling, "referee")
        after = state(client, tid)
        assert after["phase"]["name"] == "negotiation"
        assert after["phase"]["deadline"] == before["deadline"]
        assert after["table"]["moves"] == 3
    with make_client(tmp_path) as client:  # the same database, replayed
        assert state(client, tid)["phase"]["deadline"] == before["deadline"]


def test_a_public_breach_of_etiquette_is_ruled_and_the_chamberlain_may_fine_it(tmp_path):
    """Versailles §3: a public message that says "tu" to a courtier is judged
    by the game's checker, and the referee's ruling recorded: the Grand
    Chamberlain may fine it (or, his own, it is fined at once). A private
    message is not judged (a ruling is public, the message is not)."""
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client, 2, game="versailles")
        to_negotiation(client, tid, tokens)
        moves = state(client, tid)["table"]["moves"]
        said = client.post(f"/api/tables/{tid}/chat",
                           json={"token": tokens["0"], "text": "Tu es bien pâle", "to": 1})
        assert said.status_code == 200 and state(client, tid)["table"]["moves"] == moves
        said = client.post(f"/api/tables/{tid}/chat",
                           json={"token": tokens["0"], "text": "Tu es bien pâle"})
        assert said.status_code == 200
        after = state(client, tid)
        assert after["table"]["moves"] == moves + 1
        assert any(e["kind"] == "breach" for e in after["events"])
        chamberlain = after["view"]["grand_chamberlain"]
        if chamberlain == 0:  # his own breach: fined at once (§3)
            assert after["view"]["courtiers"][0]["fortune"] == -1000
        else:
            legal = state(client, tid, tokens[str(chamberlain)])["legal"]
            assert any(a["action"]["type"] == "fine" for a in legal)


def test_a_player_called_by_his_own_name_in_the_chat_is_ruled(tmp_path):
    """Versailles §3: "Players must address one another giving, in this
    order: QUALITY [...]; FAMILY NAME [...]; and finally the OFFICE held".
    The server gives the checker the seats' names (public at the table):
    "Zoé, ..." to Zoé's courtier is a familiarity, ruled by the referee
    (decision E20); "rose" the colour is not Rose."""
    with make_client(tmp_path) as client:
        made = new_table(client, [{"kind": "person"}] * 3, game="versailles")
        tid, tokens = made["table"]["id"], made["tokens"]
        for seat, name in enumerate(["Alex", "Zoé", "Rose"]):
            joined = client.post(f"/api/tables/{tid}/join",
                                 json={"token": tokens[str(seat)], "name": name})
            assert joined.status_code == 200, joined.text
        to_negotiation(client, tid, tokens)
        moves = state(client, tid)["table"]["moves"]

        said_ids: list[int] = []

        def say(text: str) -> list[dict[str, Any]]:
            said = client.post(f"/api/tables/{tid}/chat",
                               json={"token": tokens["0"], "text": text})
            assert said.status_code == 200, said.text
            said_ids.append(said.json()["id"])
            return [e["data"] for e in state(client, tid)["events"] if e["kind"] == "breach"]

        assert say("Zoé, vous me donnez votre carte ?") == [
            {"breach": 0, "seat": 0, "code": "familiar_name", "words": "Zoé"}]
        assert say("Merci rose !")[1:] == [
            {"breach": 1, "seat": 0, "code": "familiar_name", "words": "rose"}]
        assert len(say("rose, vert ou bleu ?")) == 2
        assert state(client, tid)["table"]["moves"] == moves + 2
        # after each ruling, the server's note: the checker's explanation and what was
        # expected instead, for the offender to learn it (public, stored, replayed)
        events = state(client, tid)["events"]
        notes = [e for e in events if e["kind"] == "etiquette"]
        courtiers = state(client, tid)["view"]["courtiers"]
        assert [n["data"]["expected"] for n in notes] == [
            courtiers[1]["address"]["short"], courtiers[2]["address"]["short"]]
        # each names the message it ruled on: the first and the second said
        assert [n["data"]["message"] for n in notes] == said_ids[:2]
        assert "nom de la personne qui joue" in notes[0]["data"]["fr"]
        assert notes[0]["text"] == notes[0]["data"]["en"]
        assert "player's own name" in notes[0]["text"]
        kinds = [e["kind"] for e in events]
        first = kinds.index("breach")  # the note comes after the ruling's events: its breach,
        # and its fine when the offender is the Grand Chamberlain (fined at once, §3)
        assert kinds[first + 1:kinds.index("etiquette")] in ([], ["fine"]), kinds
