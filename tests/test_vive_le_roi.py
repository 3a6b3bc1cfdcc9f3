"""Vive le Roi !: scenario tests, one or more per rule of the rulebook
(shared/seeds/003_488867ee21850542.txt; docs/rules/vive_le_roi.md)."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest

import courtly
from courtly.games.vive_le_roi import GAME
from courtly.games.vive_le_roi.actions import Climb, EnterWC, LeaveWC, Place, Vote
from courtly.games.vive_le_roi.ambitions import AMBITIONS
from courtly.games.vive_le_roi.cards import (
    CHARACTER_NAMES as CHARACTER_NAME,
)
from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    FAVORIS,
    JESTER,
    NO,
    PRETENDERS,
    STOMACH,
    YES,
    no_cards,
)
from courtly.games.vive_le_roi.rules import ViveLeRoiState

F01 = 0  # FAVORIS[0]: Béatrice (grey seal), Dagobert, Eloi, Merlin, Noël, Pierre


def position(n: int, layout: dict[str, str], *, seed: int = 0, current: int = 0,
             favoris: dict[int, int] | None = None,
             options: dict[str, Any] | None = None) -> ViveLeRoiState:
    """A literal position in the play phase ("Jeu") of round 1.

    Test helper: it sets state fields the public API would reach only through
    many moves. ``layout`` maps characters to locations (F0-F5, W3, W4, D3-D1,
    BOX); other pretenders stand on floor 0 and the Jester on floor 3.
    ``favoris`` forces Favoris cards (position -> index in FAVORIS).
    """
    state = GAME.new_game(n, seed=seed, options=options or {})
    assert isinstance(state, ViveLeRoiState)
    state.where = {c: layout.get(c, "F3" if c == JESTER else "F0") for c in CHARACTERS}
    state.stage, state.current, state.placed = "play", current, state.to_place
    state.chosen = [c if c else (offer[0] if offer else None)
                    for c, offer in zip(state.chosen, state.offers, strict=True)]
    for pos, index in (favoris or {}).items():
        state.favoris[pos] = index
    state._legal_cache.clear()
    return state


def vote_all(state: courtly.State, cards: dict[int, str]) -> list[courtly.Event]:
    """Every voting seat casts its card (Yes unless named); the events of the last."""
    events: list[courtly.Event] = []
    for seat in state.to_act:
        events = state.apply(seat, Vote(cards.get(seat, YES)))
    return events


def play_out(state: courtly.State, seed: int = 0) -> courtly.State:
    rng = random.Random(seed)
    while not state.is_over:
        for seat in state.to_act:
            if not state.is_over:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# ----- components (data) -------------------------------------------------------
def test_fourteen_characters_with_the_jester():
    assert len(CHARACTERS) == 14 and JESTER in CHARACTERS and len(PRETENDERS) == 13


def test_favoris_deck_is_balanced():
    """26 cards of 6; each pretender on 12 cards and under 2 grey seals; every
    pair of pretenders together on 5 cards; never the Jester."""
    assert len(FAVORIS) == 26 and len({f.id for f in FAVORIS}) == 26
    for card in FAVORIS:
        assert len(set(card.characters)) == 6 and card.sealed in card.characters
        assert JESTER not in card.characters
    for c in PRETENDERS:
        assert sum(c in f.characters for f in FAVORIS) == 12
        assert sum(f.sealed == c for f in FAVORIS) == 2
    for a, b in itertools.combinations(PRETENDERS, 2):
        assert sum(a in f.characters and b in f.characters for f in FAVORIS) == 5


def test_sixteen_ambition_cards():
    assert len(AMBITIONS) == 16
    assert all(a.points or a.protection for a in AMBITIONS.values())


@pytest.mark.parametrize(("players", "nos"), [(2, 4), (3, 4), (4, 3), (5, 2), (8, 2)])
def test_vote_cards_by_player_count(players: int, nos: int):
    """"Installation": 1 Yes, 1 Stomach-ache, and 4/3/2 No cards."""
    assert no_cards(players) == nos
    view = GAME.new_game(players, seed=1).view(0)
    assert view["hands"] == [{YES: 1, STOMACH: 1, NO: nos}] * players


# ----- Installation, Placement ----------------------------------------------------
def test_installation():
    state = GAME.new_game(4, seed=3)
    view = state.view(None)
    assert view["castle"]["floors"][3] == [JESTER]
    assert sorted(view["castle"]["unplaced"]) == sorted(PRETENDERS)
    assert view["scores"] == [20, 20, 20, 20]
    assert view["phase"] == "placement" and state.to_act == (0,)
    assert view["round"] == 1 and view["rounds"] == 3


def test_placement_on_floors_one_to_four_at_most_four_a_floor():
    state = GAME.new_game(2, seed=0)
    assert {a.floor for a in state.legal_actions(0)} == {1, 2, 3, 4}
    for seat, c in zip([0, 1, 0], ["anselme", "beatrice", "clement"], strict=True):
        state.apply(seat, Place(c, 3))  # with the Jester, floor 3 is now full
    assert all(a.floor != 3 for a in state.legal_actions(1))
    with pytest.raises(courtly.IllegalAction):
        state.apply(1, Place("dagobert", 3))
    with pytest.raises(courtly.IllegalAction):
        state.apply(1, Place("dagobert", 0))


@pytest.mark.parametrize(("players", "each"), [(2, 6), (3, 4), (4, 3), (5, 2), (6, 2), (7, 1)])
def test_placement_then_the_rest_to_floor_zero(players: int, each: int):
    """"Quand tous les joueurs ont placé autant de Personnages, les Personnages
    restants vont à l'étage 0"; then the first player moves."""
    state = GAME.new_game(players, seed=players)
    rng = random.Random(0)
    for i in range(players * each):
        assert state.view(None)["phase"] == "placement"
        assert state.to_act == (i % players,)
        state.apply(i % players, rng.choice(state.legal_actions(i % players)))
    view = state.view(None)
    assert view["phase"] == "play" and state.to_act == (0,)
    assert len(view["castle"]["floors"][0]) == 13 - players * each
    assert not view["castle"]["unplaced"]


# ----- Jeu, WC ----------------------------------------------------------------------
def test_a_turn_moves_one_character_up_one_floor_then_the_next_player():
    state = position(3, {"merlin": "F2"})
    state.apply(0, Climb("merlin"))
    assert state.view(None)["castle"]["floors"][3] == ["merlin", JESTER]
    assert state.to_act == (1,)


def test_no_climbing_into_a_full_floor():
    full = {c: "F4" for c in ("anselme", "beatrice", "clement", "dagobert")}
    state = position(3, full | {"merlin": "F3", "noel": "F5"})
    legal = state.legal_actions(0)
    assert Climb("merlin") not in legal
    assert Climb("noel") in legal  # floor 5 to the Throne room
    with pytest.raises(courtly.IllegalAction):
        state.apply(0, Climb("merlin"))


def test_wc_entry_only_when_its_floor_is_full_and_it_is_empty():
    """"WC": up into floor 4's WC only when floor 4 holds 4 and the WC is empty."""
    four = {c: "F4" for c in ("anselme", "beatrice", "clement", "dagobert")}
    state = position(3, four | {"merlin": "F3", "noel": "F3", "eloi": "F2"})
    legal = state.legal_actions(0)
    assert EnterWC("merlin") in legal and EnterWC("noel") in legal
    assert EnterWC("eloi") not in legal  # floor 3 is not full: Eloi simply climbs
    state.apply(0, EnterWC("merlin"))
    assert state.view(None)["castle"]["wc"]["4"] == "merlin"
    assert EnterWC("noel") not in state.legal_actions(1)  # the WC is taken


def test_wc_of_floor_three_and_no_wc_elsewhere():
    three = {c: "F3" for c in ("anselme", "beatrice", "clement")}  # + the Jester
    five = {c: "F5" for c in ("dagobert", "eloi", "figaro", "gauvain")}
    state = position(3, three | five | {"merlin": "F2", "noel": "F4"})
    legal = state.legal_actions(0)
    assert EnterWC("merlin") in legal
    assert Climb("noel") not in legal and EnterWC("noel") not in legal  # no WC on floor 5


def test_wc_exit_only_to_the_same_floor_once_it_has_room():
    four = {c: "F4" for c in ("anselme", "beatrice", "clement", "dagobert")}
    state = position(3, four | {"merlin": "W4"})
    assert LeaveWC("merlin") not in state.legal_actions(0)
    state.apply(0, Climb("anselme"))  # floor 4 now has room
    assert LeaveWC("merlin") in state.legal_actions(1)
    state.apply(1, LeaveWC("merlin"))
    assert "merlin" in state.view(None)["castle"]["floors"][4]
    assert state.view(None)["castle"]["wc"]["4"] is None


# ----- Vote -------------------------------------------------------------------------
def test_reaching_the_throne_calls_a_simultaneous_vote():
    state = position(3, {"merlin": "F5"}, current=1)
    events = state.apply(1, Climb("merlin"))
    assert events[-1].kind == "vote_called"
    assert state.to_act == (0, 1, 2)
    assert state.view(2)["vote"] == {"candidate": "merlin", "voters": [0, 1, 2], "voted": [],
                                     "mine": None}
    state.apply(2, Vote(YES))
    assert state.to_act == (0, 1)


def test_all_yes_crowns_and_ends_the_round():
    state = position(3, {"merlin": "F5"})
    state.apply(0, Climb("merlin"))
    events = vote_all(state, {})
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["vote_cast", "vote_revealed", "round_scored"]
    assert "crowned" in events[1].text and events[1].data["outcome"] == "crowned"
    view = state.view(None)
    assert view["round"] == 2 and view["phase"] == "placement"
    assert view["history"][0]["king"] == "merlin"


def test_refused_characters_go_to_the_dungeons_of_3_2_1_then_the_box():
    tops = ["merlin", "noel", "octave", "pierre"]
    state = position(3, dict.fromkeys(tops, "F5"))
    for character, expected in zip(tops, ["D3", "D2", "D1", "BOX"], strict=True):
        state.apply(state.to_act[0], Climb(character))
        events = vote_all(state, {0: NO})
        assert events[-1].data == {"candidate": character, "outcome": "refused", "to": expected,
                                   "votes": [NO, YES, YES]}
    castle = state.view(None)["castle"]
    assert castle["dungeons"] == {"3": "merlin", "2": "noel", "1": "octave"}
    assert castle["box"] == ["pierre"]
    assert state.view(None)["hands"][0] == {YES: 1, STOMACH: 1, NO: 0}


def test_stomach_ache_cancels_the_election_even_against_a_no():
    state = position(3, {"merlin": "F5"})
    state.apply(0, Climb("merlin"))
    events = vote_all(state, {0: NO, 1: STOMACH})
    assert events[-1].data["outcome"] == "stomach_ache"
    assert "merlin" in state.view(None)["castle"]["floors"][5]
    assert state.to_act == (1,)  # play resumes after the mover
    hands = state.view(None)["hands"]
    assert hands[0] == {YES: 1, STOMACH: 1, NO: 3}  # No and Stomach-ache spent...
    assert hands[1] == {YES: 1, STOMACH: 0, NO: 4}
    assert hands[2] == {YES: 1, STOMACH: 1, NO: 4}  # ...Yes always kept


def test_a_seat_with_only_yes_left_must_vote_yes():
    state = position(2, {"merlin": "F5"})
    state.hands[1].update({STOMACH: 0, NO: 0})
    state.apply(0, Climb("merlin"))
    assert state.legal_actions(1) == [Vote(YES)]
    with pytest.raises(courtly.IllegalAction):
        state.apply(1, Vote(NO))


def test_vote_cards_are_fresh_each_round_and_the_first_player_moves_on():
    state = position(3, {"merlin": "F5"})
    state.hands[0][NO] = 0  # spent in round 1
    state.apply(0, Climb("merlin"))
    vote_all(state, {})
    view = state.view(None)
    assert view["hands"] == [{YES: 1, STOMACH: 1, NO: 4}] * 3
    assert view["first"] == 1 and state.to_act == (1,)
    assert view["castle"]["floors"][3] == [JESTER] and view["castle"]["throne"] is None


# ----- scoring, Le Bouffon -----------------------------------------------------------
SCORED = {"beatrice": "F5", "dagobert": "D3", "eloi": "W4", "merlin": "F5", "noel": "F2",
          "pierre": "BOX"}


def test_scoring_floor_values_throne_wc_box_and_dungeons():
    """Merlin crowned (10), Béatrice floor 5, Dagobert floor 3's dungeon (-3),
    Eloi in a WC (0), Noël floor 2, Pierre in the box (0): 14."""
    state = position(2, SCORED, favoris={0: F01})
    state.apply(0, Climb("merlin"))
    events = vote_all(state, {})
    row = events[2].data["scores"][0]
    assert row["points"] == {"beatrice": 5, "dagobert": -3, "eloi": 0, "merlin": 10,
                             "noel": 2, "pierre": 0}
    assert row["total"] == 14 and state.view(None)["scores"][0] == 34


def test_a_crowned_jester_inverts_every_sign():
    state = position(2, SCORED | {"merlin": "F4", JESTER: "F5"}, favoris={0: F01})
    state.apply(0, Climb(JESTER))
    events = vote_all(state, {})
    row = events[2].data["scores"][0]
    assert row["inverted"] is True
    assert row["points"] == {"beatrice": -5, "dagobert": 3, "eloi": 0, "merlin": -4,
                             "noel": -2, "pierre": 0}
    assert state.view(None)["scores"][0] == 20 - 8


def test_the_views_explain_each_scoring_after_it():
    """Each scoring's breakdown (history[i]["breakdown"], one per position):
    the Favoris card, each favourite where it stood and what it scored, the
    floors' and the dungeons' points as scored, the Jester, the total."""
    state = position(2, SCORED | {"merlin": "F4", JESTER: "F5"}, favoris={0: F01})
    state.apply(0, Climb(JESTER))
    vote_all(state, {})
    for seat in (0, 1, None):
        [entry] = state.view(seat)["history"]
        mine = entry["breakdown"][0]
        assert mine["card"] == FAVORIS[F01].id and mine["inverted"] is True
        assert {f["character"]: (f["at"], f["points"]) for f in mine["favourites"]} == {
            "beatrice": ("F5", -5), "dagobert": ("D3", 3), "eloi": ("W4", 0),
            "merlin": ("F4", -4), "noel": ("F2", -2), "pierre": ("BOX", 0)}
        assert (mine["floors"], mine["dungeons"], mine["ambition"], mine["safety_net"],
                mine["total"]) == (-11, 3, None, 0, -8)
        assert [b["total"] for b in entry["breakdown"]] == entry["points"]


def test_no_seat_sees_another_favoris_or_ambition_before_the_scoring_reveals_it():
    """"Chaque joueur révèle sa carte de Favoris" at the end of the round, and
    the Ambition is "un objectif de fin de round": until then another seat's
    card and Ambition change nothing in a view; once scored, every view shows
    both in that round's breakdown."""
    state = GAME.new_game(3, seed=5, options={"ambition": True})
    rng = random.Random(5)
    checked = 0
    while not state.is_over:
        round_now = state.round
        cards = list(state.favoris)
        for seat in range(3):
            for other in range(3):
                if other == seat:
                    continue
                twin = state.clone()
                unseen = [i for i in range(len(FAVORIS)) if i not in twin.favoris]
                twin.favoris[other] = unseen[0]
                if twin.chosen[other] is not None:
                    a, b = twin.offers[other]
                    twin.chosen[other] = b if twin.chosen[other] == a else a
                twin.offers = [tuple(reversed(o)) if p == other else o
                               for p, o in enumerate(twin.offers)]
                assert twin.view(seat) == state.view(seat)
                checked += 1
        seat = state.to_act[0]
        chosen = list(state.chosen)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.round != round_now or state.is_over:
            last = state.view(0)["history"][-1]
            assert [b["card"] for b in last["breakdown"]] == [FAVORIS[i].id for i in cards]
            assert [b["ambition"]["id"] for b in last["breakdown"]] == chosen
    assert checked > 100


def test_a_refused_jester_returns_to_floor_three_and_stays_in_play():
    state = position(3, {JESTER: "F5"})
    state.apply(0, Climb(JESTER))
    events = vote_all(state, {2: NO})
    assert events[-1].data["to"] == "F3"
    view = state.view(None)
    assert JESTER in view["castle"]["floors"][3]
    assert view["castle"]["dungeons"]["3"] is None  # the Jester takes no dungeon


def test_a_refused_jester_goes_below_a_full_floor_three():
    three = {c: "F3" for c in ("anselme", "beatrice", "clement", "dagobert")}
    state = position(3, three | {JESTER: "F5"})
    state.apply(0, Climb(JESTER))
    assert vote_all(state, {2: NO})[-1].data["to"] == "F2"


def test_a_jester_with_stomach_ache_returns_to_floor_five():
    state = position(3, {JESTER: "F5"})
    state.apply(0, Climb(JESTER))
    assert vote_all(state, {2: STOMACH, 1: NO})[-1].data["to"] == "F5"


# ----- Fin de partie -------------------------------------------------------------------
def test_three_rounds_then_the_highest_total_wins():
    state = play_out(GAME.new_game(4, seed=11), seed=2)
    view = state.view(None)
    assert len(view["history"]) == 3
    for p in range(4):
        assert view["scores"][p] == 20 + sum(h["points"][p] for h in view["history"])
    result = state.result()
    assert result.scores == tuple(float(s) for s in view["scores"])
    assert result.winners == tuple(p for p in range(4) if result.scores[p] == max(result.scores))


def test_ties_are_shared():
    state = position(2, {"merlin": "F5"}, favoris={0: F01, 1: F01})
    state.round = 2  # the last round: this crowning ends the game
    state.apply(0, Climb("merlin"))
    vote_all(state, {})
    assert state.is_over and state.result().winners == (0, 1)


# ----- views, events, render --------------------------------------------------------------
def test_no_view_or_event_shows_a_vote_before_the_last_is_in():
    state = position(3, {"merlin": "F5"})
    state.apply(0, Climb("merlin"))
    yes, no = state.clone(), state.clone()
    ev_yes, ev_no = yes.apply(0, Vote(YES)), no.apply(0, Vote(NO))
    for seat in (0, 1, 2, None):
        assert [e.to_json() for e in courtly.core.redact(ev_yes, seat)] == \
            [e.to_json() for e in courtly.core.redact(ev_no, seat)]
    for seat in (1, 2, None):  # the other voters and spectators see no card
        assert yes.view(seat) == no.view(seat)
    assert yes.view(1)["vote"]["voted"] == [0]
    no.apply(1, Vote(YES))
    last = no.apply(2, Vote(YES))[-1]
    assert last.kind == "vote_revealed" and last.audience is None
    assert "Seat 0 No" in last.text


def test_a_voter_sees_its_own_face_down_vote_and_nobody_else_does():
    """After a reload mid-vote the seat's page shows the card it cast: its
    view carries it (``vote.mine``); no other seat's view, nor a spectator's,
    carries it, nor any sign of which card it is."""
    state = position(3, {"merlin": "F5"})
    state.apply(0, Climb("merlin"))
    cast = {card: state.clone() for card in (YES, NO, STOMACH)}
    for card, s in cast.items():
        s.apply(0, Vote(card))
        assert s.view(0)["vote"]["mine"] == card
    for s in cast.values():
        for seat in (1, 2, None):
            assert s.view(seat)["vote"]["mine"] is None
            assert s.view(seat) == cast[YES].view(seat), "nothing else differs either"
    for card, s in cast.items():
        # both ways: seat 1 votes too; seat 0 does not see seat 1's card, seat 1 sees its own
        s.apply(1, Vote(NO))
        assert s.view(1)["vote"]["mine"] == NO and s.view(0)["vote"]["mine"] == card
        assert s.view(2)["vote"]["mine"] is None and s.view(None)["vote"]["mine"] is None
    # before voting, a voter has none; after the reveal there is no vote to show
    fresh = position(3, {"merlin": "F5"})
    fresh.apply(0, Climb("merlin"))
    assert fresh.view(0)["vote"]["mine"] is None
    vote_all(fresh, {})
    assert fresh.view(0)["vote"] is None


def test_a_view_shows_only_its_own_favoris():
    state = GAME.new_game(5, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        for seat in range(5):
            favoris = state.view(seat)["favoris"]
            assert favoris[seat] is not None
            assert all(f is None for p, f in enumerate(favoris) if p != seat)
        assert all(f is None for f in state.view(None)["favoris"])
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert all(state.view(None)["favoris"])  # all revealed at the end


def test_favoris_events_go_to_their_owner_only():
    state = position(3, {"merlin": "F5"})
    state.apply(0, Climb("merlin"))
    events = vote_all(state, {})
    favoris = [e for e in events if e.kind == "favoris"]
    assert [e.audience for e in favoris] == [frozenset({0}), frozenset({1}), frozenset({2})]
    assert all(e.for_seat(None) is None for e in favoris)


def test_determinize_resamples_the_other_favoris_and_keeps_the_view():
    state = GAME.new_game(4, seed=9)
    seen = set()
    for k in range(20):
        guess = state.determinize(1, random.Random(k))
        assert guess.view(1) == state.view(1)
        cards = guess.view(None)  # a spectator of the guess sees no card either
        assert all(f is None for f in cards["favoris"])
        assert isinstance(guess, ViveLeRoiState) and guess.favoris[1] == state.favoris[1]
        assert len(set(guess.favoris)) == 4
        seen.add(tuple(guess.favoris))
    assert len(seen) > 1


def test_determinize_resamples_votes_cast_by_others():
    state = position(3, {"merlin": "F5"})
    state.apply(0, Climb("merlin"))
    state.apply(0, Vote(NO))
    state.apply(1, Vote(STOMACH))
    cards = set()
    for k in range(30):
        guess = state.determinize(1, random.Random(k))
        assert guess.view(1) == state.view(1)
        assert isinstance(guess, ViveLeRoiState) and guess.votes[1] == STOMACH
        cards.add(guess.votes[0])
    assert cards == {YES, NO, STOMACH}


def test_render_shows_the_castle_the_vote_and_the_scores():
    state = position(3, {"merlin": "F5", "noel": "W4"}, favoris={0: F01})
    state.apply(0, Climb("merlin"))
    text = GAME.render(state.view(0))
    for floor in ("5 Nobles", "4 Dignitaries", "3 Officers", "2 Merchants", "1 Craftsmen",
                  "0 Servants", "Throne room", "Merlin*", "WC (0): Noël*", "Box"):
        assert floor in text
    assert "Vote on Merlin: face down from nobody yet" in text
    vote_all(state, {2: NO})
    text = GAME.render(state.view(1))
    assert "Last vote on Merlin: Seat 0 Yes, Seat 1 Yes, Seat 2 No -> refused" in text
    assert "dungeon -3: Merlin" in text
    end = play_out(GAME.new_game(2, seed=1))
    assert "Round 3" in GAME.render(end.view(None)) and "Final:" in GAME.render(end.view(0))


def test_a_view_is_a_copy_the_caller_may_change():
    state = courtly.game("vive_le_roi").new_game(2, seed=3)
    rng = random.Random(0)
    while not state.view(None)["history"] and not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = state.view(0)
    mutable = state.view(0)
    mutable["history"][0]["points"][0] = 999
    mutable["castle"]["floors"][0].append("nobody")
    if mutable["last_vote"]:
        mutable["last_vote"]["votes"].append("yes")
    assert state.view(0) == before


def test_the_text_castle_shows_each_value_and_the_jesters_inversion():
    """"Selon la valeur des étages"; "si le Bouffon est couronné, les points sont
    inversés": each place's value; during a vote on the Jester, what it would
    become; once he is crowned (the game's end), the values inverted."""
    state = position(2, SCORED | {"merlin": "F4", JESTER: "F5"}, favoris={0: F01})
    state.round = 2  # the last round: the crowning ends the game
    text = GAME.render(state.view(0))
    assert re.search(r"5 Nobles +\+5 +Béatrice\*", text)
    assert re.search(r"3 Officers +\+3 .*dungeon -3: Dagobert\*", text)
    assert "Throne room     +10" in text and "inverted" not in text
    state.apply(0, Climb(JESTER))
    text = GAME.render(state.view(0))
    assert "The Jester is up for the vote: if he is crowned, every value is inverted." in text
    assert "+5 (if crowned: -5)" in text and "dungeon -3 (if crowned: +3): Dagobert*" in text
    vote_all(state, {})
    text = GAME.render(state.view(0))
    assert "The Jester is crowned: every value is inverted" in text
    assert re.search(r"5 Nobles +-5 +Béatrice\*", text)
    assert "dungeon +3: Dagobert*" in text
    assert "Jester crowned: signs inverted" in text


def test_the_vote_menu_says_what_each_card_does():
    state = position(2, {"merlin": "F5"})
    state.apply(0, Climb("merlin"))
    view = state.view(1)
    lines = [GAME.describe_action(view, a) for a in state.legal_actions(1)]
    assert lines == ["Vote Yes (Oui) — crown (you hold 1)",
                     "Vote Stomach-ache (Mal-au-Ventre) — cancel: back to floor 5 (you hold 1)",
                     f"Vote No (Non) — refuse: to the dungeon (you hold {no_cards(2)})"]


def test_the_end_shows_where_every_point_came_from():
    """Per round and per seat: the Favoris card revealed, each favourite's
    place and points, floors, dungeons, the Jester, the Ambition, the total;
    then each seat's sum from the starting score."""
    state = play_out(GAME.new_game(3, seed=4, options={"ambition": True}), seed=4)
    view = state.view(1)
    text = GAME.render(view)
    assert "Where the points came from" in text
    for h in view["history"]:
        assert f"  Round {h['round']} (" in text
        for p, row in enumerate(h["breakdown"]):
            you = " (you)" if p == 1 else ""
            favs = ", ".join(
                f"{CHARACTER_NAME[f['character']]} " for f in row["favourites"][:1])
            assert f"Seat {p}{you}, Favoris {row['card']}: {favs}" in text
            assert AMBITIONS[row["ambition"]["id"]].name in text
    for p in range(3):
        steps = " ".join(f"{'+' if h['points'][p] >= 0 else '-'} {abs(h['points'][p])}"
                         for h in view["history"])
        assert f"Seat {p}: start 20 {steps} = {view['scores'][p]}" in text


def test_the_castles_moves_are_kept_for_the_same_castle_only():
    """``castle.moves`` keeps the last castle it read and its moves: at every
    position of seeded games (the castle changed in place between asks, the
    Emissary's moves and the turn's end asking too) they are the moves
    computed anew, and a caller's change to the list reaches no later answer."""
    from courtly.games.vive_le_roi import castle

    for seed in range(3):
        state = GAME.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            expected = castle._moves(state.where)
            got = castle.moves(state.where)
            assert got == expected
            got.append(("climb", "nobody"))
            assert castle.moves(dict(state.where)) == expected
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
