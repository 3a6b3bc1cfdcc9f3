"""The contract's generic parts: registry, errors, action parsing, records, replay."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import courtly
from courtly.core import Event, redact
from courtly.core.errors import GameNotOver, IllegalAction, InvalidAction, InvalidRecord

COURTISANS = courtly.game("courtisans")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=8,
)
action_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "eliminate", "take", "decline", "nope"])},
    optional={k: json_values | st.sampled_from(["queen", "domain", "above", "toads", "noble"])
              for k in ("family", "role", "area", "side", "owner", "spy", "extra")},
)


def test_registry_lists_games_and_refuses_unknown_names():
    assert "courtisans" in courtly.GAMES
    assert courtly.game("courtisans") is courtly.GAMES["courtisans"]
    with pytest.raises(courtly.UnknownGame, match=r"known games: .*courtisans"):
        courtly.game("chess")
    with pytest.raises(ValueError):
        courtly.game("chess")


def test_errors_cross_process_boundaries_intact():
    """A worker process's error comes back to the parent pickled: each must
    unpickle as itself, with its message (an UnknownGame in a tournament job)."""
    errors = [courtly.UnknownGame("chess", ["courtisans"]), IllegalAction("not your turn"),
              InvalidAction("bad field"), InvalidRecord("corrupt"), GameNotOver("still on")]
    for error in errors:
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and str(back) == str(error)
        assert back.__dict__ == error.__dict__


def test_every_game_states_its_facts():
    for name, game in courtly.GAMES.items():
        assert game.name == name and game.title and game.version
        assert 1 <= game.min_players <= game.max_players
        for spec in game.options.values():
            assert isinstance(spec.default, bool | int | str)
            assert spec.label["en"] and spec.label["fr"]


@pytest.mark.parametrize("bad", [None, 3, "x", [], {"type": "play"}, {"family": "toads"},
                                 {"type": "decline", "extra": 1},
                                 {"type": "play", "family": "toads", "role": "noble",
                                  "area": "queen", "side": "above", "owner": True},
                                 {"type": "eliminate", "side": None, "family": None,
                                  "role": None, "spy": "0"},
                                 {"type": "play", "family": "x", "role": "noble",
                                  "area": "queen", "side": "above", "owner": None},
                                 {"type": "play", "family": "toads", "role": "king",
                                  "area": "queen", "side": "above", "owner": None},
                                 {"type": "play", "family": "toads", "role": "noble",
                                  "area": "queen", "side": None, "owner": None},
                                 {"type": "play", "family": "toads", "role": "noble",
                                  "area": "moat", "side": None, "owner": 1},
                                 {"type": "take", "side": "left", "family": "toads",
                                  "role": "noble", "spy": None},
                                 {"type": "take", "side": None, "family": "toads",
                                  "role": None, "spy": None},
                                 {"type": "take", "side": None, "family": "toads",
                                  "role": "noble", "spy": 0}])
def test_malformed_actions_raise_invalid_action(bad):
    with pytest.raises(courtly.InvalidAction):
        COURTISANS.parse_action(bad)


@settings(max_examples=300, deadline=None)
@given(action_like | json_values)
@pytest.mark.slow
def test_parse_action_either_round_trips_or_says_why(data):
    try:
        action = COURTISANS.parse_action(data)
    except courtly.InvalidAction as exc:
        assert str(exc)
        return
    assert COURTISANS.parse_action(json.loads(json.dumps(action.to_json()))) == action


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5), st.integers(0, 80))
def test_hidden_changes_never_show_in_a_view(seed, n, steps):
    """view(i) depends only on what seat i may know: determinize(i) keeps it."""
    state = COURTISANS.new_game(n, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in (*range(n), None):
        assert state.determinize(seat, rng).view(seat) == state.view(seat)


def test_an_illegal_action_leaves_the_state_exactly_as_it_was():
    state = COURTISANS.new_game(3, seed=1)
    before = state.clone()
    foreign = courtly.game("courtisans").parse_action(
        {"type": "eliminate", "side": None, "family": "toads", "role": "noble", "spy": None})
    with pytest.raises(courtly.IllegalAction):
        state.apply(0, foreign)
    with pytest.raises(courtly.IllegalAction, match="not to act"):
        state.apply(1, state.legal_actions(0)[0])
    with pytest.raises(courtly.IllegalAction, match="no seat"):
        state.apply(-2, state.legal_actions(0)[0])
    with pytest.raises(courtly.IllegalAction, match="no seat"):
        state.apply(3, state.legal_actions(0)[0])
    # -1 is the referee's seat, who only calls time, and only in a window
    with pytest.raises(courtly.IllegalAction, match="referee only calls time"):
        state.apply(courtly.REFEREE, state.legal_actions(0)[0])
    with pytest.raises(courtly.IllegalAction, match="no window"):
        state.apply(courtly.REFEREE, courtly.TimeUp())
    with pytest.raises(courtly.InvalidAction):
        state.apply(0, {"type": "decline"})  # type: ignore[arg-type]
    assert state == before


@pytest.mark.parametrize("name", sorted(courtly.GAMES))
def test_applying_a_menu_choice_is_applying_that_action(name):
    """``apply_choice(seat, k)`` (no second check of the menu's action) does
    what ``apply(seat, legal_actions(seat)[k])`` does: the same events and
    the same state, step by step through seeded games (windows closed by
    the referee's time-up); a place outside the menu, or a seat with
    nothing to do, raises and changes nothing."""
    game = courtly.game(name)
    n = game.player_range(game.default_options())[0]
    for seed in range(2):
        chosen, checked = game.new_game(n, seed=seed), game.new_game(n, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if chosen.is_over:
                break
            seats = chosen.to_act or chosen.may_act
            seat = seats[0] if rng.random() < 0.9 or chosen.to_act else courtly.REFEREE
            menu = chosen.legal_actions(seat)
            before = chosen.clone()
            with pytest.raises(IndexError):
                chosen.apply_choice(seat, len(menu))
            with pytest.raises(IndexError):
                chosen.apply_choice(seat, -1)
            idle = [s for s in range(n) if not chosen.legal_actions(s)]
            for other in idle[:1]:
                with pytest.raises(IndexError):
                    chosen.apply_choice(other, 0)
            assert chosen == before
            k = rng.randrange(len(menu))
            assert chosen.apply_choice(seat, k) == checked.apply(seat, menu[k])
            assert chosen == checked and chosen.record == checked.record


def test_result_before_the_end_is_refused():
    with pytest.raises(courtly.GameNotOver):
        COURTISANS.new_game(2, seed=0).result()


def test_seed_must_be_an_integer():
    with pytest.raises(ValueError, match="seed"):
        COURTISANS.new_game(2, seed="7")  # type: ignore[arg-type]


def test_a_game_without_seed_gets_one_and_records_it():
    state = COURTISANS.new_game(2)
    assert isinstance(state.record.seed, int)
    assert courtly.replay(state.record) == state


def _finished(seed: int = 0) -> courtly.State:
    state = COURTISANS.new_game(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda r: r.update(format=9), "format"),
    (lambda r: r.update(game="chess"), "unknown game"),
    (lambda r: r.update(num_players="2"), "num_players"),
    (lambda r: r.update(seed="x"), "seed"),
    (lambda r: r["actions"].append("junk"), "action #"),
    (lambda r: r["actions"][0].__setitem__(1, {"type": "fly"}), "action #0"),
    (lambda r: r.pop("options"), "options"),
])
def test_corrupt_records_are_refused_clearly(mutate, message):
    data = _finished().record.to_json()
    mutate(data)
    with pytest.raises(courtly.InvalidRecord, match=message):
        courtly.GameRecord.from_json(data)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(version="0"), "version"),
    (lambda r: r.update(seed=None), "no seed"),
    (lambda r: r.update(num_players=9), "players"),
    (lambda r: r["actions"].insert(0, [1, r["actions"][0][1]]), "action #0"),
])
def test_records_that_do_not_replay_are_refused(change, message):
    data = _finished().record.to_json()
    change(data)
    record = courtly.GameRecord.from_json(data)
    with pytest.raises(courtly.InvalidRecord, match=message):
        courtly.replay(record)


def test_events_are_redacted_per_seat():
    public = Event("draw", "Seat 1 draws 3 cards")
    private = Event("draw", "Seat 1 draws the Noble of Toads", audience=frozenset({1}),
                    redacted=public)
    secret = Event("note", "only seat 0", audience=frozenset({0}))
    assert [e.text for e in redact([private, secret], 1)] == ["Seat 1 draws the Noble of Toads"]
    assert [e.text for e in redact([private, secret], 0)] == ["Seat 1 draws 3 cards",
                                                             "only seat 0"]
    assert [e.text for e in redact([private, secret], None)] == ["Seat 1 draws 3 cards"]
