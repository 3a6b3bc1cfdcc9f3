"""Fief's observation read from the state (fief/encoding.py's
``observe_state``) on positions random play seldom reaches: the generic
test (tests/test_rl_encoding.py) compares it with the view's on every
position of seeded random games; here the rarer fields are set by hand on a
seeded position, and each seat's numbers must still be the view's."""

from __future__ import annotations

import random

import pytest

from courtly.games.fief import GAME
from courtly.games.fief.court import Election, Fief
from courtly.games.fief.encoding import ENCODING
from courtly.games.fief.rules import FiefState
from courtly.games.fief.war import Battle, Gate


def midgame(n: int, steps: int = 60) -> FiefState:
    """A seeded position some way into a random game."""
    state = GAME.new_game(n, seed=5)
    assert isinstance(state, FiefState)
    rng = random.Random(5)
    for _ in range(steps):
        seat = state.to_act[0] if state.to_act else state.may_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert not state.is_over
    return state


def same_as_the_view(state: FiefState) -> None:
    for seat in range(state.num_players):
        assert ENCODING.observe_state(state, seat) == ENCODING.observe(state.view(seat)), seat


@pytest.mark.parametrize("n", [3, 6])
def test_rare_fields_read_from_the_state_are_the_views(n: int) -> None:
    """Sealed bids and their floors, two forces of one seat at one gate
    (summed in the gates' order), a custody claim, an election with seats
    asked and supporting, a fief without owner, given villages."""
    state = midgame(n)
    villages = list(state.board.villages)
    regions = list(state.board.regions)
    lords = sorted(state.cards.lords)
    state.battle = Battle(villages[0], 0, n - 1, "bid", bids={0: 700}, floor={0: 300, n - 1: 200})
    state.gates += [Gate(1, villages[2], "siege", 7, 90), Gate(1, villages[2], "attack", 3, 91),
                    Gate(1, villages[2], "siege", 1, 89), Gate(0, villages[3], "passage", 0, 92)]
    state.custody_claim = (regions[1], n - 1)
    state.custody = {regions[2]}
    state.election = Election({0: (lords[0], 2), 1: (None, 0)}, elected=lords[0],
                              asked=(0, 1), support=(1,), waiting=2)
    state.fiefs[regions[3]] = Fief(None, state.board.regions[regions[3]].villages[0], None)
    state.given = {villages[5]: 1, villages[6]: n - 1}
    same_as_the_view(state)
    for seat in range(1, n):  # another seat's sealed bid does not show
        before = ENCODING.observe_state(state, seat)
        state.battle.bids[0] = 1200
        assert ENCODING.observe_state(state, seat) == before
    state.stage = "negotiation"
    state.open_seats, state.paid = [0, 2], [(0, 1, 300), (2, 1, 100), (0, 2, 500)]
    same_as_the_view(state)

