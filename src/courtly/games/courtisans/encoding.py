"""Courtisans for research tools (docs/research.md): every action numbered
once per configuration, and a view as numbers.

Numbering: every card of the deck placed at each spot (the Queen's table
above or below, each seat's domain); the Assassin's and the Diplomat's
targets (a face-up card on a side, or the k-th face-down Spy of a spot: at
most the 12 Spies of the box); Decline.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from courtly.core import Block, Features, Index, Numbering, block, joint, seats
from courtly.core.encoding import relative
from courtly.games.courtisans.actions import (
    ABOVE,
    BELOW,
    DOMAIN,
    QUEEN,
    SIDES,
    Decline,
    Eliminate,
    Play,
    Take,
)
from courtly.games.courtisans.cards import (
    BASE_PER_FAMILY,
    EXPANSION_PER_FAMILY,
    FAMILIES,
    ROLES,
    SPY,
    Card,
)
from courtly.games.courtisans.missions import DISGRACED, ESTEEMED, MISSIONS, NEUTRAL

if TYPE_CHECKING:
    from courtly.games.courtisans.rules import CourtisansState, Pending, Spy

#: Face-down Spies one spot may hold: every Spy of the box.
MAX_SPIES = BASE_PER_FAMILY[SPY] * len(FAMILIES)
CARDS = Index((f, r) for f in FAMILIES for r in ROLES)
FAMILY = Index(FAMILIES)
ROLE = Index(ROLES)
STATUSES = Index(("esteemed", "neutral", "disgraced"))
PHASES = Index(("play", "eliminate", "take"))
MISSION_IDS = Index(MISSIONS)
USED = Index(("queen", "own", "other"))
AREAS = Index((QUEEN, DOMAIN))
POWERS = Index(("eliminate", "take"))
SIDE = Index(SIDES)


def roles_of(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The roles of this configuration's deck."""
    present = set(BASE_PER_FAMILY) | (set(EXPANSION_PER_FAMILY) if options["expansion"]
                                      else set())
    return tuple(r for r in ROLES if r in present)


class CourtisansEncoding:
    """The numbering and the observation (see the module docstring)."""

    def numbering(self, num_players: int, options: Mapping[str, Any]) -> Numbering:
        """Play, Eliminate, Take (with the expansion), Decline."""
        roles = roles_of(options)
        spots: list[tuple[str, str | None, int | None]] = [(QUEEN, side, None) for side in SIDES]
        spots += [(DOMAIN, None, owner) for owner in range(num_players)]
        targets: list[tuple[Any, ...]] = [(side, f, r, None) for side in (None, *SIDES)
                                          for f in FAMILIES for r in roles]
        targets += [(side, None, None, k) for side in (None, *SIDES) for k in range(MAX_SPIES)]
        aimed = joint(("side", "family", "role", "spy"), targets)
        blocks = [Block(Play, (*block(Play, family=FAMILIES, role=roles).fields,
                               joint(("area", "side", "owner"), spots))),
                  Block(Eliminate, (aimed,))]
        if options["expansion"]:
            blocks.append(Block(Take, (aimed,)))
        blocks.append(block(Decline))
        return Numbering(blocks)

    def observe(self, view: Mapping[str, Any]) -> Features:
        """The hand, the Queen's table, every domain (from the seat's chair
        round), one's Missions, the turn and the power waiting."""
        f = Features()
        seat, n = view["seat"], view["num_players"]
        f.counts(_counts(view["hand"] or []), CARDS)
        weights = view["queen_weights"]
        for side in SIDES:
            _spot(f, view["queen"][side], view["queen_spies"][side])
            f.numbers((weights[fam][side] for fam in FAMILIES), 10)
        statuses = view["statuses"]
        for fam in FAMILIES:
            f.one_hot(statuses[fam], STATUSES)
        domains = view["domains"]
        for k in range(n):
            domain = domains[(seat + k) % n]
            _spot(f, domain["cards"], domain["spies"])
        f.flags((m["id"] for m in view["missions"] or []), MISSION_IDS)
        f.number(view["deck_size"], 100)
        sizes = view["hand_sizes"]
        f.numbers((sizes[(seat + k) % n] for k in range(n)), 3)
        everyone = seats(n)
        f.one_hot(relative(seat, view["current"], n), everyone)
        turn = view["turn"]
        f.flags(turn["used"], USED)
        follow = turn["follow_up"] or [None, None]
        f.flags([follow[0]], AREAS)
        f.one_hot(relative(seat, follow[1], n), everyone)
        _pending(f, view["pending"], seat, n)
        f.one_hot(view["phase"], PHASES)
        return f

    def observe_state(self, state: CourtisansState, seat: int) -> Features:
        """``observe(state.view(seat))``, read from the state without building
        the view: exactly the same numbers (a test compares both on every
        position of many games), so still only what the seat sees: its own
        hand and Missions, and the families of the Spies it placed.

        Written out against :func:`_layout`'s fixed places, each slot set
        once (a hot path: one call a step in the research environments)."""
        n = state.num_players
        at = _layout(n)
        f = Features()
        f.size = at.size
        values = f.values
        card_slot, family_slot = CARD_SLOT, FAMILY.pos
        for card in state.hands[seat]:
            k = card_slot[card][0]
            values[k] = values.get(k, 0.0) + 1.0
        above, below = [0] * FAMILY.size, [0] * FAMILY.size
        for side, start, weights in ((ABOVE, at.queen[0], above), (BELOW, at.queen[1], below)):
            for card, count in state.queen[side].items():
                k, fam, weight = card_slot[card]
                if count:
                    values[start + k] = count / 3
                weights[fam] += count * weight
            spies = state.queen_spies[side]
            if spies:
                _spies(values, start + CARDS.size, spies, seat, family_slot)
            start += SPOT
            for fam, weight in enumerate(weights):
                if weight:
                    values[start + fam] = weight / 10
        start = at.statuses
        for fam, up in enumerate(above):
            down = below[fam]
            values[start + 3 * fam + (_ESTEEMED if up > down else _DISGRACED if down > up
                                      else _NEUTRAL)] = 1.0
        start = at.domains
        domains, domain_spies = state.domains, state.domain_spies
        for k in range(n):
            other = (seat + k) % n
            for card, count in domains[other].items():
                if count:
                    values[start + card_slot[card][0]] = count / 3
            spies = domain_spies[other]
            if spies:
                _spies(values, start + CARDS.size, spies, seat, family_slot)
            start += SPOT
        for m in state.missions[seat]:
            values[at.missions + MISSION_IDS.pos[MISSIONS[m].id]] = 1.0
        if state.deck:
            values[at.deck] = len(state.deck) / 100
        start = at.deck + 1
        hands = state.hands
        for k in range(n):
            size = len(hands[(seat + k) % n])
            if size:
                values[start + k] = size / 3
        values[at.current + (state.current - seat) % n] = 1.0
        for used in state.used:
            values[at.used + USED.pos[used]] = 1.0
        follow = state.follow_up
        if follow is not None:
            _follow_up(values, at.used + USED.size, follow, seat, n)
        p = state.pending
        if p is not None:
            _pending_state(values, at.pending, p, seat, n)
        if not state.over:
            values[at.phase + PHASES.pos[state._phase_name()]] = 1.0
        return f


#: Each card's place among CARDS, its family's among FAMILY, and its weight
#: at the Queen's table (a Noble counts as two).
CARD_SLOT: dict[tuple[str, str], tuple[int, int, int]] = {
    Card(fam, role): (CARDS.pos[fam, role], FAMILY.pos[fam], Card(fam, role).weight)
    for fam, role in CARDS.values}
#: One spot's slots: its face-up cards, its number of Spies, the families of
#: those the seat placed.
SPOT = CARDS.size + 1 + FAMILY.size
_ESTEEMED, _NEUTRAL, _DISGRACED = (STATUSES.pos[s] for s in (ESTEEMED, NEUTRAL, DISGRACED))


class _Layout(NamedTuple):
    """Where each part of :meth:`CourtisansEncoding.observe` starts, for n seats."""

    queen: tuple[int, int]
    statuses: int
    domains: int
    missions: int
    deck: int
    current: int
    used: int
    pending: int
    phase: int
    size: int


@cache
def _layout(n: int) -> _Layout:
    queen = (CARDS.size, CARDS.size + SPOT + FAMILY.size)
    statuses = queen[1] + SPOT + FAMILY.size
    domains = statuses + FAMILY.size * STATUSES.size
    missions = domains + n * SPOT
    deck = missions + MISSION_IDS.size
    current = deck + 1 + n
    used = current + n
    pending = used + USED.size + AREAS.size + n
    phase = pending + POWERS.size + AREAS.size + n + SIDE.size + FAMILY.size + ROLE.size
    return _Layout(queen, statuses, domains, missions, deck, current, used, pending, phase,
                   phase + PHASES.size)


def _spies(values: dict[int, float], start: int, spies: list[Spy], seat: int,
           family_slot: Mapping[str, int]) -> None:
    """A spot's number of face-down Spies at ``start``, then the families of
    those ``seat`` placed (the others' are hidden)."""
    if spies:
        values[start] = len(spies) / 3
        for spy in spies:
            if spy.placer == seat:
                k = start + 1 + family_slot[spy.family]
                values[k] = values.get(k, 0.0) + 1 / 3


def _follow_up(values: dict[int, float], start: int, follow: tuple[str, int | None],
               seat: int, n: int) -> None:
    """The Confidant's area, and its domain's owner from the seat's chair."""
    values[start + AREAS.pos[follow[0]]] = 1.0
    owner = relative(seat, follow[1], n)
    if owner is not None:
        values[start + AREAS.size + owner] = 1.0


def _pending_state(values: dict[int, float], start: int, p: Pending, seat: int,
                   n: int) -> None:
    """:func:`_pending` from the state's power waiting."""
    values[start + POWERS.pos[p.power]] = 1.0
    start += POWERS.size
    values[start + AREAS.pos[p.area]] = 1.0
    start += AREAS.size
    owner = relative(seat, p.owner, n)
    if owner is not None:
        values[start + owner] = 1.0
    start += n
    if p.side is not None:
        values[start + SIDE.pos[p.side]] = 1.0
    start += SIDE.size
    values[start + FAMILY.pos[p.card.family]] = 1.0
    values[start + FAMILY.size + ROLE.pos[p.card.role]] = 1.0


def _counts(cards: list[dict[str, str]]) -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for c in cards:
        key = (c["family"], c["role"])
        out[key] = out.get(key, 0) + 1
    return out


def _spot(f: Features, cards: Mapping[str, Mapping[str, int]], spies: list[str | None]) -> None:
    """A spot's face-up cards, its number of face-down Spies and the
    families of those the seat placed (the others' are hidden)."""
    start = f.zeros(CARDS.size)
    values, pos = f.values, CARDS.pos
    for fam, roles in cards.items():
        for role, count in roles.items():
            values[start + pos[fam, role]] = count / 3
    f.number(len(spies), 3)
    start = f.zeros(FAMILY.size)
    for known in spies:
        if known is not None:
            f.add(start + FAMILY.pos[known], 1 / 3)


def _pending(f: Features, pending: Mapping[str, Any] | None, seat: int, n: int) -> None:
    p = pending or {}
    f.one_hot(p.get("power"), POWERS)
    f.flags([p.get("area")], AREAS)
    f.one_hot(relative(seat, p.get("owner"), n), seats(n))
    f.one_hot(p.get("side"), SIDE)
    card = p.get("card") or {}
    f.one_hot(card.get("family"), FAMILY)
    f.one_hot(card.get("role"), ROLE)


ENCODING = CourtisansEncoding()
