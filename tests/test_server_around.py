"""Around the game (issue 12): the rematch (who may start it, who gets which
seat's token) and the machine-readable codes of refusals, over REST and the
WebSocket."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.server import create_app

PERSON = {"kind": "person"}
BOT = {"kind": "bot", "bot": "random"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0)) as c:
        yield c


def new_table(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "courtisans", "num_players": len(seats), "seats": seats, "seed": 3,
            "bot_delay": 0} | extra
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def seated(client: TestClient, names: tuple[str, ...] = ("Ada", "Bob"),
           **extra: Any) -> tuple[str, dict[str, str], str]:
    made = new_table(client, [PERSON] * len(names), **extra)
    tid, tokens = made["table"]["id"], made["tokens"]
    for seat, name in enumerate(names):
        answer = client.post(f"/api/tables/{tid}/join",
                             json={"token": tokens[str(seat)], "name": name})
        assert answer.status_code == 200, answer.text
    return tid, tokens, made["host_token"]


def state(client: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{tid}/state", params={"token": token} if token else {})
    assert answer.status_code == 200, answer.text
    return answer.json()


def play_to_the_end(client: TestClient, tid: str, tokens: dict[str, str]) -> None:
    for _ in range(500):
        update = state(client, tid)
        if update["table"]["status"] == "over":
            return
        seat = update["to_act"][0]
        legal = state(client, tid, tokens[str(seat)])["legal"]
        answer = client.post(f"/api/tables/{tid}/actions",
                             json={"token": tokens[str(seat)], "action": legal[0]["action"]})
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def rematch(client: TestClient, tid: str, token: str | None) -> Any:
    return client.post(f"/api/tables/{tid}/rematch", json={"token": token})


# ----- rematch ---------------------------------------------------------------------

def test_a_rematch_is_the_same_table_with_a_new_seed_and_each_seat_follows(client):
    tid, tokens, host = seated(client, move_clock=90, listed=False)
    old = client.get(f"/api/tables/{tid}").json()
    play_to_the_end(client, tid, tokens)

    first = rematch(client, tid, tokens["1"])
    assert first.status_code == 200, first.text
    body = first.json()
    new_id = body["table"]["id"]
    assert body["seat"] == 1 and body["link"] == f"/table/{new_id}?token={body['token']}"
    new = body["table"]
    same = ("game", "num_players", "options", "bot_delay", "move_clock", "listed", "hosted")
    assert {k: new[k] for k in same} == {k: old[k] for k in same}
    assert new["status"] == "waiting"  # Ada has not followed yet
    assert [s["name"] for s in new["seats"]] == [None, "Bob"]
    # her seat is kept for her under the name the last game showed (the waiting
    # banner and the seats list name her, not "Seat 1")
    assert [s["awaited"] for s in new["seats"]] == ["Ada", None]
    assert state(client, new_id)["table"]["seats"][0]["awaited"] == "Ada"
    # the finished table points to it, in its info and its log
    update = state(client, tid, tokens["0"])
    assert update["table"]["rematch"] == new_id
    assert update["events"][-1]["kind"] == "rematch"
    assert update["events"][-1]["data"] == {"seat": 1, "table": new_id}

    # Bob's new token is his seat at the new table; asking again gives the same one
    assert state(client, new_id, body["token"])["seat"] == 1
    assert rematch(client, tid, tokens["1"]).json()["token"] == body["token"]
    # Ada follows: her own seat, her name; the game starts, with a new seed
    ada = rematch(client, tid, tokens["0"]).json()
    assert ada["table"]["id"] == new_id and ada["seat"] == 0 and ada["token"] != body["token"]
    assert state(client, new_id, ada["token"])["seat"] == 0
    info = client.get(f"/api/tables/{new_id}").json()
    assert info["status"] == "playing"
    assert [s["name"] for s in info["seats"]] == ["Ada", "Bob"]
    assert [s["awaited"] for s in info["seats"]] == [None, None]
    assert client.get(f"/api/tables/{tid}").json()["rematch"] == new_id
    # one rematch per table: the same id whoever asks
    assert rematch(client, tid, tokens["0"]).json()["table"]["id"] == new_id
    # the host of the finished table hosts the rematch with the same host link
    answer = client.post(f"/api/tables/{new_id}/host/listed", json={"host": host, "listed": True})
    assert answer.status_code == 200, answer.text


@pytest.mark.slow  # over a second; the module keeps quick tests of its kind
def test_only_a_seated_person_at_a_finished_game_may_start_a_rematch(client):
    tid, tokens, host = seated(client)
    # not before the end
    early = rematch(client, tid, tokens["0"])
    assert early.status_code == 409 and early.json()["code"] == "not_over"
    play_to_the_end(client, tid, tokens)
    assert client.post(f"/api/tables/{tid}/rematch", json={}).status_code == 422
    for token, code in [("", "spectator"), ("forged", "bad_token"), (host, "bad_token")]:
        answer = rematch(client, tid, token)
        assert answer.status_code == 403 and answer.json()["code"] == code, answer.text
    assert client.get(f"/api/tables/{tid}").json()["rematch"] is None, "nothing was created"
    assert rematch(client, "nope", tokens["0"]).json()["code"] == "no_table"


@pytest.mark.slow  # over a second; the module keeps quick tests of its kind
def test_a_new_seat_token_goes_only_to_the_old_seats_token(client):
    tid, tokens, host = seated(client, ("Ada", "Bob", "Cy"))
    play_to_the_end(client, tid, tokens)
    bob = rematch(client, tid, tokens["1"]).json()
    new_id = bob["table"]["id"]
    # Cy's token gets Cy's seat, never Bob's; the new tokens are not the old ones
    cy = rematch(client, tid, tokens["2"]).json()
    assert cy["seat"] == 2 and cy["token"] not in (bob["token"], tokens["2"])
    # the old tokens hold no seat at the new table, and the new ones none at the old
    for token in tokens.values():
        answer = client.get(f"/api/tables/{new_id}/state", params={"token": token})
        assert answer.status_code == 403 and answer.json()["code"] == "bad_token"
    answer = client.get(f"/api/tables/{tid}/state", params={"token": cy["token"]})
    assert answer.status_code == 403
    # a seat the rematch's host gave another link cannot be claimed with the old token,
    # nor is it said to wait for Ada any more (someone else may take it)
    assert client.get(f"/api/tables/{new_id}").json()["seats"][0]["awaited"] == "Ada"
    answer = client.post(f"/api/tables/{new_id}/host/seats/0/token", json={"host": host})
    assert answer.status_code == 200, answer.text
    assert client.get(f"/api/tables/{new_id}").json()["seats"][0]["awaited"] is None
    refused = rematch(client, tid, tokens["0"])
    assert refused.status_code == 409 and refused.json()["code"] == "rematch_seat_replaced"


@pytest.mark.slow  # over a second; the module keeps quick tests of its kind
def test_a_bots_seat_stays_a_bots_and_the_rematch_survives_a_restart(tmp_path):
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with TestClient(create_app(url, bot_delay=0)) as client:
        made = new_table(client, [PERSON, BOT], seed=9)
        tid, tokens = made["table"]["id"], made["tokens"]
        client.post(f"/api/tables/{tid}/join", json={"token": tokens["0"], "name": "Ada"})
        deadline = time.monotonic() + 30
        while state(client, tid)["table"]["status"] != "over":
            update = state(client, tid, tokens["0"])
            if update["legal"]:
                client.post(f"/api/tables/{tid}/actions",
                            json={"token": tokens["0"], "action": update["legal"][0]["action"]})
            assert time.monotonic() < deadline
            time.sleep(0.01)
        ada = rematch(client, tid, tokens["0"]).json()
        new_id = ada["table"]["id"]
        assert [s["kind"] for s in ada["table"]["seats"]] == ["person", "bot"]
        assert ada["table"]["seats"][1]["bot"] == "random"
        assert ada["table"]["status"] == "playing"
    with TestClient(create_app(url, bot_delay=0)) as client:
        assert client.get(f"/api/tables/{tid}").json()["rematch"] == new_id
        assert state(client, new_id, ada["token"])["seat"] == 0
        assert rematch(client, tid, tokens["0"]).json()["token"] == ada["token"]


@pytest.mark.slow  # over a second; the module keeps quick tests of its kind
def test_the_names_a_rematch_waits_for_survive_a_restart_and_show_in_its_log(tmp_path):
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with TestClient(create_app(url, bot_delay=0)) as client:
        tid, tokens, _ = seated(client, ("Ada", "Bob", "Cy"))
        play_to_the_end(client, tid, tokens)
        new_id = rematch(client, tid, tokens["1"]).json()["table"]["id"]
        first = state(client, new_id)["events"][0]
        assert first["kind"] == "rematch_of" and "move" not in first
        assert first["data"] == {"table": tid, "names": ["Ada", "Bob", "Cy"]}
    with TestClient(create_app(url, bot_delay=0)) as client:
        seats = client.get(f"/api/tables/{new_id}").json()["seats"]
        assert [(s["name"], s["awaited"]) for s in seats] == [
            (None, "Ada"), ("Bob", None), (None, "Cy")]
        cy = rematch(client, tid, tokens["2"]).json()
        assert [s["awaited"] for s in cy["table"]["seats"]] == ["Ada", None, None]


# ----- error codes -------------------------------------------------------------------

def test_refusals_carry_a_code_and_params_besides_the_english_detail(client):
    made = new_table(client, [PERSON, PERSON])
    tid, tokens = made["table"]["id"], made["tokens"]
    url = f"/api/tables/{tid}"

    def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = client.post(url + path, json=body)
        assert answer.status_code >= 400, answer.text
        out = answer.json()
        assert set(out) == {"detail", "code", "params"} and out["detail"], out
        return out

    action = {"type": "decline"}
    assert post("/actions", {"token": tokens["0"], "action": action})["code"] == "not_started"
    assert post("/join", {"token": "forged", "name": "Eve"})["code"] == "bad_token"
    assert client.post(url + "/join", json={"token": tokens["0"], "name": "Ada"}).status_code == 200
    dup = post("/join", {"token": tokens["1"], "name": " ada "})
    assert dup["code"] == "duplicate_name" and dup["params"] == {"name": "ada"}
    assert client.post(url + "/join", json={"token": tokens["1"], "name": "Bob"}).status_code == 200
    taken = post("/join", {"token": tokens["1"], "name": "Bobby"})
    assert taken["code"] == "seat_taken" and taken["params"] == {"seat": 1, "name": "Bob"}

    first = state(client, tid)["to_act"][0]
    other = 1 - first
    legal = state(client, tid, tokens[str(first)])["legal"][0]["action"]
    turn = post("/actions", {"token": tokens[str(other)], "action": legal})
    assert turn["code"] == "not_your_turn" and turn["params"] == {"waiting": [first]}
    illegal = post("/actions", {"token": tokens[str(first)], "action": action})
    assert illegal["code"] == "illegal_action"
    assert illegal["detail"] == "Decline the card's power: there is no power to use now"
    assert post("/actions", {"token": "", "action": legal})["code"] == "spectator"
    assert post("/actions", {"token": tokens["0"], "action": {"type": "fly"}})["code"] == \
        "invalid_action"
    assert post("/chat", {"token": tokens["0"], "text": "   "})["code"] == "empty_text"
    assert post("/host/abandon", {"host": "nope"})["code"] == "host_only"
    assert client.post(url + "/host/abandon",
                       json={"host": made["host_token"]}).status_code == 200
    assert post("/actions", {"token": tokens[str(first)], "action": legal})["code"] == "abandoned"
    missing = client.get("/api/tables/nope")
    assert missing.status_code == 404 and missing.json()["code"] == "no_table"
    game = client.get("/api/games/chess").json()
    assert game["code"] == "unknown_game" and game["params"] == {"game": "chess"}


def test_game_over_and_time_up_codes(client):
    tid, tokens, _ = seated(client)
    play_to_the_end(client, tid, tokens)
    answer = client.post(f"/api/tables/{tid}/actions",
                         json={"token": tokens["0"], "action": {"type": "decline"}})
    assert answer.status_code == 409 and answer.json()["code"] == "game_over"
    # time up: a phase whose deadline has passed (set by hand, as the driver would see it)
    tid, tokens, _ = seated(client)
    table = client.app.state.hub.get(tid)  # type: ignore[attr-defined]
    table.timing.deadline = 1.0
    seat = state(client, tid)["to_act"][0]
    legal = state(client, tid, tokens[str(seat)])["legal"][0]["action"]
    answer = client.post(f"/api/tables/{tid}/actions",
                         json={"token": tokens[str(seat)], "action": legal})
    body = answer.json()
    assert answer.status_code == 409 and body["code"] == "time_up"
    assert body["params"] == {"phase": state(client, tid)["phase"]["name"]}


def test_websocket_errors_carry_the_same_codes(client):
    tid, tokens, _ = seated(client)
    first = state(client, tid)["to_act"][0]
    other = 1 - first
    legal = state(client, tid, tokens[str(first)])["legal"][0]["action"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[str(other)]}") as ws:
        ws.receive_json()
        ws.receive_json()
        ws.send_json({"type": "act", "action": legal})
        error = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 409
        assert error["code"] == "not_your_turn" and error["params"] == {"waiting": [first]}
        ws.send_json({"type": "dance"})
        error = ws.receive_json()
        assert (error["status"], error["code"]) == (422, "bad_field")
        assert error["params"]["field"] == "type"
    with client.websocket_connect(f"/ws/tables/{tid}?token=forged") as ws:
        error = ws.receive_json()
        assert (error["status"], error["code"]) == (403, "bad_token")


# ----- the last move ---------------------------------------------------------------

def test_updates_name_the_last_moves_events_seen_by_each_seat(tmp_path):
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with TestClient(create_app(url, bot_delay=0)) as client:
        tid, tokens, _ = seated(client)
        assert state(client, tid)["last_move"] is None
        first = state(client, tid)["to_act"][0]
        token = tokens[str(first)]
        played = []
        # a whole turn of one seat is one run: its three cards (and its draw)
        while state(client, tid)["to_act"] == [first]:
            before = state(client, tid, token)
            client.post(f"/api/tables/{tid}/actions",
                        json={"token": token, "action": before["legal"][0]["action"]})
            played.extend(range(before["last_index"] + 1,
                                state(client, tid)["last_index"] + 1))
        mine = state(client, tid, token)
        assert mine["last_move"] == {"seat": first, "events": played}
        kinds = {mine_event["index"]: mine_event["kind"] for mine_event in mine["events"]}
        assert [kinds[i] for i in played][-1] == "draw"
        # the draw is the rules' after the turn's last card, not the seat's own doing
        follows = {e["index"]: e["move"]["follows"] for e in mine["events"] if "move" in e}
        assert [follows[i] for i in played] == [kinds[i] == "draw" for i in played]
        # the other seat is told of the same move; its draw is its own to see
        theirs = state(client, tid, tokens[str(1 - first)])["last_move"]
        assert theirs["seat"] == first and set(theirs["events"]) <= set(played)
        # the next seat's action starts a new run
        other = tokens[str(1 - first)]
        before = state(client, tid, other)
        client.post(f"/api/tables/{tid}/actions",
                    json={"token": other, "action": before["legal"][0]["action"]})
        now = state(client, tid)
        run = list(range(before["last_index"] + 1, now["last_index"] + 1))
        assert now["last_move"] == {"seat": 1 - first, "events": run}
    with TestClient(create_app(url, bot_delay=0)) as client:  # rebuilt the same after a restart
        assert state(client, tid)["last_move"] == {"seat": 1 - first, "events": run}
        again = state(client, tid, token)["events"]
        assert {e["index"]: e["move"]["follows"] for e in again if "move" in e} == follows | {
            e["index"]: e["move"]["follows"] for e in again if e["index"] in run}


#: For each game, an action's event that the rules make after it (State.own_events),
#: and one of the action's own in the same list: (options, players, the rules' kind,
#: the action's own kind, or None for an action whose events are all the rules').
AFTER_A_MOVE = {
    "courtisans": ({}, 2, "draw", "play"),  # the hand drawn back up after the third card
    "fief": ({}, 3, "turn", "done"),  # the negotiation's last Done, then the new turn
    "versailles": ({}, 3, "income", "give"),  # a gift that ends the player-turn
    "vive_le_roi": ({"emissary": True}, 2, "place", "place"),  # the Emissary's turn
}


@pytest.mark.parametrize("game", sorted(AFTER_A_MOVE))
def test_a_moves_own_events_come_before_what_the_rules_do_after_it(game):
    from courtly.registry import game as get_game

    options, players, after, own = AFTER_A_MOVE[game]
    rng = random.Random(3)
    state_ = get_game(game).new_game(players, 11, options)
    for _ in range(3000):
        seats = state_.phase.to_act or state_.phase.may_act
        assert seats, "the case was not met before the end"
        seat = seats[0]
        events = state_.apply(seat, rng.choice(state_.legal_actions(seat)))
        split = state_.own_events(events)
        kinds = [e.kind for e in events]
        assert not set(kinds[:split]) & state_.FOLLOWING
        # (Vive le Roi: a place of the Emissary, a position after the seats)
        ahead = [e for e in events[split:] if e.kind == after
                 and e.data.get("position", players) >= players]
        if ahead and own in kinds[:split]:
            return
    raise AssertionError(f"no {own} followed by the rules' {after} in {game}")
