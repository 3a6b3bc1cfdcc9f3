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
#: shown only once every sex is chosen; Justice frees a prisoner (A29; only (6, 1) changed).
PINNED = {
    (2, 0): "50e3f3cdc5a5a29d",
    (2, 1): "d13cfddd1dd649a1",
    (2, 2): "3d106e13df686154",
    (2, 3): "14d9f514095905e3",
    (3, 0): "bae73f612e94f3d3",
    (3, 1): "8c68c4fb18d6c3b7",
    (3, 2): "d3168a41ca581f2e",
    (3, 3): "3bd24667dea6d5e2",
    (4, 0): "4088a6e82aec16fd",
    (4, 1): "58b49fef867ac358",
    (4, 2): "f9565fc5bfe0a82b",
    (4, 3): "0d922754ebde03a6",
    (6, 0): "29c9cc1c17319822",
    (6, 1): "a193e7ba5df0e1a4",
    (6, 2): "15f521e5198a7368",
    (6, 3): "deb8959c1525d624",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
