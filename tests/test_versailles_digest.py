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
#: the game-over event's "winner: Seat 1", not "winner(s) Seat 1"). Pinned again for the Queen's
#: second roll (§8.3: she speaks to the King) marked in its event's data (``to_king``), so that
#: the page tells it from her first; the digests before come back with that field taken out.
PINNED = {
    (2, 0): "722cb7168815a3d9",
    (2, 1): "c11ce04d4a3e1692",
    (2, 2): "01165160675292bf",
    (2, 3): "1001e14f97ff685d",
    (3, 0): "43867359d4ba79fc",
    (3, 1): "e7541b8fb2d25ae1",
    (3, 2): "0ef82e46e3861074",
    (3, 3): "c99b730e8cafb6f8",
    (4, 0): "e8d1990a761f8606",
    (4, 1): "8206f684b17e1cf1",
    (4, 2): "a4f9262f54d5eb06",
    (4, 3): "d2606091ebfb00a4",
    (6, 0): "2b8279f0f12bed70",
    (6, 1): "1df9c3853c905c1a",
    (6, 2): "f586d9990e6bd99c",
    (6, 3): "60a252e04b83c794",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
