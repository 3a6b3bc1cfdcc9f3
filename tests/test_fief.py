"""Fief's rules as built so far (shared/seeds/004_4acaab6420c0f155.txt): the
beginning of the game, the turn order and phases 1 to 3. One test per rule;
the rulebook's worked examples quoted in theirs."""

from __future__ import annotations

import itertools
import random

import pytest

import courtly
from courtly.games.fief import GAME
from courtly.games.fief.actions import (
    Assassinate,
    AttackRegion,
    Buy,
    ChooseRegion,
    DiscardCard,
    EndTurn,
    ExchangeCard,
    Execute,
    PlayBishop,
    PlayLord,
    Respond,
    TakeCardinal,
    Tithe,
)
from courtly.games.fief.rules import (
    PURCHASES,
    REVENUES,
    FiefState,
    Lord,
    defender_rank,
    first_player_next_turn,
    roll_for_choice,
)

REGIONS = ["tournugeois", "bresse", "maconnais", "louhannais"]


def started(n: int = 4, seed: int = 1, regions: list[str] | None = None) -> FiefState:
    """A game after the regions are chosen (the choosers take ``regions`` in turn)."""
    state = GAME.new_game(n, seed=seed)
    assert isinstance(state, FiefState)
    for region in (regions or REGIONS)[:n]:
        state.apply(state.to_act[0], ChooseRegion(region))
    return state


def region_of(state: FiefState, seat: int) -> str:
    region = state.region[seat]
    assert region is not None
    return region


def give(state: FiefState, seat: int, *cards: str) -> None:
    """Force a hand (tests may force the deal)."""
    state.hands[seat] = list(cards)
    state._legal_cache.clear()


def to_phase(state: FiefState, stage: str) -> None:
    while state.stage != stage:
        state.apply(state.to_act[0], EndTurn())


def next_turn(state: FiefState) -> None:
    """Every seat ends its part of every phase until the next turn's cards."""
    turn = state.turn
    while state.turn == turn:
        state.apply(state.to_act[0], EndTurn())


# ----- the beginning of the game --------------------------------------------------------
def test_the_highest_roll_chooses_first_and_ties_reroll():
    """"each player throws two dice. The player who scored the highest score first
    chooses a region ... Re-roll any ties"."""
    for seed in range(30):
        rolls, order = roll_for_choice(5, random.Random(seed))
        assert sorted(order) == list(range(5))
        for a, b in itertools.pairwise(order):
            first = [sum(r) for r in rolls[a]]
            second = [sum(r) for r in rolls[b]]
            depth = min(len(first), len(second))
            assert first[:depth] >= second[:depth]


def test_regions_are_chosen_in_that_order_and_each_once():
    state = GAME.new_game(3, seed=2)
    order = state.choice_order
    assert state.phase.name == "choose_region" and state.to_act == (order[0],)
    state.apply(order[0], ChooseRegion("bresse"))
    with pytest.raises(courtly.IllegalAction):
        state.apply(order[1], ChooseRegion("bresse"))
    assert state.to_act == (order[1],)


def test_the_first_chooser_is_the_banker_and_plays_first_then_the_right_hand_neighbour():
    """"In the first round, the banker plays first in each phase ... In the next round,
    the banker's right-hand neighbour plays the first"."""
    state = started()
    banker = state.choice_order[0]
    assert state.banker == banker and state.current() == banker
    assert state.order == sorted(range(4), key=lambda s: state.board.setup.seat_order.index(
        region_of(state, s)))
    next_turn(state)
    assert state.turn == 2
    right = state.order[(state.order.index(banker) - 1) % 4]
    assert state.current() == right
    assert first_player_next_turn(0, 4) == 3


def test_each_player_starts_with_the_boards_set_up():
    """Our set-up (board data): the region's castle, 6 soldiers in it, 1,000 crowns."""
    state = started()
    for seat in range(4):
        castle = state.board.regions[region_of(state, seat)].starting_castle
        assert state.soldiers[castle] == (seat, 6) and state.money[seat] == 1000
    assert len(state.castles) == 6  # unchosen regions keep their castle counter
    assert state.controller("bourg") is not None and state.controller("blaye") is None


# ----- phase 1: cards --------------------------------------------------------------------
def test_three_cards_each_then_the_complement():
    """"each player will receive the necessary complement to have three cards"."""
    state = started()
    assert all(len(h) == 3 for h in state.hands)
    seat = state.current()
    state.apply(seat, DiscardCard(state.hands[seat][0]))
    next_turn(state)
    assert len(state.hands[seat]) == 3


def test_rolands_example():
    """"He has a lord bearing the name of Roland, a "bad weather" card and a "Bishop"
    card ... Immediately the banker gives him the counter bearing the letter R. The
    player places the counter in a village in his area ... decides to play it
    immediately to attack a nearby area ... The player with the most lords in this
    area must put the appropriate parry card ... The "Bishop" card does not seem
    useful to the player, he gives it to the banker. On the next turn this player
    will receive three new cards."""
    state = started()
    me = state.current()
    give(state, me, "lord:roland", "bad_weather", "bishop:blaye")
    castle = state.board.regions[region_of(state, me)].starting_castle
    assert state.lord_destinations(me) == [castle]  # "in his castle"
    state.apply(me, PlayLord("roland", castle))
    assert state.lords["roland"].village == castle
    target = next(s for s in range(4) if s != me)
    other = region_of(state, target)
    give(state, target, "sun", "famine", "plague")
    state.apply(me, AttackRegion("bad_weather", other))
    assert state.to_act == (target,)
    assert Respond("sun") in state.legal_actions(target)
    state.apply(target, Respond("sun"))
    assert other not in state.weather and "sun" not in state.hands[target]
    state.apply(me, DiscardCard("bishop:blaye"))
    assert state.hands[me] == []
    next_turn(state)
    assert len(state.hands[me]) == 3


def test_a_new_lord_without_a_castle_goes_to_a_free_village_of_his_region():
    state = started()
    me = state.current()
    castle = state.board.regions[region_of(state, me)].starting_castle
    state.castles.discard(castle)
    places = state.lord_destinations(me)
    region = state.board.regions[region_of(state, me)]
    assert places == [v for v in region.villages if v != castle]


def test_a_bishop_is_made_once_and_may_become_a_cardinal():
    """"each lord can only be associated with a single evoked card"; "Only a bishop
    can become a cardinal"."""
    state = started()
    me = state.current()
    castle = state.board.regions[region_of(state, me)].starting_castle
    give(state, me, "lord:henry", "bishop:blaye", "bishop:sagy")
    state.apply(me, PlayLord("henry", castle))
    state.apply(me, PlayBishop("blaye", "henry"))
    assert PlayBishop("sagy", "henry") not in state.legal_actions(me)
    state.apply(me, TakeCardinal("henry"))
    assert state.lords["henry"].cardinal and state.cardinals_left == 2


def test_bad_weather_unparried_and_famine_cut_the_mills():
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    region = region_of(state, target)
    castle = state.board.regions[region].starting_castle
    state.mills[castle] = 2
    give(state, me, "famine", "bad_weather")
    give(state, target)
    state.apply(me, AttackRegion("famine", region))
    assert state.legal_actions(target) == [Respond("none")]
    state.apply(target, Respond("none"))
    state.apply(me, AttackRegion("bad_weather", region))
    state.apply(target, Respond("none"))
    assert region in state.famine and region in state.weather
    assert state.village_revenue(castle) == 100  # no mill income under famine


def test_plague_kills_a_third_of_the_soldiers_and_no_parry():
    """"one third of the soldiers die ... For each lord present in the attacked area,
    roll a die ... On a lower result than three, the Lord dies"; "against the
    plague: no parry"."""
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    region = region_of(state, target)
    castle = state.board.regions[region].starting_castle
    give(state, me, "plague")
    events = state.apply(me, AttackRegion("plague", region))
    assert state.pending is None
    assert state.soldiers[castle] == (target, 4)
    assert any(e.kind == "casualties" for e in events)


def test_a_revolt_needs_a_famine_card_and_can_be_bought_off():
    """"REVOLT: it must be played at the same time as a FAMINE card"; parried "by a
    payment of money to the banker ... 300 times the result of the ... die"."""
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    region = region_of(state, target)
    give(state, me, "revolt", "sun")
    assert not any(isinstance(a, AttackRegion) and a.card == "revolt"
                   for a in state.legal_actions(me))
    give(state, me, "revolt", "famine")
    give(state, target)
    state.apply(me, AttackRegion("revolt", region))
    die = state.pending.die
    assert state.hands[me] == []
    if 300 * die <= 1000:
        state.apply(target, Respond("ransom"))
        assert state.money[target] == 1000 - 300 * die
    else:
        assert Respond("ransom") not in state.legal_actions(target)


def test_assassination_parried_by_justice_executes_one_of_the_attackers_lords():
    """"the lord or one of the lords of the attacker is removed from play by the
    player who plays the parry"."""
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    mine = state.board.regions[region_of(state, me)].starting_castle
    theirs = state.board.regions[region_of(state, target)].starting_castle
    give(state, me, "lord:henry", "assassination")
    state.apply(me, PlayLord("henry", mine))
    state.lords["roland"] = Lord(target, theirs)
    give(state, target, "justice")
    state.apply(me, Assassinate("roland"))
    state.apply(target, Respond("justice"))
    assert state.legal_actions(target) == [Execute("henry")]
    state.apply(target, Execute("henry"))
    assert "henry" not in state.lords and "roland" in state.lords


def test_an_exchange_only_in_a_turn_without_playing_a_card():
    """"It is permissible to return one card to the banker for the purpose of receiving
    another, but only in a turn when no card is played, neither attack, nor defence,
    nor tithe"."""
    state = started()
    me = state.current()
    give(state, me, "sun", "plague", "royal_tithe")
    state.apply(me, ExchangeCard("sun"))
    assert len(state.hands[me]) == 3
    assert all(isinstance(a, EndTurn | DiscardCard) for a in state.legal_actions(me))
    other = GAME.new_game(4, seed=1)
    for region in REGIONS:
        other.apply(other.to_act[0], ChooseRegion(region))
    seat = other.current()
    give(other, seat, "plague", "sun")
    other.apply(seat, AttackRegion("plague", "dombes"))
    assert not any(isinstance(a, ExchangeCard) for a in other.legal_actions(seat))


@pytest.mark.parametrize(("a", "b"), [((2, 0, 0), (1, 5, 1)), ((1, 2, 0), (1, 1, 1)),
                                      ((1, 1, 1), (1, 1, 0))])
def test_the_defender_of_a_region_has_the_most_lords_then_villages_then_is_at_home(a, b):
    assert defender_rank(*a) > defender_rank(*b)
    assert defender_rank(0, 0, True) is None


# ----- phase 2: revenues -----------------------------------------------------------------
def test_revenues_villages_presses_and_mills():
    """"each village owned earns 100 crowns per turn; each press pays 100 crowns per
    turn; each mill pays 200 crowns per turn"."""
    state = started()
    to_phase(state, REVENUES)
    seat = state.order[0]
    castle = state.board.regions[region_of(state, seat)].starting_castle
    state.mills[castle], state.presses[castle] = 1, 2
    before = list(state.money)
    to_phase(state, PURCHASES)
    assert state.money[seat] == before[seat] + 100 + 200 + 200
    assert all(state.money[s] == before[s] + 100 for s in range(4) if s != seat)


def test_henry_bishop_of_blaye_takes_the_tithe_of_its_villages():
    """"Henry becomes Bishop of Blaye ... Even if YOU do not control this area with your
    soldiers, you can take the tithe there ... The player who built mills and presses
    on these villages does not win anything during a round. It is you who derive all
    the benefits."""
    state = started(regions=["tournugeois", "dombes", "maconnais", "louhannais"])
    henry = next(s for s in range(4) if state.region[s] == "tournugeois")
    holder = next(s for s in range(4) if state.region[s] == "dombes")
    state.lords["henry"] = Lord(henry, "tournus", bishop="blaye")
    state.mills["chatillon"] = 1  # Châtillon is in the bishopric of Blaye
    to_phase(state, REVENUES)
    while state.current() != henry:
        state.apply(state.current(), EndTurn())
    give(state, henry, "bishopric_tithe")
    state.apply(henry, Tithe("bishopric_tithe", "henry"))
    before = list(state.money)
    to_phase(state, PURCHASES)
    assert state.money[holder] == before[holder]  # Châtillon's 300 go to the bishop
    assert state.money[henry] == before[henry] + 100 + 300


def test_one_tithe_of_each_kind_and_only_with_its_conditions():
    state = started()
    to_phase(state, REVENUES)
    seat = state.current()
    give(state, seat, "royal_tithe", "lords_tithe", "bishopric_tithe")
    assert state.legal_actions(seat) == [EndTurn()]  # no king, no fief, no bishop


# ----- phase 3: purchases ----------------------------------------------------------------
def test_purchases_at_the_rates_on_villages_one_holds():
    """"a soldier costs 100 crowns; a press costs 200 crowns; a mill costs 300 crowns; a
    castle costs 2000 crowns ... placed on a village controlled by the player"."""
    state = started()
    to_phase(state, PURCHASES)
    seat = state.current()
    castle = state.board.regions[region_of(state, seat)].starting_castle
    state.money[seat] = 5000
    state.apply(seat, Buy("soldier", castle, 3))
    state.apply(seat, Buy("mill", castle, 1))
    state.apply(seat, Buy("press", castle, 2))
    assert state.money[seat] == 5000 - 300 - 300 - 400
    assert state.soldiers[castle] == (seat, 9)
    with pytest.raises(courtly.IllegalAction):  # "more than three mills or three presses"
        state.apply(seat, Buy("mill", castle, 1))
    with pytest.raises(courtly.IllegalAction):  # a castle is there already
        state.apply(seat, Buy("castle", castle, 1))
    free = next(v for v in state.board.villages if state.controller(v) is None)
    assert not state.is_legal(seat, Buy("soldier", free, 1))


def test_thirty_soldiers_a_player():
    state = started()
    to_phase(state, PURCHASES)
    seat = state.current()
    castle = state.board.regions[region_of(state, seat)].starting_castle
    state.money[seat] = 10_000
    assert state.most_to_buy(seat, "soldier", castle) == 24
    assert not state.is_legal(seat, Buy("soldier", castle, 25))


def test_the_game_ends_after_the_turn_limit():
    state = GAME.new_game(3, seed=4, options={"turn_limit": 1})
    for region in REGIONS[:3]:
        state.apply(state.to_act[0], ChooseRegion(region))
    while not state.is_over:
        state.apply(state.to_act[0], EndTurn())
    assert state.turn == 1 and state.result().winners
