"""Courtisans scenarios: the rulebook's worked example, every common mistake,
each role, each Mission kind, the end of the game and team scoring
(rulebook shared/seeds/002_a23471743eef09ef.txt)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import courtly
from courtly.games.courtisans import GAME, CourtisansState
from courtly.games.courtisans.actions import Decline, Eliminate, Play, Take
from courtly.games.courtisans.cards import DECK_SIZE, DECK_SIZE_EXPANSION, Card, full_deck
from courtly.games.courtisans.missions import MISSIONS, fulfilled
from courtly.games.courtisans.rules import Spy

N, G, A, S, C = "noble", "guard", "assassin", "spy", "courtier"
DIP, CONF = "diplomat", "confidant"
FILLER = Card("carps", C)


def position(n: int = 2, hand: list[Card] | None = None, *, expansion: bool = False,
             teams: bool = False, deck: int = 30) -> CourtisansState:
    """A fresh game with empty table and domains, seat 0 holding ``hand``,
    other seats plain Carps, and ``deck`` plain cards left to draw."""
    state = GAME.new_game(n, seed=0, options={"expansion": expansion, "teams": teams})
    assert isinstance(state, CourtisansState)
    state.hands = [list(hand or [FILLER] * 3)] + [[FILLER] * 3 for _ in range(n - 1)]
    state.deck = [FILLER] * deck
    return state


def final_position(n: int = 2) -> CourtisansState:
    """Seat 0 about to play its last card (to seat 1's domain) of the last turn;
    every other hand and the deck empty."""
    state = position(n, [FILLER], deck=0)
    state.hands = [[FILLER]] + [[] for _ in range(n - 1)]
    state.used = {"queen", "own"}
    return state


def set_column(state: CourtisansState, family: str, above: int, below: int) -> None:
    """``above``/``below`` plain courtiers of ``family`` around the Queen's table."""
    state.queen["above"][Card(family, C)] = above
    state.queen["below"][Card(family, C)] = below


def play(state: CourtisansState, seat: int, card: Card, area: str, side: str | None = None,
         owner: int | None = None) -> list[courtly.Event]:
    return state.apply(seat, Play(card.family, card.role, area, side, owner))


# ----- set-up ("How to set up"; SOURCES.md) --------------------------------------

def test_the_box_holds_90_cards_and_108_with_the_expansion():
    base = Counter(full_deck(expansion=False))
    assert sum(base.values()) == 90
    assert base[Card("toads", N)] == 4 and base[Card("toads", G)] == 3
    assert base[Card("toads", A)] == 2 and base[Card("toads", S)] == 2
    assert base[Card("toads", C)] == 4
    assert len(full_deck(expansion=True)) == 108


@pytest.mark.parametrize(("n", "removed"), [(2, 30), (3, 18), (4, 6), (5, 0)])
def test_removal_table(n: int, removed: int):
    state = GAME.new_game(n, seed=1)
    view = state.view(0)
    assert view["removed"] == removed
    assert view["deck_size"] + 3 * n == DECK_SIZE[n] == 90 - removed
    assert view["hand_sizes"] == [3] * n
    assert (DECK_SIZE[n] // (3 * n)) == {2: 10, 3: 8, 4: 7, 5: 6}[n]


def test_every_expansion_deck_gives_equal_turns():
    for n, size in DECK_SIZE_EXPANSION.items():
        assert size % (3 * n) == 0


def test_each_player_gets_one_white_and_one_blue_mission_hidden_from_others():
    state = GAME.new_game(4, seed=2)
    for seat in range(4):
        colors = [m["color"] for m in state.view(seat)["missions"]]
        assert colors == ["white", "blue"]
    assert state.view(None)["missions"] is None
    assert len(MISSIONS) == 20


@pytest.mark.parametrize(("n", "options", "message"), [
    (6, {}, "2 to 5 players"),
    (5, {"expansion": True, "teams": True}, "4 or 6"),
    (4, {"teams": True}, "expansion"),
    (4, {"queens": True}, "unknown option 'queens'"),
    (4, {"expansion": "yes"}, "must be bool"),
    (1, {}, "2 to 5 players"),
])
def test_bad_player_counts_and_options_are_refused(n, options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_game(n, seed=0, options=options)


# ----- "Your turn" -----------------------------------------------------------

def test_a_turn_is_one_card_per_area_then_draw_three():
    hand = [Card("toads", C), Card("stags", C), Card("hares", C)]
    state = position(3, hand, deck=9)
    play(state, 0, hand[0], "queen", "above")
    assert all(a.area != "queen" for a in state.legal_actions(0))
    with pytest.raises(courtly.IllegalAction, match="not open"):
        play(state, 0, hand[1], "queen", "below")
    play(state, 0, hand[1], "domain", owner=0)
    assert {a.owner for a in state.legal_actions(0)} == {1, 2}
    play(state, 0, hand[2], "domain", owner=2)
    assert state.to_act == (1,)
    assert state.view(0)["hand_sizes"] == [3, 3, 3]
    assert state.view(0)["deck_size"] == 6


def test_a_card_not_in_hand_is_refused_and_changes_nothing():
    state = position(2, [Card("toads", C)] * 3)
    before = state.clone()
    with pytest.raises(courtly.IllegalAction, match="no noble of hares in hand"):
        play(state, 0, Card("hares", N), "queen", "above")
    assert state == before


def test_the_draw_is_private():
    state = position(2, [FILLER] * 3, deck=3)
    state.deck = [Card("hares", N), Card("toads", G), Card("stags", A)]
    events = []
    for area, owner in (("queen", None), ("domain", 0), ("domain", 1)):
        events += play(state, 0, FILLER, area, "above" if area == "queen" else None, owner)
    draw = next(e for e in events if e.kind == "draw")
    assert "Noble of Hares" in draw.for_seat(0).text
    assert "Noble" not in draw.for_seat(1).text
    assert "Noble" not in draw.for_seat(None).text


def test_the_last_turn_comes_when_the_deck_is_empty():
    """'When the deck is empty, you no longer draw: you've just played your last turn.'"""
    state = GAME.new_game(2, seed=4)
    rng = random.Random(0)
    turns = [0, 0]
    while not state.is_over:
        seat = state.to_act[0]
        drawn = state.view(seat)["deck_size"]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over or state.to_act[0] != seat:
            turns[seat] += 1
            assert state.view(seat)["hand_sizes"][seat] == (3 if drawn else 0)
    assert turns == [10, 10]
    assert state.view(0)["hand_sizes"] == [0, 0]


# ----- "The roles" -------------------------------------------------------------

def test_a_noble_counts_as_two_cards_at_the_table():
    state = final_position()
    state.queen["above"][Card("toads", N)] = 1
    state.queen["below"][Card("toads", C)] = 1
    state.queen["below"][Card("hares", N)] = 1
    state.queen["above"][Card("hares", C)] = 2
    statuses = state.statuses()
    assert statuses["toads"] == "esteemed"
    assert statuses["hares"] == "neutral"


def test_a_spy_is_face_down_and_nobody_else_sees_its_family():
    spy = Card("stags", S)
    state = position(3, [spy, FILLER, FILLER])
    events = play(state, 0, spy, "queen", "below")
    assert state.view(0)["queen_spies"]["below"] == ["stags"]
    assert state.view(1)["queen_spies"]["below"] == [None]
    assert state.view(None)["queen_spies"]["below"] == [None]
    assert "stags" not in str(state.view(1)["queen"])
    assert "Stags" not in events[0].for_seat(1).text
    assert events[0].for_seat(1).data["family"] is None
    assert "Stags" in events[0].for_seat(0).text


def test_a_spy_in_a_domain_is_face_down_too():
    spy = Card("hares", S)
    state = position(2, [spy, FILLER, FILLER])
    play(state, 0, spy, "domain", owner=1)
    assert state.view(1)["domains"][1] == {"cards": {}, "spies": [None], "spy_placers": [0]}
    assert state.view(0)["domains"][1]["spies"] == ["hares"]


def test_the_assassin_may_eliminate_any_card_at_the_queens_table_but_a_guard():
    assassin = Card("toads", A)
    state = position(2, [assassin, FILLER, FILLER])
    state.queen["above"][Card("hares", N)] = 1
    state.queen["below"][Card("stags", G)] = 1
    state.queen_spies["below"].append(Spy("carps", 1))
    play(state, 0, assassin, "queen", "above")
    legal = state.legal_actions(0)
    assert Decline() in legal
    assert Eliminate("above", "hares", N, None) in legal
    assert Eliminate("below", None, None, 0) in legal
    assert not any(isinstance(a, Eliminate) and a.role == G for a in legal)
    assert Eliminate("above", "toads", A, None) not in legal, "it eliminates another card"
    events = state.apply(0, Eliminate("below", None, None, 0))
    assert state.queen_spies["below"] == []
    assert "carps" not in str(events[0].to_json()).lower(), "a spy is eliminated unseen"
    assert state.to_act == (0,)


def test_the_assassins_elimination_is_optional():
    assassin = Card("toads", A)
    state = position(2, [assassin, FILLER, FILLER])
    state.domains[1][Card("hares", N)] = 1
    play(state, 0, assassin, "domain", owner=1)
    state.apply(0, Decline())
    assert state.domains[1][Card("hares", N)] == 1
    assert all(isinstance(a, Play) for a in state.legal_actions(0))


def test_an_assassin_with_only_guards_around_has_nothing_to_decide():
    assassin = Card("toads", A)
    state = position(2, [assassin, FILLER, FILLER])
    state.domains[0][Card("hares", G)] = 2
    play(state, 0, assassin, "domain", owner=0)
    assert all(isinstance(a, Play) for a in state.legal_actions(0))


def test_an_eliminated_card_leaves_the_game():
    assassin = Card("toads", A)
    state = position(2, [assassin, FILLER, FILLER])
    state.domains[1][Card("hares", N)] = 1
    play(state, 0, assassin, "domain", owner=1)
    state.apply(0, Eliminate(None, "hares", N, None))
    assert Card("hares", N) not in state.domains[1]
    assert state.view(None)["domains"][1]["cards"] == {"toads": {A: 1}}


# ----- "Diplomats and Confidants" -------------------------------------------------

def test_the_diplomat_takes_a_card_from_the_queens_table_into_your_domain():
    diplomat = Card("toads", DIP)
    state = position(2, [diplomat, FILLER, FILLER], expansion=True)
    state.queen["below"][Card("hares", N)] = 1
    state.queen["above"][Card("stags", G)] = 1
    play(state, 0, diplomat, "queen", "above")
    legal = state.legal_actions(0)
    assert Take("below", "hares", N, None) in legal
    assert not any(isinstance(a, Take) and a.role == G for a in legal), "not a guard"
    state.apply(0, Take("below", "hares", N, None))
    assert state.domains[0][Card("hares", N)] == 1
    assert Card("hares", N) not in state.queen["below"]


def test_the_diplomat_takes_from_an_opponents_domain_even_a_face_down_spy():
    diplomat = Card("toads", DIP)
    state = position(2, [diplomat, FILLER, FILLER], expansion=True)
    state.domain_spies[1].append(Spy("carps", 1))
    play(state, 0, diplomat, "domain", owner=1)
    state.apply(0, Take(None, None, None, 0))
    assert state.domain_spies[0] == [Spy("carps", 1)]
    assert state.view(0)["domains"][0]["spies"] == [None], "taken unseen"
    assert state.view(1)["domains"][0]["spies"] == ["carps"], "its placer still knows"


def test_a_card_taken_by_a_diplomat_does_not_use_its_power():
    """Decision 13 (docs/rules/courtisans.md): a taken card is moved, not placed."""
    diplomat = Card("toads", DIP)
    state = position(2, [diplomat, FILLER, FILLER], expansion=True)
    state.queen["below"][Card("hares", A)] = 1
    state.queen["above"][Card("stags", N)] = 1
    play(state, 0, diplomat, "queen", "above")
    state.apply(0, Take("below", "hares", A, None))
    assert state.view(0)["phase"] == "play" and state.view(0)["pending"] is None
    assert not any(isinstance(a, (Eliminate, Take)) for a in state.legal_actions(0))
    assert state.queen["above"][Card("stags", N)] == 1


def test_seat_0_plays_first():
    """Decision 12: the rulebook names no first player."""
    for n in (2, 3, 5):
        state = courtly.game("courtisans").new_game(n, seed=n)
        assert state.to_act == (0,) and state.view(None)["current"] == 0


def test_the_diplomat_in_your_own_domain_does_nothing():
    diplomat = Card("toads", DIP)
    state = position(2, [diplomat, FILLER, FILLER], expansion=True)
    state.domains[0][Card("hares", N)] = 1
    play(state, 0, diplomat, "domain", owner=0)
    assert all(isinstance(a, Play) for a in state.legal_actions(0))


def test_the_confidant_lets_you_play_another_card_in_the_same_area():
    confidant = Card("toads", CONF)
    hand = [confidant, Card("hares", N), Card("stags", C)]
    state = position(3, hand, expansion=True)
    play(state, 0, confidant, "domain", owner=2)
    assert Play("hares", N, "domain", None, 2) in state.legal_actions(0)
    assert Play("hares", N, "domain", None, 1) not in state.legal_actions(0)
    play(state, 0, hand[1], "domain", owner=2)
    assert {(a.area, a.owner) for a in state.legal_actions(0)} == {
        ("queen", None), ("domain", 0)}
    play(state, 0, hand[2], "queen", "below")
    assert state.to_act == (1,), "three cards played: the turn is over, one area skipped"


def test_the_confidants_extra_card_must_come_immediately():
    confidant = Card("toads", CONF)
    hand = [confidant, Card("hares", N), Card("stags", C)]
    state = position(2, hand, expansion=True)
    play(state, 0, confidant, "queen", "above")
    play(state, 0, hand[1], "domain", owner=0)
    assert all(a.area == "domain" and a.owner == 1 for a in state.legal_actions(0))


def test_team_mode_sends_the_third_card_to_an_opponent_only():
    state = position(4, expansion=True, teams=True)
    play(state, 0, FILLER, "queen", "above")
    assert {a.owner for a in state.legal_actions(0)} == {0, 1, 3}


# ----- "The end of the game" and "Scoring" ------------------------------------------

def test_worked_example_emma_scores_8():
    """'Emma has 8 cards in esteemed families, including a noble that counts as 2:
    9 points. She has 4 cards in fallen from grace families and fulfills one of
    her two Missions: 9 - 4 + 3 = 8 points.'"""
    state = final_position()
    set_column(state, "toads", 3, 0)
    set_column(state, "stags", 2, 1)
    set_column(state, "hares", 0, 2)
    state.domains[0].update({Card("toads", N): 1, Card("toads", C): 4, Card("stags", C): 3,
                             Card("hares", C): 4})
    state.missions[0] = ("white.nobles", "blue.disgraced.hares")  # 1 noble: fails; Hares: met
    play(state, 0, FILLER, "domain", owner=1)
    assert state.is_over
    seat0 = state.view(0)["final"]["seats"][0]
    assert (seat0["esteemed"], seat0["disgraced"]) == (9, 4)
    assert [m["fulfilled"] for m in seat0["missions"]] == [False, True]
    assert state.result().scores[0] == 8


def test_mistake_a_neutral_familys_cards_are_worth_nothing():
    """'Scoring a neutral family's cards: they're worth nothing, plus or minus.'"""
    state = final_position()
    set_column(state, "toads", 2, 2)
    state.domains[0][Card("toads", N)] = 3
    state.missions[0] = ("white.nobles", "blue.disgraced.toads")
    assert state.seat_scores()[0]["esteemed"] == state.seat_scores()[0]["disgraced"] == 0


def test_mistake_a_noble_in_a_domain_is_worth_two_or_costs_two():
    """'Counting a noble as one card: it's worth 2 points, or costs 2.'"""
    state = final_position()
    set_column(state, "toads", 1, 0)
    set_column(state, "hares", 0, 1)
    state.domains[0].update({Card("toads", N): 1, Card("hares", N): 1})
    scores = state.seat_scores()[0]
    assert (scores["esteemed"], scores["disgraced"]) == (2, 2)


def test_mistake_statuses_are_settled_after_the_spies_are_revealed():
    """'Settling family statuses before revealing the spies at the Queen's table.'
    A face-down Spy below tips the Toads from esteemed to neutral at the end."""
    state = final_position()
    set_column(state, "toads", 1, 0)
    state.queen_spies["below"].append(Spy("toads", 1))
    state.domains[0][Card("toads", C)] = 3
    assert state.statuses()["toads"] == "esteemed", "before the reveal"
    events = play(state, 0, FILLER, "domain", owner=1)
    assert state.statuses()["toads"] == "neutral"
    assert state.queen["below"][Card("toads", S)] == 1, "moved to its column, same side"
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["queen"]["below"] == ["toads"]
    assert state.view(0)["final"]["seats"][0]["esteemed"] == 0


def test_spies_in_domains_are_revealed_and_scored():
    state = final_position()
    set_column(state, "hares", 1, 0)
    state.domain_spies[0].append(Spy("hares", 1))
    play(state, 0, FILLER, "domain", owner=1)
    assert state.domains[0][Card("hares", S)] == 1
    assert state.view(1)["final"]["seats"][0]["esteemed"] == 1


def test_mistake_a_failed_mission_costs_nothing():
    """'Taking points off for a failed Mission: it costs nothing.'"""
    state = final_position()
    state.missions[0] = ("white.nobles", "blue.every_family")
    assert state.seat_scores()[0]["total"] == 0


def test_mistake_a_team_keeps_the_lower_score_not_the_sum():
    """'In team mode: each team keeps the lower score of its two players, not the sum.'"""
    state = final_position(4)
    state.options.update(expansion=True, teams=True)
    state.teams = [(0, 2), (1, 3)]
    set_column(state, "toads", 1, 0)
    state.domains[0][Card("toads", C)] = 5
    state.domains[2][Card("toads", C)] = 2
    state.domains[1][Card("toads", C)] = 3
    state.domains[3][Card("toads", C)] = 4
    for seat in range(4):
        state.missions[seat] = ("white.nobles", "blue.every_family")
    play(state, 0, FILLER, "domain", owner=1)
    result = state.result()
    assert result.scores == (2.0, 3.0, 2.0, 3.0)
    assert result.winners == (1, 3)


def test_a_tie_shares_the_victory():
    state = final_position()
    for seat in range(2):
        state.missions[seat] = ("white.nobles", "blue.every_family")
    play(state, 0, FILLER, "domain", owner=1)
    assert state.result().winners == (0, 1)


# ----- Missions ----------------------------------------------------------------

def _mission(mid: str, mine: dict[Card, int], left: dict[Card, int] | None = None,
             statuses: dict[str, str] | None = None) -> bool:
    base = dict.fromkeys(("butterflies", "toads", "stags", "carps", "nightingales", "hares"),
                         "neutral")
    return fulfilled(MISSIONS[mid], 0, [Counter(mine), Counter(left or {})],
                     base | (statuses or {}))


def test_mission_fewer_than_the_left_hand_neighbour_counts_nobles_double():
    assert _mission("white.fewer.toads", {Card("toads", C): 1}, {Card("toads", N): 1})
    assert not _mission("white.fewer.toads", {Card("toads", C): 2}, {Card("toads", N): 1})
    assert not _mission("white.fewer.toads", {}, {})


@pytest.mark.parametrize(("mid", "role", "need"), [
    ("white.spies", S, 3), ("white.nobles", N, 3), ("white.assassins", A, 2),
    ("white.guards", G, 4)])
def test_mission_at_least_so_many_of_a_role(mid, role, need):
    assert _mission(mid, {Card("toads", role): need - 1, Card("hares", role): 1})
    assert not _mission(mid, {Card("toads", role): need - 1})


def test_mission_family_disgraced():
    assert _mission("blue.disgraced.stags", {}, statuses={"stags": "disgraced"})
    assert not _mission("blue.disgraced.stags", {}, statuses={"stags": "neutral"})


def test_mission_at_most_three_esteemed_and_at_least_two_disgraced():
    three = {"toads": "esteemed", "stags": "esteemed", "hares": "esteemed"}
    assert _mission("blue.esteemed_at_most", {}, statuses=three)
    assert not _mission("blue.esteemed_at_most", {}, statuses=three | {"carps": "esteemed"})
    two = {"toads": "disgraced", "stags": "disgraced"}
    assert _mission("blue.disgraced_at_least", {}, statuses=two)
    assert not _mission("blue.disgraced_at_least", {}, statuses={"toads": "disgraced"})


def test_mission_one_card_of_each_family_and_a_family_of_five():
    every = {Card(f, C): 1 for f in ("butterflies", "toads", "stags", "carps", "nightingales")}
    assert not _mission("blue.every_family", every)
    assert _mission("blue.every_family", every | {Card("hares", S): 1})
    assert _mission("blue.family_at_least", {Card("toads", N): 2, Card("toads", C): 1})
    assert not _mission("blue.family_at_least", {Card("toads", N): 1, Card("toads", C): 2})


# ----- hidden information -----------------------------------------------------------

def test_a_view_does_not_change_when_only_hidden_things_change():
    state = GAME.new_game(3, seed=9)
    before = state.view(0)
    state.hands[1], state.deck[:3] = state.deck[:3], state.hands[1]
    state.missions[2] = ("white.spies", "blue.every_family")
    assert state.view(0) == before


def test_determinize_really_resamples_other_hands():
    state = GAME.new_game(4, seed=5)
    guesses = {tuple(state.determinize(0, random.Random(k)).hands[1]) for k in range(20)}
    assert len(guesses) > 1
    assert all(state.determinize(0, random.Random(k)).hands[0] == state.hands[0]
               for k in range(5))


def test_determinize_keeps_spies_spies_and_known_spies_known():
    spy = Card("stags", S)
    state = position(2, [spy, FILLER, FILLER])
    state.queen_spies["above"].append(Spy("hares", 1))
    play(state, 0, spy, "queen", "below")
    for k in range(10):
        guess = state.determinize(0, random.Random(k))
        assert guess.queen_spies["below"] == [Spy("stags", 0)]
        assert len(guess.queen_spies["above"]) == 1
        assert Counter(guess.deck + guess.removed + guess.hands[1]
                       + [Card(s.family, S) for s in guess.queen_spies["above"]]
                       ) == Counter(state.deck + state.removed + state.hands[1]
                                    + [Card("hares", S)])


# ----- the terminal picture (issue 12) ----------------------------------------------
def _played(n: int, steps: int, seed: int = 2, **options) -> CourtisansState:
    state = GAME.new_game(n, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, CourtisansState)
    return state


def test_render_names_each_face_down_spys_placer_and_only_its_family_to_it():
    state = position(3, [Card("toads", S), FILLER, FILLER])
    state.queen_spies["above"].append(Spy("carps", 1))
    play(state, 0, Card("toads", S), "queen", "above")
    for seat, text in ((0, "#1 placed by Seat 1, #2 yours (Toads)"),
                       (1, "#1 yours (Carps), #2 placed by Seat 0"),
                       (2, "#1 placed by Seat 1, #2 placed by Seat 0")):
        view = state.view(seat)
        assert view["queen_spy_placers"]["above"] == [1, 0]
        picture = GAME.render(view)
        assert f"face-down Spies: above 2: {text}" in picture
        column = picture.split("Queen's column")[1].split("\n")[0]
        hidden = {0: ["Carps"], 1: ["Toads"], 2: ["Carps", "Toads"]}[seat]
        assert not any(family in column for family in hidden)


def test_render_says_how_each_family_leans_now_and_marks_the_last_turn():
    state = position(2, [FILLER, FILLER, FILLER])
    state.queen["above"][Card("hares", N)] = 1
    state.queen["below"][Card("toads", G)] = 1
    picture = GAME.render(state.view(0))
    assert "leans esteemed" in picture.split("Hares")[1].split("\n")[0]
    assert "leans disgraced" in picture.split("Toads")[1].split("\n")[0]
    assert "LAST TURN" not in picture
    state.deck.clear()
    assert "LAST TURN: the deck is empty" in GAME.render(state.view(0))


def test_render_at_the_end_shows_every_mission_and_the_teams_lower_score():
    state = _played(4, 10_000, expansion=True, teams=True)
    assert state.is_over
    final = state.view(1)["final"]
    picture = GAME.render(state.view(1))
    for seat in range(4):
        for m in final["seats"][seat]["missions"]:
            mark = "succeeded, +3" if m["fulfilled"] else "failed, 0"
            assert f"Mission ({m['color']}): {m['text']} -> {mark}" in picture
    for team in state.teams:
        low = min(final["seats"][s]["total"] for s in team)
        assert f"Team Seat {team[0]} + Seat {team[1]}: the lower score" in picture
        assert f"{low}, is the team's" in picture


def _plain_menu(state: CourtisansState, seat: int) -> list[Play]:
    """The play menu as "Your turn" reads, made anew: each kind of card in
    hand (sorted) to the Queen's table (either side) unless used this turn,
    one's own domain unless used, and each opponent's domain unless used;
    the Confidant's area again right after a Confidant."""
    used, follow = state.used, state.follow_up
    areas: list[tuple[str, str | None, int | None]] = []
    if "queen" not in used or (follow is not None and follow[0] == "queen"):
        areas += [("queen", "above", None), ("queen", "below", None)]
    if "own" not in used or follow == ("domain", seat):
        areas.append(("domain", None, seat))
    for other in state.opponents(seat):
        if "other" not in used or follow == ("domain", other):
            areas.append(("domain", None, other))
    return [Play(c.family, c.role, area, side, owner)
            for c in sorted(set(state.hands[seat])) for area, side, owner in areas]


@pytest.mark.parametrize(("n", "options"), [
    (2, {}), (3, {}), (4, {"expansion": True, "teams": True}), (5, {"expansion": True}),
    (6, {"expansion": True, "teams": True})])
def test_the_play_menu_is_each_card_to_each_open_area(n: int, options: dict[str, bool]) -> None:
    """At every position of seeded games (team mode and the expansion
    included) the play menu is each kind of card in hand to each area still
    open, as "Your turn" reads, in that order (the order the research
    environments' numbers follow)."""
    for seed in range(3):
        state = GAME.new_game(n, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            menu = state.legal_actions(seat)
            if state.pending is None:
                assert menu == _plain_menu(state, seat)
            state.apply(seat, rng.choice(menu))


def test_the_events_of_seeded_games_are_pinned() -> None:
    """Every event of seeded random games of six configurations (kind, text,
    data in its key order, audience, redacted form) hashes as the rules gave
    them before issue 17's second speed round, which rewrote how a play's
    event is built: a change of rules or texts changes it (re-pin then,
    saying why). Re-pinned for the game-over event's words ("winner: Seat 1",
    not "winner(s) Seat 1": core/words.py); the old pin returns with the old
    words put back."""
    import hashlib
    import json

    digest = hashlib.sha256()
    for n, options in GAME.configurations()[:6]:
        for seed in range(3):
            state = GAME.new_game(n, seed=seed, options=options)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_act[0]
                for e in state.apply(seat, rng.choice(state.legal_actions(seat))):
                    digest.update(json.dumps([
                        e.kind, e.text, e.data, sorted(e.audience or []),
                        e.redacted and e.redacted.to_json()]).encode())
    assert digest.hexdigest()[:16] == "06ceb33a83b608d3"
