"""The contract, checked for every registered game, player count and option set
(STYLE.md 11a): random playouts from fixed seeds with invariants at every step."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import courtly
from conformance_cases import case_id, cases
from courtly.core import Action, State

CASES = cases()
SEEDS = (0, 1)


def _json_round_trip(game: courtly.Game, action: Action) -> None:
    text = json.dumps(action.to_json())
    assert game.parse_action(json.loads(text)) == action
    assert isinstance(action.describe(), str) and action.describe()


def _check_to_act(state: State) -> None:
    assert state.to_act, "a running game must have someone to act"
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        assert bool(legal) == (seat in state.to_act), f"seat {seat}: to_act and legal disagree"


def _check_refusals(state: State, seen: list[Action], rng: random.Random) -> None:
    """A wrong seat and an illegal action are refused and change nothing."""
    before = state.clone()
    acting = state.to_act[0]
    idle = [s for s in range(state.num_players) if s not in state.to_act]
    if idle:
        with pytest.raises(courtly.IllegalAction):
            state.apply(rng.choice(idle), state.legal_actions(acting)[0])
    legal = state.legal_actions(acting)
    stale = [a for a in seen if a not in legal]
    if stale:
        with pytest.raises(courtly.IllegalAction):
            state.apply(acting, rng.choice(stale))
    with pytest.raises(courtly.IllegalAction):
        state.apply(state.num_players, legal[0])
    assert state == before


def _check_views(state: State, rng: random.Random, deep: bool) -> None:
    for seat in [*range(state.num_players), None]:
        json.dumps(state.view(seat))
    if not deep:
        return
    seat = rng.randrange(state.num_players)
    for who in (seat, None):
        guess = state.determinize(who, random.Random(rng.random()))
        assert guess.view(who) == state.view(who), "determinize changed what the seat sees"
        assert guess.to_act == state.to_act
        if who is not None:
            assert guess.legal_actions(who) == state.legal_actions(who)
        again = guess.determinize(who, random.Random(2))
        assert again == state.determinize(who, random.Random(2)), (
            "determinize must depend only on what the seat knows (and the rng)")


def _check_clone(state: State, rng: random.Random) -> None:
    copy = state.clone()
    assert copy == state
    before = state.view(None)
    seat = copy.to_act[0]
    copy.apply(seat, rng.choice(copy.legal_actions(seat)))
    assert state.view(None) == before
    assert len(state.record.actions) == len(copy.record.actions) - 1


def _step(state: State, rng: random.Random) -> None:
    for seat in state.to_act:
        if state.is_over:
            return
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def _play_out(state: State, rng: random.Random) -> None:
    while not state.is_over:
        _step(state, rng)


def _check_end(game: courtly.Game, state: State, n: int) -> None:
    result = state.result()
    assert len(result.scores) == n
    assert result.winners and all(0 <= w < n for w in result.winners)
    assert state.to_act == ()
    assert all(state.legal_actions(s) == [] for s in range(n))
    record = state.record
    again = courtly.GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert courtly.replay(again) == state
    for seat in [*range(n), None]:
        assert state.determinize(seat, random.Random(1)).view(seat) == state.view(seat)
    with pytest.raises(courtly.IllegalAction):
        state.apply(0, game.parse_action(record.actions[-1][1].to_json()))


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_the_contract(case: tuple[str, int, dict[str, Any]], seed: int):
    name, n, options = case
    game = courtly.game(name)
    state = game.new_game(num_players=n, seed=seed, options=options)
    rng = random.Random(seed)
    seen: list[Action] = []
    step = 0
    while not state.is_over:
        _check_to_act(state)
        for seat in state.to_act:
            for action in state.legal_actions(seat):
                _json_round_trip(game, action)
            seen.extend(state.legal_actions(seat)[:3])
        deep = step % 7 == 0
        _check_views(state, rng, deep)
        if deep:
            _check_refusals(state, seen[-200:], rng)
            _check_clone(state, rng)
        _step(state, rng)
        step += 1
    _check_end(game, state, n)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_determinized_states_play_to_the_end(case: tuple[str, int, dict[str, Any]]):
    name, n, options = case
    state = courtly.game(name).new_game(num_players=n, seed=7, options=options)
    rng = random.Random(7)
    for _ in range(25):
        if state.is_over:
            break
        _step(state, rng)
    for seat in range(n):
        guess = state.determinize(seat, random.Random(seat))
        _play_out(guess, random.Random(seat))
        assert guess.result().winners
        assert guess.record.seed is None


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_same_seed_same_game(case: tuple[str, int, dict[str, Any]]):
    name, n, options = case
    game = courtly.game(name)
    a = game.new_game(num_players=n, seed=3, options=options)
    b = game.new_game(num_players=n, seed=3, options=options)
    _play_out(a, random.Random(5))
    _play_out(b, random.Random(5))
    assert a == b and a.result() == b.result()
