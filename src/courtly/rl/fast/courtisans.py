"""Courtisans' fast engine (courtly.rl.fast): the rules of
:mod:`courtly.games.courtisans.rules` on numbers, for the research
environments.

Cards are their places in the encoding's ``CARDS``; a spot is 0 or 1 (above
or below the Queen's table) or 2 + s (seat s's domain) and holds its face-up
cards as ``{card: count}`` and its face-down Spies as ``(family, placer)``;
the menu is the action numbers of the game's numbering. The deal is the
game's own (its ``new_game`` from the seed), the score at the end too (its
``result`` on the final table): this engine only plays the cards between
them, rule for rule as the game's engine does ("Your turn", "The roles",
"The end of the game"), and writes each seat's observation as the game's
encoding does (``CourtisansEncoding.observe_state``), number for number.
``tests/test_rl_fast.py`` checks both against the game's engine.
"""

from __future__ import annotations

import functools
from array import array
from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np

from courtly.core import Numbering, Result, State
from courtly.games.courtisans import encoding as E
from courtly.games.courtisans.actions import (
    ABOVE,
    BELOW,
    DOMAIN,
    QUEEN,
    SIDES,
    Decline,
    Eliminate,
    Take,
)
from courtly.games.courtisans.cards import (
    ASSASSIN,
    CONFIDANT,
    DIPLOMAT,
    FAMILIES,
    GUARD,
    HAND_SIZE,
    SPY,
    Card,
)
from courtly.games.courtisans.missions import MISSIONS
from courtly.games.courtisans.rules import CourtisansState, _aimed, _play
from courtly.rl.fast.table import FastTable as BaseTable
from courtly.rl.fast.table import zeros as _zeros

#: Each card's Card, family's place, role and weight at the Queen's table.
CARD = [Card(f, r) for f, r in E.CARDS.values]
FAMILY_OF = [E.FAMILY.pos[c.family] for c in CARD]
ROLE_OF = [c.role for c in CARD]
WEIGHT = [c.weight for c in CARD]
#: Each family's Spy card.
SPY_OF = [E.CARDS.pos[f, SPY] for f in FAMILIES]
#: The areas of a turn as bits of ``used`` ("one card per area").
USED_QUEEN, USED_OWN, USED_OTHER = 1, 2, 4
_USED_SLOTS = ((USED_QUEEN, E.USED.pos["queen"]), (USED_OWN, E.USED.pos["own"]),
               (USED_OTHER, E.USED.pos["other"]))
#: The Confidant's follow-up: none, the Queen's table, else the domain's owner.
NO_FOLLOW, FOLLOW_QUEEN = -2, -1
ELIMINATE, TAKE = "eliminate", "take"
#: A target's side: above, below, or none (a domain).
NO_SIDE = 2
#: k face-down Spies of one's own family on a spot, as the encoding adds them up.
KNOWN = [sum(1 / 3 for _ in range(k)) for k in range(E.MAX_SPIES + 1)]


class Numbers(NamedTuple):
    """One configuration's action numbers: each card played on each spot
    (-1 where the deck has no such card), each power's target by side (a
    face-up card, or the k-th face-down Spy), Decline; and what each number
    does."""

    play: list[list[int]]
    aim: dict[str, list[list[int]]]
    aim_spy: dict[str, list[list[int]]]
    decline: int
    does: list[tuple[Any, ...]]


def numbers(numbering: Numbering, n: int, expansion: bool) -> Numbers:
    """The configuration's :class:`Numbers`, read from its numbering (so the
    same numbers as the game's environments)."""
    roles = E.roles_of({"expansion": expansion})
    spots = [(QUEEN, side, None) for side in SIDES] + [(DOMAIN, None, s) for s in range(n)]
    play = [[-1] * len(spots) for _ in CARD]
    does: list[tuple[Any, ...]] = [()] * numbering.size
    for card, c in enumerate(CARD):
        if c.role in roles:
            for spot, (area, side, owner) in enumerate(spots):
                k = play[card][spot] = numbering.index(_play(c.family, c.role, area, side, owner))
                does[k] = ("play", card, spot)
    aim: dict[str, list[list[int]]] = {}
    aim_spy: dict[str, list[list[int]]] = {}
    powers = (ELIMINATE, TAKE) if expansion else (ELIMINATE,)
    for power in powers:
        make = Eliminate if power == ELIMINATE else Take
        aim[power] = [[-1] * len(CARD) for _ in range(3)]
        aim_spy[power] = [[] for _ in range(3)]
        for side_code, side in enumerate((*SIDES, None)):
            for card, c in enumerate(CARD):
                if c.role in roles:
                    k = aim[power][side_code][card] = numbering.index(
                        _aimed(make, side, c.family, c.role, None))
                    does[k] = ("aim", power, side_code, card, -1)
            for spy in range(E.MAX_SPIES):
                k = numbering.index(_aimed(make, side, None, None, spy))
                aim_spy[power][side_code].append(k)
                does[k] = ("aim", power, side_code, -1, spy)
    decline = numbering.index(Decline())
    does[decline] = ("decline",)
    return Numbers(play, aim, aim_spy, decline, does)


class Pending(NamedTuple):
    """A power waiting for its player's choice (the rules' ``Pending``):
    the power, whether at the Queen's table, the domain's owner, the card
    played, its side (0, 1, or :data:`NO_SIDE`)."""

    power: str
    queen: bool
    owner: int | None
    card: int
    side: int


class FastCourtisans:
    """A game of Courtisans as numbers (see the module docstring), dealt by
    the game's own engine: ``dealt`` is its new game, kept to score the end."""

    def __init__(self, dealt: CourtisansState, table: Numbers) -> None:
        n = self.num_players = dealt.num_players
        self.dealt, self.numbers = dealt, table
        pos = E.CARDS.pos
        self.hands = [[pos[c] for c in hand] for hand in dealt.hands]
        self.deck = [pos[c] for c in dealt.deck]
        self.counts: list[dict[int, int]] = [{} for _ in range(2 + n)]
        self.spies: list[list[tuple[int, int]]] = [[] for _ in range(2 + n)]
        self.missions = [[E.MISSION_IDS.pos[MISSIONS[m].id] for m in dealt.missions[s]]
                         for s in range(n)]
        self.opponents = [dealt.opponents(s) for s in range(n)]
        self.current = dealt.current
        self.used = 0
        self.follow = NO_FOLLOW
        self.pending: Pending | None = None
        self.over = False
        self.record: list[tuple[int, int]] = []
        self._menu: list[int] | None = None
        self._legal: frozenset[int] | None = None
        #: The observation's parts kept (:meth:`observe`): each spot's but
        #: the Spies' families (the Queen's two sides share one), and those
        #: by seat; each hand's; each seat's Missions.
        self.free: list[tuple[bytes, ...] | None] = [None] * (2 + n)
        self.known: list[dict[int, bytes]] = [{} for _ in range(2 + n)]
        self.hand_bytes: list[bytes | None] = [None] * n
        self.mission_bytes = [_missions_bytes(m) for m in self.missions]

    # ----- what the environments read ---------------------------------------
    def due(self) -> int | None:
        """The seat to play (Courtisans has no window); None once over."""
        return None if self.over else self.current

    def acting(self) -> list[int]:
        """The seat to play; [] once over."""
        return [] if self.over else [self.current]

    def menu(self, seat: int) -> list[int]:
        """The seat's legal actions' numbers (the rules' ``_legal_actions``)."""
        if seat != self.current:
            return []
        menu = self._menu
        if menu is None:
            if self.over:
                menu = []
            elif self.pending is not None:
                menu = [self.numbers.decline, *self._targets(self.pending)]
            else:
                spots = self._open_spots(self.current)
                play = self.numbers.play
                menu = [play[card][spot] for card in set(self.hands[self.current])
                        for spot in spots]
            self._menu = menu
        return menu

    def mark(self, seat: int, mask: np.ndarray) -> None:
        """Set ``mask`` to 1 at the seat's menu's numbers (``Table.mask``)."""
        mask.put(self.menu(seat), 1)

    def is_legal(self, seat: int, number: int) -> bool:
        """Whether ``number`` is in the seat's menu."""
        if seat != self.current:
            return False
        legal = self._legal
        if legal is None:
            legal = self._legal = frozenset(self.menu(seat))
        return number in legal

    def _open_spots(self, seat: int) -> list[int]:
        """Where the next card may go: the rules' ``_open_areas``."""
        used, follow = self.used, self.follow
        spots = [0, 1] if not used & USED_QUEEN or follow == FOLLOW_QUEEN else []
        if not used & USED_OWN or follow == seat:
            spots.append(2 + seat)
        for other in self.opponents[seat]:
            if not used & USED_OTHER or follow == other:
                spots.append(2 + other)
        return spots

    def _targets(self, p: Pending) -> list[int]:
        """Every other card the power may reach, but a Guard; face-down Spies
        included (the rules' ``_targets``)."""
        out: list[int] = []
        aim, aim_spy = self.numbers.aim[p.power], self.numbers.aim_spy[p.power]
        places = ((0, 0), (1, 1)) if p.queen else ((2 + (p.owner or 0), NO_SIDE),)
        for spot, side in places:
            numbers = aim[side]
            for card, count in self.counts[spot].items():
                if ROLE_OF[card] != GUARD and count - (card == p.card and side == p.side) > 0:
                    out.append(numbers[card])
            out += aim_spy[side][:len(self.spies[spot])]
        return out

    # ----- play -------------------------------------------------------------
    def apply(self, seat: int, number: int) -> None:
        """Apply the current seat's action ``number`` (in its menu)."""
        does = self.numbers.does[number]
        if does[0] == "play":
            self._play(seat, does[1], does[2])
        elif does[0] == "aim":
            self._use_power(seat, does[1], does[2], does[3], does[4])
        else:
            self.pending = None
        self.record.append((seat, number))
        self._menu = self._legal = None
        if self.pending is None and not self.hands[seat]:
            self._end_turn(seat)

    def _play(self, seat: int, card: int, spot: int) -> None:
        """Place a card (the rules' ``_play``)."""
        self.hands[seat].remove(card)
        self.hand_bytes[seat] = None
        self.used |= USED_QUEEN if spot < 2 else USED_OWN if spot == 2 + seat else USED_OTHER
        role = ROLE_OF[card]
        self.follow = (FOLLOW_QUEEN if spot < 2 else spot - 2) if role == CONFIDANT \
            else NO_FOLLOW
        self._changed(spot, role == SPY)
        if role == SPY:
            self.spies[spot].append((FAMILY_OF[card], seat))
        else:
            cards = self.counts[spot]
            cards[card] = cards.get(card, 0) + 1
        power = ELIMINATE if role == ASSASSIN else \
            TAKE if role == DIPLOMAT and spot != 2 + seat else None
        if power is not None:
            pending = Pending(power, spot < 2, None if spot < 2 else spot - 2, card,
                              spot if spot < 2 else NO_SIDE)
            if self._targets(pending):
                self.pending = pending

    def _use_power(self, seat: int, power: str, side: int, card: int, spy: int) -> None:
        """Eliminate or take the target (the rules' ``_use_power``)."""
        p = self.pending
        assert p is not None
        spot = side if side < 2 else 2 + (p.owner or 0)
        self._changed(spot, spy >= 0)
        if power == TAKE:
            self._changed(2 + seat, spy >= 0)
        if spy >= 0:
            taken = self.spies[spot].pop(spy)
            if power == TAKE:
                self.spies[2 + seat].append(taken)
        else:
            cards = self.counts[spot]
            cards[card] -= 1
            if not cards[card]:
                del cards[card]
            if power == TAKE:
                mine = self.counts[2 + seat]
                mine[card] = mine.get(card, 0) + 1
        self.pending = None

    def _end_turn(self, seat: int) -> None:
        """Draw three cards unless the deck is empty; the next seat plays
        (the rules' ``_end_turn``)."""
        self.used = 0
        self.follow = NO_FOLLOW
        if self.deck:
            self.hands[seat].extend([self.deck.pop() for _ in range(HAND_SIZE)])
            self.hand_bytes[seat] = None
        self.current = (seat + 1) % self.num_players
        if not any(self.hands):
            self._finish()

    def _finish(self) -> None:
        """The Spies turn face up where they lie (the rules' ``_finish``)."""
        for spot, spies in enumerate(self.spies):
            self._changed(spot, True)
            cards = self.counts[spot]
            for family, _ in spies:
                card = SPY_OF[family]
                cards[card] = cards.get(card, 0) + 1
            spies.clear()
        self.over = True

    def result(self) -> Result:
        """The game's own score of the final table."""
        state = self.dealt
        state.queen = {side: Counter({CARD[c]: k for c, k in self.counts[i].items()})
                       for i, side in enumerate(SIDES)}
        state.domains = [Counter({CARD[c]: k for c, k in cards.items()})
                         for cards in self.counts[2:]]
        state.queen_spies = {ABOVE: [], BELOW: []}
        state.domain_spies = [[] for _ in range(self.num_players)]
        state.hands = [[] for _ in range(self.num_players)]
        state.deck = []
        state.over = True
        return state.result()

    # ----- observation ------------------------------------------------------
    def _changed(self, spot: int, spies: bool) -> None:
        """Forget the observation's parts kept for ``spot`` (the Queen's two
        sides are one part), and its Spies' families if ``spies`` changed."""
        self.free[0 if spot < 2 else spot] = None
        if spies:
            self.known[spot] = {}

    def observe(self, seat: int) -> np.ndarray:
        """``dense(ENCODING.observe_state(state, seat))`` of the game's engine
        at the same position: its layout (``_layout``), slot for slot. Made
        of parts kept as float32 bytes until their spot (or hand) changes:
        one's hand; the Queen's table, its weights and the statuses; each
        domain; and, apart, the families of one's own face-down Spies on
        each spot; one's Missions; the rest, kept by its values."""
        n = self.num_players
        hand = self.hand_bytes[seat]
        if hand is None:
            hand = self.hand_bytes[seat] = _hand_bytes(self.hands[seat])
        queen = self.free[0]
        if queen is None:
            queen = self.free[0] = self._queen_bytes()
        spies = self.spies
        parts = [hand, queen[0], self._known(0, seat) if spies[0] else _NONE_KNOWN, queen[1],
                 self._known(1, seat) if spies[1] else _NONE_KNOWN, queen[2]]
        kept = self.free
        for k in range(n):
            spot = 2 + (seat + k) % n
            free = kept[spot]
            if free is None:
                free = kept[spot] = (_spot_bytes(self.counts[spot], spies[spot]),)
            parts += (free[0], self._known(spot, seat) if spies[spot] else _NONE_KNOWN)
        parts += (self.mission_bytes[seat], self._rest_bytes(seat, n))
        return _frombuffer(bytearray().join(parts), _FLOAT32)

    def _known(self, spot: int, seat: int) -> bytes:
        """The families of the seat's own face-down Spies on ``spot`` (which has some)."""
        spies = self.spies[spot]
        known = self.known[spot]
        part = known.get(seat)
        if part is None:
            out = array("f", _NONE_KNOWN)
            for family, k in Counter(f for f, placer in spies if placer == seat).items():
                out[family] = KNOWN[k]
            part = known[seat] = out.tobytes()
        return part

    def _queen_bytes(self) -> tuple[bytes, bytes, bytes]:
        """The two sides of the Queen's table, their weights and the
        statuses, but the families of one's own Spies: three pieces around
        those two."""
        weights = [[0] * E.FAMILY.size, [0] * E.FAMILY.size]
        size = 2 * (E.SPOT + E.FAMILY.size) + 3 * E.FAMILY.size
        out = array("f", _zeros(size))
        start = 0
        for i in (0, 1):
            mine = weights[i]
            for card, count in self.counts[i].items():
                if count:
                    out[start + card] = count / 3
                mine[FAMILY_OF[card]] += count * WEIGHT[card]
            if self.spies[i]:
                out[start + E.CARDS.size] = len(self.spies[i]) / 3
            start += E.SPOT
            for family, weight in enumerate(mine):
                if weight:
                    out[start + family] = weight / 10
            start += E.FAMILY.size
        for family, up in enumerate(weights[0]):
            down = weights[1][family]
            out[start + 3 * family + (E._ESTEEMED if up > down else E._DISGRACED if down > up
                                      else E._NEUTRAL)] = 1.0
        data = out.tobytes()
        known, second = 4 * (E.CARDS.size + 1), 4 * (E.SPOT + E.FAMILY.size)
        return data[:known], data[4 * E.SPOT:second + known], data[second + 4 * E.SPOT:]

    def _rest_bytes(self, seat: int, n: int) -> bytes:
        """The rest, kept by everything it reads."""
        key = (seat, len(self.deck), tuple(map(len, self.hands)), self.current, self.used,
               self.follow, self.pending, self.over)
        part = _RESTS.get(key)
        if part is None:
            if len(_RESTS) >= 4096:
                _RESTS.clear()
            part = _RESTS[key] = self._rest(seat, n)
        return part

    def _rest(self, seat: int, n: int) -> bytes:
        """The deck, the hands' sizes, whose turn, the areas used, the
        Confidant's follow-up, the power waiting, the phase."""
        at = E._layout(n)
        base = at.deck
        out = array("f", _zeros(at.size - base))
        if self.deck:
            out[0] = len(self.deck) / 100
        for k in range(n):
            size = len(self.hands[(seat + k) % n])
            if size:
                out[1 + k] = size / 3
        out[at.current - base + (self.current - seat) % n] = 1.0
        for bit, slot in _USED_SLOTS:
            if self.used & bit:
                out[at.used - base + slot] = 1.0
        follow = self.follow
        if follow != NO_FOLLOW:
            start = at.used - base + E.USED.size
            if follow == FOLLOW_QUEEN:
                out[start + E.AREAS.pos[QUEEN]] = 1.0
            else:
                out[start + E.AREAS.pos[DOMAIN]] = 1.0
                out[start + E.AREAS.size + (follow - seat) % n] = 1.0
        p = self.pending
        if p is not None:
            _pending(out, at.pending - base, p, seat, n)
        if not self.over:
            out[at.phase - base + E.PHASES.pos[p.power if p is not None else "play"]] = 1.0
        return out.tobytes()


def _missions_bytes(slots: list[int]) -> bytes:
    """One's Missions."""
    out = array("f", _zeros(E.MISSION_IDS.size))
    for slot in slots:
        out[slot] = 1.0
    return out.tobytes()


def _hand_bytes(hand: list[int]) -> bytes:
    """One's hand, counted."""
    out = array("f", _zeros(E.CARDS.size))
    for card in hand:
        out[card] += 1.0
    return out.tobytes()


def _spot_bytes(cards: Mapping[int, int], spies: list[tuple[int, int]]) -> bytes:
    """A domain's face-up cards and number of face-down Spies."""
    out = array("f", _zeros(E.CARDS.size + 1))
    for card, count in cards.items():
        if count:
            out[card] = count / 3
    if spies:
        out[E.CARDS.size] = len(spies) / 3
    return out.tobytes()


def _pending(out: array, start: int, p: Pending, seat: int, n: int) -> None:
    """The power waiting: its kind, area, domain's owner, side, card."""
    out[start + E.POWERS.pos[p.power]] = 1.0
    start += E.POWERS.size
    out[start + E.AREAS.pos[QUEEN if p.queen else DOMAIN]] = 1.0
    start += E.AREAS.size
    if p.owner is not None:
        out[start + (p.owner - seat) % n] = 1.0
    start += n
    if p.side != NO_SIDE:
        out[start + E.SIDE.pos[SIDES[p.side]]] = 1.0
    start += E.SIDE.size
    card = CARD[p.card]
    out[start + E.FAMILY.pos[card.family]] = 1.0
    out[start + E.FAMILY.size + E.ROLE.pos[card.role]] = 1.0


_frombuffer, _FLOAT32 = np.frombuffer, np.float32
#: No family known: a spot without one's own face-down Spies.
_NONE_KNOWN = bytes(4 * E.FAMILY.size)
#: The observations' rests, by everything they read (any game's; emptied
#: when it holds 4096: a bound, not a policy).
_RESTS: dict[tuple[Any, ...], bytes] = {}


class FastTable(BaseTable):
    """The environments' table on :class:`FastCourtisans` (see
    :class:`~courtly.rl.fast.table.FastTable`)."""

    @functools.cached_property
    def action_numbers(self) -> Numbers:
        """This configuration's :class:`Numbers`."""
        return numbers(self.numbering, self.num_players, bool(self.options["expansion"]))

    def engine(self, dealt: State) -> FastCourtisans:
        """Courtisans' fast engine of the game ``dealt``."""
        assert isinstance(dealt, CourtisansState)
        return FastCourtisans(dealt, self.action_numbers)
