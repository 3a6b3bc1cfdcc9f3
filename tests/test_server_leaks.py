"""No message a client receives holds anything hidden from it. Courtisans:
other hands, other Missions, the families of Spies it did not place, other
seats' draws, the deck order. Vive le Roi: other Favoris cards and Ambitions,
and any cast vote before the last one is in. Fief: other hands, the cards
dealt to or exchanged by others, the deck order, sealed bids before both
are in. Versailles: a card shown to one player (its id and names reach the
two players only). Random games, every seat and a
spectator connected over WebSockets; every message checked against what that
client may know."""

from __future__ import annotations

import json
import random
from collections import Counter
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import courtly
from courtly.server import create_app


def _app(tmp_path: Path) -> Any:
    """The server on a fresh SQLite file. A forced move is made at once
    (``undo_grace`` 0): the person before it never takes their move back
    here, and the five seconds' wait after each such move had made the
    random Fief and Vive le Roi games here last half a minute apiece; the
    messages are the same, sent sooner (the grace's own messages are
    tests/test_server.py's)."""
    return create_app(f"sqlite:///{tmp_path / 'leak.db'}", undo_grace=0)


def _receive_until(ws: Any, moves: int, inbox: list[dict[str, Any]]) -> dict[str, Any]:
    """Read messages until an update showing ``moves`` moves or more (a move
    the server makes itself may come before the last one's update is sent:
    the update then shows both); keep them all."""
    while True:
        message = ws.receive_json()
        inbox.append(message)
        if message["type"] == "update" and message["table"]["moves"] >= moves:
            return message


def _in_step(sockets: dict[int | None, Any], inbox: dict[int | None, list[dict[str, Any]]],
             moves: int) -> tuple[dict[int | None, dict[str, Any]], int]:
    """Every socket's latest update once each shows ``moves`` moves or more,
    all at the same count (those behind read on to the furthest): the updates
    and that count."""
    latest = {s: _receive_until(ws, moves, inbox[s]) for s, ws in sockets.items()}
    while True:
        top = max(m["table"]["moves"] for m in latest.values())
        behind = [s for s, m in latest.items() if m["table"]["moves"] < top]
        if not behind:
            return latest, top
        for s in behind:
            latest[s] = _receive_until(sockets[s], top, inbox[s])


def _seated_table(client: TestClient, game: str, n: int, options: dict[str, Any],
                  seed: int) -> tuple[str, dict[str, str]]:
    """A table of ``n`` persons, every seat joined: its id and seat tokens."""
    body = {"game": game, "num_players": n, "options": options, "seed": seed,
            "seats": [{"kind": "person"}] * n, "bot_delay": 0}
    made = client.post("/api/tables", json=body).json()
    tid, tokens = made["table"]["id"], made["tokens"]
    for seat, token in tokens.items():
        client.post(f"/api/tables/{tid}/join", json={"token": token, "name": f"P{seat}"})
    return tid, tokens


def _listening(client: TestClient, stack: ExitStack, tid: str, tokens: dict[str, str],
               inbox: dict[int | None, list[dict[str, Any]]]
               ) -> tuple[dict[int | None, Any], dict[int | None, dict[str, Any]]]:
    """A WebSocket for each seat of ``inbox`` (None: a spectator) and the
    first update each receives (every message kept in ``inbox``)."""
    sockets = {s: stack.enter_context(client.websocket_connect(
        f"/ws/tables/{tid}" + (f"?token={tokens[str(s)]}" if s is not None else "")))
        for s in inbox}
    return sockets, {s: _receive_until(ws, 0, inbox[s]) for s, ws in sockets.items()}


def _play_connected(client: TestClient, game: str, n: int, options: dict[str, Any], seed: int
                    ) -> tuple[courtly.State, dict[int | None, list[dict[str, Any]]]]:
    tid, tokens = _seated_table(client, game, n, options, seed)
    inbox: dict[int | None, list[dict[str, Any]]] = {s: [] for s in [*range(n), None]}
    rng = random.Random(seed)
    with ExitStack() as stack:
        sockets, latest = _listening(client, stack, tid, tokens, inbox)
        moves = 0
        while latest[None]["result"] is None:
            to_act, may_act = latest[None]["to_act"], latest[None]["may_act"]
            seat = to_act[0] if to_act else may_act[0]
            if seat in to_act and latest[seat]["forced"]:
                # the server makes it, a move everyone can see is the only one
                # (docs/api.md): its messages are checked like the others
                latest, moves = _in_step(sockets, inbox, moves + 1)
                continue
            legal = [x["action"] for x in latest[seat]["legal"]]
            if seat not in to_act:  # an open window (Fief's negotiation): pay or be done
                done = [a for a in legal if a["type"] == "done"]
                legal = done if rng.random() < 0.5 else legal
            sockets[seat].send_json({"type": "act", "action": rng.choice(legal)})
            latest, moves = _in_step(sockets, inbox, moves + 1)
    # The server's own final state: the truth every message is checked against.
    return client.app.state.hub.tables[tid].state, inbox


def _placed_spies(state: courtly.State, seat: int) -> Counter[str]:
    return Counter(a.family for s, a in state.record.actions
                   if s == seat and getattr(a, "role", None) == "spy" and a.kind == "play")


def _check_client(final: courtly.State, seat: int | None, inbox: list[dict[str, Any]]) -> None:
    n = final.num_players
    missions = {s: set(final.missions[s]) for s in range(n)}
    hidden_missions = set().union(*(missions[s] for s in range(n) if s != seat))
    mine = _placed_spies(final, seat) if seat is not None else Counter()
    for message in inbox:
        if message["type"] != "update":
            continue
        text = json.dumps(message)
        view = message["view"]
        assert '"deck":' not in text, "the deck order never leaves the server"
        if message["result"] is None:
            assert not any(m in text for m in hidden_missions), "another seat's Mission"
        if seat is None:
            assert view["hand"] is None and view["missions"] is None
        else:
            assert len(view["hand"]) == view["hand_sizes"][seat]
        known = Counter(f for spies in [view["queen_spies"]["above"], view["queen_spies"]["below"],
                                        *[d["spies"] for d in view["domains"]]]
                        for f in spies if f is not None)
        assert not known - mine, f"seat {seat} sees a Spy it did not place"
        for event in message["events"]:
            if event["kind"] == "draw":
                assert ("cards" in event["data"]) == (event["data"]["seat"] == seat)
            if event["kind"] == "play" and event["data"]["role"] == "spy":
                assert (event["data"]["family"] is not None) == (event["data"]["seat"] == seat)


@pytest.mark.parametrize(("n", "options", "seed"), [
    (2, {}, 1), pytest.param(3, {}, 2, marks=pytest.mark.slow),
    pytest.param(4, {"expansion": True, "teams": True}, 3, marks=pytest.mark.slow)])
def test_no_client_ever_receives_what_is_hidden_from_it(tmp_path: Path, n, options, seed):
    with TestClient(_app(tmp_path)) as client:
        final, inbox = _play_connected(client, "courtisans", n, options, seed)
    assert final.is_over
    for seat, messages in inbox.items():
        assert messages
        _check_client(final, seat, messages)


def _check_vive_le_roi(final: courtly.State, seat: int | None,
                       inbox: list[dict[str, Any]]) -> None:
    n = final.num_players
    for message in inbox:
        if message["type"] != "update":
            continue
        view = message["view"]
        public = view["phase"] == "over" or (view["options"]["royal_wedding"]
                                            and len(view["crowned"]) == 1)
        for pos, card in enumerate(view["favoris"][:n]):
            if pos != seat and not public:
                assert card is None, f"seat {seat} sees the Favoris of seat {pos}"
        for pos, amb in enumerate(view["ambitions"] or []):
            if pos != seat and pos < n and view["phase"] != "over":
                assert amb["offered"] is None and amb["chosen"] is None
        if view["vote"] is not None:
            vote = view["vote"]
            assert set(vote) == {"candidate", "voters", "voted", "mine"}
            # only the seat's own cast card, to that seat alone
            if seat is None or seat not in vote["voted"]:
                assert vote["mine"] is None, f"seat {seat} sees a card it did not cast"
            else:
                assert vote["mine"] in ("yes", "no", "stomach_ache")
        for event in message["events"]:
            if event["kind"] == "vote_cast":
                assert set(event["data"]) == {"seat"}, "a cast vote stays face down"
            if event["kind"] == "favoris":
                assert event["data"]["position"] in (seat, *range(n, 99))


@pytest.mark.parametrize(("n", "options", "seed"), [
    pytest.param(3, {}, 4, marks=pytest.mark.slow),
    pytest.param(4, {"teams": True, "ambition": True}, 5, marks=pytest.mark.slow),
    (2, {"emissary": True, "banished": True, "royal_wedding": True}, 6)])
def test_vive_le_roi_clients_never_see_others_favoris_or_votes(tmp_path: Path, n, options,
                                                               seed):
    with TestClient(_app(tmp_path)) as client:
        final, inbox = _play_connected(client, "vive_le_roi", n, options, seed)
    assert final.is_over
    votes = sum(e["kind"] == "vote_cast" for m in inbox[None] if m["type"] == "update"
                for e in m["events"])
    assert votes > 0, "the game held votes"
    for seat, messages in inbox.items():
        _check_vive_le_roi(final, seat, messages)


def _check_fief(seat: int | None, inbox: list[dict[str, Any]]) -> None:
    for message in inbox:
        if message["type"] != "update":
            continue
        view = message["view"]
        assert '"deck":' not in json.dumps(message), "the deck order never leaves the server"
        if seat is None:
            assert view["hand"] is None
        else:
            assert len(view["hand"]) == view["hand_sizes"][seat]
        battle = view["battle"]
        if battle is not None:
            assert battle["my_bid"] is None or seat in (battle["first"], battle["second"])
            assert set(battle["has_bid"]) <= {battle["first"], battle["second"]}
        for event in message["events"]:
            data = event["data"]
            if event["kind"] == "deal":
                assert ("cards" in data) == (data["seat"] == seat), "another seat's cards"
            if event["kind"] == "exchange":
                assert ("card" in data) == (data["seat"] == seat), "another seat's new card"
            if event["kind"] == "bid":
                assert ("amount" in data) == (data["seat"] == seat), "a sealed bid shown"


@pytest.mark.parametrize(("n", "options", "seed"), [
    (3, {"turn_limit": 1}, 7), pytest.param(4, {"turn_limit": 8}, 8, marks=pytest.mark.slow)])
def test_fief_clients_never_see_others_hands_deals_or_bids(tmp_path: Path, n, options, seed):
    """Every wire message of a random Fief game, every seat and a spectator.
    Cards are dealt and exchanged in every game; the four-player game
    plays eight turns (its deal mixed by the server, another each run),
    long enough for combats, captures and lords' deaths in most; sealed
    bids (a coalition that won a village) are rare in random games and are
    checked when they come (tests/test_fief.py sets one up for the
    engine's views)."""
    with TestClient(_app(tmp_path)) as client:
        final, inbox = _play_connected(client, "fief", n, options, seed)
    assert final.is_over
    deals = sum(e["kind"] == "deal" for m in inbox[0] if m["type"] == "update"
                for e in m["events"])
    assert deals > 0, "cards were dealt"
    for seat, messages in inbox.items():
        _check_fief(seat, messages)


def test_versailles_a_card_shown_reaches_only_the_two_players(tmp_path: Path):
    """§7.2: "A player may show his cards to another player". Seat 0 shows
    seat 1 a card nobody else can otherwise see (not in seat 2's hand, nor on
    the table): its id and names are in seat 0's and seat 1's messages, and
    in no WebSocket message or REST view of seat 2 or a spectator, through
    the end of the negotiation and the Chamberlain's choice of place."""
    from courtly.games.versailles.cards import DECK

    with TestClient(_app(tmp_path)) as client:
        tid, tokens = _seated_table(client, "versailles", 3, {}, 5)
        state = client.app.state.hub.tables[tid].state
        inbox: dict[int | None, list[dict[str, Any]]] = {s: [] for s in [0, 1, 2, None]}
        with ExitStack() as stack:
            sockets, latest = _listening(client, stack, tid, tokens, inbox)
            moves = 0

            def act(seat: int, action: dict[str, Any]) -> None:
                nonlocal latest, moves
                sockets[seat].send_json({"type": "act", "action": action})
                moves += 1
                latest = {s: _receive_until(ws, moves, inbox[s]) for s, ws in sockets.items()}

            while latest[None]["phase"]["name"] == "choose_sex":
                seat = latest[None]["to_act"][0]
                act(seat, latest[seat]["legal"][0]["action"])
            assert latest[None]["phase"]["name"] == "negotiation"
            secret = next(c for c in sorted(state.hands[0]) if c not in state.hands[2])
            act(0, {"type": "show_card", "to": 1, "card": secret})
            while latest[None]["phase"]["name"] == "negotiation":
                seat = latest[None]["may_act"][0]
                act(seat, {"type": "done"})
            seat = latest[None]["to_act"][0]
            act(seat, {"type": "set_location", "place": "versailles"})
        rest = {s: client.get(f"/api/tables/{tid}/state",
                              params={"token": tokens[str(s)]} if s is not None else {}).json()
                for s in inbox}
    card = DECK[secret]
    marks = (f'"{secret}"', card.name_fr, card.name_en)
    for seat in (0, 1):  # the two players read it
        assert any(card.name_fr in json.dumps(m, ensure_ascii=False) for m in inbox[seat])
    for seat in (2, None):  # the third player and a spectator never do
        for message in [*inbox[seat], rest[seat]]:
            text = json.dumps(message, ensure_ascii=False)
            assert not [m for m in marks if m in text], (seat, secret, message.get("type"))
    shown = [e for m in inbox[2] if m["type"] == "update" for e in m["events"]
             if e["kind"] == "show"]
    assert shown and all("card" not in e["data"] for e in shown), "seat 2 reads that one was shown"
