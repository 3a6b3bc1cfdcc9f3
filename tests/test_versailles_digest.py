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
#: field taken out of the view. Pinned again for sums of livres in digit groups in the events'
#: words ("Pay 1,500 livres", "Income of Seat 0: 3,000 livres"): with every event's text left
#: out, the digests are the same before and after.
PINNED = {
    (2, 0): "3494bd0218579097",
    (2, 1): "00f1ae93f186a769",
    (2, 2): "66abd2a6f97a9b14",
    (2, 3): "1b1a4038bb4c8a9d",
    (3, 0): "820eb2521fc80119",
    (3, 1): "b2e3c7deb7af2095",
    (3, 2): "1fffd309f465f266",
    (3, 3): "97ad0535beac52a2",
    (4, 0): "a5735162d4966a97",
    (4, 1): "4d90bb619d0cddfd",
    (4, 2): "d7fcb70a27ef6c1f",
    (4, 3): "a764f43574d88955",
    (6, 0): "444a8850aff6f0e6",
    (6, 1): "f6c1afd62a62b16c",
    (6, 2): "a4a002356f026655",
    (6, 3): "13aa89d6937f6e6e",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
