"""Fief's speed work changes nothing: a digest of every menu, event, view
and observation of seeded random games, pinned from the code before that
work (the menus' shared actions, the revenues counted, the observation's
parts kept must give exactly what the rules and the view gave)."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from courtly.core import REFEREE, Action, Referee, TimeUp
from courtly.core.event import Event
from courtly.games.fief import GAME
from courtly.games.fief.encoding import ENCODING


def _event(event: Event | None) -> Any:
    if event is None:
        return None
    audience = None if event.audience is None else sorted(event.audience)
    return [event.kind, event.text, event.data, audience, _event(event.redacted)]


def _features(state: Any, seat: int) -> Any:
    features = ENCODING.observe_state(state, seat)
    return [features.size, sorted(features.values.items())]


def _pick(rng: random.Random, menu: list[Action], by_kind: bool) -> Action:
    """A uniform choice, or (``by_kind``) a kind first, then one of its
    actions: more trips, battles and fiefs than payments."""
    if not by_kind:
        return rng.choice(menu)
    kinds = sorted({a.kind for a in menu})
    kind = rng.choice(kinds)
    return rng.choice([a for a in menu if a.kind == kind])


def game_digest(n: int, seed: int, by_kind: bool, steps: int = 5000) -> str:
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
            action: Action = TimeUp()
        else:
            menu = state.legal_actions(seat)
            digest.update(repr(menu).encode())
            action = _pick(rng, menu, by_kind)
        events = state.apply(seat, action)
        referee.acted(phase, seat)
        record = [[_event(e) for e in events],
                  [state.view(s) for s in (*range(n), None)],
                  [_features(state, s) for s in range(n)]]
        digest.update(json.dumps(record, sort_keys=True, default=repr).encode())
    assert state.is_over
    return digest.hexdigest()[:16]


#: game_digest(n, seed, by_kind) before the speed work of issue 17's fifth
#: round (rev 481bf9f); every one of these games ends before 5,000 actions.
PINNED: dict[tuple[int, int, bool], str] = {
    (3, 0, False): "546057f8f36590e2",
    (3, 0, True): "da6a7319bc96bde0",
    (3, 1, False): "fc7f6bdc21c3efd3",
    (3, 1, True): "e82dd22f68e833c2",
    (4, 0, False): "04787ff829fcf7aa",
    (4, 0, True): "c6e100408c92bda8",
    (4, 1, False): "05ab5e25bf65f79c",
    (4, 1, True): "249c8249b6a7def0",
    (6, 0, False): "66572daa84f98f66",
    (6, 0, True): "8d760982c2e4d6b5",
    (6, 1, False): "9b79116061bae9c4",
    (6, 1, True): "a447f9052d4ff1d9",
}


@pytest.mark.parametrize(("n", "seed", "by_kind"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int, by_kind: bool) -> None:
    assert game_digest(n, seed, by_kind) == PINNED[(n, seed, by_kind)]
