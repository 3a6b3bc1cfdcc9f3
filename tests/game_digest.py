"""A digest of a seeded random game, for pinning that speed work changes
nothing a game gives (tests/test_fief_digest.py, test_versailles_digest.py):
every menu, every action's events, then every seat's view and observation
and the spectator's view."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

from courtly.core import REFEREE, Action, Referee, TimeUp
from courtly.core.encoding import Encoding
from courtly.core.event import Event
from courtly.core.game import Game

Pick = Callable[[random.Random, list[Action]], Action]


def _event(event: Event | None) -> Any:
    if event is None:
        return None
    audience = None if event.audience is None else sorted(event.audience)
    return [event.kind, event.text, event.data, audience, _event(event.redacted)]


def _features(encoding: Any, state: Any, seat: int) -> Any:
    features = encoding.observe_state(state, seat)
    return [features.size, sorted(features.values.items())]


def game_digest(game: Game, encoding: Encoding, n: int, seed: int, steps: int,
                pick: Pick = random.Random.choice) -> tuple[str, bool]:
    """Up to ``steps`` actions of a random game (the referee's rule for who
    acts, ``pick(rng, menu)`` for what): its digest, and whether it ended."""
    state = game.new_game(n, seed, game.check_options(n, None))
    referee, rng = Referee(), random.Random(seed)
    digest = hashlib.sha256()
    for _ in range(steps):
        if state.is_over:
            break
        phase = state.phase
        seat = referee.next_seat_in(phase)
        if seat == REFEREE:
            action: Action = TimeUp()
        else:
            menu = state.legal_actions(seat)
            digest.update(repr(menu).encode())
            action = pick(rng, menu)
        events = state.apply(seat, action)
        referee.acted(phase, seat)
        record = [[_event(e) for e in events],
                  [state.view(s) for s in (*range(n), None)],
                  [_features(encoding, state, s) for s in range(n)]]
        digest.update(json.dumps(record, sort_keys=True, default=repr).encode())
    return digest.hexdigest()[:16], state.is_over
