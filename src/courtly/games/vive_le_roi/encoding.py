"""Vive le Roi ! for research tools (docs/research.md): every action numbered
once per configuration, and a view as numbers.

Numbering: each pretender placed on floors 1-4; each character climbing,
entering or leaving a WC; the three vote cards; with "L'Ambition", each of
the 16 Ambition cards kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from courtly.core import Features, Index, Numbering, block, seats
from courtly.games.vive_le_roi import castle
from courtly.games.vive_le_roi.actions import ChooseAmbition, Climb, EnterWC, LeaveWC, Place, Vote
from courtly.games.vive_le_roi.ambitions import AMBITION_IDS
from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    DUNGEON_ORDER,
    FAVORIS,
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
        cards it may see, its own vote and Ambition cards.

        Written out against :func:`_layout`'s fixed places, each slot set
        once (a hot path: one call a step in the research environments)."""
        n, positions = state.num_players, state.positions
        at = _layout(positions)
        f = Features()
        f.size = at.size
        values = f.values
        where, pos = state.where, LOCATIONS.pos
        for i, c in enumerate(CHARACTERS):
            k = pos.get(where[c])
            if k is not None:
                values[i * LOCATIONS.size + k] = 1.0
        # the positions from the seat's chair round, the Emissaries after the seats
        order = [(seat + k) % n for k in range(n)] + list(range(n, positions))
        start = at.positions
        hands, holder_of, totals, favoris = state.hands, state.holder_of, state.totals, \
            state.favoris
        shown = state.public or state.over
        for p in order:
            if p == seat or p >= n or shown:  # state.favoris_visible(p, seat)
                for k in FAVORIS_SLOTS[favoris[p]]:
                    values[start + k] = 1.0
            for card, count in hands[holder_of[p]].items():
                k = VOTES.pos.get(card)
                if k is not None and count:
                    values[start + _HAND + k] = count / 4
            score = totals[p] - START_SCORE
            if score:
                values[start + _SCORE] = score / 20
            start += POSITION
        k = ROUND.pos.get(min(state.round + 1, ROUNDS))
        if k is not None:
            values[at.round + k] = 1.0
        values[at.first + _place(state.first, seat, n)] = 1.0
        stage = state.stage
        if stage in (PLACEMENT, PLAY):
            values[at.current + _place(state.current, seat, n)] = 1.0
        left = state.to_place - state.placed
        if left:
            values[at.current + positions] = left / len(PRETENDERS)
        if stage == VOTE:
            _vote_state(values, at.vote, state, seat, n, positions)
        for c in state.crowned:
            values[at.crowned + CHARACTER.pos[c]] = 1.0
        if state.options["ambition"]:
            _ambitions_state(values, at.crowned + CHARACTER.size, state, seat, order)
        if not state.over:
            k = PHASES.pos.get(stage)
            if k is not None:
                values[at.phase + k] = 1.0
        return f


#: One position's slots: whether its Favoris card is seen, the card's
#: characters, its sealed one, the vote cards, the score.
POSITION = 1 + 2 * PRETENDER.size + VOTES.size + 1
_HAND = 1 + 2 * PRETENDER.size
_SCORE = _HAND + VOTES.size
#: Each Favoris card's slots within a position's (the card seen, its
#: characters, its sealed one).
FAVORIS_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    (0, *(1 + PRETENDER.pos[c] for c in card.characters if c in PRETENDER.pos),
     *((1 + PRETENDER.size + PRETENDER.pos[card.sealed],) if card.sealed in PRETENDER.pos
       else ()))
    for card in FAVORIS)


class _Layout(NamedTuple):
    """Where each part of :meth:`ViveLeRoiEncoding.observe` starts."""

    positions: int
    round: int
    first: int
    current: int
    vote: int
    crowned: int
    phase: int
    size: int


@cache
def _layout(positions: int) -> _Layout:
    start = len(CHARACTERS) * LOCATIONS.size
    round_ = start + positions * POSITION
    first = round_ + ROUND.size
    current = first + positions
    vote = current + positions + 1
    crowned = vote + CHARACTER.size + 2 * positions + VOTES.size
    phase = crowned + CHARACTER.size + 2 * AMBITIONS.size + positions
    return _Layout(start, round_, first, current, vote, crowned, phase, phase + PHASES.size)


def _place(p: int, seat: int, n: int) -> int:
    """Position ``p`` from ``seat``'s chair round (the Emissaries after the seats)."""
    return (p - seat) % n if p < n else p


def _vote_state(values: dict[int, float], start: int, state: ViveLeRoiState, seat: int,
                n: int, positions: int) -> None:
    """:func:`_vote` from the state: the candidate, the voters, who has voted, one's card."""
    if state.candidate is not None:
        values[start + CHARACTER.pos[state.candidate]] = 1.0
    start += CHARACTER.size
    votes = state.votes
    for s in state.voters:
        values[start + _place(s, seat, n)] = 1.0
        if s in votes:
            values[start + positions + _place(s, seat, n)] = 1.0
    mine = votes.get(seat)
    if mine is not None:
        values[start + 2 * positions + VOTES.pos[mine]] = 1.0


def _ambitions_state(values: dict[int, float], start: int, state: ViveLeRoiState,
                     seat: int, order: list[int]) -> None:
    """:func:`_ambitions` from the state: one's own Ambition cards and choice,
    and who has chosen."""
    for card in state.offers[seat]:
        values[start + AMBITIONS.pos[card]] = 1.0
    start += AMBITIONS.size
    mine = state.chosen[seat]
    if mine is not None:
        values[start + AMBITIONS.pos[mine]] = 1.0
    start += AMBITIONS.size
    chosen = state.chosen
    for k, p in enumerate(order):
        if chosen[p] is not None:
            values[start + k] = 1.0


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
