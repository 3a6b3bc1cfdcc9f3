"""The contract, checked for every registered game (and the test game of
negotiation, tests/market_game.py), player count and option set (STYLE.md
11a): random playouts from fixed seeds with invariants at every step.

Who acts next follows ``courtly.core.Referee``: a seat that must act, else
the seat of an open window that has acted least there, else the referee's
time-up once each has had its share.

The everyday loop (``pytest -m "not slow"``) runs each test over a few
configurations per game (conformance_cases.quick_configurations) and one seed;
the full sweep is marked slow."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import courtly
from conformance_cases import case_id, cases, game_named, quick_cases
from courtly.core import REFEREE, Action, Referee, State, TimeUp
from courtly.core.schema import fits

QUICK = quick_cases(test_games=True)
#: Every case, all but the quick ones marked slow.
CASES = [pytest.param(c, id=case_id(c), marks=() if c in QUICK else pytest.mark.slow)
         for c in cases(test_games=True)]
SEEDS = (0, pytest.param(1, marks=pytest.mark.slow))


def _json_round_trip(game: courtly.Game, action: Action, done: set[str]) -> None:
    """The action's JSON reads back as the action, and it describes itself;
    checked once per action (by its repr, which tells ``True`` from ``1``)
    however many positions offer it, the check being the action's alone."""
    key = repr(action)
    if key in done:
        return
    done.add(key)
    text = json.dumps(action.to_json())
    assert game.parse_action(json.loads(text)) == action
    assert isinstance(action.describe(), str) and action.describe()


def _check_to_act(state: State) -> None:
    phase = state.phase
    assert phase.to_act == state.to_act and phase.may_act == state.may_act
    assert state.to_act or state.may_act or phase.referee_may_act, (
        "a running game must have someone to act")
    assert not set(state.to_act) & set(state.may_act), "a seat both must and may act"
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        assert bool(legal) == (seat in state.to_act or seat in state.may_act), (
            f"seat {seat}: to_act/may_act and legal disagree")
        schema = state.action_schema(seat)
        assert bool(schema) == bool(legal)
        for action in legal:
            assert state.is_legal(seat, action)
            assert fits(schema, action), f"{action} is legal but outside the schema"
        json.dumps(schema)
    referee = state.legal_actions(REFEREE)
    assert referee == ([TimeUp()] if phase.referee_may_act else [])


def _check_refusals(state: State, seen: list[Action], rng: random.Random) -> None:
    """A wrong seat and an illegal action are refused and change nothing."""
    before = state.clone()
    active = state.to_act + state.may_act
    if not active:
        return
    acting = active[0]
    idle = [s for s in range(state.num_players) if s not in active]
    if idle:
        assert not state.is_legal(idle[0], state.legal_actions(acting)[0])
        with pytest.raises(courtly.IllegalAction):
            state.apply(rng.choice(idle), state.legal_actions(acting)[0])
    legal = state.legal_actions(acting)
    stale = [a for a in seen if a not in legal]
    if stale:
        action = rng.choice(stale)
        assert not state.is_legal(acting, action)
        with pytest.raises(courtly.IllegalAction):
            state.apply(acting, action)
    if not state.phase.referee_may_act:
        with pytest.raises(courtly.IllegalAction):
            state.apply(REFEREE, TimeUp())
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
        assert guess.phase == state.phase
        if who is not None:
            assert guess.legal_actions(who) == state.legal_actions(who)
        again = guess.determinize(who, random.Random(2))
        assert again == state.determinize(who, random.Random(2)), (
            "determinize must depend only on what the seat knows (and the rng)")


def _check_clone(state: State, rng: random.Random) -> None:
    copy = state.clone()
    assert copy == state
    before = state.view(None)
    _step(copy, rng, Referee())
    assert state.view(None) == before
    assert len(state.record.actions) == len(copy.record.actions) - 1


def _step(state: State, rng: random.Random, referee: Referee) -> None:
    """One action: by the seat the referee's rule names (or the referee's time-up)."""
    referee.step(state, lambda seat: rng.choice(state.legal_actions(seat)))


def _play_out(state: State, rng: random.Random) -> None:
    referee = Referee()
    while not state.is_over:
        _step(state, rng, referee)


def _check_winners(state: State, result: courtly.Result) -> None:
    """Winners are distinct seats in order, all with the best score. Nobody
    wins only where a rule says so: in Vive le Roi !'s Emissary variant when
    no seat beat the Emissary ("il faut aussi battre ce joueur fictif"), every
    margin being 0 or less."""
    n = state.num_players
    assert list(result.winners) == sorted(set(result.winners))
    assert all(0 <= w < n for w in result.winners)
    assert all(result.scores[w] == max(result.scores) for w in result.winners)
    if not result.winners:
        assert state.game.name == "vive_le_roi" and state.options["emissary"]
        assert max(result.scores) <= 0


def _check_end(game: courtly.Game, state: State, n: int) -> None:
    result = state.result()
    assert len(result.scores) == n
    _check_winners(state, result)
    assert state.to_act == ()
    assert all(state.legal_actions(s) == [] for s in range(n))
    record = state.record
    again = game.read_record(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert courtly.replay(again, game) == state
    for seat in [*range(n), None]:
        assert state.determinize(seat, random.Random(1)).view(seat) == state.view(seat)
    with pytest.raises(courtly.IllegalAction):
        state.apply(0, game.parse_action(record.actions[-1][1].to_json()))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_the_contract(case: tuple[str, int, dict[str, Any]], seed: int):
    name, n, options = case
    game = game_named(name)
    state = game.new_game(num_players=n, seed=seed, options=options)
    rng = random.Random(seed)
    referee = Referee()
    seen: list[Action] = []
    tripped: set[str] = set()
    step = 0
    while not state.is_over:
        _check_to_act(state)
        for seat in state.to_act + state.may_act:
            for action in state.legal_actions(seat):
                _json_round_trip(game, action, tripped)
            seen.extend(state.legal_actions(seat)[:3])
        deep = step % 7 == 0
        _check_views(state, rng, deep)
        if deep:
            _check_refusals(state, seen[-200:], rng)
            _check_clone(state, rng)
        _step(state, rng, referee)
        step += 1
    _check_end(game, state, n)


@pytest.mark.parametrize("case", CASES)
def test_determinized_states_play_to_the_end(case: tuple[str, int, dict[str, Any]]):
    name, n, options = case
    state = game_named(name).new_game(num_players=n, seed=7, options=options)
    rng = random.Random(7)
    referee = Referee()
    for _ in range(25):
        if state.is_over:
            break
        _step(state, rng, referee)
    for seat in range(n):
        guess = state.determinize(seat, random.Random(seat))
        _play_out(guess, random.Random(seat))
        _check_winners(guess, guess.result())
        assert guess.record.seed is None


@pytest.mark.parametrize("case", CASES)
def test_same_seed_same_game(case: tuple[str, int, dict[str, Any]]):
    name, n, options = case
    game = game_named(name)
    a = game.new_game(num_players=n, seed=3, options=options)
    b = game.new_game(num_players=n, seed=3, options=options)
    _play_out(a, random.Random(5))
    _play_out(b, random.Random(5))
    assert a == b and a.result() == b.result()


@pytest.mark.parametrize("case", CASES)
def test_undo_takes_back_exactly_what_revealed_nothing(case: tuple[str, int, dict[str, Any]]):
    """Whenever the last actor may undo (State.undo): its action used no
    chance, and undoing it gives back the very state before it (record, RNG,
    every seat's view), telling the others nothing of what was taken back.
    Nobody else may undo it; a refused undo changes nothing. A game that
    lists undoable actions has some in a random game."""
    name, n, options = case
    game = game_named(name)
    state = game.new_game(num_players=n, seed=4, options=options)
    rng, referee, undone = random.Random(4), Referee(), 0
    while not state.is_over:
        before = state.clone()
        seat, _ = referee.step(state, lambda s: rng.choice(state.legal_actions(s)))
        record = state.record
        for other in range(n):
            if other != seat and not state.is_over:
                assert not state.can_undo(other)
                with pytest.raises(courtly.IllegalAction):
                    state.undo(other)
                assert state.record == record
        if seat == REFEREE or not state.can_undo(seat):
            continue
        undone += 1
        assert state.rng.getstate() == before.rng.getstate(), "an undoable action used chance"
        back = state.clone()
        events = back.undo(seat)
        assert back == before and back.record == before.record
        for viewer in [*range(n), None]:
            assert back.view(viewer) == before.view(viewer)
            if viewer != seat:
                assert all("action" not in e.data for e in courtly.core.redact(events, viewer))
    assert not any(state.can_undo(s) for s in range(n))
    assert undone or not type(state).UNDOABLE
