"""A game's static data (Game.data(), served by GET /api/games/{name}) and the
facts the views carry so that no client recomputes a rule: Courtisans' family
statuses and weights at the Queen's table, Vive le Roi's open moves with
where they lead and what each visible Favoris card is worth."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import courtly
from courtly.games import package_data
from courtly.games.courtisans import cards as ct_cards
from courtly.games.courtisans import missions as ct_missions
from courtly.games.courtisans.rules import CourtisansState, Spy
from courtly.games.vive_le_roi import ambitions as vlr_ambitions
from courtly.games.vive_le_roi import cards as vlr_cards
from courtly.games.vive_le_roi import castle
from courtly.games.vive_le_roi.rules import ViveLeRoiState
from courtly.server import create_app
from market_game import GAME as MARKET

LANGS = ("en", "fr")


def texts(pair: dict[str, str], *, empty: bool = False) -> bool:
    """An English and a French text (non-empty unless allowed)."""
    return set(pair) == set(LANGS) and all(
        isinstance(t, str) and (empty or t) for t in pair.values())


# ----- the data files ------------------------------------------------------------------

def test_every_game_s_data_is_json_safe_and_the_default_is_empty():
    for game in courtly.GAMES.values():
        data = game.data()
        assert data and json.loads(json.dumps(data)) == data
        assert game.data() == data and game.data() is not data  # a fresh copy each time
    assert MARKET.data() == {}


def test_courtisans_data_files_load_and_agree_with_the_rules():
    data = courtly.game("courtisans").data()
    assert [f["id"] for f in data["families"]] == list(ct_cards.FAMILIES)
    assert [r["id"] for r in data["roles"]] == list(ct_cards.ROLES)
    assert all(texts(f["name"]) for f in data["families"])
    assert all(texts(r["name"]) and texts(r["power"], empty=True) for r in data["roles"])
    assert {r["id"]: r["weight"] for r in data["roles"]}["noble"] == 2
    assert sum(data["per_family"]["base"].values()) * len(data["families"]) == 90
    assert len(ct_cards.full_deck(True)) == 108
    assert (data["hand_size"], data["mission_points"]) == (3, 3)
    missions = data["missions"]
    assert [m["id"] for m in missions] == list(ct_missions.MISSIONS)
    assert sum(m["color"] == "white" for m in missions) == 10 == len(ct_missions.BLUE)
    assert all(texts(m["text"]) for m in missions)
    assert ct_missions.MISSIONS["white.fewer.toads"].text == (
        "Fewer Toads in your domain than your left-hand neighbour")
    # every Mission's kind is one the rules know
    domains = [dict.fromkeys(ct_cards.full_deck(False)[:5], 1), {}]
    statuses = dict.fromkeys(ct_cards.FAMILIES, ct_missions.NEUTRAL)
    for mission in ct_missions.MISSIONS.values():
        ct_missions.fulfilled(mission, 0, domains, statuses)


def test_vive_le_roi_data_files_load_and_agree_with_the_rules():
    data = courtly.game("vive_le_roi").data()
    assert [c["id"] for c in data["characters"]] == list(vlr_cards.CHARACTERS)
    assert [c["id"] for c in data["characters"] if c["pretender"]] == list(vlr_cards.PRETENDERS)
    assert all(texts(c["name"]) and c["short"] for c in data["characters"])
    assert [v["id"] for v in data["votes"]] == list(vlr_cards.VOTE_CARDS)
    assert all(texts(v["name"]) and texts(v["effect"]) for v in data["votes"])
    assert texts(data["vote_rule"])
    assert len(data["favoris"]) == 26
    for card in data["favoris"]:
        assert len(set(card["characters"])) == 6 and card["sealed"] in card["characters"]
        assert set(card["characters"]) <= set(vlr_cards.PRETENDERS)
    ambitions = data["ambitions"]
    assert [a["id"] for a in ambitions] == list(vlr_ambitions.AMBITION_IDS)
    assert all(texts(a["name"]) and texts(a["text"]) for a in ambitions)
    assert vlr_ambitions.AMBITIONS["A01"].name == "Le Faiseur de roi"
    table = vlr_ambitions.Table(dict.fromkeys(vlr_cards.CHARACTERS, "F0"), None,
                                {"yes": 1, "no": 2, "stomach_ache": 1},
                                {"yes": 1, "no": 4, "stomach_ache": 1})
    for ambition in vlr_ambitions.AMBITIONS.values():  # every test is one the rules know
        vlr_ambitions.met(ambition, vlr_cards.PRETENDERS[:6], table)
    board = data["castle"]
    assert [f["value"] for f in board["floors"]] == [0, 1, 2, 3, 4, 5]
    assert [f["capacity"] for f in board["floors"]] == [None, 4, 4, 4, 4, 4]
    assert [f["floor"] for f in board["floors"] if f["placement"]] == [1, 2, 3, 4]
    assert [f["floor"] for f in board["floors"] if f["wc"]] == board["wc_floors"] == [3, 4]
    assert board["dungeons"] == [{"floor": 3, "value": -3}, {"floor": 2, "value": -2},
                                 {"floor": 1, "value": -1}]
    assert (board["throne_value"], board["jester_floor"], data["rounds"]) == (10, 3, 3)


def test_the_data_files_are_package_data():
    root = Path(courtly.__file__).parent
    files = sorted(p.relative_to(root).as_posix() for p in root.glob("games/*/data/*.json"))
    assert files == ["games/courtisans/data/cards.json", "games/courtisans/data/missions.json",
                     "games/fief/data/cards.json", "games/fief/data/map.json",
                     "games/versailles/data/deck.json", "games/versailles/data/names.json",
                     "games/versailles/data/value.json",
                     "games/vive_le_roi/data/ambitions.json", "games/vive_le_roi/data/cards.json"]
    pyproject = (root.parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"games/*/data/*.json"' in pyproject
    assert package_data("courtly.games.vive_le_roi", "ambitions.json")["ambitions"]


# ----- GET /api/games/{name} -------------------------------------------------------------

@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}")) as c:
        yield c


@pytest.mark.parametrize("name", sorted(courtly.GAMES))
def test_a_game_s_facts_and_data_are_served_once_and_cacheable(client, name):
    answer = client.get(f"/api/games/{name}")
    assert answer.status_code == 200
    body = answer.json()
    listed = next(g for g in client.get("/api/games").json() if g["name"] == name)
    assert {k: v for k, v in body.items() if k != "data"} == listed
    assert body["data"] == courtly.game(name).data()
    etag = answer.headers["etag"]
    assert answer.headers["cache-control"] == "no-cache"
    again = client.get(f"/api/games/{name}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.content
    assert client.get(f"/api/games/{name}", headers={"If-None-Match": '"other"'}).status_code == 200


def test_an_unknown_game_is_a_404_naming_the_games(client):
    answer = client.get("/api/games/chess")
    assert answer.status_code == 404
    detail = answer.json()["detail"]
    assert "chess" in detail and "courtisans" in detail and "vive_le_roi" in detail


# ----- the facts in the views ---------------------------------------------------------------

def playout(name: str, n: int, options: dict[str, Any], seed: int) -> Iterator[courtly.State]:
    """Every state of a random game."""
    state = courtly.game(name).new_game(n, seed=seed, options=options)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


def same_for_what_it_sees(state: courtly.State, keys: tuple[str, ...]) -> None:
    """A seat's new keys do not change when only what is hidden from it changes."""
    for seat in [*range(state.num_players), None]:
        guess = state.determinize(seat, random.Random(7))
        mine, theirs = state.view(seat), guess.view(seat)
        assert {k: mine[k] for k in keys} == {k: theirs[k] for k in keys}


@pytest.mark.parametrize("n, options", [(3, {}), (4, {"expansion": True, "teams": True})])
def test_courtisans_views_carry_each_family_s_standing(n, options):
    for step, state in enumerate(playout("courtisans", n, options, seed=5)):
        assert isinstance(state, CourtisansState)
        view = state.view(None)
        for family in ct_cards.FAMILIES:
            above = sum(count * (2 if role == "noble" else 1)
                        for role, count in view["queen"]["above"].get(family, {}).items())
            below = sum(count * (2 if role == "noble" else 1)
                        for role, count in view["queen"]["below"].get(family, {}).items())
            assert view["queen_weights"][family] == {"above": above, "below": below}
            expected = ("esteemed" if above > below else "disgraced" if below > above
                        else "neutral")
            assert view["statuses"][family] == expected
        if state.is_over:
            assert view["statuses"] == view["final"]["statuses"]
        if step % 7 == 0 or state.is_over:
            same_for_what_it_sees(state, ("statuses", "queen_weights"))


def test_courtisans_statuses_ignore_face_down_spies():
    state = courtly.game("courtisans").new_game(2, seed=1)
    assert isinstance(state, CourtisansState)
    before = state.view(1)
    state.queen_spies["above"].append(Spy("toads", 0))
    after = state.view(1)
    assert after["queen_spies"] != before["queen_spies"]
    assert (after["statuses"], after["queen_weights"]) == (
        before["statuses"], before["queen_weights"])


@pytest.mark.parametrize("n, options", [
    pytest.param(3, {}, marks=pytest.mark.slow), (2, {"banished": True, "ambition": True}),
    (1, {"emissary": True}),
    pytest.param(4, {"teams": True, "royal_wedding": True}, marks=pytest.mark.slow),
])
def test_vive_le_roi_views_carry_moves_and_favoris_worth(n, options):
    for step, state in enumerate(playout("vive_le_roi", n, options, seed=3)):
        assert isinstance(state, ViveLeRoiState)
        for seat in [*range(n), None]:
            view = state.view(seat)
            moves = view["moves"]
            if view["phase"] == "play":
                legal = state.legal_actions(state.to_act[0])
                assert [(m["type"], m["character"]) for m in moves] == [
                    (a.kind, a.character) for a in legal]
                for m, action in zip(moves, legal, strict=True):
                    event = state.clone().apply(state.to_act[0], action)[0]
                    assert event.data["to"] == m["to"]
            else:
                assert moves == []
            for pos, worth in enumerate(view["favoris_worth"]):
                card = view["favoris"][pos]
                assert (worth is None) == (card is None)
                if worth is None:
                    continue
                assert [f["character"] for f in worth["favourites"]] == card["characters"]
                for f in worth["favourites"]:
                    assert f["at"] == state.where[f["character"]]
                    assert f["counts"] == (not options.get("banished")
                                           or f["character"] != card["sealed"])
                    assert f["value"] == (None if f["at"] == castle.OFF
                                          else castle.value(f["at"]))
                assert worth["worth"] == sum(f["value"] or 0 for f in worth["favourites"]
                                             if f["counts"])
        if step % 9 == 0 or state.is_over:
            same_for_what_it_sees(state, ("moves", "favoris_worth"))
