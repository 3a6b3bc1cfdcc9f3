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
#: one of these games ends before 3,000 actions. Pinned again since for two rules changes, each
#: alone (the digests before it come back with it undone): §6's parties and the Queen's origin
#: shown only once every sex is chosen; Justice frees a prisoner (A29; only (6, 1) changed). Pinned
#: again for the events' words agreeing with their counts ("gives 1 card", not "1 card(s)";
#: every digest returns with the old words put back: core/words.py's ``counted`` and ``listed``;
#: the game-over event's "winner: Seat 1", not "winner(s) Seat 1").
PINNED = {
    (2, 0): "722cb7168815a3d9",
    (2, 1): "c11ce04d4a3e1692",
    (2, 2): "bd6aa70b29ca32f6",
    (2, 3): "512d03807848fd18",
    (3, 0): "bbc793fd30c8a2ed",
    (3, 1): "b7a79afbdbeb932c",
    (3, 2): "3bdcd2f772c7712e",
    (3, 3): "fd24b87f8389e96e",
    (4, 0): "e8d1990a761f8606",
    (4, 1): "354c2fd902e77c48",
    (4, 2): "a4f9262f54d5eb06",
    (4, 3): "cddd464a44891f43",
    (6, 0): "839eee024b7223fc",
    (6, 1): "5982b2f19f6b2a2d",
    (6, 2): "3e92ea4b3ee1f81b",
    (6, 3): "d3ea057f5d7875c9",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
