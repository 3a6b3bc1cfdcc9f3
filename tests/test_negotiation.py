"""The contract for negotiation (docs/architecture.md, version 2), on the test
game tests/market_game.py: windows, Done, the referee's TimeUp, requests one
seat must answer, sealed bids, composite actions, is_legal, schemas, records."""

from __future__ import annotations

import json
import random

import pytest

import courtly
from courtly.core import REFEREE, Done, Referee, TimeUp
from courtly.core.record import RECORD_FORMAT
from courtly.core.schema import fits
from market_game import GAME as MARKET
from market_game import Answer, Bid, Deal, Give, Propose


def new(n: int = 3, **options: object):
    return MARKET.new_game(n, seed=5, options=options)


def seller_goods(state, seat: int) -> tuple[str, ...]:
    return tuple(state.view(None)["goods"][seat][:1])


def test_a_window_opens_for_every_seat_and_nobody_is_waited_for():
    state = new(3, window_seconds=2)
    assert state.phase == courtly.Phase("negotiate", (), (0, 1, 2), 2.0)
    assert state.to_act == () and state.may_act == (0, 1, 2)
    assert Done() in state.legal_actions(1)
    assert state.legal_actions(REFEREE) == [TimeUp()]
    assert state.view(0)["phase"] == "negotiate"


def test_done_ends_a_seats_part_and_the_window_closes_when_all_are_done():
    state = new(3)
    state.apply(1, Done())
    assert state.may_act == (0, 2)
    with pytest.raises(courtly.IllegalAction, match="not to act"):
        state.apply(1, Give(0, 1))
    state.apply(0, Done())
    state.apply(2, Done())
    assert state.phase.name == "bid" and state.to_act == (0, 1, 2) and state.may_act == ()


def test_money_moves_and_an_amount_beyond_the_purse_is_refused_unchanged():
    state = new(2)
    state.apply(0, Give(1, 4))
    assert state.view(None)["coins"] == [2, 10]
    before = state.clone()
    assert not state.is_legal(0, Give(1, 3))
    with pytest.raises(courtly.IllegalAction):
        state.apply(0, Give(1, 3))
    assert state == before


def test_a_request_makes_one_named_seat_answer_while_the_others_go_on():
    state = new(3)
    goods = seller_goods(state, 2)
    state.apply(0, Propose(2, Deal(3, goods)))
    assert state.to_act == (2,)
    assert state.may_act == (1,)  # the two in the deal are busy with it
    assert state.legal_actions(2) == [Answer(True), Answer(False)]
    state.apply(1, Give(0, 1))  # the window goes on meanwhile
    state.apply(2, Answer(True))
    view = state.view(None)
    assert view["coins"] == [4, 5, 9] and goods[0] in view["goods"][0]
    assert state.to_act == () and state.may_act == (0, 1, 2)


def test_the_referee_calls_time_and_the_record_holds_it():
    state = new(2, window_seconds=2)
    state.apply(0, Give(1, 1))
    with pytest.raises(courtly.IllegalAction, match="referee only calls time"):
        state.apply(REFEREE, Done())
    state.apply(REFEREE, TimeUp())
    assert state.phase.name == "bid"
    with pytest.raises(courtly.IllegalAction, match="no window"):
        state.apply(REFEREE, TimeUp())
    data = state.record.to_json()
    assert data["format"] == RECORD_FORMAT == 2
    assert data["actions"][-1] == ["referee", {"type": "time_up"}]
    again = MARKET.read_record(json.loads(json.dumps(data)))
    assert again.actions[-1] == (REFEREE, TimeUp())
    assert courtly.replay(again, MARKET) == state


def test_an_untimed_window_with_only_a_pending_answer_has_no_time_to_call():
    state = new(2)
    state.apply(0, Propose(1, Deal(0, seller_goods(state, 1))))
    assert state.may_act == () and state.phase.time_limit is None
    assert state.legal_actions(REFEREE) == []


def test_sealed_bids_stay_hidden_until_the_last_is_in():
    state = new(2)
    state.apply(0, Done())
    state.apply(1, Done())
    events = state.apply(0, Bid(5))
    assert [e.for_seat(1).text for e in events] == ["Seat 0 has bid"]
    assert events[0].for_seat(0).text == "You bid 5"
    assert state.view(1)["my_bid"] is None and state.view(0)["my_bid"] == 5
    assert state.view(1) == state.determinize(1, random.Random(3)).view(1)
    events = state.apply(1, Bid(2))
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.audience is None and reveal.data["bids"] == [5, 2]
    assert state.view(None)["crowns"] == [1, 0]


def test_a_composite_action_round_trips_and_parses_strictly():
    action = Propose(2, Deal(3, ("wine", "salt")))
    data = action.to_json()
    assert data == {"type": "propose", "to": 2, "deal": {"coins": 3, "goods": ["wine", "salt"]}}
    assert MARKET.parse_action(json.loads(json.dumps(data))) == action
    bad = [
        ({**data, "deal": {"coins": 3}}, r"propose: field 'deal': missing field\(s\) 'goods'"),
        ({**data, "deal": {"coins": 3, "goods": "wine"}}, "'deal'.goods must be a list"),
        ({**data, "deal": {"coins": 3, "goods": ["wine", 4]}}, r"goods\[1\] must be str"),
        ({**data, "deal": {"coins": True, "goods": []}}, "coins must be int, got a boolean"),
        ({**data, "deal": {"coins": 1, "goods": [], "x": 1}}, "unexpected field"),
        ({**data, "deal": {"coins": 1, "goods": ["gold"]}}, "distinct names"),
        ({**data, "deal": None}, "must be an object, got null"),
    ]
    for json_form, message in bad:
        with pytest.raises(courtly.InvalidAction, match=message):
            MARKET.parse_action(json_form)


def test_standard_actions_parse_in_every_game():
    for game in [*courtly.GAMES.values(), MARKET]:
        assert game.parse_action({"type": "done"}) == Done()
        assert game.parse_action({"type": "time_up"}) == TimeUp()


def test_the_schema_gives_ranges_and_every_legal_action_fits_it():
    state = new(3)
    schema = state.action_schema(0)
    give = next(e for e in schema if e["type"] == "give")
    assert give["fields"]["amount"] == {"min": 1, "max": 6, "step": 1}
    assert give["fields"]["to"] == {"values": [1, 2]}
    assert all(fits(schema, a) for a in state.legal_actions(0))
    assert not fits(schema, Give(1, 7))


def test_the_default_schema_lists_each_fields_values():
    state = courtly.game("courtisans").new_game(2, seed=1)
    schema = state.action_schema(0)
    assert schema and all(fits(schema, a) for a in state.legal_actions(0))
    assert state.action_schema(1) == []


def test_the_window_ends_after_its_most_actions_even_without_a_referee():
    state = new(2, window_actions=3)
    for _ in range(3):
        state.apply(0, Give(1, 1))
    assert state.phase.name == "bid"


def test_the_referees_rule_shares_the_window_then_calls_time():
    state = new(2)
    referee = Referee(window_actions=2)
    order = []
    while state.phase.name == "negotiate":
        seat = referee.next_seat(state)
        order.append(seat)
        phase = state.phase
        state.apply(seat, TimeUp() if seat == REFEREE else Give(1 - seat, 1))
        referee.acted(phase, seat)
    assert order == [0, 1, 0, 1, REFEREE]


def test_a_format_1_record_still_loads_and_replays_identically():
    game = courtly.game("courtisans")
    state = game.new_game(3, seed=4)
    rng = random.Random(4)
    for _ in range(12):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    old = {**state.record.to_json(), "format": 1}
    record = courtly.GameRecord.from_json(old)
    assert record == state.record
    assert courtly.replay(record) == state
    with pytest.raises(courtly.InvalidRecord, match="seat number"):
        courtly.GameRecord.from_json({**old, "actions": [["referee", {"type": "time_up"}]]})


def test_a_record_is_read_by_its_own_game_only():
    record = new(2).record.to_json()
    with pytest.raises(courtly.InvalidRecord, match="not of 'courtisans'"):
        courtly.game("courtisans").read_record(record)
    with pytest.raises(courtly.InvalidRecord, match="unknown game"):
        courtly.GameRecord.from_json(record)  # the test game is not registered
