"""Fief's heuristic, answer by answer, on small views made by hand (issue 13):
the combat odds, coalitions, rights of way, bids, votes, consecration, attack
cards, trips, and the negotiation's payments with the reason said."""

from __future__ import annotations

import random
from typing import Any

import pytest

from courtly.core import Done
from courtly.games.fief import GAME
from courtly.games.fief.actions import AttackRegion, Bid, Move, Pay, Vote
from courtly.games.fief.board import default_board
from courtly.games.fief.bot import (
    ask_coalition,
    best_region_attack,
    bid,
    choose,
    consecrate,
    grant_coalition,
    grant_passage,
    move_value,
    remark,
    vote,
    win_chance,
)

BOARD = default_board()
#: Seat 0 (us) in Mâconnais (Brancion, Cluny, Berzé); seat 1, the leader, in
#: Dombes next door; seats 2 and 3 far away.
REGIONS = ["maconnais", "dombes", "revermont", "louhannais"]


def view(**changes: Any) -> dict[str, Any]:
    """Seat 0's view of a quiet board: nobody holds anything, turn 5 of 30."""
    base: dict[str, Any] = {
        "seat": 0, "turn": 5, "turn_limit": 30, "regions": list(REGIONS),
        "money": [1000, 1000, 1000, 1000], "hand": [], "lords": {}, "soldiers": {},
        "holders": dict.fromkeys(BOARD.villages), "castles": [], "mills": {}, "presses": {},
        "gates": [], "fiefs": {}, "king": None, "battle": None, "passage": None,
        "election": None, "votes": [0, 0, 0, 0], "paid": [],
    }
    base.update(changes)
    return base


def hold(v: dict[str, Any], seat: int, village: str, soldiers: int = 1) -> None:
    """``seat`` holds ``village`` with ``soldiers``."""
    v["holders"][village] = seat
    if soldiers:
        v["soldiers"][village] = [seat, soldiers]


def lord(v: dict[str, Any], name: str, seat: int, village: str, outside: bool = False,
         bishop: bool = False) -> None:
    v["lords"][name] = {"owner": seat, "village": village, "bishop": bishop,
                        "cardinal": False, "outside": outside}
    if not outside:
        v["holders"][village] = seat


def leader_in_dombes(v: dict[str, Any]) -> None:
    """Seat 1 holds the four villages of Dombes: the leader."""
    for village in BOARD.regions["dombes"].villages:
        hold(v, 1, village, 2)


# ----- the combat tables as odds -----------------------------------------------------------
def test_win_chance_reads_the_combat_tables():
    """Many against few win, few against many lose, a castle helps the defender,
    and a fight where both fall is the defender's."""
    assert win_chance(12, 1) > 0.95
    assert win_chance(1, 12) < 0.05
    assert win_chance(6, 6, castle=True) < win_chance(6, 6)
    assert win_chance(0, 3) == 0.0 and win_chance(3, 0) == 1.0
    assert win_chance(1, 1) == 0.0  # each kills the other: the village stays the defender's
    assert all(win_chance(a, 5) <= win_chance(a + 1, 5) for a in range(1, 20))


# ----- the battle's questions ----------------------------------------------------------------
def converging(mine: int, theirs: int, defenders: int) -> dict[str, Any]:
    """We (seat 0) arrived first at Bourg, seat 2 second; seat 3 holds it."""
    v = view(battle={"village": "bourg", "first": 0, "second": 2, "step": "ask"})
    hold(v, 3, "bourg", defenders)
    v["gates"] = [{"owner": 0, "village": "bourg", "stance": "attack", "soldiers": mine,
                   "lords": ["jean"]},
                  {"owner": 2, "village": "bourg", "stance": "attack", "soldiers": theirs,
                   "lords": ["henry"]}]
    return v


def test_a_coalition_is_asked_when_the_ally_turns_a_lost_fight_into_a_won_one():
    assert ask_coalition(converging(mine=4, theirs=6, defenders=6))
    assert not ask_coalition(converging(mine=25, theirs=1, defenders=2))  # won alone
    assert not ask_coalition(converging(mine=1, theirs=1, defenders=20))  # lost anyway


def test_a_coalition_is_granted_to_a_harmless_asker_and_refused_to_the_leader():
    v = converging(4, 6, 6)
    v["battle"] = {"village": "bourg", "first": 2, "second": 0, "step": "answer"}
    v["seat"] = 0
    assert grant_coalition(v)
    leader_in_dombes(v)
    v["battle"]["first"] = 1
    assert not grant_coalition(v)


def test_a_coalition_is_refused_to_a_threat_to_our_region():
    v = converging(4, 6, 6)
    v["battle"] = {"village": "bourg", "first": 3, "second": 0, "step": "answer"}
    leader_in_dombes(v)
    lord(v, "louis", 3, "brancion")  # seat 3 has a lord in our region
    assert not grant_coalition(v)


def asking_passage(asker: int, village: str, force: int, garrison: int) -> dict[str, Any]:
    v = view(passage=[0, village])
    hold(v, 0, village, garrison)
    v["gates"] = [{"owner": asker, "village": village, "stance": "passage",
                   "soldiers": force, "lords": ["louis"]}]
    return v


def test_right_of_way_is_granted_when_it_costs_nothing():
    """A weak rival far from our region crosses Bourg; the leader does not cross
    our region when our garrison can hold; one who would win anyway goes through."""
    far = asking_passage(3, "bourg", 2, 1)
    leader_in_dombes(far)
    assert grant_passage(far)
    leader = asking_passage(1, "cluny", 2, 8)
    leader_in_dombes(leader)
    assert not grant_passage(leader)
    crushing = asking_passage(1, "cluny", 20, 1)
    leader_in_dombes(crushing)
    assert grant_passage(crushing)  # refusing would cost the garrison and the village


def test_a_bid_follows_the_villages_worth_and_our_purse():
    """Bourg (not ours to complete) is worth its income for the turns left, at
    most half our money; a floor above that is met at the floor."""
    v = view(battle={"village": "bourg", "first": 0, "second": 2, "step": "bid"},
             turn=28, money=[10000, 0, 0, 0])
    bids = [Bid(a) for a in range(0, 10001, 100)]
    assert bid(v, bids) == Bid(300)  # three turns' income
    v["turn"], v["money"] = 5, [1000, 0, 0, 0]
    assert bid(v, bids[:11]) == Bid(500)  # half the purse
    assert bid(v, [Bid(a) for a in range(800, 1001, 100)]) == Bid(800)


# ----- the court ----------------------------------------------------------------------------
def election(votes: dict[int, tuple[str | None, int]]) -> dict[str, Any]:
    return {"votes": {str(s): list(v) for s, v in votes.items()}, "elected": None,
            "asked": [], "support": [], "waiting": None}


def candidates_view() -> dict[str, Any]:
    v = view(votes=[2, 3, 1, 0])
    lord(v, "jean", 0, "cluny")
    lord(v, "eric", 0, "brancion")
    lord(v, "henry", 1, "blaye")
    lord(v, "louis", 1, "trevoux")
    lord(v, "hugues", 1, "chatillon")
    lord(v, "pierre", 2, "coligny")
    return v


def menu(v: dict[str, Any]) -> list[Vote]:
    return [Vote(None, 0)] + [Vote(name, n) for name in sorted(v["lords"])
                              for n in range(1, v["votes"][0] + 1)]


def test_we_vote_for_our_lord_when_he_can_win():
    """Seat 1 abstained and seat 2 gave Pierre one vote: our two make Jean or
    Eric King whatever seat 3 (no vote) does."""
    v = candidates_view()
    v["election"] = election({1: (None, 0), 2: ("pierre", 1)})
    chosen = vote(v, menu(v))
    assert chosen.lord is not None
    assert chosen.votes == 2 and v["lords"][chosen.lord]["owner"] == 0


def test_we_vote_for_the_weakest_rivals_lord_when_ours_cannot_win():
    """Seat 1 has voted its three for Henry: our two cannot beat them, so they go
    to the candidate of the weakest rival (seat 2, holding least)."""
    v = candidates_view()
    leader_in_dombes(v)
    hold(v, 2, "treffort")
    v["election"] = election({1: ("henry", 3)})
    assert vote(v, menu(v)) == Vote("pierre", 2)


def test_consecration_is_given_to_the_weak_and_refused_to_the_leader():
    v = candidates_view()
    leader_in_dombes(v)
    v["election"] = election({}) | {"elected": "henry", "waiting": 0}
    assert not consecrate(v)
    v["election"]["elected"] = "pierre"
    assert consecrate(v)


# ----- cards --------------------------------------------------------------------------------
def test_an_attack_card_goes_where_it_hurts_rivals_more_than_us():
    v = view()
    leader_in_dombes(v)
    plague = [AttackRegion("plague", r) for r in BOARD.regions]
    assert best_region_attack(v, plague) == AttackRegion("plague", "dombes")
    for village in BOARD.regions["dombes"].villages:
        hold(v, 0, village, 3)  # now our own soldiers would die there
    assert best_region_attack(v, [AttackRegion("plague", "dombes")]) is None


def test_a_revolt_comes_before_its_famine_on_the_leaders_mills():
    v = view()
    leader_in_dombes(v)
    v["mills"] = {"blaye": 2, "trevoux": 1}
    cards = [AttackRegion("famine", "dombes"), AttackRegion("revolt", "dombes")]
    assert best_region_attack(v, cards) == AttackRegion("revolt", "dombes")
    assert best_region_attack(v, [AttackRegion("famine", "maconnais")]) is None


def test_attack_cards_not_worth_playing_are_discarded_to_draw_lords():
    """The hand is filled up to three each turn: a kept card is a lord not dealt."""
    from courtly.games.fief.actions import DiscardCard, EndTurn

    v = view(hand=["bad_weather", "sun", "sun"])
    legal = [EndTurn(), DiscardCard("bad_weather"), DiscardCard("sun")]
    assert choose(v, legal, random.Random(0)) == DiscardCard("bad_weather")
    v["hand"] = ["sun", "sun"]
    assert choose(v, [EndTurn(), DiscardCard("sun")], random.Random(0)) == DiscardCard("sun")
    v["hand"] = ["sun"]
    assert choose(v, [EndTurn(), DiscardCard("sun")], random.Random(0)) == EndTurn()


# ----- trips --------------------------------------------------------------------------------
def test_a_lord_takes_free_villages_leaving_one_soldier_and_never_empties_his_region():
    v = view()
    lord(v, "jean", 0, "cluny")
    hold(v, 0, "cluny", 6)
    targets = {"brancion": 3.0}
    assert move_value(v, Move("jean", "brancion", "enter", 5), targets) > 0
    assert move_value(v, Move("jean", "brancion", "enter", 6), targets) is None
    alone = view()
    lord(alone, "jean", 0, "brancion")
    # Brancion (our region) left empty for St. Médard (not ours): a loss
    assert move_value(alone, Move("jean", "st_medard", "enter", 0), {"st_medard": 1.0}) < 0


def test_an_attack_needs_the_odds_and_none_in_the_last_turn():
    v = view()
    lord(v, "jean", 0, "blaye")
    hold(v, 0, "blaye", 13)
    hold(v, 1, "berze", 1)
    assert move_value(v, Move("jean", "berze", "attack", 12), {}) > 0
    hold(v, 1, "berze", 12)
    assert move_value(v, Move("jean", "berze", "attack", 12), {}) is None
    hold(v, 1, "berze", 1)
    v["turn"] = 30
    assert move_value(v, Move("jean", "berze", "attack", 12), {}) is None


# ----- the negotiation ----------------------------------------------------------------------
def test_it_pays_only_for_a_right_of_way_granted_and_says_so():
    """Our force stands at Bourg's gate, seat 3 having let it through: we thank
    him once, and the chat says why; otherwise we are done."""
    v = view(money=[2000, 0, 0, 0], negotiating=[0, 1, 2, 3])
    hold(v, 3, "bourg", 2)
    v["gates"] = [{"owner": 0, "village": "bourg", "stance": "passage", "soldiers": 3,
                   "lords": ["jean"]}]
    legal = [Done()] + [Pay(to, a) for to in (1, 2, 3) for a in range(100, 2001, 100)]
    rng = random.Random(0)
    assert choose(v, legal, rng) == Pay(3, 100)
    said = remark(v, Pay(3, 100))
    assert said is not None and said.to is None
    assert "right of way through Bourg" in said.text["en"]
    assert "droit de passage à Bourg" in said.text["fr"]
    assert remark(v, Pay(2, 100)) is None and remark(v, Done()) is None
    v["paid"] = [[0, 3, 100]]
    assert choose(v, legal, rng) == Done()
    v["paid"], v["gates"] = [], []
    assert choose(v, legal, rng) == Done()


def test_the_game_ships_the_remark_companion():
    assert GAME.companions.remark is remark


@pytest.mark.parametrize("seed", [0, 1])
def test_the_view_lists_this_negotiations_payments(seed):
    """``paid``: the payments of the negotiation under way (public, like the
    events that announce them), empty out of it."""
    from courtly.core import Referee

    state = GAME.new_game(3, seed=seed, options={"turn_limit": 2})
    referee, rng = Referee(), random.Random(seed)
    while not state.is_over and not state.view(None)["negotiating"]:
        referee.step(state, lambda s: choose(state.view(s), state.legal_actions(s), rng))
    if state.is_over:
        pytest.skip("no negotiation reached")
    payer = state.view(None)["negotiating"][0]
    state.money[payer] = max(state.money[payer], 100)
    to = (payer + 1) % 3
    state.apply(payer, Pay(to, 100))
    assert state.view(None)["paid"] == [[payer, to, 100]]
    assert state.clone().view(None)["paid"] == [[payer, to, 100]]
