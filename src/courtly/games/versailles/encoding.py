"""Courtisans de Versailles for research tools (docs/research.md): every
action a player may take numbered once per configuration, and a view as
numbers.

The numbering (per player count and options; blocks in this order):

- ``ChooseSex``: each sex with each of our family names (data/names.json).
  The set-up's menu offers a player his two sexes with the name drawn for
  his family, and the names drawn, or given in place of one a person took,
  are always ours (rules.py), so these 2 x 12 actions are every choice the
  menu makes. A person at a table may instead type a name of his own (§6,
  ``family_name_problem``): free text has no end of values, so it has no
  number. No research environment makes such a choice (its agents pick
  from the mask); a record in which a person did cannot be replayed
  through the numbering (OpenSpiel's ``deserialize_state`` raises
  KeyError), but plays on in courtly itself. The names are not in the
  observation either: they decide nothing but the forms of address.
- ``ChooseParty``: the three countries (§10.4).
- ``Pay``: each seat, each amount of 500 livres (``PAY_UNIT``) up to
  :func:`pay_bound`: a payment is at most the payer's fortune, and no
  fortune reaches the goal while the game goes on (the first to reach it
  wins at once, §1, §6: every gain checks it), so the most is the goal less
  500 livres (fortunes move by 500s; a Tribunal's fine of half may leave
  250s, which only lowers the most that can be paid): 59 amounts at 30,000,
  99 at 50,000.
- ``ShowCard``: each card type to each seat (§7.2).
- ``SetLocation``: Versailles or the hunt (§7.3); ``Draw`` (§7.41);
  ``TakeFromHouse``: each card type.
- ``PlayCard``: each card needing no request on each target it may ever
  reach, as the menus make them (``play.card_targets``: war cards on
  nobody, the others on each seat, death cards on the King or the Queen too).
- ``Request``: each request card (§8.1) for (a lettre de cachet: against)
  each seat, to the King or through the Queen (§8.3).
- The six audiences (§8.4): ``TakeOffice`` (each office for each seat or for
  the King's House), ``Marry`` (each seat), ``RemarryKing`` (each country),
  ``Intervene`` (each seat, each sovereign, well or ill), ``FreePrisoner``
  (each seat), ``RecallExile`` (each seat, each sovereign).
- ``GiveCards``: each card type to each seat, and each pair of types in
  the menu's order (sorted), a type twice only if the deck has two (§7.41).
- ``UsePower``: each office power with each of its uses, on nobody or on
  each seat (§9.5; some of these are never legal, kept so that the block
  is a plain product).
- ``Discard`` (each card type), ``EndTurn``, ``Done`` (a negotiator's, or
  the Grand Chamberlain letting breaches pass).
- ``Fine``: breaches numbered 0 to :data:`MAX_BREACH_IDS` - 1. A breach's
  number counts the referee's rulings of the game (``Breach``), which come
  only from a table's chat: the research environments have none (they apply
  no ruling but time-ups), so no Fine is ever legal there. For a state with
  rulings stepped by hand (a human table's record replayed in courtly, then
  encoded), the first 100 breaches of the game have numbers and a Fine of a
  later one raises KeyError. Any bound is our choice, since the rulings of
  a game have none; 100 keeps the block 1% to 3% of the numbering.

``Breach`` itself is the referee's ruling, with free words, and ``TimeUp``
the referee's too: neither is a player's action, neither is numbered (the
environments apply the referee's time-ups themselves).

3,411 actions (2 players, goal 30,000) to 13,145 (8 players), some 80% of
them gifts (1,364 bundles to each seat).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from courtly.core import Block, Done, Features, Index, Numbering, block, joint, seats
from courtly.core.encoding import count_slots, relative
from courtly.games.versailles.actions import (
    PAY_UNIT,
    POWER_USES,
    SEX_CHOICES,
    SOVEREIGNS,
    ChooseParty,
    ChooseSex,
    Discard,
    Draw,
    EndTurn,
    Fine,
    FreePrisoner,
    GiveCards,
    Intervene,
    Marry,
    Pay,
    PlayCard,
    RecallExile,
    RemarryKing,
    Request,
    SetLocation,
    ShowCard,
    TakeFromHouse,
    TakeOffice,
    UsePower,
)
from courtly.games.versailles.cards import COUNTRIES, DECK, KIND_OF
from courtly.games.versailles.courtier import (
    BASTILLE,
    COURT,
    DEAD,
    EXILE,
    MAX_STANDING,
    MIN_STANDING,
    WAITING,
)
from courtly.games.versailles.play import card_targets
from courtly.games.versailles.rules import (
    ACTIONS_PER_TURN,
    FAMILY_NAMES,
    HAND_LIMIT,
    LOCATION,
    NEGOTIATION,
    PARTY,
    PLAY,
    SEX,
)

if TYPE_CHECKING:
    import numpy as np

    from courtly.games.versailles.courtier import Courtier
    from courtly.games.versailles.rules import VersaillesState

#: Breach numbers a Fine is numbered for (see the module docstring).
MAX_BREACH_IDS = 100
#: Card types in the menus' order (sorted ids).
CARD_IDS: tuple[str, ...] = tuple(sorted(DECK.types))
REQUEST_CARDS = tuple(c for c in CARD_IDS if DECK[c].is_request)
PLAYED_CARDS = tuple(c for c in CARD_IDS if not DECK[c].is_request)
OFFICES = tuple(c for c in CARD_IDS if DECK[c].kind == "office")
#: One card, or two in sorted order (the same type twice if the deck has two).
BUNDLES: tuple[tuple[str, ...], ...] = (
    *((c,) for c in CARD_IDS),
    *((a, b) for i, a in enumerate(CARD_IDS) for b in CARD_IDS[i:]
      if a != b or DECK[a].count > 1))
BOOL = (False, True)

CARDS = Index(CARD_IDS)
OFFICE = Index(OFFICES)
COUNTRY = Index(COUNTRIES)
STAGES = Index((SEX, PARTY, NEGOTIATION, LOCATION, PLAY))
PLACES = Index((COURT, WAITING, DEAD, EXILE, BASTILLE))
COURT_LOCATIONS = Index(("versailles", "hunt", "war"))
SEXES = Index(SEX_CHOICES)
STANDINGS = Index(range(MIN_STANDING, MAX_STANDING + 1))
#: Scales of the observation's numbers.
DECK_SIZE = sum(t.count for t in DECK.types.values())
MAX_COPIES = max(t.count for t in DECK.types.values())


def pay_bound(options: Mapping[str, Any]) -> int:
    """The largest payment a configuration can offer: the goal less one
    unit (no fortune reaches the goal while the game goes on)."""
    return int(options["goal"]) - PAY_UNIT


class VersaillesEncoding:
    """The numbering and the observation (see the module docstring)."""

    def numbering(self, num_players: int, options: Mapping[str, Any]) -> Numbering:
        """Every action a player may take in this configuration."""
        players = range(num_players)
        targets = [(a.card, a.seat, a.sovereign) for card in PLAYED_CARDS
                   for a in card_targets(card, num_players)]
        powers = [(power, use, seat) for power, uses in POWER_USES.items() for use in uses
                  for seat in (None, *players)]
        return Numbering([
            block(ChooseSex, sex=SEX_CHOICES, family=FAMILY_NAMES),
            block(ChooseParty, party=COUNTRIES),
            block(Pay, to=players, amount=range(PAY_UNIT, pay_bound(options) + 1, PAY_UNIT)),
            block(ShowCard, to=players, card=CARD_IDS),
            block(SetLocation, place=("versailles", "hunt")),
            block(Draw),
            block(TakeFromHouse, card=CARD_IDS),
            Block(PlayCard, (joint(("card", "seat", "sovereign"), targets),)),
            block(Request, card=REQUEST_CARDS, seat=players, via_queen=BOOL),
            block(TakeOffice, office=OFFICES, to=(*players, None)),
            block(Marry, partner=players),
            block(RemarryKing, country=COUNTRIES),
            block(Intervene, seat=players, sovereign=SOVEREIGNS, good=BOOL),
            block(FreePrisoner, seat=players),
            block(RecallExile, seat=players, sovereign=SOVEREIGNS),
            block(GiveCards, to=players, cards=BUNDLES),
            Block(UsePower, (joint(("power", "use", "seat"), powers),)),
            block(Discard, card=CARD_IDS),
            block(EndTurn),
            block(Done),
            block(Fine, breach=range(MAX_BREACH_IDS)),
        ])

    def observe(self, view: Mapping[str, Any]) -> Features:
        """The court (location, wars, sovereigns, the King's House and the
        piles), the Register's lines and standings from the seat's chair
        round, one's hand, the turn with its phase, and the breaches
        awaiting the Grand Chamberlain."""
        f = Features()
        seat, n = view["seat"] or 0, view["num_players"]
        _court(f, view, seat, n)
        for k in range(n):
            _courtier(f, view["courtiers"][(seat + k) % n], seat, n, view["goal"])
        f.counts(_count(view["hand"] or ()), CARDS, MAX_COPIES)
        _turn(f, view, seat, n)
        return f

    def observe_state(self, state: VersaillesState, seat: int) -> Features:
        """``observe(state.view(seat))``, read from the state without building
        the view (its forms of address are most of a view's cost): exactly
        the same numbers (a test compares both on every position of many
        games), so of the hands only the seat's own and the others' sizes.

        Written out against :func:`_layout`'s fixed places (a hot path: one
        call a step in the research environments). Most parts stay the same
        from one step to the next: each is kept by everything it reads
        (:func:`_kept`), and copied out at C speed; the fortunes, the
        hands, the discards and the pile are written directly."""
        n = state.num_players
        at = _layout(n)
        f = Features()
        f.size = at.size
        values = f.values
        courtiers, hands, goal = state.courtiers, state.hands, state.options["goal"]
        lines, step, fortune_at, hand_at = at.lines, at.courtier, _FORTUNE, at.hand
        start = at.courtiers
        favourite = lover = None  # state.favourite() and state.lover(): the first seats
        for k in range(n):
            other = (seat + k) % n
            c = courtiers[other]
            key = (start, seat, c.sex, c.party, c.place, c.king, c.queen, c.spouse,
                   c.used_poison, c.used_philtre, c.generation, *c.cards)
            line = lines.get(key)
            if line is None:
                line = _line_slots(lines, key, c, start, seat, n)
            slots, holds_favourite, holds_lover = line
            values.update(slots)
            if holds_favourite and (favourite is None or other < favourite):
                favourite = other
            if holds_lover and (lover is None or other < lover):
                lover = other
            if c.fortune:
                values[start + fortune_at] = c.fortune / goal
            if hands[other]:
                values[start + hand_at] = len(hands[other]) / HAND_LIMIT
            start += step
        if hands[seat]:
            values.update(_card_slots(start, tuple(hands[seat])))
        _court_at(values, at, state, seat, favourite, lover)
        _turn_at(values, at, start + CARDS.size, state, seat, goal)
        return f

    def observe_array(self, state: VersaillesState, seat: int) -> np.ndarray:
        """``dense(observe(state.view(seat)))`` (courtly.rl.arrays), read
        from the state as :meth:`observe_state` reads it: exactly the same
        numbers (a test compares both on every position of many games), as a
        new float32 array, the caller's to keep or change.

        The layout is a run of parts (the court, the discards, each Register
        line, the hand, the turn), so the array is their float32 bytes
        joined: each part kept by everything it reads (:class:`_Blocks`),
        and the numbers that move at most steps (the fortunes, the hands'
        sizes, the pile, whose turn it is and its actions left) kept apart
        by their values. No dict of numbers and no number written one by
        one, and no numpy call but the last. (numpy arrays for the parts and
        one ``concatenate`` cost as much as the dict: each new part meant
        numpy calls.)"""
        n = state.num_players
        b = _blocks(n)
        courtiers, hands, goal = state.courtiers, state.hands, state.options["goal"]
        fortunes = b.fortunes.get(goal)
        if fortunes is None:
            fortunes = b.fortunes[goal] = {}
        lines, sizes, standing, no_standing = b.lines, _SIZES, _STANDING.get, _NO_STANDING
        parts: list[bytes] = [b"", *piles_bytes(state)]
        favourite = lover = None  # state.favourite() and state.lover(): the first seats
        for k in range(n):
            other = (seat + k) % n
            c = courtiers[other]
            # observe_state's key but the line's start (a line is the same
            # anywhere) and the standings (which move at most plays)
            key = (seat, c.sex, c.party, c.place, c.spouse, c.used_poison, c.used_philtre,
                   c.generation, *c.cards)
            line = lines.get(key)
            if line is None:
                line = _line_block(b, key, c, seat)
            fortune = fortunes.get(c.fortune)
            if fortune is None:
                fortune = fortunes[c.fortune] = _floats(c.fortune / goal)
            parts += (line[0], standing(c.king, no_standing), standing(c.queen, no_standing),
                      line[1], fortune, line[2], sizes[len(hands[other])])
            if line[3] and (favourite is None or other < favourite):
                favourite = other
            if line[4] and (lover is None or other < lover):
                lover = other
        parts[0] = court_bytes(b, state, seat, favourite, lover)
        parts.append(hand_bytes(b, hands[seat]))
        parts += turn_bytes(b, state, seat)
        return b.frombuffer(bytearray().join(parts), b.float32)


# :meth:`VersaillesEncoding.observe_array`'s parts but the Register's lines,
# each of them alone: Versailles' fast engine (courtly.rl.fast.versailles)
# writes again only those a move changed.
def court_bytes(b: _Blocks, state: VersaillesState, seat: int, favourite: int | None,
                lover: int | None) -> bytes:
    """The court's part (up to the discards), kept by what it reads
    (:func:`_court_key`); ``favourite`` and ``lover``: the first seats
    holding those cards (``state.favourite()``, ``state.lover()``)."""
    key = _court_key(state, seat, favourite, lover)
    court = b.court.get(key)
    if court is None:
        court = _kept(b.court, key, _slot_bytes(_court_slots(key, b.n), 0, b.discards))
    return court


def piles_bytes(state: VersaillesState) -> tuple[bytes, bytes]:
    """The discards' counts and the draw pile's size."""
    discard = tuple(state.discard)
    counts = _COUNTS.get(discard)
    if counts is None:
        counts = _counts_bytes(_COUNTS, discard)
    return counts, _PILES[len(state.pile)]


def hand_bytes(b: _Blocks, hand: list[str]) -> bytes:
    """The seat's own hand's counts."""
    held = tuple(hand)
    counts = b.hands.get(held)
    if counts is None:
        counts = _counts_bytes(b.hands, held)
    return counts


def turn_bytes(b: _Blocks, state: VersaillesState, seat: int) -> tuple[bytes, ...]:
    """The turn's part (after the hand, to the end), in its parts: whose
    turn it is and its actions left, which move at every action of a
    player-turn, apart from the rest (kept by :func:`_turn_key`)."""
    n = b.n
    turn_key = _turn_key(state, b.turn, seat, state.options["goal"])
    current, actions_left = turn_key[-2:]  # _turn_key keeps these two last
    rest = turn_key[:-2]
    turn = b.turns.get(rest)
    if turn is None:
        turn = _turn_block(b, rest)
    return (turn[0], b.seats[(current - seat) % n]
            if current is not None and current >= 0 else b.no_seat,
            b.actions.get(actions_left) or _floats(actions_left / ACTIONS_PER_TURN),
            turn[1],
            _breach_bytes(state.breaches, seat, n) if state.breaches else b.no_seat,
            _paid_bytes(b, state.payments, seat) if state.payments else b.no_payments,
            turn[2])


#: Where the court's parts start (:meth:`VersaillesEncoding.observe`'s order).
_WARS = COURT_LOCATIONS.size
_MINISTRY = _WARS + COUNTRY.size
_SOVEREIGNS = _MINISTRY + CARDS.size
#: A Register line's parts: sex, party, place, the two standings, the cards.
_LINE_INDEXES = (SEXES, COUNTRY, PLACES, STANDINGS, STANDINGS)
_LINE_CARDS = sum(index.size for index in _LINE_INDEXES)
#: Where each part of a line starts.
_SEX = SEXES.pos
_PARTY = {k: SEXES.size + v for k, v in COUNTRY.pos.items()}
_PLACE = {k: SEXES.size + COUNTRY.size + v for k, v in PLACES.pos.items()}
_KING = SEXES.size + COUNTRY.size + PLACES.size
_QUEEN = _KING + STANDINGS.size
_KING_AT = {k: _KING + v for k, v in STANDINGS.pos.items()}
_QUEEN_AT = {k: _QUEEN + v for k, v in STANDINGS.pos.items()}
#: A line's fortune, after its cards.
_FORTUNE = _LINE_CARDS + CARDS.size
#: The parts kept (:func:`_kept`) for each player count, of each
#: kind, before that memo is emptied.
_PARTS_KEPT = 4096

Slots = dict[int, float]
Line = tuple[Slots, bool, bool]
#: The payments' slots, and what each seat (from the observer's chair)
#: paid and received.
Paid = tuple[Slots, dict[int, int], dict[int, int]]


class _Layout(NamedTuple):
    """Where :meth:`VersaillesEncoding.observe`'s Register lines start, one
    line's size, where its hand's size is, and the whole size, for n seats;
    and the parts kept (:meth:`VersaillesEncoding.observe_state`): the
    Register's lines, the court's, the turn's, the payments'."""

    n: int
    courtiers: int
    courtier: int
    hand: int
    size: int
    lines: dict[tuple[Any, ...], Line]
    court: dict[tuple[Any, ...], Slots]
    turn: dict[tuple[Any, ...], Slots]
    paid: dict[tuple[Any, ...], Paid]


@cache
def _layout(n: int) -> _Layout:
    courtiers = _SOVEREIGNS + 3 + COUNTRY.size + 3 * n + 2 * CARDS.size + 1
    courtier = _LINE_CARDS + CARDS.size + 1 + n + 4
    turn = courtiers + n * courtier + CARDS.size
    size = turn + STAGES.size + 2 + 2 * n + 1 + n + 2 * OFFICE.size + 3 * n + 1
    return _Layout(n, courtiers, courtier, _FORTUNE + 1 + n + 3, size, {}, {}, {}, {})


class _Blocks(NamedTuple):
    """:meth:`VersaillesEncoding.observe_array`'s parts for n seats, as
    float32 bytes, kept by what they read: the Register's lines (by
    everything but the line's start and the standings: before the
    standings, from the cards to the fortune, between the fortune and the
    hand's size, and whether the cards hold the Favourite, the Lover), the
    court's (to the discards), the turn's (but whose turn it is and its
    actions left: to the current seat, after the actions left to the
    breaches, and its last number), the payments', the seat's hand; the
    fortunes by goal and amount. Where the discards and the turn start; a
    seat's place among n (one 1) and none, the actions left by their number,
    no payment; numpy's ``frombuffer`` and float32 (numpy is the research
    extra's: imported once a configuration needs it)."""

    n: int
    at: _Layout
    discards: int
    turn: int
    lines: dict[tuple[Any, ...], tuple[bytes, bytes, bytes, bool, bool]]
    court: dict[tuple[Any, ...], bytes]
    turns: dict[tuple[Any, ...], tuple[bytes, bytes, bytes]]
    paid: dict[tuple[Any, ...], bytes]
    hands: dict[tuple[Any, ...], bytes]
    fortunes: dict[int, dict[int, bytes]]
    seats: list[bytes]
    no_seat: bytes
    actions: dict[int, bytes]
    no_payments: bytes
    frombuffer: Callable[..., np.ndarray]
    float32: Any


@cache
def _blocks(n: int) -> _Blocks:
    import numpy as np

    at = _layout(n)
    discards = _SOVEREIGNS + 3 + COUNTRY.size + 3 * n + CARDS.size
    turn = at.courtiers + n * at.courtier + CARDS.size
    seats = [_slot_bytes({k: 1.0}, 0, n) for k in range(n)]
    actions = {k: _floats(k / ACTIONS_PER_TURN) for k in range(ACTIONS_PER_TURN + 1)}
    return _Blocks(n, at, discards, turn, {}, {}, {}, {}, {}, {}, seats, bytes(4 * n), actions,
                   bytes(8 * n), np.frombuffer, np.float32)


def _floats(value: float) -> bytes:
    """One number as float32 bytes (rounded as numpy rounds it: a C cast)."""
    return array("f", (value,)).tobytes()


def _slot_bytes(slots: Mapping[int, float], start: int, stop: int) -> bytes:
    """Positions ``start`` to ``stop - 1`` of ``slots`` (0 where missing) as
    float32 bytes."""
    out = array("f", bytes(4 * (stop - start)))
    for k, v in slots.items():
        if start <= k < stop:
            out[k - start] = v
    return out.tobytes()


#: Card-count blocks of the discards, by their cards (for every
#: configuration); a hand's size and the pile's as float32 bytes, by length.
_COUNTS: dict[tuple[Any, ...], bytes] = {}
_SIZES = [_floats(k / HAND_LIMIT) for k in range(DECK_SIZE + 1)]
_PILES = [_floats(k / DECK_SIZE) for k in range(DECK_SIZE + 1)]
_NO_CARDS = bytes(4 * CARDS.size)
#: A standing with the King or the Queen (one 1 among the standings) by its
#: value, and none.
_STANDING = {k: _slot_bytes({v: 1.0}, 0, STANDINGS.size) for k, v in STANDINGS.pos.items()}
_NO_STANDING = bytes(4 * STANDINGS.size)


def _counts_bytes(memo: dict[tuple[Any, ...], bytes], cards: tuple[str, ...]) -> bytes:
    """:func:`_card_slots` of ``cards`` as float32 bytes, kept in ``memo``."""
    out = array("f", _NO_CARDS)
    pos = CARDS.pos
    for card in cards:
        k = pos.get(card)
        if k is not None:
            out[k] = cards.count(card) / MAX_COPIES
    return _kept(memo, cards, out.tobytes())


def _line_block(b: _Blocks, key: tuple[Any, ...], c: Courtier, seat: int
                ) -> tuple[bytes, bytes, bytes, bool, bool]:
    """:func:`_line_parts` as :class:`_Blocks` keeps a line, kept by ``key``."""
    slots, holds_favourite, holds_lover = _line_parts(c, 0, seat, b.n)
    return _kept(b.lines, key, (_slot_bytes(slots, 0, _KING),
                                _slot_bytes(slots, _LINE_CARDS, _FORTUNE),
                                _slot_bytes(slots, _FORTUNE + 1, b.at.hand),
                                holds_favourite, holds_lover))


def _turn_block(b: _Blocks, rest: tuple[Any, ...]) -> tuple[bytes, bytes, bytes]:
    """:func:`_turn_slots` with no current seat and no action left, as
    :class:`_Blocks` keeps them, kept by ``rest`` (:func:`_turn_key` less
    those two, its last)."""
    n, start = b.n, b.turn
    slots = _turn_slots((*rest, None, 0), n)
    current = start + STAGES.size + 2 + n
    breaches = current + n + 1 + n + 2 * OFFICE.size
    return _kept(b.turns, rest, (_slot_bytes(slots, start, current),
                                 _slot_bytes(slots, current + n + 1, breaches),
                                 _slot_bytes(slots, breaches + 3 * n, b.at.size)))


def _paid_bytes(b: _Blocks, payments: list[tuple[int, int, int]], seat: int) -> bytes:
    """:func:`_payment_slots` of ``payments`` from ``seat``'s chair as
    float32 bytes, kept by the payments."""
    key = (seat, *payments)
    out = b.paid.get(key)
    if out is None:
        slots = _payment_slots(0, payments, seat, b.n, None)[0]
        out = _kept(b.paid, key, _slot_bytes(slots, 0, 2 * b.n))
    return out


def _breach_bytes(breaches: list[tuple[int, int, str, str]], seat: int, n: int) -> bytes:
    """:func:`_turn_at`'s breaches awaiting a fine, by courtier, as float32 bytes."""
    counts: dict[int, int] = {}
    for _, s, _, _ in breaches:
        if s >= 0:
            who = (s - seat) % n
            counts[who] = counts.get(who, 0) + 1
    return _slot_bytes({who: count / 1.0 for who, count in counts.items()}, 0, n)


def _kept(memo: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> Any:
    """``value`` kept in ``memo`` by ``key`` (emptied first when full);
    never changed once kept: only copied out."""
    if len(memo) >= _PARTS_KEPT:
        memo.clear()
    memo[key] = value
    return value


def _line_slots(lines: dict[tuple[Any, ...], Line], key: tuple[Any, ...], c: Courtier,
                start: int, seat: int, n: int) -> Line:
    """:func:`_line_parts`, kept in ``lines`` by ``key`` (whatever they read)."""
    return _kept(lines, key, _line_parts(c, start, seat, n))


def _line_parts(c: Courtier, start: int, seat: int, n: int) -> Line:
    """:func:`_courtier`'s slots of the Register's line at ``start`` but its
    fortune and its hand's size, and whether its cards hold the Favourite,
    the Lover."""
    out: Slots = {}
    k = _SEX.get(c.sex)
    if k is not None:
        out[start + k] = 1.0
    k = _PARTY.get(c.party)
    if k is not None:
        out[start + k] = 1.0
    out[start + _PLACE[c.place]] = 1.0
    k = _KING_AT.get(c.king)
    if k is not None:
        out[start + k] = 1.0
    k = _QUEEN_AT.get(c.queen)
    if k is not None:
        out[start + k] = 1.0
    if c.cards:
        out.update(_card_slots(start + _LINE_CARDS, tuple(c.cards)))
    start += _FORTUNE
    if c.spouse is not None and c.spouse >= 0:
        out[start + 1 + (c.spouse - seat) % n] = 1.0
    start += 1 + n
    if c.used_poison:
        out[start] = 1.0
    if c.used_philtre:
        out[start + 1] = 1.0
    if c.generation != 1:
        out[start + 2] = (c.generation - 1) / 5
    kinds = {KIND_OF[card] for card in c.cards}
    return out, "favourite" in kinds, "lover" in kinds


def _court_at(values: Slots, at: _Layout, state: VersaillesState, seat: int,
              favourite: int | None, lover: int | None) -> None:
    """:func:`_court` from the state: the discards and the pile written,
    the rest kept by what it reads (:func:`_court_slots`)."""
    key = _court_key(state, seat, favourite, lover)
    part = at.court.get(key)
    if part is None:
        part = _kept(at.court, key, _court_slots(key, at.n))
    values.update(part)
    start = _SOVEREIGNS + 3 + COUNTRY.size + 3 * at.n
    if state.discard:
        values.update(_card_slots(start + CARDS.size, tuple(state.discard)))
    if state.pile:
        values[start + 2 * CARDS.size] = len(state.pile) / DECK_SIZE


def _court_key(state: VersaillesState, seat: int, favourite: int | None, lover: int | None
               ) -> tuple[Any, ...]:
    """Everything :func:`_court_slots` reads, from the state."""
    return (seat, state.location, state.king_alive, state.regency, state.queen_alive,
            state.queen_origin, state.secret_wife, favourite, lover, tuple(state.wars),
            tuple(state.ministry), tuple(state.house))


def _court_slots(key: tuple[Any, ...], n: int) -> Slots:
    """The court's slots but the discards' and the pile's, from
    :func:`_court_at`'s key."""
    (seat, location, king_alive, regency, queen_alive, queen_origin, secret_wife,
     favourite, lover, wars, ministry, house) = key
    out: Slots = {}
    k = COURT_LOCATIONS.pos.get(location)
    if k is not None:
        out[k] = 1.0
    for country, count in _count(wars).items():
        k = COUNTRY.pos.get(country)
        if k is not None:
            out[_WARS + k] = count / 1.0
    if ministry:
        out.update(_card_slots(_MINISTRY, ministry))
    if king_alive:
        out[_SOVEREIGNS] = king_alive / 1.0
    if regency:
        out[_SOVEREIGNS + 1] = regency / 1.0
    if queen_alive:
        out[_SOVEREIGNS + 2] = queen_alive / 1.0
    k = COUNTRY.pos.get(queen_origin)
    if k is not None:
        out[_SOVEREIGNS + 3 + k] = 1.0
    start = _SOVEREIGNS + 3 + COUNTRY.size
    for who in (secret_wife, favourite, lover):
        if who is not None and who >= 0:
            out[start + (who - seat) % n] = 1.0
        start += n
    if house:
        out.update(_card_slots(start, house))
    return out


def _card_slots(start: int, cards: tuple[str, ...]) -> Slots:
    """``f.counts(_count(cards), CARDS, MAX_COPIES)``'s slots and values at
    ``start`` (:func:`count_slots`: kept, never to be changed)."""
    return count_slots(CARDS, start, cards, MAX_COPIES)


def _turn_at(values: Slots, at: _Layout, start: int, state: VersaillesState, seat: int,
             goal: int) -> None:
    """:func:`_turn` from the state, at ``start``: the breaches written, the
    payments and the rest kept by what they read (:func:`_turn_slots`,
    :func:`_payment_slots`)."""
    key = _turn_key(state, start, seat, goal)
    part = at.turn.get(key)
    if part is None:
        part = _kept(at.turn, key, _turn_slots(key, at.n))
    values.update(part)
    n = at.n
    start += STAGES.size + 2 + 2 * n + 1 + n + 2 * OFFICE.size
    if state.breaches:
        breaches: dict[int, int] = {}
        for _, s, _, _ in state.breaches:
            if s >= 0:
                who = (s - seat) % n
                breaches[who] = breaches.get(who, 0) + 1
        for who, count in breaches.items():
            values[start + who] = count / 1.0
    start += n
    if state.payments:
        paid = (start, seat, *state.payments)
        sums = at.paid.get(paid)
        if sums is None:
            sums = _kept(at.paid, paid, _payment_slots(
                start, state.payments, seat, n, at.paid.get(paid[:-1])))
        values.update(sums[0])


def _turn_key(state: VersaillesState, start: int, seat: int, goal: int) -> tuple[Any, ...]:
    """Everything :func:`_turn_slots` reads, from the state (whose turn it is and its
    actions left last: :meth:`VersaillesEncoding.observe_array` keeps the rest)."""
    playing = state.stage == PLAY
    return (start, seat, state.stage, state.turn, state.options["turn_limit"], goal, state.gc,
            state.over, tuple(state.open_seats),
            frozenset(state.powers_used) if state.powers_used else (),
            frozenset(state.offices_moved) if state.offices_moved else (),
            state.order[state.pos] if playing and not state.over else None,
            state.actions_left if playing else 0)


def _turn_slots(key: tuple[Any, ...], n: int) -> Slots:
    """The turn's slots but the breaches' and the payments' (:func:`relative`
    written out: every seat here is a seat, never None), from
    :func:`_turn_at`'s key."""
    (start, seat, stage, turn, turn_limit, goal, gc, over, open_seats, powers_used,
     offices_moved, current, actions_left) = key
    out: Slots = {}
    k = STAGES.pos.get(stage)
    if k is not None:
        out[start + k] = 1.0
    start += STAGES.size
    if turn:
        out[start] = turn / turn_limit
    if goal:
        out[start + 1] = goal / 50000
    start += 2
    if gc >= 0:
        out[start + (gc - seat) % n] = 1.0
    start += n
    if current is not None and current >= 0:
        out[start + (current - seat) % n] = 1.0
    start += n
    if actions_left:
        out[start] = actions_left / ACTIONS_PER_TURN
    start += 1
    for s in open_seats:
        if s >= 0:
            out[start + (s - seat) % n] = 1.0
    start += n
    pos = OFFICE.pos
    for office in powers_used:
        k = pos.get(office)
        if k is not None:
            out[start + k] = 1.0
    start += OFFICE.size
    for office in offices_moved:
        k = pos.get(office)
        if k is not None:
            out[start + k] = 1.0
    start += OFFICE.size + n  # the breaches'
    if over:
        out[start + 2 * n] = 1.0
    return out


def _payment_slots(start: int, paid: list[tuple[int, int, int]], seat: int, n: int,
                   before: Paid | None) -> Paid:
    """:func:`_payments` at ``start`` (:func:`_payment_sums` written out:
    payer and payee are seats, never None), with what each seat paid and
    received in livres; from ``before``, the same of all payments but the
    last, if kept (a payment is made at most once a step)."""
    paid_out: dict[int, int] = {}
    paid_in: dict[int, int] = {}
    if before is not None:
        paid_out.update(before[1])
        paid_in.update(before[2])
        paid = paid[-1:]
    for payer, payee, amount in paid:
        if payer >= 0:
            who = (payer - seat) % n
            paid_out[who] = paid_out.get(who, 0) + amount
        if payee >= 0:
            to = (payee - seat) % n
            paid_in[to] = paid_in.get(to, 0) + amount
    out: Slots = {}
    for who, total in paid_out.items():
        if total:
            out[start + who] = total / 10000
    start += n
    for who, total in paid_in.items():
        if total:
            out[start + who] = total / 10000
    return out, paid_out, paid_in


def _count(cards: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _court(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    """Where the court is, the wars and the War Ministry, the sovereigns,
    the King's secret wife, Favourite and Lover, the King's House, the
    discards and the draw pile."""
    everyone = seats(n)
    f.one_hot(view["location"], COURT_LOCATIONS)
    f.counts(_count(view["wars"]), COUNTRY)
    f.counts(_count(view["war_ministry"]), CARDS, MAX_COPIES)
    king, queen = view["king"], view["queen"]
    f.numbers((king["alive"], king["regency"], queen["alive"]))
    f.one_hot(queen["origin"], COUNTRY)
    for key in ("secret_wife", "favourite", "lover"):
        f.one_hot(relative(seat, view[key], n), everyone)
    f.counts(_count(view["kings_house"]), CARDS, MAX_COPIES)
    f.counts(_count(view["discard"]), CARDS, MAX_COPIES)
    f.number(view["pile"], DECK_SIZE)


def _courtier(f: Features, c: Mapping[str, Any], seat: int, n: int, goal: int) -> None:
    """The Register's line (§3, §6): sex, party, place, standings with the
    King and the Queen, exposed cards, fortune, spouse, the poison and the
    philtre used, the generation, and the hand's size."""
    f.one_hot(c["sex"], SEXES)
    f.one_hot(c["party"], COUNTRY)
    f.one_hot(c["place"], PLACES)
    f.one_hot(c["king"], STANDINGS)
    f.one_hot(c["queen"], STANDINGS)
    f.counts(_count(c["cards"]), CARDS, MAX_COPIES)
    f.number(c["fortune"], goal)
    f.one_hot(relative(seat, c["spouse"], n), seats(n))
    f.numbers((c["used_poison"], c["used_philtre"]))
    f.number(c["generation"] - 1, 5)
    f.number(c["hand"], HAND_LIMIT)


def _turn(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    """The phase, the turn, the Grand Chamberlain, the player-turn's seat and
    its actions left, who still negotiates, the powers used and offices
    moved this turn, the breaches awaiting a fine (by courtier), what each
    courtier paid and received this turn (§7.2, in tens of thousands of
    livres), the end."""
    everyone = seats(n)
    f.one_hot(view["stage"], STAGES)
    f.number(view["turn"], view["options"]["turn_limit"])
    f.number(view["goal"], 50000)
    f.one_hot(relative(seat, view["grand_chamberlain"], n), everyone)
    f.one_hot(relative(seat, view["current"], n), everyone)
    f.number(view["actions_left"], ACTIONS_PER_TURN)
    f.flags((relative(seat, s, n) for s in view["negotiating"]), everyone)
    f.flags(view["powers_used"], OFFICE)
    f.flags(view["offices_moved"], OFFICE)
    f.counts(_count(relative(seat, b["seat"], n) for b in view["breaches"]), everyone)
    _payments(f, [(p["seat"], p["to"], p["amount"]) for p in view["paid"]], seat, n)
    f.number("final" in view)


def _payments(f: Features, paid: list[tuple[int, int, int]], seat: int, n: int) -> None:
    """What each courtier paid and received this turn, in tens of thousands."""
    everyone = seats(n)
    paid_out, paid_in = _payment_sums(paid, seat, n)
    f.counts(paid_out, everyone, 10000)
    f.counts(paid_in, everyone, 10000)


def _payment_sums(paid: list[tuple[int, int, int]], seat: int, n: int
                  ) -> tuple[dict[int | None, float], dict[int | None, float]]:
    """What each courtier paid and received, keyed by seat from ``seat``'s chair."""
    paid_out: dict[int | None, float] = {}
    paid_in: dict[int | None, float] = {}
    for payer, payee, amount in paid:
        out, to = relative(seat, payer, n), relative(seat, payee, n)
        paid_out[out] = paid_out.get(out, 0) + amount
        paid_in[to] = paid_in.get(to, 0) + amount
    return paid_out, paid_in


ENCODING = VersaillesEncoding()
