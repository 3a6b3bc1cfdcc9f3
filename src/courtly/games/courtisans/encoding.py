"""Courtisans for research tools (docs/research.md): every action numbered
once per configuration, and a view as numbers.

Numbering: every card of the deck placed at each spot (the Queen's table
above or below, each seat's domain); the Assassin's and the Diplomat's
targets (a face-up card on a side, or the k-th face-down Spy of a spot: at
most the 12 Spies of the box); Decline.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from courtly.core import Block, Features, Index, Numbering, block, joint, seats
from courtly.core.encoding import relative
from courtly.games.courtisans.actions import (
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
)
from courtly.games.courtisans.missions import MISSIONS

if TYPE_CHECKING:
    from courtly.games.courtisans.cards import Card
    from courtly.games.courtisans.rules import CourtisansState, Spy

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
        hand and Missions, and the families of the Spies it placed."""
        f = Features()
        n = state.num_players
        hand: dict[tuple[str, str], int] = {}
        for card in state.hands[seat]:
            hand[card] = hand.get(card, 0) + 1
        f.counts(hand, CARDS)
        weights = state.queen_weights()
        values = f.values
        for side in SIDES:
            _state_spot(f, state.queen[side], state.queen_spies[side], seat)
            start = f.zeros(len(FAMILIES))  # f.numbers, written out: a hot path
            for i, fam in enumerate(FAMILIES):
                weight = weights[fam][side]
                if weight:
                    values[start + i] = weight / 10
        statuses = state.statuses(weights)
        start, width = f.zeros(len(FAMILIES) * STATUSES.size), STATUSES.size
        for i, fam in enumerate(FAMILIES):  # f.one_hot for each family, written out
            values[start + i * width + STATUSES.pos[statuses[fam]]] = 1.0
        for k in range(n):
            other = (seat + k) % n
            _state_spot(f, state.domains[other], state.domain_spies[other], seat)
        f.flags((MISSIONS[m].id for m in state.missions[seat]), MISSION_IDS)
        f.number(len(state.deck), 100)
        f.numbers((len(state.hands[(seat + k) % n]) for k in range(n)), 3)
        everyone = seats(n)
        f.one_hot(relative(seat, state.current, n), everyone)
        f.flags(state.used, USED)
        follow = state.follow_up
        if follow is None:  # most steps: nothing to mark, the slots only
            f.size += AREAS.size + n
        else:
            f.flags([follow[0]], AREAS)
            f.one_hot(relative(seat, follow[1], n), everyone)
        p = state.pending
        if p is None:  # likewise
            f.size += POWERS.size + AREAS.size + n + SIDE.size + FAMILY.size + ROLE.size
        else:
            f.one_hot(p.power, POWERS)
            f.flags([p.area], AREAS)
            f.one_hot(relative(seat, p.owner, n), everyone)
            f.one_hot(p.side, SIDE)
            f.one_hot(p.card.family, FAMILY)
            f.one_hot(p.card.role, ROLE)
        f.one_hot("over" if state.over else state._phase_name(), PHASES)
        return f


def _state_spot(f: Features, cards: Mapping[Card, int], spies: list[Spy],
                seat: int) -> None:
    """:func:`_spot` from the state: only the Spies ``seat`` placed are known.
    Features' calls written out (a hot path: 2 + n spots a step)."""
    start, values, pos = f.size, f.values, CARDS.pos
    for card, count in cards.items():
        if count:
            values[start + pos[card]] = count / 3
    start += CARDS.size
    if spies:
        values[start] = len(spies) / 3
    start += 1
    for spy in spies:
        if spy.placer == seat:
            k = start + FAMILY.pos[spy.family]
            values[k] = values.get(k, 0.0) + 1 / 3
    f.size = start + FAMILY.size


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
