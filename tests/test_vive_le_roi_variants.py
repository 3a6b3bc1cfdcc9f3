"""Vive le Roi !: the five variants (rulebook paragraphs after "Fin de partie";
docs/rules/vive_le_roi.md)."""

from __future__ import annotations

import random

import pytest

import courtly
from courtly.games.vive_le_roi import GAME, emissary
from courtly.games.vive_le_roi.actions import ChooseAmbition, Climb, Place, Vote
from courtly.games.vive_le_roi.ambitions import AMBITIONS, Table
from courtly.games.vive_le_roi.cards import (
    FAVORIS,
    JESTER,
    NO,
    PRETENDERS,
    STOMACH,
    YES,
    name,
)
from courtly.games.vive_le_roi.rules import ViveLeRoiState
from courtly.games.vive_le_roi.scoring import score_round
from test_vive_le_roi import F01, play_out, position, vote_all


# ----- options --------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "options", "message"), [
    (3, {"emissary": True}, "1 to 2 players"),
    (1, {}, "2 to 8 players"),
    (5, {"teams": True}, "even number"),
    (2, {"teams": True}, "4 to 8 players"),
    (2, {"teams": True, "emissary": True}, "do not combine"),
    (2, {"emissary": True, "three_emissaries": True}, "solo"),
    (3, {"three_emissaries": True}, "solo"),
])
def test_impossible_combinations_are_refused(n: int, options: dict, message: str):
    with pytest.raises(ValueError, match=message):
        GAME.new_game(n, seed=0, options=options)


def test_configurations_cover_every_variant_at_every_count():
    pairs = GAME.configurations()
    for flag, counts in [("royal_wedding", range(2, 9)), ("ambition", range(2, 9)),
                         ("banished", range(2, 9)), ("teams", (4, 6, 8)), ("emissary", (1, 2))]:
        for n in counts:
            alone = GAME.check_options(n, {flag: True})
            assert (n, alone) in pairs
    assert (1, GAME.check_options(1, {"emissary": True, "three_emissaries": True})) in pairs


# ----- L'émissaire de l'Empire ------------------------------------------------------------
def test_emissary_beside_two_players_is_public_and_starts_ahead():
    state = GAME.new_game(2, seed=5, options={"emissary": True})
    view = state.view(0)
    assert view["players"] == ["Seat 0", "Seat 1", "the Emissary"]
    assert view["scores"] == [20, 20, 30]
    assert view["favoris"][2] is not None and state.view(None)["favoris"][2] is not None
    assert view["favoris"][1] is None
    assert view["hands"][2] == {YES: 1, STOMACH: 1, NO: 4}  # three voters: 4 No


def test_emissary_takes_its_turns_inside_the_engine():
    state = GAME.new_game(2, seed=5, options={"emissary": True})
    state.apply(0, state.legal_actions(0)[0])
    events = state.apply(1, state.legal_actions(1)[0])
    assert [e.kind for e in events] == ["place", "place"]
    assert events[1].text.startswith("the Emissary places")
    assert state.to_act == (0,)
    play_out(state)
    assert len(state.result().scores) == 2


def test_emissary_votes_are_revealed_with_the_others():
    favourite = FAVORIS[F01].characters
    state = position(2, {"octave": "F5"}, favoris={2: F01}, options={"emissary": True})
    assert "octave" not in favourite
    state.apply(0, Climb("octave"))
    assert state.to_act == (0, 1)
    events = vote_all(state, {})
    assert events[-1].data["votes"] == [YES, YES, NO]
    assert events[-1].data["outcome"] == "refused"


def test_emissary_result_is_the_margin_over_it():
    state = position(2, {"merlin": "F5"}, favoris={0: 1, 1: 2, 2: F01},
                     options={"emissary": True})
    state.round = 2
    state.apply(0, Climb("merlin"))
    vote_all(state, {})
    totals = state.view(None)["scores"]
    result = state.result()
    assert result.scores == (totals[0] - totals[2], totals[1] - totals[2])
    # both seats are 20 behind: nobody beat it, so nobody wins (issue 12)
    assert result.scores == (-20.0, -20.0) and result.winners == ()
    final = state.view(0)["final"]
    assert final["beat_emissaries"] == [s > 0 for s in result.scores]
    assert "margins over the best Emissary" in GAME.render(state.view(0))


def _random_emissary_game() -> ViveLeRoiState:
    """2 players and the Emissary, seed 1, both seats choosing with one shared
    random.Random(1) for the first seat to act (issue 12's reproduction)."""
    state = GAME.new_game(2, seed=1, options={"emissary": True})
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_nobody_wins_when_no_seat_beats_the_emissary():
    """"Pour gagner, il faut aussi battre ce joueur fictif": when the Emissary's
    total is above every seat's, no seat wins and the Emissary does."""
    state = _random_emissary_game()
    assert state.view(None)["scores"] == [66, 67, 90]
    result = state.result()
    assert result.scores == (-24.0, -23.0)
    assert result.winners == ()
    for seat in (None, 0, 1):
        final = state.view(seat)["final"]
        assert final["winners"] == [] and final["beat_emissaries"] == [False, False]
        assert final["emissary_winners"] == [2]
        assert "no seat beat it, the Emissary wins" in GAME.render(state.view(seat))
    assert courtly.replay(state.record).result() == result


def test_the_game_over_event_says_the_emissary_wins():
    state = GAME.new_game(2, seed=1, options={"emissary": True})
    rng, events = random.Random(1), []
    while not state.is_over:
        seat = state.to_act[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
    over = events[-1]
    assert over.kind == "game_over" and over.data["winners"] == []
    assert over.data["emissary_winners"] == [2]
    assert "winners: nobody" in over.text and "the Emissary wins" in over.text


def test_a_tie_with_the_emissary_does_not_win():
    """"Battre" is to beat: a margin of 0 wins nothing."""
    state = _random_emissary_game()
    state.totals = [90, 67, 90]
    assert state.result().winners == ()
    assert state.view(None)["final"]["emissary_winners"] == [2]
    state.totals = [91, 91, 90]
    assert state.result().winners == (0, 1)
    assert state.view(None)["final"]["emissary_winners"] == []


@pytest.mark.parametrize(("three", "count"), [(False, 2), (True, 3)])
def test_solo_game_with_two_or_three_emissaries(three: bool, count: int):
    state = GAME.new_game(1, seed=2, options={"emissary": True, "three_emissaries": three})
    assert len(state.view(0)["players"]) == 1 + count
    play_out(state, seed=3)
    totals = state.view(0)["scores"]
    result = state.result()
    assert result.scores == (totals[0] - max(totals[1:]),)
    # the solo player wins only by beating every Emissary ("il faut aussi battre")
    assert result.winners == ((0,) if result.scores[0] > 0 else ())
    best = [p for p in range(1, 1 + count) if totals[p] == max(totals[1:])]
    assert state.view(0)["final"]["emissary_winners"] == ([] if result.winners else best)
    assert len(state.view(0)["history"]) == 3


def test_emissary_policy_placement():
    where = dict.fromkeys(PRETENDERS, "OFF") | {JESTER: "F3"}
    assert emissary.place(where, ("merlin", "noel")) == ("merlin", 4)
    assert emissary.place(where, ()) == ("anselme", 1)


def test_emissary_policy_moves_its_highest_favourite():
    where = {c: "F0" for c in FAVORIS[1].characters + FAVORIS[2].characters}
    where |= {"merlin": "F2", "noel": "F4", "iseult": "F5", "leonard": "F0", JESTER: "F3"}
    assert emissary.move(where, ("merlin", "noel", "iseult")) == ("climb", "noel")
    assert emissary.move(where, ("iseult",)) == ("climb", "anselme")  # lowest other, first


def test_emissary_policy_votes():
    hand = {YES: 1, STOMACH: 1, NO: 2}
    where = {c: "F0" for c in FAVORIS[1].characters} | {"merlin": "THRONE", JESTER: "F3"}
    assert emissary.vote(where, "merlin", ("merlin",), hand) == YES
    assert emissary.vote(where, "merlin", ("anselme",), hand) == NO
    assert emissary.vote(where, "merlin", ("anselme",), hand | {NO: 0}) == STOMACH
    assert emissary.vote(where, "merlin", ("anselme",), {YES: 1, STOMACH: 0, NO: 0}) == YES
    rich = where | {"anselme": "F5", "clement": "F5"}
    assert emissary.vote(rich, "merlin", ("anselme", "clement"), hand) == YES  # 10 is enough


# ----- Le mariage royal ---------------------------------------------------------------------
def test_royal_wedding_two_crownings_the_second_with_public_favoris():
    state = position(3, {"merlin": "F5", "noel": "F5"}, favoris={0: F01},
                     options={"royal_wedding": True})
    state.apply(0, Climb("merlin"))
    events = vote_all(state, {})
    assert [e.kind for e in events][-2:] == ["vote_revealed", "round_scored"]
    assert events[-1].data["scores"][0]["points"]["merlin"] == 10
    view = state.view(1)
    assert view["round"] == 1 and view["phase"] == "play" and state.to_act == (1,)
    assert view["castle"]["consort"] == "merlin" and view["castle"]["throne"] is None
    assert all(view["favoris"]) and all(state.view(None)["favoris"])
    assert view["history"][0]["king"] == "merlin"
    state.apply(1, Climb("noel"))
    events = vote_all(state, {})
    second = next(e for e in events if e.kind == "round_scored").data
    assert second["king"] == "noel" and second["scores"][0]["points"]["merlin"] == 0
    assert state.view(1)["round"] == 2 and state.view(1)["favoris"][0] is None


def test_royal_wedding_round_ends_if_nobody_can_move():
    """After a crowned Jester leaves the castle and every pretender is jailed
    or boxed, the round ends without a second crowning (a decision)."""
    gone = {c: "BOX" for c in FAVORIS[0].characters + FAVORIS[1].characters}
    state = position(2, gone | {"octave": "F5", "gauvain": "D3", "iseult": "D2",
                                "leonard": "D1", JESTER: "F5"},
                     options={"royal_wedding": True})
    state.apply(0, Climb(JESTER))
    vote_all(state, {})
    state.apply(1, Climb("octave"))
    events = vote_all(state, {0: NO})
    assert [e.kind for e in events][1:4] == ["vote_revealed", "stalemate", "round_scored"]
    assert events[3].data["king"] is None and state.view(None)["round"] == 2


# ----- Royauté en équipe -----------------------------------------------------------------------
def test_teams_share_vote_cards_and_one_partner_votes_in_turn():
    state = position(4, {"merlin": "F5", "noel": "F5"}, options={"teams": True})
    view = state.view(0)
    assert view["teams"] == [[0, 2], [1, 3]]
    assert view["hands"] == [{YES: 1, STOMACH: 1, NO: 4}] * 4  # one set a team, 2 teams
    state.apply(0, Climb("merlin"))
    assert state.to_act == (0, 1)
    assert state.legal_actions(2) == []
    events = vote_all(state, {0: NO})
    assert events[-1].data["votes"] == [NO, YES, None, None]
    hands = state.view(3)["hands"]
    assert hands[0] == hands[2] == {YES: 1, STOMACH: 1, NO: 3}
    state.apply(1, Climb("noel"))
    assert state.to_act == (2, 3)  # the partners take turns


def test_teams_keep_the_lower_total():
    state = play_out(GAME.new_game(6, seed=8, options={"teams": True}), seed=8)
    totals = state.view(None)["scores"]
    result = state.result()
    for a, b in [(0, 3), (1, 4), (2, 5)]:
        assert result.scores[a] == result.scores[b] == min(totals[a], totals[b])


def test_partners_do_not_see_each_others_favoris():
    state = GAME.new_game(4, seed=1, options={"teams": True})
    assert state.view(0)["favoris"][2] is None


# ----- L'Ambition --------------------------------------------------------------------------
def test_ambition_is_chosen_simultaneously_and_secretly():
    state = GAME.new_game(3, seed=6, options={"ambition": True})
    assert state.view(None)["phase"] == "ambition" and state.to_act == (0, 1, 2)
    offered = state.view(1)["ambitions"][1]["offered"]
    assert len(offered) == 2
    assert state.legal_actions(1) == [ChooseAmbition(c) for c in offered]
    assert state.view(0)["ambitions"][1]["offered"] is None
    state.apply(1, ChooseAmbition(offered[1]))
    assert state.view(0)["ambitions"][1] == {"offered": None, "chosen": None, "has_chosen": True}
    assert state.view(1)["ambitions"][1]["chosen"] == offered[1]
    state.apply(0, state.legal_actions(0)[0])
    state.apply(2, state.legal_actions(2)[0])
    assert state.view(None)["phase"] == "placement" and state.to_act == (0,)
    guess = state.determinize(0, random.Random(1))
    assert guess.view(0) == state.view(0)


def _score(card: str, where: dict[str, str], king: str | None = "octave",
           hand: dict[str, int] | None = None) -> dict:
    start = {YES: 1, STOMACH: 1, NO: 4}
    table = Table(where, king, hand or start, start)
    return score_round(FAVORIS[F01].characters, table, AMBITIONS[card])


BASE = {"beatrice": "F5", "dagobert": "D3", "eloi": "W4", "merlin": "F5", "noel": "F2",
        "pierre": "BOX", "octave": "THRONE", JESTER: "F3"}  # F01 scores 5-3+0+5+2+0 = 9


@pytest.mark.parametrize(("card", "where", "king", "hand", "total", "met"), [
    ("A01", BASE, "merlin", None, 9 - 5 + 10 + 3, True),  # Le Faiseur de roi
    ("A01", BASE, "octave", None, 9, False),
    ("A02", BASE, JESTER, None, -9 + 5, True),  # L'Ami du Bouffon: +5, not inverted
    ("A03", BASE, JESTER, None, 9, True),  # Le Masque: no inversion for you
    ("A04", BASE, "octave", None, 9, False),  # Les Hauteurs: only 2 high
    ("A04", BASE | {"noel": "F4"}, "octave", None, 9 + 2 + 3, True),
    ("A05", BASE, "octave", None, 9 + 3, True),  # La Noblesse: 2 on floor 5
    ("A06", BASE | {"noel": "F0", "pierre": "F0"}, "octave", None, 9 - 2 + 4, True),
    ("A07", BASE, "octave", None, 9, False),  # L'Humilité: floor 5 is too high
    ("A07", BASE | {"beatrice": "F3", "merlin": "F2", "eloi": "W3"}, "octave", None,
     4 + 4, True),
    ("A08", BASE, "octave", None, 9, False),  # L'Équilibre: floors 5 and 2 only
    ("A08", BASE | {"eloi": "F1", "pierre": "F0"}, "octave", None, 9 + 1 + 3, True),
    ("A09", BASE, "octave", None, 9 + 3, True),  # La Clé des cachots
    ("A10", BASE | {"gauvain": "D2", "iseult": "D1", "dagobert": "F1"}, "octave", None,
     9 + 3 + 1, False),  # Le Geôlier: Dagobert freed, but dungeon 3 is empty
    ("A10", BASE | {"gauvain": "D2", "iseult": "D1", "dagobert": "F1", "anselme": "D3"},
     "octave", None, 9 + 3 + 1 + 4, True),
    ("A11", BASE, "octave", None, 9 + 3, True),  # Le Bon Vivant: Eloi in a WC
    ("A12", BASE | {"beatrice": "D1", "merlin": "D2"}, "octave", None, 0, True),  # Le Filet
    ("A12", BASE, "octave", None, 9, False),
    ("A13", BASE, "octave", {YES: 1, STOMACH: 0, NO: 1}, 9, False),  # L'Économe
    ("A14", BASE, "octave", None, 9 + 2, True),  # La Bonne Santé
    ("A15", BASE, "octave", {YES: 1, STOMACH: 1, NO: 2}, 9 + 3, True),  # Le Tribun
    ("A16", BASE, "octave", None, 9 + 4, True),  # Le Loyal
    ("A16", BASE, "octave", {YES: 1, STOMACH: 0, NO: 4}, 9, False),
])
def test_ambition_cards_score_and_protect(card, where, king, hand, total, met):
    where = dict(where)
    if king and king != "octave":
        where[king], where["octave"] = "THRONE", "F0"
    row = _score(card, where, king, hand)
    assert (row["total"], row["ambition"]["met"]) == (total, met)


def test_ambition_counts_at_the_end_of_the_round():
    state = position(2, {"merlin": "F5"}, favoris={0: F01}, options={"ambition": True})
    state.chosen[0] = "A01"  # Le Faiseur de roi
    state.apply(0, Climb("merlin"))
    events = vote_all(state, {})
    row = next(e for e in events if e.kind == "round_scored").data["scores"][0]
    assert row["ambition"] == {"id": "A01", "met": True, "points": 3}
    assert row["total"] == 10 + 3


# ----- L'Ambition with "Le mariage royal" (decisions 20 and 21) --------------------------------
WEDDING = {"beatrice": "F3", "dagobert": "F1", "eloi": "F0", "merlin": "F2", "noel": "F2",
           "pierre": "F0", "octave": "THRONE", JESTER: "F3"}  # F01 scores 3+1+0+2+2+0 = 8


def test_the_consorts_seat_is_floor_4_or_higher_for_humility_and_the_heights():
    """The round's first monarch sits beside the throne: "floor 4 or higher"."""
    assert _score("A07", WEDDING)["ambition"]["met"]
    consort = WEDDING | {"beatrice": "CONSORT"}
    row = _score("A07", consort)  # L'Humilité: a favourite beside the throne is not humble
    assert (row["total"], row["ambition"]["met"]) == (5, False)
    heights = consort | {"merlin": "F5", "noel": "F4"}
    row = _score("A04", heights)  # Les Hauteurs: consort, floor 5, floor 4
    assert (row["total"], row["ambition"]["met"]) == (0 + 1 + 0 + 5 + 4 + 0 + 3, True)


@pytest.mark.parametrize(("earlier", "where", "total", "met"), [
    (2, BASE | {"beatrice": "D1", "merlin": "D2"}, -2, True),  # round 2 - 4 < 0: back to 0
    (4, BASE | {"beatrice": "D1", "merlin": "D2"}, -4, False),  # round 4 - 4 = 0
    (-8, WEDDING, 8, False),  # round -8 + 8 = 0: not negative
    (-8, WEDDING | {"beatrice": "F0"}, 8, True),  # round -8 + 5 < 0: this scoring gives 8
    (10, BASE | {"beatrice": "D1", "merlin": "D2"}, -4, False),  # round 10 - 4 = 6
])
def test_the_safety_net_looks_at_the_whole_round(earlier, where, total, met):
    """Le Filet: "your round score is negative: it counts 0"; with the royal
    wedding the round's score is both crownings'."""
    start = {YES: 1, STOMACH: 1, NO: 4}
    row = score_round(FAVORIS[F01].characters, Table(where, "octave", start, start),
                      AMBITIONS["A12"], earlier)
    assert (row["total"], row["ambition"]["met"]) == (total, met)


def test_the_safety_net_in_a_royal_wedding_round():
    layout = {"merlin": "F5", "octave": "F5", "beatrice": "D3", "dagobert": "D2",
              "eloi": "D1", "pierre": "BOX", "noel": "F0"}
    state = position(2, layout, favoris={0: F01},
                     options={"royal_wedding": True, "ambition": True})
    state.chosen[0] = "A12"  # Le Filet
    state.apply(0, Climb("merlin"))
    first = next(e for e in vote_all(state, {}) if e.kind == "round_scored").data
    assert first["scores"][0]["total"] == 10 - 3 - 2 - 1 and "ambition" not in first["scores"][0]
    state.apply(1, Climb("octave"))
    second = next(e for e in vote_all(state, {}) if e.kind == "round_scored").data
    # merlin beside the throne scores 0: -6 this time, 4 - 6 < 0 for the round
    assert second["scores"][0]["total"] == -4
    assert second["scores"][0]["ambition"] == {"id": "A12", "met": True, "points": 0}
    assert [h["points"][0] for h in state.view(0)["history"]] == [4, -4]


# ----- Le Banni -------------------------------------------------------------------------------
def test_banished_the_grey_seal_does_not_count():
    assert FAVORIS[F01].sealed == "beatrice"
    state = position(2, {"beatrice": "F5", "merlin": "F4"}, favoris={0: F01},
                     options={"banished": True})
    state.apply(0, Climb("beatrice"))
    events = vote_all(state, {})
    row = next(e for e in events if e.kind == "round_scored").data["scores"][0]
    assert "beatrice" not in row["points"] and row["total"] == 4


def test_banished_render_names_the_seal():
    state = GAME.new_game(2, seed=0, options={"banished": True})
    sealed = state.view(0)["favoris"][0]["sealed"]
    assert f"grey seal: {name(sealed)}" in GAME.render(state.view(0))


def test_every_variant_together_plays_to_the_end():
    options = {"royal_wedding": True, "ambition": True, "banished": True}
    for n, extra in [(3, {}), (4, {"teams": True}), (2, {"emissary": True})]:
        state = play_out(GAME.new_game(n, seed=n, options=options | extra), seed=n)
        assert isinstance(state, ViveLeRoiState)
        assert len(state.view(None)["history"]) >= 3
        assert courtly.replay(state.record) == state


def test_place_action_round_trip_and_describe():
    action = Place("merlin", 4)
    assert GAME.parse_action(action.to_json()) == action
    assert action.describe() == "Place Merlin on floor 4 (Dignitaries)"
    assert Vote(STOMACH).describe() == "Vote Stomach-ache (Mal-au-Ventre)"
    assert Vote("bogus").describe()  # never raises, even on nonsense


# ----- the terminal ---------------------------------------------------------------------------
def test_courtly_play_shows_the_castle_the_votes_and_the_scores():
    from typer.testing import CliRunner

    from courtly.cli import app

    result = CliRunner().invoke(app, ["play", "vive_le_roi", "-n", "3", "--seed", "4"],
                                input="1\n" * 400)
    assert result.exit_code == 0, result.output
    out = result.output
    for text in ("Throne room", "5 Nobles", "0 Servants", "Seat 0 has voted", "Votes: Seat 0",
                 "Round 1 scored", "Game over", "Final: scores"):
        assert text in out


# The Emissary's move policy on fixed positions, step by step and ties included
# (docs/rules/vive_le_roi.md, "Move": 1-6, ties on a floor in name order).
def _castle(layout: dict[str, str]) -> dict[str, str]:
    return {c: layout.get(c, "F3" if c == JESTER else "F0") for c in (*PRETENDERS, JESTER)}


def test_emissary_move_1_its_highest_favourite_ties_by_name():
    where = _castle({"merlin": "F3", "eloi": "F3", "anselme": "F1"})
    assert emissary.move(where, ("merlin", "eloi", "anselme")) == ("climb", "eloi")


def test_emissary_move_2_a_favourite_out_of_the_higher_wc_first():
    # floors 3 and 4 have room again; no favourite can climb
    where = _castle({"pierre": "W4", "clement": "W3"})
    assert emissary.move(where, ("pierre", "clement")) == ("leave_wc", "pierre")


def test_emissary_move_3_the_lowest_other_pretender_ties_by_name():
    where = _castle({"anselme": "BOX", "beatrice": "D3"})  # its favourites cannot move
    assert emissary.move(where, ("anselme", "beatrice")) == ("climb", "clement")
    where = _castle(dict.fromkeys(PRETENDERS, "BOX") | {"anselme": "F2", "beatrice": "F2",
                                                         "pierre": "F1", "octave": "F1"})
    assert emissary.move(where, ()) == ("climb", "octave")


def _full_castle(f2: tuple[str, ...]) -> dict[str, str]:
    """Floors 5 and 4 full, floor 3 full with the Jester, two on floor 2."""
    layout = dict.fromkeys(("dagobert", "eloi", "figaro", "gauvain"), "F5")
    layout |= dict.fromkeys(("iseult", "leonard", "merlin", "noel"), "F4")
    layout |= dict.fromkeys(("anselme", "beatrice", "clement"), "F3")
    layout |= dict.fromkeys(f2, "F2")
    return _castle(layout)


def test_emissary_move_4_another_pretender_into_the_lowest_wc_then_5_the_throne():
    where = _full_castle(("octave", "pierre"))
    # favourites on floors 5 and 4: floor 4's cannot move, floor 5's could
    # reach the throne (step 5), but putting another in a WC comes first,
    # and from floor 2 (into floor 3's WC) before floor 3 (anselme into floor 4's)
    assert emissary.move(where, ("dagobert", "iseult")) == ("enter_wc", "octave")
    where |= {"octave": "W3", "pierre": "W4", "anselme": "D3", "beatrice": "D2",
              "clement": "D1"}
    # WCs taken: a favourite to the throne, ties by name
    assert emissary.move(where, ("eloi", "dagobert", "iseult")) == ("climb", "dagobert")


def test_emissary_move_6_anything_else_the_lowest_first():
    layout = dict.fromkeys(("iseult", "leonard", "merlin", "noel"), "F5")
    layout |= dict.fromkeys(("anselme", "beatrice", "clement"), "F4")
    layout |= {"dagobert": "D3", "eloi": "D2", "figaro": "D1"}
    layout |= dict.fromkeys(("gauvain", "octave", "pierre"), "BOX")
    where = _castle(layout)
    # its favourites on floor 4 are stuck under a full floor 5; the Jester
    # (floor 3) goes before the others to the throne (floor 5)
    assert emissary.move(where, ("anselme", "beatrice", "clement")) == ("climb", JESTER)
    where[JESTER] = "BOX"
    assert emissary.move(where, ("anselme", "beatrice", "clement")) == ("climb", "iseult")
