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
#: out, the digests are the same before and after. Pinned again for the plays', requests' and
#: audiences' lines worded as sentences, the courtier's own seat as "himself"/"herself" ("Seat 2
#: plays Bon mot on herself", not "Seat 2: Play Bon mot on Seat 2"): with every event's text left
#: out, the digests are the same before and after. Pinned again for an heir's line naming the heir
#: ("Seat 0, the family's heir (a lady), joins ..."; a play-test read "Mademoiselle X (Seat 0)'s
#: heir", the heir as her own heir): with the old words given back, every digest is the one before.
#: Pinned again for the game-over event's words naming the fortunes in livres ("Game over:
#: Seat 0: 0 livres; Seat 1: 4,000 livres; ..." where it read "scores 0, 4000, ..."; a terminal
#: play-test): the code just before that change gives every digest before.
PINNED = {
    (2, 0): "de4a961537a3a508",
    (2, 1): "b63f292d06abb993",
    (2, 2): "f0f0164bef0c928d",
    (2, 3): "95cef88577fb76ac",
    (3, 0): "8ba9f704a1f58bcc",
    (3, 1): "a63a4ddfabebf64e",
    (3, 2): "88f87d355564c34b",
    (3, 3): "a0c28d1f2bd957b3",
    (4, 0): "364a27dd2de0071d",
    (4, 1): "7c47cfdbf68aae97",
    (4, 2): "02467725fe8d3869",
    (4, 3): "d45f59c6a59cbb2d",
    (6, 0): "2b88d8f3a27f1d50",
    (6, 1): "bfba5c16c8b5ed92",
    (6, 2): "9de0258dc348555d",
    (6, 3): "8348381e79b237ed",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
