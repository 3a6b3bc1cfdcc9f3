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
#: every digest returns with the old words put back: core/words.py's ``counted``).
PINNED = {
    (2, 0): "16b18c23fc85b07f",
    (2, 1): "57c8ffff99aca3e4",
    (2, 2): "fbbeae5abd4388b0",
    (2, 3): "70987f83309e47a6",
    (3, 0): "d02489d5949354f8",
    (3, 1): "320066b518ef6c84",
    (3, 2): "9b2c30a8491e8f90",
    (3, 3): "8fd639169198a0b5",
    (4, 0): "e2a1fadffed6b32b",
    (4, 1): "71b37c678bbb8461",
    (4, 2): "0794246ef58d9b2e",
    (4, 3): "c857ff32d656a03f",
    (6, 0): "013b85526463ca01",
    (6, 1): "55f4c6997db9c9ca",
    (6, 2): "ed4a52d9cece92a5",
    (6, 3): "f1aa837e1aa250d2",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
