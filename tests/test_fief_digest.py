"""Fief's speed work changes nothing: a digest of every menu, event, view
and observation of seeded random games, pinned from the code before that
work (the menus' shared actions, the revenues counted, the observation's
parts kept must give exactly what the rules and the view gave)."""

from __future__ import annotations

import random

import pytest

from courtly.core import Action
from courtly.games.fief import GAME
from courtly.games.fief.encoding import ENCODING
from game_digest import game_digest


def _pick(rng: random.Random, menu: list[Action], by_kind: bool) -> Action:
    """A uniform choice, or (``by_kind``) a kind first, then one of its
    actions: more trips, battles and fiefs than payments."""
    if not by_kind:
        return rng.choice(menu)
    kinds = sorted({a.kind for a in menu})
    kind = rng.choice(kinds)
    return rng.choice([a for a in menu if a.kind == kind])


#: The digests of these games (players, seed, :func:`_pick`'s ``by_kind``)
#: before the speed work of issue 17's fifth round (rev 481bf9f); every one
#: of these games ends before 5,000 actions. Pinned again since for four rules changes, each alone
#: (the digests before it come back with it undone): the last lord at a gate may not leave its
#: soldiers under bad weather (decision 9), nor if he is a bishop (decision 11); a title the
#: King grants hands over the fief's capital, and a fief changing hands puts a guest of its old
#: owner out of the village given him (decision 15; each moved (4, 0) kind-first alone). Pinned
#: again for the events' words agreeing with their counts ("1 soldier dies", not "1 soldier(s)
#: die"; the game-over event's "winner: Seat 1", not "winner(s) Seat 1"): every digest returns
#: with the old words put back (core/words.py's ``counted`` and ``listed``). Pinned again for the
#: start's order of play read from the banker, who plays first ("Seat 2 ...; the order of play
#: is Seat 2, Seat 1, Seat 0", where it began at the round's first seat): the only change.
#: Pinned again for a rules audit's fix alone: a besieger leaves only by the road he came
#: ("The pieces stay on the road by which they came"), not on past the village he besieges
#: (Lord.came_from; every game moved, random play besieging often); the digests before
#: come back with war.py's _roads_from_gate returning every road.
#: Pinned again for another alone: an exchange receives "another" card, drawn before the
#: card returned goes to the discard (which, with the stack exhausted, became the stack with
#: that card in it), and none is offered with no card left to receive; the digests before
#: come back with rules.py's _exchange discarding first and offering it always. Pinned
#: again for sums of crowns in digit groups in the events' words ("pays 1,100 crowns"; the
#: sealed bids' "You bid 1,000 crowns" later): with
#: every event's text left out, the digests are the same before and after. Pinned again for
#: the road a besieger came by in every view (each lord's ``came_from``): with it taken out of
#: the views, the digests are the same before and after. Pinned again for the discard's
#: becoming the stack at an exchange told as at a deal (a "reshuffle" event): with every such
#: event left out, the digests are the same before and after. Pinned again for that road in
#: the observation too (a lord-by-village grid after the lords' places): with the observations
#: left out, the digests are the same before and after. Pinned again for a lone attack that
#: finds its village empty destroying no mill nor press (decision 20): run in step with the
#: old _battle patched in, two games part, each first at a step whose only difference is the
#: old "destroyed" event (Cluny, (3, 0, uniform); Sagy, (6, 1, uniform)); the others are
#: the same at every step. Pinned again for the view's ``exchanged`` (who exchanged a card this
#: turn, shown to all): with it taken out of the views, the digests are the same before and after.
#: Pinned again for a reigning King deposed by an election named in its event (the not-consecrated
#: "vacant" and the tie's "election": "Henry (Seat 1) loses the crown; ", data ``deposed`` and
#: ``seat``): with court.py's _depose giving no words nor data, the digests are the same before
#: and after (three of the games never depose a King). Pinned again for the view's ``road`` (the
#: road every lord at a gate came by, public as his force is; a lord put out of a village or
#: breaking out of a siege has none, his old ``came_from`` now cleared there, which no rule
#: reads): with it taken out of the views, the digests are the same before and after. Pinned
#: again for the deposed King's seat as ``deposed_seat``, not ``seat`` (which a log reads as
#: the player who acted): with ``deposed_seat`` read back as ``seat``, every digest is the
#: one before (the same three games unmoved). Pinned again for the game-over event's words:
#: the scores worded ("Seat 0: 0 fiefs, 16 soldiers, 0 crowns"), not their code for
#: programs: with the old words given back (``game_over_event(self._result())``), every
#: digest is the one before. Pinned again for who answers for a region attacked (the attack's
#: "; Seat 2 answers for it", data ``answerer``) and a parry not made told ("no_parry", with
#: its public reason): with those words, that datum and those events left out, every digest
#: is the one before.
PINNED: dict[tuple[int, int, bool], str] = {
    (3, 0, False): "0ebae90fce20cc36",
    (3, 0, True): "541a14033771a8d2",
    (3, 1, False): "4c1acd5b7f572911",
    (3, 1, True): "81659b2b568c40ad",
    (4, 0, False): "021f6d3272a35c2d",
    (4, 0, True): "d7f0fe5fcfa71c2c",
    (4, 1, False): "8cfc1247156925a0",
    (4, 1, True): "73278558f30686c3",
    (6, 0, False): "20d869c9333213bc",
    (6, 0, True): "4c18fa2c18e96ba2",
    (6, 1, False): "f86bb2cf1de1b4a6",
    (6, 1, True): "e69f14c1a38cb28f",
}


@pytest.mark.parametrize(("n", "seed", "by_kind"), sorted(PINNED))
def test_random_games_are_what_they_were(n: int, seed: int, by_kind: bool) -> None:
    def pick(rng: random.Random, menu: list[Action]) -> Action:
        return _pick(rng, menu, by_kind)

    assert game_digest(GAME, ENCODING, n, seed, 5000, pick) == (PINNED[(n, seed, by_kind)], True)
