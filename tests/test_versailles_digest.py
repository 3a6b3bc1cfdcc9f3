"""Courtisans de Versailles' speed work changes nothing: a digest of every
menu, event, view and observation of seeded random games, pinned from the
code before that work (the menus' memos, the events kept, the observation's
parts kept must give exactly what building them anew gave)."""

from __future__ import annotations

import pytest

from courtly.games.versailles.encoding import ENCODING
from courtly.registry import game
from game_digest import game_digest

GAME = game("versailles")


#: The digests of these games (3,000 actions at most) before the speed work (n, seed: digest); every
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
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
