"""Undo (State.undo), game by game: what each game lets a player take back,
and that nothing revealed, drawn or rolled ever is (the conformance test
checks the general property on random games)."""

from __future__ import annotations

import random

import pytest

import courtly
from courtly.core import Referee, redact
from courtly.games.fief.actions import Buy
from courtly.games.vive_le_roi.actions import Place, Vote


def test_courtisans_a_card_placed_is_taken_back_until_the_turns_draw():
    game = courtly.game("courtisans")
    state = game.new_game(3, seed=0)
    start = state.clone()
    seat = state.to_act[0]
    plain = [a for a in state.legal_actions(seat) if a.role not in ("assassin", "diplomat")]
    state.apply(seat, plain[0])
    assert state.can_undo(seat)
    assert not state.can_undo((seat + 1) % 3)
    state.undo(seat)
    assert state == start and state.record == start.record
    # the whole turn: the third card draws three new ones, and stays
    events = []
    while state.to_act == (seat,):
        events = state.apply(seat, state.legal_actions(seat)[0])
    assert any(e.kind == "draw" for e in events)
    assert not state.can_undo(seat)
    with pytest.raises(courtly.IllegalAction, match="cannot be taken back"):
        state.undo(seat)


def test_courtisans_undoing_a_face_down_spy_tells_the_others_nothing():
    game = courtly.game("courtisans")
    for seed in range(30):
        state = game.new_game(3, seed=seed)
        seat = state.to_act[0]
        spies = [a for a in state.legal_actions(seat) if a.role == "spy"]
        if spies:
            break
    state.apply(seat, spies[0])
    events = state.undo(seat)
    family = spies[0].family
    assert family in redact(events, seat)[0].text.lower()
    for other in [s for s in range(3) if s != seat] + [None]:
        (seen,) = redact(events, other)
        assert family not in seen.text.lower() and "action" not in seen.data


def test_vive_le_roi_a_placement_is_undone_a_vote_never():
    game = courtly.game("vive_le_roi")
    state = game.new_game(4, seed=1)
    start = state.clone()
    seat = state.to_act[0]
    action = state.legal_actions(seat)[0]
    assert isinstance(action, Place)
    state.apply(seat, action)
    assert state.can_undo(seat)
    state.undo(seat)
    assert state == start
    rng, referee = random.Random(2), Referee()
    while not any(isinstance(a, Vote) for s in state.to_act for a in state.legal_actions(s)):
        referee.step(state, lambda s: rng.choice(state.legal_actions(s)))
    voter = state.to_act[0]
    state.apply(voter, state.legal_actions(voter)[0])
    assert not state.can_undo(voter)


def test_fief_a_purchase_is_taken_back_with_its_money():
    game = courtly.game("fief")
    state = game.new_game(3, seed=5, options={"turn_limit": 3})
    rng, referee = random.Random(5), Referee()
    while not any(isinstance(a, Buy) for s in state.to_act for a in state.legal_actions(s)):
        referee.step(state, lambda s: rng.choice(state.legal_actions(s)))
    seat = state.to_act[0]
    buy = next(a for a in state.legal_actions(seat) if isinstance(a, Buy))
    before = state.clone()
    state.apply(seat, buy)
    assert state.view(seat)["money"][seat] < before.view(seat)["money"][seat]
    state.undo(seat)
    assert state == before
    assert state.view(seat)["money"] == before.view(seat)["money"]


def test_undo_refusals_say_why_and_change_nothing():
    game = courtly.game("courtisans")
    state = game.new_game(2, seed=3)
    with pytest.raises(courtly.IllegalAction, match="nothing of theirs to undo"):
        state.undo(0)
    with pytest.raises(courtly.IllegalAction, match="no seat 7"):
        state.undo(7)
    seat = state.to_act[0]
    state.apply(seat, next(a for a in state.legal_actions(seat) if a.role == "noble"))
    guess = state.determinize(seat, random.Random(0))
    guess._actions = list(state.record.actions)  # a guess never has a seed
    with pytest.raises(courtly.IllegalAction, match="no seed"):
        guess.undo(seat)
    record = state.record
    with pytest.raises(courtly.IllegalAction):
        state.undo(1 - seat)
    assert state.record == record
    over = game.new_game(2, seed=3)
    rng, referee = random.Random(0), Referee()
    while not over.is_over:
        referee.step(over, lambda s: rng.choice(over.legal_actions(s)))
    last = over.record.actions[-1][0]
    with pytest.raises(courtly.IllegalAction, match="the game is over"):
        over.undo(last)
