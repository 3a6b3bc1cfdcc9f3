"""L'émissaire de l'Empire: the fictitious player's fixed policy.

"Pour gagner, il faut aussi battre ce joueur fictif, dont vous savez tout,
mais qui part très en avance." Decision (docs/rules/vive_le_roi.md): the
Emissary is not a seat; it takes its turns inside the engine by the fixed,
deterministic policy below, so that everybody can foresee it ("dont vous
savez tout"); its Favoris card, Ambition and vote cards are public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from courtly.games.vive_le_roi import castle
from courtly.games.vive_le_roi.ambitions import Table
from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    JESTER,
    NO,
    PLACEMENT_FLOORS,
    PRETENDERS,
    STOMACH,
    YES,
)
from courtly.games.vive_le_roi.scoring import score_round

#: Decision: "qui part très en avance": the Emissary's score token starts on 30, not 20.
EMISSARY_START_SCORE = 30
#: Decision: the Emissary accepts any king that would give it at least this many points now.
CONTENT_SCORE = 10


def place(where: Mapping[str, str], favourites: Sequence[str]) -> tuple[str, int]:
    """("Placement") Its first unplaced favourite on the highest floor with
    room; once all are placed, the first other character on the lowest one."""
    rooms = [f for f in PLACEMENT_FLOORS if castle.has_room(where, f)]
    unplaced = [c for c in PRETENDERS if where[c] == castle.OFF]
    mine = [c for c in unplaced if c in favourites]
    if mine:
        return mine[0], max(rooms)
    return unplaced[0], min(rooms)


def move(where: Mapping[str, str], favourites: Sequence[str]) -> tuple[str, str]:
    """("Jeu") The legal move it likes best, as (kind, character); see ``_preference``."""
    options = castle.moves(where)
    return min(options, key=lambda m: (_preference(where, favourites, *m),
                                       CHARACTERS.index(m[1])))


def _preference(where: Mapping[str, str], favourites: Sequence[str], kind: str,
                character: str) -> tuple[int, int]:
    """Lower is better (docs/rules/vive_le_roi.md, the Emissary's policy):
    0 lift a favourite (not onto the throne), the highest first; 1 take a
    favourite out of a WC, the higher WC first; 2 lift another pretender (not
    onto the throne), the lowest first; 3 put another pretender in a WC, the
    lowest first; 4 send a favourite to the throne; 5 anything else (the
    Jester, another to the throne, another out of a WC), the lowest first.
    ``move`` breaks the remaining ties by name order."""
    lvl = castle.level(where[character]) or 0
    dest = castle.destination(where, kind, character)
    mine = character in favourites
    other = not mine and character != JESTER
    if mine and kind == castle.CLIMB and dest != castle.THRONE:
        return 0, -lvl
    if mine and kind == castle.LEAVE_WC:
        return 1, -lvl
    if other and kind == castle.CLIMB and dest != castle.THRONE:
        return 2, lvl
    if other and kind == castle.ENTER_WC:
        return 3, lvl
    if mine and dest == castle.THRONE:
        return 4, 0
    return 5, lvl


def vote(where: Mapping[str, str], candidate: str, favourites: Sequence[str],
         hand: Mapping[str, int]) -> str:
    """("Vote") Yes for one of its favourites, or for any king that would give
    it at least CONTENT_SCORE points now; otherwise No while it has one, then
    its Stomach-ache, then Yes."""
    now = score_round(favourites, Table(where, candidate, hand, hand))["total"]
    if candidate in favourites or now >= CONTENT_SCORE:
        return YES
    if hand[NO]:
        return NO
    if hand[STOMACH]:
        return STOMACH
    return YES


def choose_ambition(offered: Sequence[str]) -> str:
    """("L'Ambition") It keeps the first of its two cards."""
    return offered[0]
