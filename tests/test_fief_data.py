"""Fief's board and cards load from package data and hold what the rulebook
fixes (shared/seeds/004_4acaab6420c0f155.txt); a board that breaks it is
refused with the reason."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from courtly.games.fief.board import BoardError, default_board, load_board
from courtly.games.fief.cards import card_set


def board_json() -> dict:
    path = resources.files("courtly.games.fief").joinpath("data/map.json")
    return json.loads(path.read_text("utf-8"))


def test_six_regions_of_three_four_or_five_villages_and_their_titles():
    """"Duchy for five villages, County for 4 villages and Barony for 3 villages"."""
    board = default_board()
    sizes = sorted(len(r.villages) for r in board.regions.values())
    assert sizes == [3, 3, 4, 4, 5, 5] and len(board.villages) == 24
    assert Counter(r.title for r in board.regions.values()) == {
        "duchy": 2, "county": 2, "barony": 2}


def test_four_bishoprics_and_blaye_has_six_villages():
    """"only four bishoprics ... (Bourg, Tournus, Blaye and Sagy)"; "Evéché de Blaye
    ... the names of six villages"."""
    board = default_board()
    assert sorted(board.bishoprics) == ["blaye", "bourg", "sagy", "tournus"]
    assert len(board.bishoprics["blaye"].villages) == 6
    assert sum(len(b.villages) for b in board.bishoprics.values()) == 24


def test_the_rulebooks_examples_fit_the_board():
    """The movement example goes Tournus → St. Andromy → St. Médard; the combat
    example has Roland in a castle at Bourg."""
    board = default_board()
    assert board.adjacent("tournus", "st_andromy") and board.adjacent("st_andromy", "st_medard")
    assert board.regions["bresse"].starting_castle == "bourg"
    assert all(board.adjacent(b, a) for a, b in board.roads)


def test_the_set_up_and_the_counters():
    setup = default_board().setup
    assert (setup.min_players, setup.max_players) == (3, 6)
    assert setup.castles_total == setup.mills_total == setup.presses_total == 12
    assert setup.soldiers_per_player == 30 and setup.lords_total == 15
    assert setup.prices == {"soldier": 100, "press": 200, "mill": 300, "castle": 2000}
    assert setup.income == {"village": 100, "press": 100, "mill": 200}


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["regions"][0]["villages"].append("sagy"), "has 6 villages"),
    (lambda d: d["regions"][2]["villages"].append("sagy"), "not one of its villages"),
    (lambda d: d["roads"].append(["tournus", "nowhere"]), "two different known villages"),
    (lambda d: d["roads"].append(list(reversed(d["roads"][0]))), "listed twice"),
    (lambda d: d["villages"].append(dict(d["villages"][0])), "listed twice"),
    (lambda d: d["regions"][0].update(starting_castle="sagy"), "not in the region"),
    (lambda d: d["setup"].pop("money"), "'money' is missing"),
    (lambda d: d["setup"]["clockwise_seat_order"].pop(), "every region once"),
    (lambda d: d["villages"][0].update(x="far"), "'x' is missing or not a int"),
])
def test_a_broken_board_is_refused_with_its_reason(change, message):
    data = board_json()
    change(data)
    with pytest.raises(BoardError, match=message):
        load_board(json.dumps(data))


def test_a_board_that_is_not_json_is_refused():
    with pytest.raises(BoardError, match="not valid JSON"):
        load_board("{")


def test_the_58_blue_cards():
    """15 lords, 12 attacks, 13 parries and 18 white cards (the rulebook's "14"
    is a misprint: only 18 makes the 58; shared/rules/SOURCES.md)."""
    cards = card_set()
    deck = cards.blue_deck()
    kinds = Counter(cards.kind(c) for c in deck)
    assert len(deck) == 58
    assert kinds == {"lord": 15, "attack": 12, "parry": 13, "tax": 14, "bishop": 4}
    assert Counter(deck)["revolt"] == 4 and Counter(deck)["sun"] == 6
    assert cards.label("lord:henry") == "Lord Henry"
    assert cards.label("bad_weather", "fr") == "Intempéries"
    assert sum(cards.titles.values()) + cards.cardinals + 1 == 10  # the red cards


def test_every_card_kind_has_help_in_both_languages_with_its_section():
    """The browser's card help (docs/web.md "Card help"): every card kind the
    names know (blue and red) has a short text in English and French, and the
    rulebook section it comes from."""
    cards = card_set()
    assert set(cards.help) == set(cards.names)
    for kind, text in cards.help.items():
        assert text["en"] and text["fr"] and text["en"] != text["fr"], kind
        assert text["source"].startswith("Phase "), kind
    assert cards.to_json()["help"] == cards.help
