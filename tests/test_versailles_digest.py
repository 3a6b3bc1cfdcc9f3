"""Courtisans de Versailles' speed work changes nothing: a digest of every
menu, event, view and observation of seeded random games, pinned from the
code before that work (the menus' memos, the events kept, the observation's
parts kept must give exactly what building them anew gave)."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from courtly.core import REFEREE, Referee, TimeUp
from courtly.core.event import Event
from courtly.games.versailles.encoding import ENCODING
from courtly.registry import game

GAME = game("versailles")


def _event(event: Event | None) -> Any:
    if event is None:
        return None
    audience = None if event.audience is None else sorted(event.audience)
    return [event.kind, event.text, event.data, audience, _event(event.redacted)]


def _features(state: Any, seat: int) -> Any:
    features = ENCODING.observe_state(state, seat)
    return [features.size, sorted(features.values.items())]


def game_digest(n: int, seed: int, steps: int) -> str:
    """Up to ``steps`` actions of a random game (the referee's rule for
    who acts): each menu, each action's events, then every seat's view
    and observation, and the spectator's view."""
    state = GAME.new_game(n, seed, GAME.check_options(n, None))
    referee, rng = Referee(), random.Random(seed)
    digest = hashlib.sha256()
    for _ in range(steps):
        if state.is_over:
            break
        phase = state.phase
        seat = referee.next_seat_in(phase)
        if seat == REFEREE:
            action = TimeUp()
        else:
            menu = state.legal_actions(seat)
            digest.update(repr(menu).encode())
            action = rng.choice(menu)
        events = state.apply(seat, action)
        referee.acted(phase, seat)
        record = [[_event(e) for e in events],
                  [state.view(s) for s in (*range(n), None)],
                  [_features(state, s) for s in range(n)]]
        digest.update(json.dumps(record, sort_keys=True, default=repr).encode())
    return digest.hexdigest()[:16]


#: game_digest(n, seed, 3000) before the speed work (n, seed: digest); every
#: one of these games ends before 3,000 actions.
PINNED = {
    (2, 0): "5b95989ac2f86571",
    (2, 1): "e80c8664993981db",
    (2, 2): "96a8da4d04ecdc8c",
    (2, 3): "32be001dd70212da",
    (3, 0): "92e09a58efaf50ab",
    (3, 1): "89e24824af739b99",
    (3, 2): "66bc881d592c148e",
    (3, 3): "620db64013e6382f",
    (4, 0): "029bd12c17f0995d",
    (4, 1): "8e70eb649285c24b",
    (4, 2): "a77fad40fe991799",
    (4, 3): "ab250abf8b9c158a",
    (6, 0): "c89a701623d09c5b",
    (6, 1): "9f2b97b4b4702186",
    (6, 2): "274e48c585546387",
    (6, 3): "1a42395bae972892",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(n, seed, 3000) == PINNED[(n, seed)]
