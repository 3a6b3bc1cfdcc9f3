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
PINNED = {
    (2, 0): "5ab3cad0fa44577e",
    (2, 1): "c10b76b38b9b8f87",
    (2, 2): "61aae18a2bb6c98d",
    (2, 3): "cd76a45e5fd24c00",
    (3, 0): "1631928bc6c9cf2f",
    (3, 1): "b8668b9b73f6ad66",
    (3, 2): "2c7fd21c05e9d70a",
    (3, 3): "af93c2757cb7ce15",
    (4, 0): "851e683a95d45411",
    (4, 1): "2f42e4f63f1f8bb4",
    (4, 2): "0701e3133f81f88e",
    (4, 3): "8878c05c5e13411f",
    (6, 0): "b7aca7d5c3bcd88c",
    (6, 1): "fe38e3dc0f8557eb",
    (6, 2): "c52c46e89eb14e9e",
    (6, 3): "87da210c004324fb",
}


@pytest.mark.parametrize(("n", "seed"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int) -> None:
    assert game_digest(GAME, ENCODING, n, seed, 3000) == (PINNED[(n, seed)], True)
