"""``State.forced_publicly``: a lone move everyone can see a seat must make
(docs/architecture.md, the contract; the server makes it, docs/api.md).

Checked where it could leak: at every position of seeded random games,
wherever a seat is said to be forced in public, its menu is that same one
action in every guess of what the table cannot see (``determinize(None)``
resamples every hand and sealed thing), so making the move at once tells
nobody anything."""

from __future__ import annotations

import random

import pytest

import courtly
from courtly.bots import HeuristicBot
from courtly.bots.base import Observation
from courtly.core import REFEREE, TimeUp


def _positions(name: str, players: int, seed: int, options: dict | None = None,
               bots: bool = False):
    """Each position of a game with the seat that must act first: random
    play, or the heuristic bots' (which reach what random play rarely does:
    Fief's battles, parries, executions)."""
    game = courtly.game(name)
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    bot = HeuristicBot(seed=seed) if bots else None
    while not state.is_over:
        phase = state.phase
        if not phase.to_act and not phase.may_act:
            state.apply(REFEREE, TimeUp())
            continue
        seat = (phase.to_act or phase.may_act)[0]
        yield state, seat
        legal = state.legal_actions(seat)
        state.apply(seat, bot.act(Observation(state, seat)) if bot and rng.random() < 0.9
                    else rng.choice(legal))


# the bots' games are longer: seed 5 reaches battles and their sealed bids, seed 7
# Justice's execution
@pytest.mark.parametrize("players,seed,bots", [(3, 1, False), (4, 2, False), (5, 3, False),
                                               (4, 5, True), (4, 7, True)])
def test_a_fief_move_is_forced_in_public_in_every_guess_or_in_none(
        players: int, seed: int, bots: bool) -> None:
    """Both ways: a move made by the server is the same one move in every guess
    of what the table cannot see (so making it tells nothing), and a seat
    asked would be asked in every guess too (so asking tells nothing)."""
    forced = lone_hidden = 0
    rng = random.Random(seed)
    for state, seat in _positions("fief", players, seed, {"turn_limit": 14 if bots else 5},
                                  bots):
        if seat not in state.phase.to_act:
            continue
        menu = state.legal_actions(seat)
        truth = state.forced_publicly(seat)
        forced += truth
        lone_hidden += len(menu) == 1 and not truth
        for _ in range(3):
            guess = state.determinize(None, rng)
            assert guess.forced_publicly(seat) == truth, (state.phase.name, menu)
            if truth:
                assert guess.legal_actions(seat) == menu, (state.phase.name, menu)
    # both kinds met: some lone moves are public, some read a hand
    assert forced > 10 and lone_hidden > 2, (forced, lone_hidden)


def test_a_hand_keeps_the_revenues_from_being_forced_in_public() -> None:
    """The revenues' lone "End" with cards in hand (none a tithe one can take)
    is not public: with other cards it could be a tithe ("Phase 2")."""
    seen = False
    for state, seat in _positions("fief", 3, 4, {"turn_limit": 6}):
        if state.stage != "revenues" or seat not in state.phase.to_act:
            continue
        menu = state.legal_actions(seat)
        hand, exchanged = state.hands[seat], state.exchanged[seat]
        assert state.forced_publicly(seat) == (len(menu) == 1 and (not hand or exchanged))
        seen |= bool(hand) and len(menu) == 1 and not exchanged
    assert seen


@pytest.mark.parametrize("players,seed,options", [(3, 1, {}), (4, 2, {"ambition": True}),
                                                  (5, 3, {"ambition": True})])
def test_a_vive_le_roi_vote_left_to_yes_is_forced_in_public(players: int, seed: int,
                                                              options: dict) -> None:
    """Vive le Roi !: the castle and every seat's vote cards are open ("hands"
    in every view; a No or a Stomach-ache is spent at the reveal), so a seat
    left with its Yes alone votes it in public; an Ambition chosen between
    one's own two cards never is. Both ways, against guesses of the hidden."""
    forced = ambitions = 0
    rng = random.Random(seed)
    for state, seat in _positions("vive_le_roi", players, seed, options):
        if seat not in state.phase.to_act:
            continue
        menu = state.legal_actions(seat)
        truth = state.forced_publicly(seat)
        forced += truth
        ambitions += state.stage == "ambition"
        assert truth == (len(menu) == 1 and state.stage != "ambition"), (state.stage, menu)
        for _ in range(2):
            guess = state.determinize(None, rng)
            assert guess.forced_publicly(seat) == truth, (state.stage, menu)
            if truth:
                assert guess.legal_actions(seat) == menu, (state.stage, menu)
    assert forced > 0, "no lone Yes was met"
    assert ambitions > 0 or not options


def test_no_other_game_says_it_nor_for_the_referee_and_a_wrong_seat_is_refused() -> None:
    for name in ("courtisans", "versailles"):
        for state, seat in _positions(name, 2, 5):
            assert not state.forced_publicly(seat)
            assert not state.forced_publicly(REFEREE)
    state = courtly.game("fief").new_game(3, 0)
    with pytest.raises(courtly.IllegalAction, match="no seat 7"):
        state.forced_publicly(7)
