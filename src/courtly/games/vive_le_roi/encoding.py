"""Vive le Roi ! for research tools (docs/research.md): every action numbered
once per configuration, and a view as numbers.

Numbering: each pretender placed on floors 1-4; each character climbing,
entering or leaving a WC; the three vote cards; with "L'Ambition", each of
the 16 Ambition cards kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from courtly.core import Features, Index, Numbering, block, seats
from courtly.games.vive_le_roi import castle
from courtly.games.vive_le_roi.actions import ChooseAmbition, Climb, EnterWC, LeaveWC, Place, Vote
from courtly.games.vive_le_roi.ambitions import AMBITION_IDS
from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    DUNGEON_ORDER,
    PLACEMENT_FLOORS,
    PRETENDERS,
    ROUNDS,
    START_SCORE,
    TOP_FLOOR,
    VOTE_CARDS,
    WC_FLOORS,
)
from courtly.games.vive_le_roi.rules import PLACEMENT, PLAY, VOTE

if TYPE_CHECKING:
    from courtly.games.vive_le_roi.rules import ViveLeRoiState

#: Every place a character may stand (castle.py).
LOCATIONS = Index((*castle.FLOORS, *(castle.wc(f) for f in WC_FLOORS),
                   *(castle.dungeon(f) for f in DUNGEON_ORDER),
                   castle.BOX, castle.THRONE, castle.CONSORT, castle.OFF))
PHASES = Index(("ambition", "placement", "play", "vote"))
PRETENDER = Index(PRETENDERS)
CHARACTER = Index(CHARACTERS)
VOTES = Index(VOTE_CARDS)
AMBITIONS = Index(AMBITION_IDS)
ROUND = Index(range(1, ROUNDS + 1))


class ViveLeRoiEncoding:
    """The numbering and the observation (see the module docstring)."""

    def numbering(self, num_players: int, options: Mapping[str, Any]) -> Numbering:
        """Place, Climb, EnterWC, LeaveWC, Vote, and ChooseAmbition with "L'Ambition"."""
        blocks = [block(Place, character=PRETENDERS, floor=PLACEMENT_FLOORS),
                  *(block(cls, character=CHARACTERS) for cls in (Climb, EnterWC, LeaveWC)),
                  block(Vote, card=VOTE_CARDS)]
        if options["ambition"]:
            blocks.append(block(ChooseAmbition, card=AMBITION_IDS))
        return Numbering(blocks)

    def observe(self, view: Mapping[str, Any]) -> Features:
        """Where every character stands; each position's Favoris card as far
        as the seat sees it, vote cards and score (from the seat's chair
        round, the Emissaries after the seats); the round, the turn, the vote
        and one's Ambition."""
        f = Features()
        seat, n = view["seat"], view["num_players"]
        positions = len(view["players"])
        order = [(seat + k) % n for k in range(n)] + list(range(n, positions))
        where = _locations(view["castle"])
        for c in CHARACTERS:
            f.one_hot(where.get(c), LOCATIONS)
        for p in order:
            _position(f, view, p)
        f.one_hot(view["round"], ROUND)
        f.one_hot(order.index(view["first"]), seats(positions))
        current = view["current"]
        f.one_hot(None if current is None else order.index(current), seats(positions))
        f.number(view["placements_left"], len(PRETENDERS))
        _vote(f, view["vote"], order)
        f.flags(view["crowned"], CHARACTER)
        _ambitions(f, view["ambitions"], seat, order)
        f.one_hot(view["phase"], PHASES)
        return f


    def observe_state(self, state: ViveLeRoiState, seat: int) -> Features:
        """``observe(state.view(seat))``, read from the state without building
        the view: exactly the same numbers (a test compares both on every
        position of many games), so only what the seat sees: the Favoris
        cards it may see, its own vote and Ambition cards."""
        f = Features()
        n, positions = state.num_players, state.positions
        order = [(seat + k) % n for k in range(n)] + list(range(n, positions))
        _state_locations(f, state.where)
        for p in order:
            card = state.card(p) if state.favoris_visible(p, seat) else None
            f.number(card is not None)
            f.flags(card.characters if card else (), PRETENDER)
            f.one_hot(card.sealed if card else None, PRETENDER)
            f.counts(state.hand(p), VOTES, 4)
            f.number(state.totals[p] - START_SCORE, 20)
        f.one_hot(min(state.round + 1, ROUNDS), ROUND)
        everyone = seats(positions)
        f.one_hot(order.index(state.first), everyone)
        current = state.current if state.stage in (PLACEMENT, PLAY) else None
        f.one_hot(None if current is None else order.index(current), everyone)
        f.number(state.to_place - state.placed, len(PRETENDERS))
        if state.stage == VOTE:
            f.one_hot(state.candidate, CHARACTER)
            f.flags((order.index(s) for s in state.voters), everyone)
            f.flags((order.index(s) for s in state.voters if s in state.votes), everyone)
            f.one_hot(state.votes.get(seat), VOTES)
        else:  # no vote: its slots only
            f.size += CHARACTER.size + 2 * positions + VOTES.size
        f.flags(state.crowned, CHARACTER)
        if state.options["ambition"]:
            f.flags(state.offers[seat], AMBITIONS)
            f.one_hot(state.chosen[seat], AMBITIONS)
            f.flags((k for k, p in enumerate(order) if state.chosen[p] is not None), everyone)
        else:  # without the variant: its slots only
            f.size += 2 * AMBITIONS.size + positions
        f.one_hot("over" if state.over else state.stage, PHASES)
        return f


def _state_locations(f: Features, where: Mapping[str, str]) -> None:
    """``f.one_hot(where[c], LOCATIONS)`` for every character, written out
    (a hot path: 13 one-hots a step)."""
    start, width, pos, values = f.size, LOCATIONS.size, LOCATIONS.pos, f.values
    for i, c in enumerate(CHARACTERS):
        k = pos.get(where[c])
        if k is not None:
            values[start + i * width + k] = 1.0
    f.size += width * len(CHARACTERS)


def _locations(c: Mapping[str, Any]) -> dict[str, str]:
    """Each character's location, from the view's castle."""
    out: dict[str, str] = {}
    for level in range(TOP_FLOOR + 1):
        out.update(dict.fromkeys(c["floors"][level], castle.floor(level)))
    for kind, make in (("wc", castle.wc), ("dungeons", castle.dungeon)):
        for level, who in c[kind].items():
            if who is not None:
                out[who] = make(int(level))
    out.update(dict.fromkeys(c["box"], castle.BOX))
    out.update(dict.fromkeys(c["unplaced"], castle.OFF))
    for key, loc in (("throne", castle.THRONE), ("consort", castle.CONSORT)):
        if c[key] is not None:
            out[c[key]] = loc
    return out


def _position(f: Features, view: Mapping[str, Any], p: int) -> None:
    card = view["favoris"][p]
    f.number(card is not None)
    f.flags(card["characters"] if card else (), PRETENDER)
    f.one_hot(card["sealed"] if card else None, PRETENDER)
    f.counts(view["hands"][p], VOTES, 4)
    f.number(view["scores"][p] - START_SCORE, 20)


def _vote(f: Features, vote: Mapping[str, Any] | None, order: list[int]) -> None:
    v = vote or {"candidate": None, "voters": [], "voted": [], "mine": None}
    f.one_hot(v["candidate"], CHARACTER)
    f.flags((order.index(s) for s in v["voters"]), seats(len(order)))
    f.flags((order.index(s) for s in v["voted"]), seats(len(order)))
    f.one_hot(v["mine"], VOTES)


def _ambitions(f: Features, ambitions: list[dict[str, Any]] | None, seat: int,
               order: list[int]) -> None:
    """One's own Ambition cards and choice, and who has chosen (zeros without the variant)."""
    mine = ambitions[seat] if ambitions else {"offered": None, "chosen": None}
    f.flags(mine["offered"] or (), AMBITIONS)
    f.one_hot(mine["chosen"], AMBITIONS)
    f.flags((k for k, p in enumerate(order) if ambitions and ambitions[p]["has_chosen"]),
            seats(len(order)))


ENCODING = ViveLeRoiEncoding()
