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
#: Pinned again for each seat's chances of a roll in its own view (``odds``, §8.2-§8.3), which
#: the page shows by the audience form and a request; the digests before come back with the
#: field taken out of the view.
PINNED = {
    (2, 0): "80b2ca31be36a794",
    (2, 1): "584d4f3dfaed90f2",
    (2, 2): "2fcb11d9c6621387",
    (2, 3): "5133c7dcfd2ee683",
    (3, 0): "7441932575b62baa",
    (3, 1): "3e43fcd679ac632a",
    (3, 2): "c7eb26b0639c9cc4",
    (3, 3): "5dc0e45b09f09155",
    (4, 0): "14c7077682f049b8",
    (4, 1): "b5dd77a42cf27db9",
    (4, 2): "2012551b17095ba3",
    (4, 3): "d455f26e7ea20a9f",
    (6, 0): "e10171cfe0c8fe0b",
    (6, 1): "4ff63e42f493a380",
    (6, 2): "81fae7478b3d9f1b",
    (6, 3): "388b9905ce1378e9",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
