"""Fief's rules as built so far (shared/seeds/004_4acaab6420c0f155.txt): the
beginning of the game, the turn order and phases 1 to 3. One test per rule;
the rulebook's worked examples quoted in theirs."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import courtly
from courtly.core import Done, Event
from courtly.games.fief import GAME
from courtly.games.fief.actions import (
    AnswerCoalition,
    AnswerPassage,
    AskCoalition,
    AskConsecration,
    Assassinate,
    AttackRegion,
    Bid,
    Buy,
    ChooseRegion,
    ClaimCustody,
    Consecrate,
    CreateFief,
    DestroyCounter,
    DiscardCard,
    EndTurn,
    ExchangeCard,
    Execute,
    FoundFief,
    GrantTitle,
    Move,
    Pay,
    PlayBishop,
    PlayLord,
    Respond,
    TakeCardinal,
    Tithe,
    Vote,
    lord_name,
)
from courtly.games.fief.combat import dice_for, exchange, losses
from courtly.games.fief.court import Fief
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


def idle(state: FiefState) -> None:
    """The next seat does nothing: ends its turn, abstains, or is done negotiating."""
    seat = (state.to_act or state.may_act)[0]
    quiet = [a for a in state.legal_actions(seat)
             if isinstance(a, EndTurn | Done) or a == Vote(None, 0)]
    state.apply(seat, quiet[0])


def to_phase(state: FiefState, stage: str) -> None:
    while state.stage != stage:
        idle(state)


def until_turn_of(state: FiefState, seat: int) -> None:
    """The seats before ``seat`` in the current phase do nothing."""
    while state.current() != seat:
        idle(state)


def next_turn(state: FiefState) -> None:
    """Every seat ends its part of every phase until the next turn's cards."""
    turn = state.turn
    while state.turn == turn and not state.is_over:
        idle(state)


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


def test_a_sitting_king_is_not_made_a_bishop_our_decision():
    """Ours, not the rulebook's (docs/rules/fief.md, decision 20): it says only "A
    Bishop cannot be elected King"; we keep the crown and the mitre apart the other
    way too. Another lord of the King's player may take the card."""
    state = started()
    me = state.current()
    castle = state.board.regions[region_of(state, me)].starting_castle
    give(state, me, "lord:henry", "lord:louis", "bishop:blaye")
    state.apply(me, PlayLord("henry", castle))
    state.apply(me, PlayLord("louis", castle))
    crowned(state, me, "henry")
    assert not state.may_be_made_bishop("henry") and state.may_be_made_bishop("louis")
    bishops = [a for a in state.legal_actions(me) if isinstance(a, PlayBishop)]
    assert bishops == [PlayBishop("blaye", "louis")]


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
    # the menu says what follows (a terminal play-test's lord, drawn so, could not be laid)
    assert ExchangeCard("sun").describe() == (
        "Exchange Sun for another card (then no card is played this turn)")
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
    until_turn_of(state, henry)
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


def test_the_game_data_serves_the_prices_the_rules_charge():
    """The page's Buy form and the map's offers price a purchase from the game's
    data (GET /api/games/fief): the table the rules charge ("Phase 3:
    Purchases"), for every purchase on the seat's menu."""
    prices = GAME.data()["prices"]
    assert prices == started().board.setup.prices and json.loads(json.dumps(prices)) == prices
    state = started()
    to_phase(state, PURCHASES)
    seat = state.current()
    state.money[seat] = 5000
    buys = [a for a in state.legal_actions(seat) if isinstance(a, Buy)]
    assert {a.item for a in buys} == {"soldier", "mill", "press"}  # a castle stands there
    for action in buys:
        trial = state.clone()
        trial.apply(seat, action)
        assert state.money[seat] - trial.money[seat] == prices[action.item] * action.count


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
    events: list[Event] = []
    while not state.is_over:
        seat = (state.to_act or state.may_act)[0]
        events = state.apply(seat, next(a for a in state.legal_actions(seat)
                                         if isinstance(a, EndTurn | Done) or a == Vote(None, 0)))
    assert state.turn == 1 and state.result().winners
    # the last line words the scores (a code for programs: a terminal play-test read
    # "Game over: scores 0.012, 0.0290001, 0.026")
    over = events[-1]
    assert over.kind == "game_over"
    for seat in range(3):
        money = f"{state.money[seat]:,} crowns"
        assert f"Seat {seat}: {len(state.fiefs_of(seat))} fiefs, " in over.text
        assert f"{state.soldiers_of(seat)} soldier" in over.text and money in over.text
    assert "scores" not in over.text and over.data["scores"] == list(state.result().scores)


# ----- phase 4: movement -------------------------------------------------------------------
class Dice:
    """A scripted die: tests force the dice (STYLE.md 4)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        value = self.values.pop(0)
        assert low <= value <= high
        return value


def placed(seat_regions: list[str] | None = None) -> FiefState:
    """A started game cleared of pieces, in the movement phase, seat order kept."""
    state = started(regions=seat_regions)
    state.soldiers.clear()
    state.lords.clear()
    to_phase(state, "movement")
    state._legal_cache.clear()
    return state


def put(state: FiefState, seat: int, village: str, soldiers: int = 0,
        *lords: str) -> None:
    if soldiers:
        state.soldiers[village] = (seat, soldiers)
    for lord in lords:
        state.lords[lord] = Lord(seat, village)
    state._legal_cache.clear()


def mover(state: FiefState) -> int:
    seat = state.current()
    return seat


def test_the_movement_example():
    """"A lord is at Tournus with eight soldiers. The player ... decides to leave two
    soldiers in Tournus and to move the lord and six soldiers to St. Andromy. This
    village is unoccupied ... He has the right to do another. The player moves his lord
    and five soldiers to St. Medard, leaving a piece in St. Andromy ... The Lord has
    moved twice, he cannot be moved until the next turn. The player has three villages:
    Tournus, St. Andromy and St. Medard. They will earn the player 3 x 100 crowns"."""
    state = placed()
    me = mover(state)
    put(state, me, "tournus", 8, "henry")
    state.apply(me, Move("henry", "st_andromy", "enter", 6))
    state.apply(me, Move("henry", "st_medard", "enter", 5))
    assert state.held(me) == ["st_medard", "st_andromy", "tournus"]
    assert [state.soldiers[v] for v in ("tournus", "st_andromy", "st_medard")] == [
        (me, 2), (me, 1), (me, 5)]
    assert not any(isinstance(a, Move) for a in state.legal_actions(me))
    assert sum(state.village_revenue(v) for v in state.held(me)) == 300


def test_soldiers_move_only_with_a_lord_and_a_bishop_moves_alone():
    state = placed()
    me = mover(state)
    put(state, me, "tournus", 4, "henry")
    state.lords["henry"].bishop = "tournus"
    moves = [a for a in state.legal_actions(me) if isinstance(a, Move)]
    assert moves and all(m.soldiers == 0 for m in moves)
    assert not state.is_legal(me, Move("henry", "st_andromy", "enter", 1))


def test_an_occupied_village_stops_the_force_on_its_road():
    """"The newcomer does not enter the village. The pieces stay on the road by which
    they came"; attack, right of way or siege."""
    state = placed()
    me = mover(state)
    other = next(s for s in state.order if s != me)
    put(state, me, "tournus", 3, "henry")
    put(state, other, "st_andromy", 2)
    stances = {a.stance for a in state.legal_actions(me)
               if isinstance(a, Move) and a.to == "st_andromy"}
    assert stances == {"attack", "siege", "passage"}
    state.apply(me, Move("henry", "st_andromy", "passage", 3))
    assert state.to_act == (other,) and state.controller("st_andromy") == other
    state.apply(other, AnswerPassage(False))  # refused: "there will inevitably be a fight"
    assert state.gates[0].stance == "attack"
    assert not any(isinstance(a, Move) for a in state.legal_actions(me))


def at_st_andromy(stance: str) -> tuple[FiefState, int, int]:
    """Henry and 3 soldiers from Tournus come to the gate of St. Andromy (its
    holder's 2 soldiers inside) with ``stance``; returns the state, Henry's
    seat, the holder."""
    state = placed()
    me = mover(state)
    other = next(s for s in state.order if s != me)
    put(state, me, "tournus", 3, "henry")
    put(state, other, "st_andromy", 2)
    state.apply(me, Move("henry", "st_andromy", stance, 3))
    return state, me, other


def asking_right_of_way() -> tuple[FiefState, int, int]:
    """Henry and 3 soldiers at Tournus ask the holder of St. Andromy (2
    soldiers) for a right of way; returns the state, the asker, the holder."""
    return at_st_andromy("passage")


def test_a_right_of_way_lets_the_force_go_on():
    state, me, other = asking_right_of_way()
    state.apply(other, AnswerPassage(True))
    # "will continue on his way through the next phase of travel": next turn
    assert not state.is_legal(me, Move("henry", "sennecey", "enter", 3))
    next_turn(state)
    to_phase(state, "movement")
    until_turn_of(state, me)
    state.apply(me, Move("henry", "sennecey", "enter", 3))
    assert state.soldiers["sennecey"] == (me, 3) and not state.gates


def test_bad_weather_holds_the_soldiers():
    """"BAD WEATHER: throughout the area under attack, soldiers can no longer move"."""
    state = placed()
    me = mover(state)
    put(state, me, "tournus", 3, "henry")
    state.weather.add("tournugeois")
    state._legal_cache.clear()
    assert all(a.soldiers == 0 for a in state.legal_actions(me) if isinstance(a, Move))


def test_besieged_pieces_cannot_move_without_fighting():
    state = placed()
    me = mover(state)
    other = next(s for s in state.order if s != me)
    put(state, me, "tournus", 3, "henry")
    put(state, other, "st_andromy", 2, "roland")
    state.apply(me, Move("henry", "st_andromy", "siege", 3))
    assert state.besieged("st_andromy")
    until_turn_of(state, other)
    moves = [a for a in state.legal_actions(other) if isinstance(a, Move)]
    assert moves and all(m.stance == "sortie" and m.to == "st_andromy" for m in moves)


# ----- phase 5: combat ------------------------------------------------------------------------
def test_the_combat_tables():
    """The Dice Throws Table and both rows of the Combat Results Table, as printed."""
    assert [dice_for(n) for n in (1, 6, 7, 12, 13, 30)] == [1, 1, 2, 2, 3, 3]
    assert [losses(n, False) for n in range(1, 19)] == [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]
    assert [losses(n, True) for n in range(1, 19)] == [
        1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]


def test_henri_against_roland_at_bourg():
    """"The Lord Henri, at the head of 6 soldiers, attacks the village of Bourg, wherein
    are holed-up inside a castle, the lord Roland and 4 soldiers ... Henri rolls and
    makes 5 (3 + 2) ... Roland loses two counters ... he rolls the die to which he is
    entitled and gets the same result: 5 ... Henry loses three soldiers"."""
    first = exchange(7, 5, True, Dice(3, 2, 5))
    assert (first.attacker_roll, first.defender_loses) == ((3, 2), 2)
    assert (first.defender_roll, first.attacker_loses) == ((5,), 3)
    state = placed(["bresse", "tournugeois", "maconnais", "louhannais"])
    henri = next(s for s in range(4) if state.region[s] == "tournugeois")
    roland = next(s for s in range(4) if state.region[s] == "bresse")
    put(state, roland, "bourg", 4, "roland")
    state.mills["bourg"] = 1
    put(state, henri, "bage", 6, "henry")
    until_turn_of(state, henri)
    state.apply(henri, Move("henry", "bourg", "attack", 6))
    # then: Henri 4 (one die) rolls 6: Roland loses 2 in his castle; Roland 3 rolls 1:
    # Henri loses 1; Henri 3 rolls 4: Roland, the last, falls, but first ("counts the
    # number of his forces which are present before the elimination") rolls 2: Henri
    # loses 1 more.
    state.rng = Dice(3, 2, 5, 6, 1, 4, 2)  # type: ignore[assignment]
    to_phase(state, "election")
    assert state.controller("bourg") == henri and "roland" not in state.lords
    assert state.soldiers["bourg"] == (henri, 1) and state.lords["henry"].village == "bourg"
    assert not state.mills["bourg"]  # "Whatever the outcome of the battle, the mills and
    # presses will be destroyed"


def test_an_attack_that_finds_the_village_empty_destroys_nothing():
    """Our reading (docs/rules/fief.md, decision 20): "Whatever the outcome of the
    battle, the mills and presses will be destroyed" needs a battle; the defenders
    gone before the combat phase, the attacker finds "the village ... not occupied"
    and "enters the village and appropriates it without a fight" (Phase 4, case 1),
    its mill and press with it."""
    state = placed(["tournugeois", "bresse", "maconnais", "louhannais"])
    henri = next(s for s in range(4) if state.region[s] == "tournugeois")
    roland = next(s for s in range(4) if state.region[s] == "bresse")
    put(state, roland, "bourg", 4, "roland")
    state.mills["bourg"], state.presses["bourg"] = 1, 1
    put(state, henri, "bage", 6, "henry")
    until_turn_of(state, henri)
    state.apply(henri, Move("henry", "bourg", "attack", 6))
    until_turn_of(state, roland)
    state.apply(roland, Move("roland", "montrevel", "enter", 4))
    to_phase(state, "election")
    assert state.controller("bourg") == henri and state.soldiers["bourg"] == (henri, 6)
    assert state.mills["bourg"] == 1 and state.presses["bourg"] == 1
    # so too in a fief's village its garrison left: the attacker stays an intruder there
    state = placed(["bresse", "maconnais", "tournugeois", "louhannais"])
    holder = next(s for s in range(4) if state.region[s] == "maconnais")
    attacker = state.phase_order()[0]
    put(state, holder, "cluny", 3, "louis")
    state.fiefs["maconnais"] = Fief(holder, "cluny", "louis")
    put(state, holder, "berze", 2, "jean")
    state.mills["berze"] = 1
    put(state, attacker, "uchizy", 3, "henry")
    state.apply(attacker, Move("henry", "berze", "attack", 3))
    until_turn_of(state, holder)
    state.apply(holder, Move("jean", "cluny", "enter", 2))
    state.rng = Dice(1)  # type: ignore[assignment]  the villagers' die, missing him
    to_phase(state, "election")
    assert state.gate(attacker, "berze").stance == "intrude"
    assert state.controller("berze") == holder and state.mills["berze"] == 1


def test_each_exchange_tells_both_forces_the_ground_and_what_is_left():
    """The combat event carries what a table shows of each exchange ("Phase 5: The
    Combat"): both sides' lords and soldiers before it, castle or open ground, both
    rolls, both losses, and the counters left after it; a lord fallen says why."""
    state = placed(["bresse", "tournugeois", "maconnais", "louhannais"])
    henri = next(s for s in range(4) if state.region[s] == "tournugeois")
    roland = next(s for s in range(4) if state.region[s] == "bresse")
    put(state, roland, "bourg", 4, "roland")
    put(state, henri, "bage", 6, "henry")
    until_turn_of(state, henri)
    state.apply(henri, Move("henry", "bourg", "attack", 6))
    state.rng = Dice(3, 2, 5, 6, 1, 4, 2)  # type: ignore[assignment]  as in Henri's example
    events: list = []
    while state.stage != "election":
        seat = (state.to_act or state.may_act)[0]
        quiet = [a for a in state.legal_actions(seat)
                 if isinstance(a, EndTurn | Done) or a == Vote(None, 0)]
        events += state.apply(seat, quiet[0])
    rounds = [e.data for e in events if e.kind == "combat"]
    assert rounds[0] == {
        "village": "bourg", "attacker": henri, "defender": roland, "in_castle": True,
        "attacker_lords": ["henry"], "attacker_soldiers": 6,
        "defender_lords": ["roland"], "defender_soldiers": 4,
        "attacker_roll": [3, 2], "defender_roll": [5], "attacker_loses": 3,
        "defender_loses": 2, "attacker_left": 4, "defender_left": 3}
    assert rounds[-1]["defender_left"] == 0
    fallen = next(e.data for e in events if e.kind == "lord_dies")
    assert fallen == {"lord": "roland", "seat": roland, "village": "bourg", "cause": "battle"}


def converging(accept: bool | None) -> tuple[FiefState, int, int, int]:
    """A at Bourg (1 soldier), B from Bâgé then C from Montrevel, both attacking."""
    state = placed(["bresse", "tournugeois", "louhannais", "maconnais"])
    a = next(s for s in range(4) if state.region[s] == "bresse")
    order = [s for s in state.phase_order() if s != a]
    b, c = order[0], order[1]
    put(state, a, "bourg", 1)
    put(state, b, "bage", 3, "henry")
    put(state, c, "montrevel", 3, "louis")
    until_turn_of(state, b)
    state.apply(b, Move("henry", "bourg", "attack", 3))
    until_turn_of(state, c)
    state.apply(c, Move("louis", "bourg", "attack", 3))
    return state, a, b, c


def test_converging_forces_the_first_may_ask_for_a_coalition():
    """"It is the player B - the first who has made his way to the village - who can -
    if he wishes - request coalition with player C"."""
    state, _a, b, c = converging(None)
    to_phase(state, "combat")
    assert state.to_act == (b,)
    assert state.legal_actions(b) == [AskCoalition(True), AskCoalition(False)]
    state.apply(b, AskCoalition(True))
    assert state.to_act == (c,)


def test_an_accepted_coalition_then_a_sealed_bid_with_a_raise():
    """"B and C are alternately attackers of A ... Whoever has bet the highest sum
    acquires the village and gives the sum of money to the other player ... If both
    players bet the same amount, each of them can bid (increase the sum)"."""
    state, _a, b, c = converging(True)
    to_phase(state, "combat")
    state.apply(b, AskCoalition(True))
    state.rng = Dice(6, 1)  # type: ignore[assignment]  B rolls 6: A's one soldier falls
    state.apply(c, AnswerCoalition(True))
    assert state.controller("bourg") is None and set(state.to_act) == {b, c}
    state.apply(b, Bid(200))
    assert state.view(c)["battle"]["my_bid"] is None  # sealed
    state.apply(c, Bid(200))
    assert set(state.to_act) == {b, c}  # equal: again
    assert not state.is_legal(b, Bid(100))
    money = list(state.money)
    state.apply(b, Bid(300))
    state.apply(c, Bid(200))
    assert state.controller("bourg") == b
    assert state.money[b] == money[b] - 300 and state.money[c] == money[c] + 300
    assert state.gate(c, "bourg").stance == "passage"  # "automatically obtains a right of way"


def test_the_hands_open_with_their_seats_and_the_purchase_names_the_village():
    """The reveal and the purchase say whose hand held what and for which village
    (for the table's log and panel); before it, the other seat sees no amount."""
    state, a, b, c = converging(True)
    to_phase(state, "combat")
    events = state.apply(b, AskCoalition(True))
    state.rng = Dice(6, 1)  # type: ignore[assignment]
    events += state.apply(c, AnswerCoalition(True))
    sealed = state.apply(b, Bid(300))
    assert [e.for_seat(c).data for e in sealed] == [{"seat": b}]
    events = state.apply(c, Bid(100))
    data = {e.kind: e.data for e in events}
    assert data["bids"] == {"bids": [300, 100], "seats": [b, c], "village": "bourg"}
    assert data["bought"] == {"seat": b, "paid": 300, "to": c, "village": "bourg"}
    assert a not in data["bids"]["seats"]


def test_empty_hands_fight():
    """"If the players have each opened an empty hand, there is a fight"."""
    state, _a, b, c = converging(True)
    to_phase(state, "combat")
    state.apply(b, AskCoalition(True))
    state.rng = Dice(6, 1, 6, 1, 6, 1)  # type: ignore[assignment]
    state.apply(c, AnswerCoalition(True))
    state.apply(b, Bid(0))
    state.apply(c, Bid(0))
    assert state.battle is None and state.controller("bourg") in (b, c)


def test_no_coalition_b_and_c_fight_first():
    """"If there is no coalition: the players B and C fight, then A fights with the
    survivor"."""
    state, a, b, c = converging(None)
    to_phase(state, "combat")
    state.rng = Dice(6, 1, 6, 1, 6, 1)  # type: ignore[assignment]
    events = state.apply(b, AskCoalition(False))
    fights = [(e.data["attacker"], e.data["defender"]) for e in events if e.kind == "combat"]
    assert fights[0] == (b, c) and fights[-1] == (b, a)


def test_refused_c_fights_the_survivor_who_stands_as_an_intruder():
    """"If there is a rejection by C, in response to B's coalition request, players A and
    B fight. One of them disappears and C is forced to fight the survivor"
    (004_4acaab6420c0f155.txt, Phase 5: The Combat, Special cases, b). At a fief's village
    that is not its capital, B who beat A stands at the gate as an intruder ("their
    presence does not constitute a title deed", Phase 6, point 2): C fights him there, in
    open ground, and the winner stays as the intruder (our decision 13)."""
    state, holder, _other = fief_of_maconnais()
    b, c = [s for s in state.phase_order() if s != holder][:2]
    put(state, holder, "berze", 1)
    put(state, b, "uchizy", 3, "henry")
    put(state, c, "blaye", 3, "roland")
    until_turn_of(state, b)
    state.apply(b, Move("henry", "berze", "attack", 3))
    until_turn_of(state, c)
    state.apply(c, Move("roland", "berze", "attack", 3))
    to_phase(state, "combat")
    state.apply(b, AskCoalition(True))
    state.rng = Dice(6, 1, 6, 1, 6, 1, 6, 1)  # type: ignore[assignment]
    events = state.apply(c, AnswerCoalition(False))
    fights = [(e.data["attacker"], e.data["defender"], e.data["in_castle"])
              for e in events if e.kind == "combat"]
    assert fights[0][:2] == (b, holder)
    assert fights[-1] == (c, b, False)  # C attacks B at the gate, no castle for him
    assert state.gate(b, "berze") is None
    assert state.gate(c, "berze").stance == "intrude"
    assert state.controller("berze") == holder


# ----- phase 6: the election, the fiefs, the negotiation ---------------------------------
def test_the_election_and_a_tie_leaves_the_throne_vacant():
    """"If two lords share the same number of votes, the throne remains vacant"."""
    state = placed()
    seats = state.phase_order()
    put(state, seats[0], "tournus", 0, "henry")
    put(state, seats[1], "bourg", 0, "louis")
    to_phase(state, "election")
    assert state.votes_of(seats[0]) == 1
    state.apply(seats[0], Vote("henry", 1))
    state.apply(seats[1], Vote("louis", 1))
    for seat in seats[2:]:
        state.apply(seat, Vote(None, 0))
    assert state.king is None and state.stage != "election"


def test_the_elected_king_is_consecrated_by_two_bishops_of_another():
    """"he must convince one or more of his adversaries to consecrate his king. The
    solicited player(s) must answer immediately (yes or no)"."""
    state = placed()
    seats = state.phase_order()
    put(state, seats[0], "tournus", 0, "henry")
    put(state, seats[1], "bourg", 0, "louis", "jean")
    state.lords["louis"].bishop, state.lords["jean"].bishop = "bourg", "sagy"
    to_phase(state, "election")
    state.apply(seats[0], Vote("henry", 1))
    state.apply(seats[1], Vote("henry", 3))  # 2 lords + 2 bishops = 4 votes; gives 3
    for seat in seats[2:]:
        state.apply(seat, Vote(None, 0))
    assert state.phase.name == "consecration" and state.to_act == (seats[0],)
    state.apply(seats[0], AskConsecration(seats[1]))
    assert state.to_act == (seats[1],)
    assert "Waiting for your answer: asked to consecrate Henry." in GAME.render(
        state.view(seats[1]))
    state.apply(seats[1], Consecrate(True))
    assert state.king == "henry" and state.phase.name == "fiefs"
    assert state.to_act == (seats[0],)


def test_a_bishop_cannot_be_elected():
    state = placed()
    put(state, state.phase_order()[0], "tournus", 0, "henry")
    state.lords["henry"].bishop = "tournus"
    to_phase(state, "election")
    assert state.candidates() == []


def crowned(state: FiefState, seat: int, lord: str) -> None:
    state.king = lord
    state._legal_cache.clear()


def maconnais_to_found() -> tuple[FiefState, int, int]:
    """The fiefs phase, a King (Henry, at Tournus) and the Mâconnais held
    whole by another seat (two soldiers a village, Louis at Cluny): the
    state, the King's seat, the holder's."""
    state = placed(["maconnais", "bresse", "tournugeois", "louhannais"])
    holder = next(s for s in range(4) if state.region[s] == "maconnais")
    king = next(s for s in state.phase_order() if s != holder)
    put(state, king, "tournus", 0, "henry")
    for village in ("brancion", "cluny", "berze"):
        put(state, holder, village, 2)
    put(state, holder, "cluny", 2, "louis")
    crowned(state, king, "henry")
    to_phase(state, "fiefs")
    return state, king, holder


def test_the_king_creates_a_fief_and_its_holder_names_capital_and_title():
    """"Duchy for five villages, County for 4 villages and Barony for 3 villages ... One
    of the villages of the fief is chosen as capital ... remove 1 soldier from each
    village of the fief and to put them in the capital"."""
    state, king, holder = maconnais_to_found()
    assert CreateFief("maconnais") in state.legal_actions(king)
    state.apply(king, CreateFief("maconnais"))
    assert state.to_act == (holder,)
    state.apply(holder, FoundFief("louis", "cluny", True))
    assert state.fiefs_of(holder) == ["maconnais"]
    assert state.soldiers["cluny"] == (holder, 4) and state.soldiers["brancion"] == (holder, 1)
    assert state.votes_of(holder) == 2  # the lord and the title of nobility


def test_the_soldiers_are_gathered_from_every_village_or_from_none_our_decision():
    """"It is immediately possible to remove 1 soldier from each village of the fief and
    to put them in the capital": our reading (docs/rules/fief.md, decision 20) is one
    choice, every village or none, not village by village."""
    state, king, holder = maconnais_to_found()
    state.apply(king, CreateFief("maconnais"))
    founding = [a for a in state.legal_actions(holder)
                if isinstance(a, FoundFief) and (a.lord, a.capital) == ("louis", "cluny")]
    assert founding == [FoundFief("louis", "cluny", False), FoundFief("louis", "cluny", True)]
    state.apply(holder, FoundFief("louis", "cluny", False))
    assert state.soldiers["cluny"] == (holder, 2) and state.soldiers["brancion"] == (holder, 2)


def test_a_fiefs_villages_are_held_without_soldiers_and_resist_intruders():
    """"It is no longer necessary to leave one soldier per village ... The intruder loses
    a soldier on a roll of 2 or more"."""
    state = placed(["maconnais", "bresse", "tournugeois", "louhannais"])
    holder = next(s for s in range(4) if state.region[s] == "maconnais")
    intruder = next(s for s in state.phase_order() if s != holder)
    state.fiefs["maconnais"] = Fief(holder, "cluny", None)
    put(state, holder, "cluny", 3)
    assert state.controller("berze") == holder
    put(state, intruder, "uchizy", 3, "henry")
    until_turn_of(state, intruder)
    stances = {a.stance for a in state.legal_actions(intruder)
               if isinstance(a, Move) and a.to == "berze"}
    assert stances == {"intrude", "passage"}
    state.apply(intruder, Move("henry", "berze", "intrude", 3))
    assert state.controller("berze") == holder
    state.rng = Dice(4)  # type: ignore[assignment]
    to_phase(state, "election")
    assert state.gate(intruder, "berze").soldiers == 2


def test_taking_a_capital_on_a_vacant_throne_makes_a_king():
    """"When a lord seizes the capital of a fief and there is no king, he becomes king
    without asking the other players and without election"."""
    state = placed(["maconnais", "bresse", "tournugeois", "louhannais"])
    holder = next(s for s in range(4) if state.region[s] == "maconnais")
    taker = next(s for s in state.phase_order() if s != holder)
    state.fiefs["maconnais"] = Fief(holder, "cluny", None)
    put(state, taker, "brancion", 3, "henry")
    until_turn_of(state, taker)
    # an unguarded capital is taken by walking in (our decision: the capital alone is
    # not impregnable, "if it falls into the hands of an opponent all the fief is lost")
    state.apply(taker, Move("henry", "cluny", "enter", 3))
    assert state.fiefs_of(taker) == ["maconnais"] and state.king == "henry"


def test_the_negotiation_is_a_window_of_three_minutes_with_payments():
    """"This phase, whose duration must in no case exceed three minutes"; "offer a sum of
    money to one of your opponents"."""
    state = placed()
    to_phase(state, "negotiation")
    assert state.phase.time_limit == 180 and state.to_act == ()
    assert set(state.may_act) == set(range(4))
    a, b = state.may_act[0], state.may_act[1]
    money = list(state.money)
    state.apply(a, Pay(b, 300))
    assert state.money[a] == money[a] - 300 and state.money[b] == money[b] + 300
    assert not state.is_legal(a, Pay(b, 10_000))
    state.apply(courtly.REFEREE, courtly.TimeUp())
    assert state.stage == "cards" and state.turn == 2


def test_the_first_to_the_fiefs_wins():
    state = placed(["maconnais", "bresse", "tournugeois", "louhannais"])
    holder = next(s for s in range(4) if state.region[s] == "maconnais")
    put(state, holder, "cluny", 2, "louis", "jean")
    state.fiefs["maconnais"] = Fief(holder, "cluny", "louis")
    state.fiefs["revermont"] = Fief(holder, "coligny", "jean")
    next_turn(state)
    assert state.is_over and state.result().winners == (holder,)


def test_the_first_to_the_fiefs_wins_even_if_another_gets_there_in_the_same_phase():
    """"b) The number of fiefs: the winner is the player who is the first to have 2, 3
    or 4 fiefs" (004_4acaab6420c0f155.txt, The Beginning of the Game, 5 b): the game
    ends when a player has them, not at the end of the phase, where a second player
    made a fief by the King in the same phase would tie and win on soldiers."""
    state = placed(["maconnais", "bresse", "tournugeois", "louhannais"])
    first = next(s for s in range(4) if state.region[s] == "bresse")
    later = next(s for s in range(4) if state.region[s] == "maconnais")
    king = next(s for s in range(4) if s not in (first, later))
    put(state, king, "tournus", 0, "henry")
    for village in ("brancion", "cluny", "berze"):
        put(state, later, village, 5)  # more soldiers: the tie-break would favour him
    put(state, later, "cluny", 5, "louis", "jean")
    for village in ("cuiseaux", "coligny", "treffort"):
        put(state, first, village, 1)
    put(state, first, "coligny", 1, "pierre", "roland")
    state.fiefs["dombes"] = Fief(later, "blaye", "jean")
    state.fiefs["louhannais"] = Fief(first, "louhans", "roland")
    crowned(state, king, "henry")
    to_phase(state, "fiefs")
    state.apply(king, CreateFief("revermont"))
    state.apply(first, FoundFief("pierre", "coligny", False))
    assert state.is_over and state.result().winners == (first,)


def test_the_king_in_custody_takes_the_fiefs_revenues():
    """"It is then the King who receives all the revenues of the fief"."""
    state = placed(["maconnais", "bresse", "tournugeois", "louhannais"])
    owner = next(s for s in range(4) if state.region[s] == "maconnais")
    king = next(s for s in range(4) if s != owner)
    put(state, king, "tournus", 0, "henry")
    put(state, owner, "cluny", 2)
    state.king = "henry"
    state.fiefs["maconnais"] = Fief(owner, "cluny", None)
    state.custody.add("maconnais")
    state.stage = "revenues"
    before = list(state.money)
    state._collect_revenues()
    assert state.money[owner] == before[owner]
    assert state.money[king] == before[king] + 100 + 300  # Tournus, and the three villages
    # but not its lord's tithe, which pays "the player who owns a fief" (decision 15):
    # in custody the King holds the title, not the fief, and its owner's lord no title
    assert state.fief_villages(king) == [] and state.fief_villages(owner) == []


# ----- what the rules audit found ------------------------------------------------------------
def test_the_bishop_card_stays_under_its_lord_and_the_lord_card_goes_round_again():
    """"The bishop card is placed under the lord"; when the stack is exhausted "the
    discard is mixed and in turn becomes the new stack"."""
    state = started()
    me = state.current()
    castle = state.board.regions[region_of(state, me)].starting_castle
    give(state, me, "lord:henry", "bishop:blaye")
    state.apply(me, PlayLord("henry", castle))
    state.apply(me, PlayBishop("blaye", "henry"))
    assert "bishop:blaye" not in state.discard
    state._kill_lord("henry", "dies")
    assert {"bishop:blaye", "lord:henry"} <= set(state.discard)


def test_discards_are_face_up():
    state = started()
    me = state.current()
    give(state, me, "sun", "plague")
    events = state.apply(me, DiscardCard("sun"))
    assert "Sun" in events[0].text and state.view(None)["discard"][-1] == "sun"


def test_plague_counts_a_players_soldiers_across_the_region():
    """"Count the soldiers and each time you count "three" remove one": 2 + 2 + 2
    soldiers lose 2."""
    state = placed(["tournugeois", "bresse", "maconnais", "louhannais"])
    seat = next(s for s in range(4) if state.region[s] == "bresse")
    for village in ("bourg", "bage", "montrevel"):
        put(state, seat, village, 2)
    state._plague("bresse")
    assert sum(state.soldiers[v][1] for v in ("bourg", "bage", "montrevel")
               if v in state.soldiers) == 4


def test_the_plague_says_each_stacks_losses_once():
    """Nine soldiers in one village lose three: one line says so, not three."""
    state = placed(["tournugeois", "bresse", "maconnais", "louhannais"])
    seat = next(s for s in range(4) if state.region[s] == "bresse")
    put(state, seat, "bage", 9)
    events = [e for e in state._plague("bresse") if e.kind == "casualties"]
    assert [(e.data["village"], e.data["dead"]) for e in events if e.data["seat"] == seat] == \
        [("bage", 3)]
    assert state.soldiers["bage"] == (seat, 6)


def test_an_unparried_revolt_brings_its_famine():
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    region = region_of(state, target)
    give(state, me, "revolt", "famine")
    give(state, target)
    state.rng = Dice(1)  # type: ignore[assignment]
    state.apply(me, AttackRegion("revolt", region))
    state.apply(target, Respond("none"))
    assert region in state.famine


def test_the_last_lord_leaving_a_gate_takes_its_soldiers():
    """Soldiers "never move alone": the last lord at a gate takes them all."""
    state, me = _a_siege_a_turn_on()
    until_turn_of(state, me)
    away = [a for a in state.legal_actions(me) if isinstance(a, Move) and a.to == "tournus"]
    assert {a.soldiers for a in away} == {3}


def test_under_bad_weather_the_last_lord_at_a_gate_does_not_abandon_its_soldiers():
    """"BAD WEATHER: throughout the area under attack, soldiers can no longer move"
    (004_4acaab6420c0f155.txt, Phase 1, a) Attacks) and "soldiers cannot move without
    lord" (Phase 4): the besieging lord may not walk away from his soldiers, who would
    be left at the gate without a lord and disband (our decision 11); his siege stays,
    and he may still turn it into an assault."""
    _a_besieger_held(lambda state: state.weather.add("tournugeois"))


def test_a_bishop_at_a_gate_does_not_abandon_its_soldiers():
    """"A Bishop may move but is never accompanied by soldiers" (004_4acaab6420c0f155.txt,
    The "Bishop" card: "not recommended to turn the only lord available into a bishop,
    because then soldiers could not move"): a besieging lord made a bishop may not walk
    away from his soldiers either (our decision 11)."""
    _a_besieger_held(lambda state: setattr(state.lords["henry"], "bishop", "tournus"))


def _a_siege_a_turn_on() -> tuple[FiefState, int]:
    """Henry (the seat returned) besieged St. Andromy with 3 soldiers last turn;
    this turn's movement phase has begun."""
    state = placed()
    me = mover(state)
    other = next(s for s in state.order if s != me)
    put(state, me, "tournus", 3, "henry")
    put(state, other, "st_andromy", 2)
    state.apply(me, Move("henry", "st_andromy", "siege", 3))
    next_turn(state)
    to_phase(state, "movement")
    return state, me


def test_a_besieger_asks_no_right_of_way_from_his_siege_but_may_come_again_asking():
    """Our reading (docs/rules/fief.md, decision 20): the rulebook offers the right of
    way to "the newcomer" who "decides not to attack", beside the siege he may decide
    on instead (Phase 4, cases 3 and 4); a besieger has decided. He may withdraw by
    his road and come again asking, with his second trip: granted, he "will continue
    on his way through the next phase of travel", as if he had asked from the siege."""
    state, me = _a_siege_a_turn_on()
    holder = state.controller("st_andromy")
    until_turn_of(state, me)
    trips = {(a.to, a.stance) for a in state.legal_actions(me) if isinstance(a, Move)}
    assert trips == {("tournus", "enter"), ("st_andromy", "attack")}
    assert not state.is_legal(me, Move("henry", "st_andromy", "passage", 3))
    state.apply(me, Move("henry", "tournus", "enter", 3))
    state.apply(me, Move("henry", "st_andromy", "passage", 3))
    assert holder is not None and state.to_act == (holder,)
    state.apply(holder, AnswerPassage(True))
    assert state.gate(me, "st_andromy").stance == "passage"
    next_turn(state)
    to_phase(state, "movement")
    until_turn_of(state, me)
    assert state.is_legal(me, Move("henry", "sennecey", "enter", 3))


def _a_besieger_held(hold: Callable[[FiefState], object]) -> None:
    """Henry besieges St. Andromy with 3 soldiers; ``hold`` then keeps him there:
    his only trips are the assault, and his soldiers stay on the board."""
    state, me = _a_siege_a_turn_on()
    hold(state)
    state._legal_cache.clear()
    until_turn_of(state, me)
    trips = [a for a in state.legal_actions(me) if isinstance(a, Move)]
    assert trips and all(a.to == "st_andromy" and a.stance == "attack" for a in trips)
    assert not state.is_legal(me, Move("henry", "st_medard", "enter", 0))
    assert state.soldiers_of(me) == 3


def test_no_soldier_moves_into_a_region_under_bad_weather():
    state = placed()
    me = mover(state)
    put(state, me, "tournus", 3, "henry")
    state.weather.add("louhannais")
    state._legal_cache.clear()
    state.apply(me, Move("henry", "st_andromy", "enter", 3))
    into = [a for a in state.legal_actions(me) if isinstance(a, Move) and a.to == "sennecey"]
    assert into and all(a.soldiers == 0 for a in into)


def fief_of_maconnais() -> tuple[FiefState, int, int]:
    state = placed(["maconnais", "bresse", "tournugeois", "louhannais"])
    holder = next(s for s in range(4) if state.region[s] == "maconnais")
    other = next(s for s in state.phase_order() if s != holder)
    put(state, holder, "cluny", 3, "louis")
    state.fiefs["maconnais"] = Fief(holder, "cluny", "louis")
    return state, holder, other


def test_a_fief_with_no_owner_left_has_nobody_to_roll_for_its_villagers():
    """Our reading (docs/rules/fief.md, decision 20): "The owner of the fief rolls a die
    each time enemy soldiers are in one of his villages"; its owner's last lord dead,
    the titles go to the King (Phase 6, point 5) and the fief has no owner: nobody
    rolls, as its villages are free to enter."""
    state, holder, other = fief_of_maconnais()
    third = next(s for s in state.phase_order() if s not in (holder, other))
    put(state, third, "tournus", 0, "jean")
    crowned(state, third, "jean")
    put(state, other, "uchizy", 3, "henry")
    until_turn_of(state, other)
    state.apply(other, Move("henry", "berze", "intrude", 3))
    state._kill_lord("louis", "dies")
    assert state.fiefs["maconnais"].owner is None and "maconnais" in state.custody
    state.rng = Dice()  # type: ignore[assignment]  no die is rolled
    events: list = []
    while state.stage != "election":
        seat = (state.to_act or state.may_act)[0]
        quiet = [a for a in state.legal_actions(seat)
                 if isinstance(a, EndTurn | Done) or a == Vote(None, 0)]
        events += state.apply(seat, quiet[0])
    assert not [e for e in events if e.kind == "resistance"]
    assert state.gate(other, "berze").soldiers == 3


def test_a_refused_right_of_way_at_an_empty_fief_village_makes_an_intruder():
    state, holder, other = fief_of_maconnais()
    put(state, other, "uchizy", 3, "henry")
    until_turn_of(state, other)
    state.apply(other, Move("henry", "berze", "passage", 3))
    state.apply(holder, AnswerPassage(False))
    assert state.gate(other, "berze").stance == "intrude"
    assert state.controller("berze") == holder


def test_a_fiefs_garrison_beaten_leaves_an_intruder_not_an_owner():
    """"their presence does not constitute a title deed"."""
    state, holder, other = fief_of_maconnais()
    put(state, holder, "berze", 1)
    put(state, other, "uchizy", 5, "henry")
    until_turn_of(state, other)
    state.apply(other, Move("henry", "berze", "attack", 5))
    state.rng = Dice(6, 1)  # type: ignore[assignment]
    to_phase(state, "election")
    assert state.controller("berze") == holder
    assert state.gate(other, "berze").stance == "intrude"


def test_the_capital_taken_carries_the_whole_fief():
    """"the player who manages to occupy the capital of a fief becomes the rightful
    owner of all the fief"."""
    state, holder, other = fief_of_maconnais()
    state.soldiers.pop("cluny")
    state.lords["louis"].village = "berze"
    put(state, holder, "berze", 2)
    put(state, other, "brancion", 2, "henry")
    until_turn_of(state, other)
    state.apply(other, Move("henry", "cluny", "enter", 2))
    assert state.fiefs["maconnais"].owner == other
    assert state.controller("berze") == other
    assert state.gate(holder, "berze").stance == "intrude"


def test_a_player_without_lords_loses_his_fiefs_to_the_king():
    """"A player loses a fief ... if all his lords are eliminated ... all the titles
    ... are given to the King"."""
    state, holder, other = fief_of_maconnais()
    put(state, other, "tournus", 0, "henry")
    state.king = "henry"
    state._kill_lord("louis", "dies")
    assert state.fiefs_of(holder) == [] and state.fiefs["maconnais"].owner is None
    assert "maconnais" in state.custody


def test_a_title_granted_brings_no_soldier_beyond_the_thirty_in_the_box():
    """"30 counters - "soldier" per player" (004_4acaab6420c0f155.txt, Equipment): "The
    new owners of fiefs each receive a soldier counter" (Phase 6, point 5) only while
    one of theirs is left in the box."""
    state, _holder, other = fief_of_maconnais()
    put(state, other, "tournus", 30, "henry")
    state.king = "henry"
    state._kill_lord("louis", "dies")
    state.soldiers.pop("cluny")
    state.grant_title("maconnais", "henry")
    assert state.fiefs["maconnais"].owner == other and state.soldiers_of(other) == 30


def test_a_title_granted_from_custody_hands_over_the_capital():
    """"the player who manages to occupy the capital of a fief becomes the rightful
    owner of all the fief ... unless the King opposes ... The King, if he will, will
    grant the title of nobility of the fief to the lord of his choice"
    (004_4acaab6420c0f155.txt, Phase 6, point 3). Our decision 15: the grant makes the
    lord's player the owner ("The new owners of fiefs", point 5), and the capital goes
    with the fief: its taker leaves it with a right of way ("The person who has to leave
    the premises automatically obtains a right of way. He will move on the next turn",
    Phase 5, Special cases), and the new owner's soldier stands in it."""
    state, holder, king = fief_of_maconnais()
    taker = next(s for s in state.phase_order() if s not in (holder, king))
    put(state, king, "tournus", 0, "henry")
    state.king = "henry"
    state.soldiers.pop("cluny")
    state.lords["louis"].village = "berze"
    put(state, holder, "berze", 2)
    put(state, taker, "brancion", 2, "roland")
    until_turn_of(state, taker)
    state.apply(taker, Move("roland", "cluny", "enter", 2))
    state.apply(king, ClaimCustody(True))
    to_phase(state, "fiefs")
    state.apply(king, GrantTitle("maconnais", "henry"))
    assert state.fiefs["maconnais"].owner == king and state.fiefs_of(king) == ["maconnais"]
    assert state.controller("cluny") == king and state.soldiers["cluny"] == (king, 1)
    force = state.gate(taker, "cluny")
    assert force is not None and force.stance == "passage" and force.soldiers == 2
    assert state.lords["roland"].outside


def test_the_taker_of_a_capital_holds_the_villages_where_he_stood_as_an_intruder():
    """"the player who manages to occupy the capital of a fief becomes the rightful
    owner of all the fief" (004_4acaab6420c0f155.txt, Phase 6, point 3) and "The owner
    of the fief rolls a die each time enemy soldiers are in one of his villages": the
    taker's own intruders in the fief's other villages go in (our decision 15), and its
    villagers never resist their own lord's soldiers."""
    state, _holder, taker = fief_of_maconnais()
    state.soldiers.pop("cluny")
    state.lords["louis"].village = "st_medard"
    put(state, taker, "uchizy", 3, "henry")
    put(state, taker, "brancion", 2, "roland")
    until_turn_of(state, taker)
    state.apply(taker, Move("henry", "berze", "intrude", 3))
    assert state.gate(taker, "berze").stance == "intrude"
    state.apply(taker, Move("roland", "cluny", "enter", 2))
    assert state.fiefs["maconnais"].owner == taker
    assert state.gate(taker, "berze") is None and not state.lords["henry"].outside
    assert state.controller("berze") == taker and state.soldiers["berze"] == (taker, 3)
    state.rng = Dice(6, 6, 6)  # type: ignore[assignment]
    assert not [e for e in state.resist() if e.kind == "resistance"]
    assert state.soldiers["berze"] == (taker, 3)


def test_a_village_given_ends_with_the_fief_and_its_guest_stands_outside():
    """"The owner of the fief can give one or more villages, except the capital, to one
    of the other players so that his troops may stay there" (004_4acaab6420c0f155.txt,
    Phase 6, point 2); the capital taken, "all the fief" is the taker's (point 3): the
    gift ends, and the guest's pieces inside are intruders there (our decision 15)."""
    state, holder, taker = fief_of_maconnais()
    guest = next(s for s in range(4) if s not in (holder, taker))
    state.soldiers.pop("cluny")
    state.lords["louis"].village = "st_medard"
    state.given["berze"] = guest
    put(state, guest, "berze", 2, "eric")
    put(state, taker, "brancion", 2, "roland")
    until_turn_of(state, taker)
    state.apply(taker, Move("roland", "cluny", "enter", 2))
    assert state.fiefs["maconnais"].owner == taker and "berze" not in state.given
    force = state.gate(guest, "berze")
    assert force is not None and force.stance == "intrude" and force.soldiers == 2
    assert state.lords["eric"].outside and "berze" not in state.soldiers
    assert state.controller("berze") == taker


def test_without_a_king_a_new_lord_takes_the_waiting_titles():
    """"If he gains in the meantime a new lord card, he keeps all his titles of
    nobility and fiefs"."""
    state, holder, _other = fief_of_maconnais()
    state._kill_lord("louis", "dies")
    assert state.fiefs_of(holder) == [] and state.fiefs["maconnais"].owner == holder
    state.hands[holder].append("lord:jean")
    state._lay_lord(holder, "jean", "cluny")
    assert state.fiefs_of(holder) == ["maconnais"]


def test_a_king_made_by_a_capital_takes_the_titles_of_a_player_without_lords():
    """"If, during the disappearance of the last lord of a fief, there is no king, the
    player keeps all his titles of nobility until the advent of a new sovereign"; then
    "all the titles of Nobility for the fiefs are given to the King"
    (004_4acaab6420c0f155.txt, Phase 6, points 5 and 6). The advent of a King by a
    capital ("he becomes king ... without election", point 4) is one, as a coronation
    after an election is."""
    state, holder, other = fief_of_maconnais()
    lordless = next(s for s in state.phase_order() if s not in (holder, other))
    state.fiefs["revermont"] = Fief(lordless, "coligny", None)  # waiting for a new lord
    state.soldiers.pop("cluny")
    state.lords["louis"].village = "berze"
    put(state, holder, "berze", 2)
    put(state, other, "brancion", 2, "henry")
    until_turn_of(state, other)
    state.apply(other, Move("henry", "cluny", "enter", 2))
    assert state.king == "henry"
    assert state.fiefs["revermont"].owner is None and "revermont" in state.custody


def test_an_election_every_turn_a_tie_leaves_the_throne_vacant():
    """"Phase 6 of the turn is devoted to the election of the king"; "If two lords
    share the same number of votes, the throne remains vacant"."""
    state = placed()
    seats = state.phase_order()
    put(state, seats[0], "tournus", 0, "henry")
    put(state, seats[1], "bourg", 0, "louis")
    state.king = "henry"
    to_phase(state, "election")
    state.apply(seats[0], Vote("henry", 1))
    state.apply(seats[1], Vote("louis", 1))
    for seat in seats[2:]:
        state.apply(seat, Vote(None, 0))
    assert state.king is None


def deposed_events(votes: tuple[int, int], reigning: bool = True
                   ) -> tuple[FiefState, list[int], list[Event], str | None]:
    """An election of Henry's seat (the first) against Louis's (the second,
    with Jean), ``votes`` each, the others abstaining, Henry reigning unless
    not ``reigning``; the consecration refused if Louis is elected. The
    state, the seats, the events, and the King while the consecration was
    asked ("" if it never was)."""
    state = placed()
    seats = state.phase_order()
    put(state, seats[0], "tournus", 0, "henry")
    put(state, seats[1], "bourg", 0, "louis", "jean")
    if reigning:
        state.king = "henry"
    to_phase(state, "election")
    events = state.apply(seats[0], Vote("henry", votes[0]))
    events += state.apply(seats[1], Vote("louis", votes[1]))
    for seat in seats[2:]:
        events += state.apply(seat, Vote(None, 0))
    asked = ""
    if state.phase.name == "consecration":
        asked = state.king
        events += state.apply(seats[1], EndTurn())
    return state, seats, events, asked


def test_a_reigning_king_who_loses_the_election_is_named_in_the_log():
    """A browser play-test: Clément was Alice's crowned King; the bot's Roland was
    elected and nobody could consecrate him, and the log said only "the throne
    stays vacant": nothing told Alice her King had lost the crown. Deposing him
    is decision 14; the event now names him and his seat ("he cannot reign: the
    throne remains vacant", Phase 6, 1 d), and so does a tie's (1 c)."""
    state, seats, events, asked = deposed_events((1, 2))
    assert asked == "henry"  # the consecration was asked, Henry still reigning
    vacant = next(e for e in events if e.kind == "vacant")
    assert state.king is None
    assert vacant.data == {"why": "not_consecrated", "deposed": "henry",
                           "deposed_seat": seats[0]}
    assert vacant.text == (f"The King elected is not consecrated: {lord_name('henry')} "
                           f"(Seat {seats[0]}) loses the crown; the throne is vacant")
    # a tie deposes him too, and says so
    state, seats, events, _ = deposed_events((1, 1))
    tie = next(e for e in events if e.kind == "election")
    assert tie.data == {"tally": {"henry": 1, "louis": 1}, "deposed": "henry",
                        "deposed_seat": seats[0]}
    assert f"{lord_name('henry')} (Seat {seats[0]}) loses the crown; the throne is vacant" \
        in tie.text
    # with the throne vacant already, the words are as before
    state, seats, events, _ = deposed_events((1, 1), reigning=False)
    tie = next(e for e in events if e.kind == "election")
    assert tie.data == {"tally": {"henry": 1, "louis": 1}}
    assert tie.text == "No lord has the most votes: the throne is vacant until the next election"


def test_a_king_re_elected_stays_and_king_for_life_skips_the_election():
    state = placed()
    seats = state.phase_order()
    put(state, seats[0], "tournus", 0, "henry")
    state.king = "henry"
    to_phase(state, "election")
    state.apply(seats[0], Vote("henry", 1))
    for seat in seats[1:]:
        state.apply(seat, Vote(None, 0))
    assert state.king == "henry"
    state = GAME.new_game(4, seed=1, options={"king_for_life": True})
    for region in REGIONS:
        state.apply(state.to_act[0], ChooseRegion(region))
    state.lords["henry"] = Lord(state.order[0], "tournus")
    state.king = "henry"
    to_phase(state, "fiefs")  # no election on the way


def test_no_lord_is_laid_in_another_players_capital():
    state, _holder, other = fief_of_maconnais()
    state.soldiers.pop("cluny")
    state.lords["louis"].village = "berze"
    state.castles.clear()
    state.soldiers.clear()
    assert "cluny" not in state.lord_destinations(other)


# ----- the heuristic -------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, pytest.param(6, marks=pytest.mark.slow)])
def test_the_heuristic_plays_whole_games_and_makes_fiefs(n):
    """Heuristic bots end the game (at the limit, or by two fiefs), and the same
    seed gives the same game."""
    from courtly.core import Referee
    from courtly.games.fief.bot import choose

    assert GAME.companions.heuristic is choose

    def play(seed: int) -> FiefState:
        state = GAME.new_game(n, seed=seed, options={"turn_limit": 12})
        assert isinstance(state, FiefState)
        rng, referee = random.Random(seed), Referee()
        while not state.is_over:
            referee.step(state, lambda seat: choose(state.view(seat),
                                                    state.legal_actions(seat), rng))
        return state

    games = [play(seed) for seed in range(4)]
    assert all(g.is_over for g in games)
    for game in games:
        measured = GAME.companions.measures(game.view(None), game.record)
        assert measured["fiefs"] == len(game.fiefs) and measured["turns"] == game.turn
        assert measured["king"] == (game.king is not None)
        assert measured["winner_region"] == game.region[game.result().winners[0]]
        played = [a.card for _s, a in game.record.actions if isinstance(a, AttackRegion)]
        assert all(measured[f"attacks.{c}"] == played.count(c)
                   for c in ("plague", "revolt", "famine", "bad_weather"))
    assert sum(len(g.fiefs) for g in games) + sum(g.king is not None for g in games) > 0
    assert play(0).record == games[0].record
    for game in games:
        measured = GAME.companions.measures(game.view(None), game.record)
        assert {k: v for k, v in measured.items() if k in _ALONG_THE_WAY} == _along_the_way(game)
        won = {seat: seat in game.result().winners for seat in range(n)}
        assert all(measured[f"region_won.{game.region[s]}"] == won[s] for s in range(n))


_ALONG_THE_WAY = ("first_fief_turn", "kings_crowned", "plague.soldiers_dead", "plague.lords_dead")


def _along_the_way(finished: FiefState) -> dict[str, int]:
    """The measures read from a replay's events, counted here from the state
    instead: the turn the fiefs first stop being none, each new King, and the
    soldiers and lords gone in a plague's action."""
    record = finished.record
    state = GAME.new_game(record.num_players, seed=record.seed, options=record.options)
    assert isinstance(state, FiefState)
    out = {"kings_crowned": 0, "plague.soldiers_dead": 0, "plague.lords_dead": 0}
    for seat, action in record.actions:
        turn, king, fiefs = state.turn, state.king, len(state.fiefs)
        soldiers = sum(state.soldiers_of(s) for s in range(record.num_players))
        lords = len(state.lords)
        events = state.apply(seat, action)
        if fiefs == 0 and state.fiefs:
            out.setdefault("first_fief_turn", turn)
        out["kings_crowned"] += state.king is not None and state.king != king
        if any(e.kind == "plague" for e in events):
            out["plague.soldiers_dead"] += soldiers - sum(
                state.soldiers_of(s) for s in range(record.num_players))
            out["plague.lords_dead"] += lords - len(state.lords)
    return out


def test_the_owner_of_a_fief_gives_a_village_so_that_anothers_troops_may_stay():
    """"The owner of the fief can give one or more villages, except the capital, to
    one of the other players so that his troops may stay there"."""
    from courtly.games.fief.actions import GiveVillage

    state, holder, other = fief_of_maconnais()
    put(state, other, "uchizy", 2, "henry")
    until_turn_of(state, other)
    state.apply(other, Move("henry", "berze", "intrude", 2))
    to_phase(state, "negotiation")  # the villagers resist on the way (phase 5)
    staying = state.gate(other, "berze").soldiers
    gifts = [a for a in state.legal_actions(holder) if isinstance(a, GiveVillage)]
    assert GiveVillage("cluny", other) not in gifts  # never the capital
    state.apply(holder, GiveVillage("berze", other))
    assert state.controller("berze") == other and state.gate(other, "berze") is None
    assert state.soldiers["berze"] == (other, staying)
    assert state.fiefs_of(holder) == ["maconnais"]  # still his fief


def test_the_fast_clone_is_the_deep_copy_and_shares_nothing_that_changes():
    """FiefState.clone copies field by field (55 times faster than deepcopy):
    it equals the deep copy, and a clone played on, through combats, bids
    and elections, never changes the original."""
    import copy

    from courtly.core import Referee

    # seed 6: a battle (a convergence, its coalition and bids) from step 269
    state = GAME.new_game(4, seed=6, options={"turn_limit": 8})
    rng, referee = random.Random(6), Referee()
    step = 0
    while not state.is_over:
        if step % 5 == 0 or state.battle is not None:
            deep = copy.deepcopy(state, memo={id(GAME): GAME})
            fast = state.clone()
            assert fast == deep
            _play_on(fast, 30, random.Random(step))
            assert state == deep, f"playing a clone changed the original at step {step}"
        referee.step(state, lambda s: rng.choice(state.legal_actions(s)))
        step += 1


def _play_on(state, actions: int, rng: random.Random) -> None:
    """Up to ``actions`` random actions, the referee's included."""
    from courtly.core import Referee

    referee = Referee()
    for _ in range(actions):
        if state.is_over:
            break
        referee.step(state, lambda s: rng.choice(state.legal_actions(s)))


# ----- what a player reads: the actions' wording and the text map ---------------------
def test_purchases_read_as_english_with_their_price():
    """"a soldier costs 100 crowns; a press costs 200 crowns": the menu says what a
    purchase costs, and two presses are not 'presss'."""
    assert Buy("press", "cluny", 2).describe() == "Buy 2 presses at Cluny (400 crowns)"
    assert Buy("soldier", "cluny", 3).describe() == "Buy 3 soldiers at Cluny (300 crowns)"
    assert Buy("mill", "cluny", 1).describe() == "Buy 1 mill at Cluny (300 crowns)"


def test_a_lord_alone_attacks_a_lord_with_soldiers_attack():
    assert Move("roland", "blaye", "attack", 0).describe() == "Roland attacks Blaye"
    assert Move("roland", "blaye", "attack", 2).describe() == \
        "Roland and 2 soldiers attack Blaye"
    assert Move("roland", "blaye", "enter", 1).describe() == "Roland and 1 soldier to Blaye"
    assert Move("roland", "blaye", "passage", 0).describe() == \
        "Roland asks right of way through Blaye"


def test_the_map_says_which_attack_waits_for_a_parry():
    """The menu of the attacked player offers only 'No parry': the table says why."""
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    region = region_of(state, target)
    give(state, me, "bad_weather")
    give(state, target)
    state.apply(me, AttackRegion("bad_weather", region))
    text = GAME.render(state.view(target))
    name = state.board.regions[region].name
    assert f"Waiting: Seat {me} plays bad weather on {name}; you may parry it." in text


def test_the_map_shows_the_votes_announced_and_the_king_to_consecrate():
    """"The banker is responsible for counting the points as the voting progresses";
    the King "must be sanctified": the table shows both while they are pending."""
    state = started(3, regions=REGIONS[:3])
    for seat, lord in zip(range(3), ("henry", "eric", "roland"), strict=True):
        put(state, seat, state.board.regions[region_of(state, seat)].starting_castle, 0, lord)
    to_phase(state, "election")
    first = state.current()
    lord = state.lords_of(first)[0]
    state.apply(first, Vote(lord, 1))
    second = state.current()
    text = GAME.render(state.view(second))
    # the voter, then the lord: "Charles 1 (Seat 1)" read as Seat 1's lord (a play-test)
    assert f"Votes announced: Seat {first}: 1 vote for {lord_name(lord)}." in text
    assert "reigns only once consecrated by two bishops or a cardinal" in text
    state.apply(second, Vote(lord, 1))
    state.apply(state.current(), Vote(None, 0))
    assert state.election is not None and state.election.elected == lord  # nobody to crown him
    assert f"Elected: {lord_name(lord)}; to reign he must be consecrated by two bishops or " \
        "a cardinal." in GAME.render(state.view(first))


def test_the_map_shows_soldiers_on_the_board_and_trips_left():
    """The first tie-break is "the number of soldiers on the ground"; a lord "has the
    right to make two trips per turn": both are on the table."""
    state = placed()
    me = mover(state)
    put(state, me, "tournus", 8, "henry")
    put(state, me, "cluny", 3)
    state.apply(me, Move("henry", "st_andromy", "enter", 6))
    text = GAME.render(state.view(me))
    assert "you: " in text and " 11 soldiers, " in text
    assert "Henry (1 trip left)" in text
    put(state, (me + 1) % 4, "cluny", 0, "eric")
    assert "Eric (" not in GAME.render(state.view(me))  # others' trips: not one's business


def test_the_terminal_lists_each_bishopric_and_its_bishop():
    """A terminal play-test could not tell which villages a bishop taxes (the
    Bishopric tithe's help points at the browser's map): under the regions,
    each bishopric, its villages and its bishop."""
    state = placed()
    me = mover(state)
    put(state, me, "tournus", 2, "henry")
    state.lords["henry"].bishop = "tournus"
    text = GAME.render(state.view(me))
    assert ("Bishopric of Tournus: St. Médard, St. Andromy, Tournus, Sennecey, Brancion, "
            "Cluny; bishop: Henry (you)") in text
    assert "Bishopric of Blaye: " in text and text.count("Bishopric of ") == 4
    assert "Henry (Seat " in GAME.render(state.view((me + 1) % 4))


def test_the_log_names_seats_not_python_lists():
    """The start and the revenues are read by players: 'Seat 1, Seat 0', not '[1, 0]'."""
    state = GAME.new_game(3, seed=7)
    events = []
    while not any(e.kind == "revenues" for e in events):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        quiet = [a for a in legal if isinstance(a, EndTurn)]
        events += state.apply(seat, (quiet or legal)[0])
    texts = [e.text for e in events if e.kind in ("start", "revenues")]
    assert texts and not any("[" in t for t in texts)
    assert "the order of play is Seat " in texts[0]
    assert texts[-1].startswith("Revenues: Seat 0 ") and texts[-1].endswith(" crowns")


def test_the_start_reads_the_order_of_play_from_the_banker():
    """The banker plays first: the start lists the order from him (it listed
    the seats' round from its first seat, so that a log could read 'Seat 2 is
    the banker and plays first; the order of play is Seat 0, Seat 2, Seat 1',
    found playing in the terminal). The data keeps the round."""
    rounds, rng = 0, random.Random(3)
    for seed in range(6):
        state = GAME.new_game(3, seed=seed)
        events: list = []
        while not any(e.kind == "start" for e in events):
            seat = state.to_act[0]
            events += state.apply(seat, rng.choice(state.legal_actions(seat)))
        start = next(e for e in events if e.kind == "start")
        listed = [int(s) for s in re.findall(r"Seat (\d)", start.text.split("play is ")[1])]
        order, banker = start.data["order"], start.data["banker"]
        assert listed == order[order.index(banker):] + order[:order.index(banker)]
        rounds += listed != order
    assert rounds  # some seeds' banker is not the round's first seat


def test_the_final_map_gives_the_standing_in_the_rules_order():
    """"Any draws are decided by the number of possessed fiefs; then by the number
    of soldiers on the ground and ... by the quantity of money": the end of the
    text map lists the seats in that order, the winners marked as the result says."""
    import re

    for seed in range(3):
        state = GAME.new_game(3, seed=seed, options={"turn_limit": 2})
        _play_on(state, 10_000, random.Random(seed))
        text = GAME.render(state.view(None))
        rows = re.findall(r"  \d\. Seat (\d): (\d+) fiefs?, (\d+) soldiers?, (\d+) crowns"
                          r"( - wins)?", text)
        assert len(rows) == 3
        keys = [tuple(map(int, r[1:4])) for r in rows]
        assert keys == sorted(keys, reverse=True)
        assert {int(r[0]) for r in rows if r[4]} == set(state.result().winners)


def test_every_question_is_put_to_the_player_it_is_asked_of(monkeypatch):
    """In `courtly play`, the player asked (right of way, coalition, the sealed
    bid) reads who asks what above a menu of the answers."""
    from rich.console import Console

    from courtly.cli import _ask_action

    def ask(state: FiefState, seat: int, answer: str) -> str:
        console = Console(record=True, width=120)
        monkeypatch.setattr(console, "input", lambda prompt="": answer)
        _ask_action(console, GAME, state, seat)
        return console.export_text()

    state, me, other = asking_right_of_way()
    out = ask(state, other, "1")
    assert f"Waiting: a right of way through St. Andromy, asked of you by Seat {me}" in out
    assert "1. Grant right of way" in out and "2. Refuse right of way (combat)" in out

    state, _a, b, c = converging(True)
    to_phase(state, "combat")
    assert f"at Bourg, you (arrived first) may ask Seat {c} for a coalition" in ask(state, b, "1")
    state.apply(b, AskCoalition(True))
    assert f"Waiting for your answer to Seat {b}'s request for a coalition at Bourg" in \
        ask(state, c, "1")
    state.rng = Dice(6, 1)  # type: ignore[assignment]
    state.apply(c, AnswerCoalition(True))
    assert "Sealed bids for Bourg between" in ask(state, b, "1")


@pytest.mark.slow
def test_the_heuristic_beats_random_bots_mostly():
    """Four players, seats rotated: the heuristic wins well over its quarter
    against three random bots (issue 13 asks 80%; benchmarks/README.md has the
    measurement: 93% over 120 games; these 24 games 83% when written, the bound
    leaves three games' margin). Random bots fill the board with soldiers,
    the first tie-break, so the heuristic must too."""
    from courtly.sim import run_jobs
    from courtly.sim.runner import GameJob

    def lineup(i: int) -> tuple[str, ...]:
        return tuple(("heuristic", "random", "random", "random")[(s + i) % 4] for s in range(4))

    jobs = [GameJob("fief", 4, GAME.default_options(), seed, lineup(seed), seed)
            for seed in range(24)]
    outcomes = run_jobs(jobs, backend="serial")
    wins = sum(o.win_share(o.lineup.index("heuristic")) for o in outcomes)
    assert wins / len(outcomes) >= 0.7  # chance is 1/4


def test_the_browser_has_words_for_every_event_kind():
    """Each kind of event the engine logs has its line in the browser's log
    (games/fief_news.js, English and French), not the engine's English text."""
    src = Path(courtly.__file__).parent
    kinds = set()
    for path in (src / "games" / "fief").glob("*.py"):
        kinds |= set(re.findall(r'Event\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    news = (src / "web" / "games" / "fief_news.js").read_text(encoding="utf-8")
    assert len(kinds) > 40
    assert [k for k in sorted(kinds) if f'case "{k}"' not in news] == []


def test_the_terminal_says_what_each_card_in_hand_does():
    """Under the hand, each kind of card once with its help (the browser's
    card help, for the terminal: cards.json "help"); none for a spectator."""
    state = started(3)
    state.hands[0][:] = ["sun", "sun", "lord:henry", "lord:jean"]
    text = GAME.render(state.view(0))
    after = text[text.index("Your hand:"):].splitlines()
    assert after[0] == "Your hand: Lord Henry, Lord Jean, Sun, Sun"  # the view sorts it
    assert after[1].startswith("  Lord: Lay it to bring this lord onto the map")
    assert after[2].startswith("  Sun: Parry: cancels Bad weather")
    assert len(after) == 3
    assert "Parry: cancels" not in GAME.render(state.view(None))


def test_the_terminal_writes_sums_in_digit_groups():
    """Crowns as the pages write them: 'Seat 0: 1,000 crowns', not '1000'."""
    state = started(3)
    state.money[1] = 12500
    text = GAME.render(state.view(0))
    assert ": 1,000 crowns, " in text and ": 12,500 crowns, " in text
    assert "1000 crowns" not in text


# ----- what the second rules audit found -------------------------------------------------------
def custody_of_maconnais() -> tuple[FiefState, int, int, int]:
    """Mâconnais in the King's custody (Henry's, Seat ``king``), its capital Cluny
    empty; a third seat's Roland at Brancion, another of its villages."""
    state, holder, king = fief_of_maconnais()
    taker = next(s for s in state.phase_order() if s not in (holder, king))
    put(state, king, "tournus", 0, "henry")
    state.king = "henry"
    state.fiefs["maconnais"].title = None
    state.custody.add("maconnais")
    state.soldiers.pop("cluny")
    state.lords["louis"].village = "berze"
    put(state, taker, "brancion", 2, "roland")
    return state, holder, king, taker


def test_a_king_who_lets_a_fief_in_custody_go_keeps_neither_its_revenues_nor_its_vote():
    """"the new owner of the fief takes the card "title of nobility" of the former owner
    and grants it to one of his lords, unless the King opposes; if it is the case, it is
    the King who keeps the card "title of nobility" ... It is then the King who receives
    all the revenues of the fief" (004_4acaab6420c0f155.txt, Phase 6, point 3). A fief
    held in custody whose capital is taken: the King who does not oppose gives the card
    up, so its revenues and its vote go with it to the new owner (the fief stayed in
    custody: the King took the revenues and a vote for the title the taker's lord held)."""
    state, _holder, king, taker = custody_of_maconnais()
    until_turn_of(state, taker)
    state.apply(taker, Move("roland", "cluny", "enter", 2))
    state.apply(king, ClaimCustody(False))
    assert state.fiefs["maconnais"].title == "roland" and state.custody == set()
    assert state.votes()[king] == 1 and state.votes()[taker] == 2  # one card, one vote
    before = list(state.money)
    state._collect_revenues()
    assert state.money[king] - before[king] == 100  # Tournus alone
    assert state.money[taker] - before[taker] == 300  # the fief's three villages


def test_a_king_taking_a_fief_he_holds_in_custody_holds_its_title_once():
    """"The King, if he will, will grant the title of nobility of the fief to the lord
    of his choice" (Phase 6, point 3): the King's own lord taking its capital takes
    the title (nobody to ask), which is then no longer in custody: one card, one vote
    (it was counted twice, as custody and as a title)."""
    state, _holder, king, _taker = custody_of_maconnais()
    put(state, king, "brancion", 2, "hugues")
    state.lords.pop("roland")
    state.soldiers["brancion"] = (king, 2)
    until_turn_of(state, king)
    state.apply(king, Move("hugues", "cluny", "enter", 2))
    assert state.custody_claim is None and state.fiefs["maconnais"].title == "hugues"
    assert state.custody == set() and state.votes()[king] == 3  # Henry, Hugues, the title


def revolt_on(die: int, *castle_dice: int) -> tuple[FiefState, int, str, str]:
    """A revolt with famine played on another seat's region, its intensity ``die``;
    the castle holds 6 soldiers; a mill and a press at the castle, a press elsewhere."""
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    region = region_of(state, target)
    castle = state.board.regions[region].starting_castle
    other = next(v for v in state.board.regions[region].villages if v != castle)
    state.mills[castle], state.presses[castle], state.presses[other] = 1, 1, 1
    give(state, me, "revolt", "famine")
    give(state, target)
    state.rng = Dice(die, *castle_dice)  # type: ignore[assignment]
    state.apply(me, AttackRegion("revolt", region))
    return state, me, castle, other


@pytest.mark.parametrize(("die", "castle_dice", "dead", "counters_left"), [
    (1, (), 0, 3), (2, (4,), 4, 3), (4, (), 0, 0), (5, (4,), 4, 0), (6, (4, 1), 5, 0)])
def test_the_revolts_die_table(die, castle_dice, dead, counters_left):
    """"1 - the revolt subsides by itself (no consequence); 2 - the villagers attack the
    castle: a new die roll indicates how many soldiers are killed ...; 4 - destruction
    of all the mills and presses; 5 - destruction of all mills and presses in the area,
    followed by the attack on the castle (roll 1 dice ...); 6 - the consequences are
    identical to the previous case, but the attacker rolls two dice instead of one"
    (004_4acaab6420c0f155.txt, Phase 1, a) Attacks, REVOLT)."""
    state, _me, castle, _other = revolt_on(die, *castle_dice)
    target = state.pending.answerer
    state.apply(target, Respond("none"))
    assert state.soldiers[castle] == (target, 6 - dead)
    assert sum(state.mills.values()) + sum(state.presses.values()) == counters_left


def test_a_revolts_3_destroys_the_mill_or_press_the_attacker_chooses():
    """"3 - the villagers destroy a mill or a press (it is the attacker who chooses)"."""
    state, me, castle, other = revolt_on(3)
    state.apply(state.pending.answerer, Respond("none"))
    assert state.to_act == (me,)
    assert set(state.legal_actions(me)) == {DestroyCounter(castle, "mill"),
                                            DestroyCounter(castle, "press"),
                                            DestroyCounter(other, "press")}
    state.apply(me, DestroyCounter(other, "press"))
    assert state.presses[other] == 0 and state.mills[castle] == state.presses[castle] == 1


def test_a_revolt_is_bought_off_at_300_crowns_a_pip():
    """"The payment corresponds to 300 times the result of the evaluation die of the
    intensity of the revolt (2 requires the deposit of 600 crowns, 3 needs 900 crowns,
    &c.)" (Phase 1, b) The parries); 4 would need 1,200, more than a starting purse."""
    for die, price in ((2, 600), (3, 900)):
        state, _me, castle, _other = revolt_on(die)
        target = state.pending.answerer
        state.apply(target, Respond("ransom"))
        assert state.money[target] == 1000 - price and state.pending is None
        assert state.soldiers[castle] == (target, 6) and state.mills[castle] == 1
    state, *_ = revolt_on(4)
    assert Respond("ransom") not in state.legal_actions(state.pending.answerer)


def test_a_besieger_leaves_by_the_road_he_came_not_across_the_village():
    """"The village belongs to an opponent and the newcomer decides to make it a siege.
    The attacking pieces stay in front of the village"; "The pieces stay on the road by
    which they came"; a right of way is the "simple crossing of the village without a
    fight" (004_4acaab6420c0f155.txt, Phase 4, cases 2 to 4). Henry besieging St.
    Andromy from Tournus may go back to Tournus or assault, never on to Sennecey or St.
    Medard past it (he could, at once with his second trip: across the village without
    a right of way or a fight, where a right of way granted waits for the next turn)."""
    state, me, other = at_st_andromy("siege")
    trips = {(a.to, a.stance) for a in state.legal_actions(me) if isinstance(a, Move)}
    assert trips == {("tournus", "enter"), ("st_andromy", "attack")}
    assert not state.is_legal(me, Move("henry", "sennecey", "enter", 3))
    # the road he came by is public (everyone saw him come) and decides his moves: every
    # view says it, so that one view never stands for two different menus
    for seat in (me, other, None):
        assert state.view(seat)["lords"]["henry"]["came_from"] == "tournus"
    assert all(i["came_from"] is None for lord, i in state.view(me)["lords"].items()
               if lord != "henry")
    # and every observation of it (the research encodings): come from Sennecey instead,
    # he has other moves, so his observation differs too
    from courtly.games.fief.arrays import observe_array
    from courtly.games.fief.encoding import FiefEncoding
    encoding = FiefEncoding()
    twin = state.clone()
    twin.lords["henry"].came_from = "sennecey"
    assert twin.legal_actions(me) != state.legal_actions(me)
    for a, b in ((encoding.observe(state.view(me)), encoding.observe(twin.view(me))),
                 (encoding.observe_state(state, me), encoding.observe_state(twin, me))):
        assert a.values != b.values
    assert (observe_array(state, me) != observe_array(twin, me)).any()
    next_turn(state)
    to_phase(state, "movement")
    until_turn_of(state, me)
    assert not state.is_legal(me, Move("henry", "st_medard", "enter", 3))
    state.apply(me, Move("henry", "tournus", "enter", 3))
    assert state.soldiers["tournus"] == (me, 3) and not state.gates


@pytest.mark.parametrize("stance", ["attack", "siege", "passage"])
def test_every_view_gives_the_road_a_force_at_a_gate_came_by(stance):
    """A browser play-test: Clément attacked Cluny from Berzé, to the south, and his
    "⚔16" was drawn west of Cluny, where no road is: the view gave the road only
    for a siege (``came_from``, which decides a besieger's moves), and the map put
    every other force left of its village. "The pieces stay on the road by which
    they came" (Phase 4, case 2): every view now gives each lord at a gate the road
    he came by (``road``), public as the force is; ``came_from`` (and so the
    research observation) is unchanged: a besieger's only."""
    state, me, other = at_st_andromy(stance)
    for seat in (me, other, None):
        lords = state.view(seat)["lords"]
        assert lords["henry"]["road"] == "tournus"
        assert lords["henry"]["came_from"] == ("tournus" if stance == "siege" else None)
        assert all(i["road"] is None for lord, i in lords.items() if lord != "henry")


def test_pieces_that_came_out_by_no_road_have_none_in_the_view():
    """A lord breaking out of a siege, or put out of a village, stands at its gate
    without having come by a road: the view gives none (his last trip's road, kept
    from before he went in, is not where he stands)."""
    state = placed()
    me = mover(state)
    other = next(s for s in state.order if s != me)
    put(state, me, "tournus", 3, "henry")
    put(state, other, "st_andromy", 2, "roland")
    state.lords["roland"].came_from = "sennecey"  # as if he had come in by that road
    state.apply(me, Move("henry", "st_andromy", "siege", 3))
    until_turn_of(state, other)
    state.apply(other, Move("roland", "st_andromy", "sortie", 0))
    assert state.lords["roland"].outside
    assert state.view(me)["lords"]["roland"]["road"] is None
    assert state.view(me)["lords"]["henry"]["road"] == "tournus"
    put(state, me, "sagy", 0, "louis")
    state.lords["louis"].came_from = "louhans"  # a road into Sagy: kept, it would be drawn
    state.evict("sagy", me)
    assert state.lords["louis"].outside and state.view(other)["lords"]["louis"]["road"] is None


def test_an_exchange_receives_another_card_never_the_one_returned():
    """"It is permissible to return one card to the banker for the purpose of receiving
    another" (Phase 1, Use of cards); "When the stack of cards is exhausted, the discard
    is mixed and in turn becomes the new stack" (The parries). With the stack exhausted
    the discard becomes the stack first, and the card returned goes onto the new
    discard: it was mixed in and could come back; with no card left in either, there
    is nothing to receive and no exchange (the card returned came straight back)."""
    state = started()
    me = state.current()
    give(state, me, "plague", "famine")
    state.deck, state.discard = [], ["sun"]
    events = state.apply(me, ExchangeCard("plague"))
    assert sorted(state.hands[me]) == ["famine", "sun"]
    assert state.discard == ["plague"] and state.deck == []
    # the table sees the discard become the stack, as at a deal
    assert [e.kind for e in events][:2] == ["reshuffle", "exchange"]
    other = started()
    seat = other.current()
    give(other, seat, "plague", "famine")
    other.deck, other.discard = [], []
    assert not any(isinstance(a, ExchangeCard) for a in other.legal_actions(seat))


def test_the_log_says_who_answers_for_a_region_and_that_he_let_the_attack_through():
    """"The player with the most lords in this area must put the appropriate parry
    card" (Roland's example): the attack's line names who answers for the region
    (a play-test's log said only "Seat 1 plays bad weather on Bresse", then the
    bad weather, and nobody knew who had been asked), and a parry not made is
    told, with its reason where the reason is public (an exchange this turn, a
    ransom beyond one's crowns), never whether one held the card."""
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    region = region_of(state, target)
    name = state.board.regions[region].name
    lines = {}
    for holds in (("sun",), ("famine",)):  # a parry held, or none: the same words
        state = started()
        give(state, me, "bad_weather")
        give(state, target, *holds)
        attack = state.apply(me, AttackRegion("bad_weather", region))[0]
        assert attack.text == f"Seat {me} plays bad weather on {name}; Seat {target} answers for it"
        assert attack.data["answerer"] == target
        lines[holds] = [e.text for e in state.apply(target, Respond("none"))]
    assert lines[("sun",)] == lines[("famine",)]
    assert lines[("sun",)][0] == f"Seat {target} does not parry"
    # nobody with lords or villages there: nobody is asked
    state = started()
    empty = next(r for r in state.board.regions if state.defender_of(r, me) is None)
    give(state, me, "famine")
    attack = state.apply(me, AttackRegion("famine", empty))[0]
    assert attack.text.endswith("; nobody answers for it") and attack.data["answerer"] is None
    # the plague has no parry: nobody is named
    state = started()
    give(state, me, "plague")
    attack = state.apply(me, AttackRegion("plague", region))[0]
    assert attack.text == f"Seat {me} plays plague on {name}" and "answerer" not in attack.data


def test_a_parry_not_made_says_why_where_everyone_may_know():
    """No card to play (an exchange this turn: "neither attack, nor defence, nor
    tithe"; or an empty hand) and a ransom of 300 crowns a pip beyond one's
    crowns are public (the exchange shown, the hand's size and the crowns in
    view), and told where they are the whole reason: a parry was out of reach.
    A ransom beyond the purse where a card might have parried is told as a
    fact, not a cause; an exchange where the ransom could be paid, not at all."""
    def let_through(die: int, *castle: int, hand: tuple[str, ...] = (),
                    exchanged: bool = False) -> tuple[int, Event]:
        state, _me, _castle, _other = revolt_on(die, *castle)
        target = state.pending.answerer
        state.hands[target], state.exchanged[target] = list(hand), exchanged
        return target, state.apply(target, Respond("none"))[0]

    purse = "the ransom, 1,200 crowns, is beyond their purse"
    target, told = let_through(4)  # 1,200 crowns: more than a starting purse
    assert told.kind == "no_parry"
    assert told.text == f"Seat {target} does not parry: no card in hand, and {purse}"
    assert told.data == {"seat": target, "ransom": 1200, "no_card": "empty"}
    target, told = let_through(4, hand=("good_harvest",))  # held or not: the same words
    assert told.text == f"Seat {target} does not parry; {purse}"
    assert told.data == {"seat": target, "ransom": 1200}
    assert let_through(4, hand=("sun",))[1] == told
    target, told = let_through(4, hand=("good_harvest",), exchanged=True)
    assert told.text == f"Seat {target} does not parry: no card after an exchange this turn, " \
        f"and {purse}"
    assert told.data == {"seat": target, "ransom": 1200, "no_card": "exchanged"}
    # 600 crowns could be paid after an exchange too: he chose not to
    target, told = let_through(2, 3, hand=("good_harvest",), exchanged=True)
    assert told.text == f"Seat {target} does not parry" and told.data == {"seat": target}
    # bad weather after an exchange: no card could parry it
    state = started()
    me = state.current()
    other = next(s for s in range(4) if s != me)
    give(state, me, "bad_weather")
    give(state, other, "sun")
    state.exchanged[other] = True
    state.apply(me, AttackRegion("bad_weather", region_of(state, other)))
    assert state.legal_actions(other) == [Respond("none")]
    told = state.apply(other, Respond("none"))[0]
    assert told.text == f"Seat {other} does not parry: no card after an exchange this turn"
