"""Fief for research tools (docs/research.md): every action numbered once per
configuration, and a view as numbers.

Every field of Fief's actions has a finite range but one: money. Payments
and sealed bids go up to what a seat holds, so the numbering covers every
amount up to :func:`money_bound`, the most a seat can ever hold in a game of
this configuration (our bound, from the rules' only sources of money: the
starting purse and each turn's revenues and tithes); so the numbering holds
every action the game can offer, and the mask is exactly the legal actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableSequence
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from courtly.core import Action, Block, Done, Features, Index, Numbering, block, joint, seats
from courtly.core.encoding import count_slots, relative
from courtly.games.fief.actions import (
    ATTACKS_ON_REGIONS,
    PURCHASES,
    RESPONSES,
    STANCES,
    AnswerCoalition,
    AnswerPassage,
    AskCoalition,
    AskConsecration,
    Assassinate,
    AttackRegion,
    Bid,
    Buy,
    ChooseRegion,
    ClaimCustody,
    Consecrate,
    CreateFief,
    DestroyCounter,
    DiscardCard,
    EndTurn,
    ExchangeCard,
    Execute,
    FoundFief,
    GiveVillage,
    GrantTitle,
    Move,
    Pay,
    PlayBishop,
    PlayLord,
    Respond,
    TakeCardinal,
    Tithe,
    Vote,
)
from courtly.games.fief.board import default_board
from courtly.games.fief.cards import card_set
from courtly.games.fief.court import NEGOTIATION
from courtly.games.fief.rules import HAND, MAX_COUNTERS_PER_VILLAGE, PHASES, RANSOM_PER_PIP

if TYPE_CHECKING:
    from courtly.games.fief.court import Election
    from courtly.games.fief.rules import FiefState, Pending
    from courtly.games.fief.war import Battle

STAGES = Index(("choose_region", *PHASES[:6], "consecration", *PHASES[6:]))
VILLAGES = Index(default_board().villages)
REGIONS = Index(default_board().regions)
BISHOPRICS = Index(default_board().bishoprics)
LORDS = Index(card_set().lords)
DECK = Index(sorted(set(card_set().blue_deck())))
STANCE = Index(STANCES)
TITHES = Index(("bishopric_tithe", "lords_tithe", "royal_tithe"))
PENDING = Index(("respond", "destroy", "execute"))
ATTACKS = Index((*ATTACKS_ON_REGIONS, "assassination", "justice"))
STEPS = Index(("ask", "answer", "bid"))
BOOL = (False, True)
ROYAL_TITHE = 1500
LORDS_TITHE = 200


def money_bound(num_players: int, options: Mapping[str, Any]) -> int:
    """The most crowns one seat can hold: every seat's starting purse, plus,
    each turn, the most the whole board yields (every village with its most
    mills and presses, counted twice for a bishopric tithe), the royal tithe
    and the lords' tithe on every village."""
    setup = default_board().setup
    villages = len(default_board().villages)
    income = setup.income
    board = (income["village"] * villages + income["mill"] * setup.mills_total
             + income["press"] * setup.presses_total)
    per_turn = 2 * board + ROYAL_TITHE + LORDS_TITHE * villages
    return setup.money * num_players + per_turn * options["turn_limit"]


class FiefEncoding:
    """The numbering and the observation (see the module docstring)."""

    def numbering(self, num_players: int, options: Mapping[str, Any]) -> Numbering:
        """Every kind of action with every value its fields can take."""
        board, cards = default_board(), card_set()
        regions, villages, lords = tuple(board.regions), tuple(board.villages), cards.lords
        players = range(num_players)
        hundreds = money_bound(num_players, options) // 100
        deck = tuple(sorted(set(cards.blue_deck())))
        setup = board.setup
        counts = [("soldier", k) for k in range(1, setup.soldiers_per_player + 1)]
        counts += [(item, k) for item in ("press", "mill") for k in
                   range(1, MAX_COUNTERS_PER_VILLAGE + 1)]
        counts.append(("castle", 1))
        assert {item for item, _ in counts} == set(PURCHASES)
        votes = [(None, 0)] + [(lord, k) for lord in lords
                               for k in range(1, _most_votes(len(regions)) + 1)]
        tithes: list[tuple[str, str | None]] = [("bishopric_tithe", lord) for lord in lords]
        tithes += [("lords_tithe", None), ("royal_tithe", None)]
        return Numbering([
            block(ChooseRegion, region=regions), block(EndTurn), block(Done),
            block(PlayLord, lord=lords, village=villages),
            block(PlayBishop, bishopric=tuple(board.bishoprics), lord=lords),
            block(TakeCardinal, lord=lords),
            block(AttackRegion, card=ATTACKS_ON_REGIONS, region=regions),
            block(Assassinate, lord=lords), block(Respond, parry=RESPONSES),
            block(Execute, lord=lords),
            block(DestroyCounter, village=villages, counter=("mill", "press")),
            block(ExchangeCard, card=deck), block(DiscardCard, card=deck),
            _joint_block(Tithe, ("card", "lord"), tithes),
            _buy_block(villages, counts),
            block(Move, lord=lords, to=villages, stance=STANCES,
                  soldiers=range(setup.soldiers_per_player + 1)),
            block(AnswerPassage, grant=BOOL), block(AskCoalition, ask=BOOL),
            block(AnswerCoalition, accept=BOOL),
            block(Bid, amount=range(0, 100 * hundreds + 1, 100)),
            _joint_block(Vote, ("lord", "votes"), votes),
            block(AskConsecration, seat=players), block(Consecrate, yes=BOOL),
            block(CreateFief, region=regions),
            block(FoundFief, lord=lords, capital=villages, gather=BOOL),
            block(ClaimCustody, claim=BOOL),
            block(GrantTitle, region=regions, lord=lords),
            block(Pay, to=players, amount=range(100, 100 * hundreds + 1, 100)),
            block(GiveVillage, village=villages, to=players),
        ])

    def observe(self, view: Mapping[str, Any]) -> Features:
        """The board (holders, soldiers, counters, lords, gates, fiefs), every
        seat's money, regions and votes (from the seat's chair round), one's
        hand, the cards seen, and the phase with what it waits for."""
        f = Features()
        seat, n = view["seat"], view["num_players"]
        _board(f, view, seat, n)
        _lords(f, view, seat, n)
        _seats(f, view, seat, n)
        _phase(f, view, seat, n)
        return f

    def observe_state(self, state: FiefState, seat: int) -> Features:
        """``observe(state.view(seat))``, read from the state without building
        the view: exactly the same numbers (a test compares both on every
        position of many games), so still only what the seat sees: of the
        hands its own and the others' sizes, of the sealed bids its own.

        Written out against :func:`_layout`'s fixed places (a hot path: one
        call a step in the research environments); the board's and the
        lords' parts kept on the state from one observation to the next
        while its pieces stay the same (:class:`_Pieces`)."""
        n = state.num_players
        at = _layout(n)
        memo = _pieces_memo(state)
        f = Features()
        f.size = at.size
        pieces = memo.numbers.get(seat)
        if pieces is None:
            pieces = memo.seated(seat, n)
        f.values = values = dict(pieces)
        _seats_state(values, at.seats, state, memo.votes, seat, n)
        _cards_state(values, at.phase - 2 * DECK.size - 1, state, seat)
        _phase_state(values, at.phase, state, seat, n)
        return f

    def observe_array(self, state: FiefState, seat: int) -> Any:
        """``dense(observe(state.view(seat)))`` as a new float32 numpy array,
        made at the cost of what changed since the state's last one
        (:mod:`courtly.games.fief.arrays`, which needs numpy: loaded here
        when first used, so that the game itself does not)."""
        return _arrays().observe_array(state, seat)


@cache
def _arrays() -> Any:
    from courtly.games.fief import arrays

    return arrays


def _most_votes(regions: int) -> int:
    """A seat's most votes: every lord, bishop and cardinal card and every
    title (a fief's, or the King's in custody)."""
    cards = card_set()
    return len(cards.lords) + len(default_board().bishoprics) + cards.cardinals + 2 * regions


def _joint_block(cls: type[Action], names: tuple[str, ...], values: list[tuple[Any, ...]]
                 ) -> Block:
    return Block(cls, (joint(names, values),))


def _buy_block(villages: tuple[str, ...], counts: list[tuple[str, int]]) -> Block:
    return Block(Buy, (joint(("village",), ((v,) for v in villages)),
                       joint(("item", "count"), counts)))


def _rel(seat: int, other: Any, n: int) -> int | None:
    """``relative`` for an int seat (anything else, e.g. the King's House, is None)."""
    return relative(seat, other if isinstance(other, int) else None, n)


def _grid(f: Features, rows: Index, width: int, cells: Any) -> None:
    """``rows.size * width`` slots; ``cells`` yields (row, column, value)."""
    start = f.zeros(rows.size * width)
    pos, values = rows.pos, f.values
    for row, column, value in cells:
        if column is not None and value:  # Features.add, inlined: a hot path
            k = start + pos[row] * width + column
            values[k] = values.get(k, 0.0) + value


def _seat_grid(f: Features, rows: Index, seat: int, n: int, cells: Any) -> None:
    """``_grid`` of width ``n`` with 1 at each (row, seat) of ``cells``, the
    seat from ``seat``'s chair (:func:`_rel`): the hot case, written out."""
    start = f.zeros(rows.size * n)
    pos, values = rows.pos, f.values
    for row, other in cells:
        if isinstance(other, int) and other >= 0:
            k = start + pos[row] * n + (other - seat) % n
            values[k] = values.get(k, 0.0) + 1.0


def _board(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    """Per village: holder, soldiers (whose, how many), castle, mills,
    presses, to whom it is given, each seat's force at its gate; per region:
    the fief; the regions in custody, under bad weather, in famine."""
    _seat_grid(f, VILLAGES, seat, n, view["holders"].items())
    soldiers = view["soldiers"]
    _seat_grid(f, VILLAGES, seat, n, ((v, o) for v, (o, _) in soldiers.items()))
    f.counts({v: k for v, (_, k) in soldiers.items()}, VILLAGES, 10)
    f.flags(view["castles"], VILLAGES)
    f.counts(view["mills"], VILLAGES, MAX_COUNTERS_PER_VILLAGE)
    f.counts(view["presses"], VILLAGES, MAX_COUNTERS_PER_VILLAGE)
    _seat_grid(f, VILLAGES, seat, n, view["given"].items())
    gates = view["gates"]
    _grid(f, VILLAGES, n, ((g["village"], _rel(seat, g["owner"], n), g["soldiers"] / 10)
                           for g in gates))
    width = STANCE.size
    _grid(f, VILLAGES, n * width, ((g["village"], (g["owner"] - seat) % n * width
                                    + STANCE.pos[g["stance"]], 1.0) for g in gates))
    everyone = seats(n)
    for r in REGIONS.values:
        fief = view["fiefs"].get(r)
        f.number(fief is not None)
        f.one_hot(_rel(seat, fief["owner"], n) if fief else None, everyone)
        f.one_hot(fief["capital"] if fief else None, VILLAGES)
        f.one_hot(fief["title"] if fief else None, LORDS)
    f.flags(view["custody"], REGIONS)
    f.flags(view["bad_weather"], REGIONS)
    f.flags(view["famine"], REGIONS)


def _lords(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    """Per lord: on the board, whose, where, the road a besieger came by
    (the only one he may leave by), his bishopric, cardinal, at a gate, King,
    trips made this turn."""
    lords = view["lords"].items()
    f.flags(view["lords"], LORDS)
    _seat_grid(f, LORDS, seat, n, ((lord, i["owner"]) for lord, i in lords))
    _grid(f, LORDS, VILLAGES.size, ((lord, VILLAGES.pos[i["village"]], 1.0) for lord, i in lords))
    _grid(f, LORDS, VILLAGES.size, ((lord, VILLAGES.pos[i["came_from"]], 1.0)
                                    for lord, i in lords if i["came_from"] is not None))
    _grid(f, LORDS, BISHOPRICS.size, ((lord, BISHOPRICS.pos.get(i["bishop"]), 1.0)
                                      for lord, i in lords))
    _grid(f, LORDS, 2, ((lord, k, 1.0) for lord, i in lords
                        for k, key in enumerate(("cardinal", "outside")) if i[key]))
    f.one_hot(view["king"], LORDS)
    f.counts(view["trips"], LORDS, 2)


def _seats(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    order = view["order"]
    negotiating, paid = set(view["negotiating"]), view["paid"]
    for k in range(n):
        s = (seat + k) % n
        f.one_hot(view["regions"][s], REGIONS)
        f.one_hot(order.index(s) if s in order else None, seats(n))
        f.number(view["money"][s], 10000)
        f.number(view["hand_sizes"][s], HAND)
        f.number(view["votes"][s], 10)
        f.flags((t[0] for t in view["tithes"][s]), TITHES)
        f.number(s in negotiating)
        f.number(sum(p[2] for p in paid if p[0] == s), 10000)
        f.number(sum(p[2] for p in paid if p[1] == s), 10000)
    f.counts(_count(view["hand"] or []), DECK)
    f.counts(_count(view["discard"]), DECK, 3)
    f.number(view["deck_size"], 30)


def _count(cards: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _phase(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    regions, villages, lords, everyone = REGIONS, VILLAGES, LORDS, seats(n)
    f.one_hot(view["phase"], STAGES)
    f.number(view["turn"], view["turn_limit"])
    f.one_hot(_rel(seat, view["current"], n), everyone)
    p = view["pending"] or {}
    f.one_hot(p.get("what"), PENDING)
    f.one_hot(_rel(seat, p.get("attacker"), n), everyone)
    f.one_hot(_rel(seat, p.get("answerer"), n), everyone)
    f.one_hot(p.get("card"), ATTACKS)
    f.one_hot(p.get("region"), regions)
    f.one_hot(p.get("lord"), lords)
    f.number(p.get("die", 0), 6)
    f.number(p.get("die", 0) * RANSOM_PER_PIP, 10000)
    passage = view["passage"] or [None, None]
    f.one_hot(_rel(seat, passage[0], n), everyone)
    f.one_hot(passage[1], villages)
    _battle(f, view["battle"], seat, n)
    e = view["election"] or {}
    cast = {int(s): v for s, v in (e.get("votes") or {}).items()}
    for k in range(n):
        lord, count = cast.get((seat + k) % n, (None, 0))
        f.number((seat + k) % n in cast)
        f.one_hot(lord, lords)
        f.number(count, 10)
    f.one_hot(e.get("elected"), lords)
    f.flags((_rel(seat, s, n) for s in e.get("asked", ())), everyone)
    f.flags((_rel(seat, s, n) for s in e.get("support", ())), everyone)
    f.one_hot(_rel(seat, e.get("waiting"), n), everyone)
    founding = view["founding"] or [None, None]
    f.one_hot(_rel(seat, founding[0], n), everyone)
    f.one_hot(founding[1], regions)
    claim = view["custody_claim"] or [None, None]
    f.one_hot(claim[0], regions)
    f.one_hot(_rel(seat, claim[1], n), everyone)


def _battle(f: Features, battle: Mapping[str, Any] | None, seat: int, n: int) -> None:
    b = battle or {}
    everyone = seats(n)
    f.one_hot(b.get("village"), VILLAGES)
    f.one_hot(_rel(seat, b.get("first"), n), everyone)
    f.one_hot(_rel(seat, b.get("second"), n), everyone)
    f.one_hot(b.get("step"), STEPS)
    f.flags((_rel(seat, s, n) for s in b.get("has_bid", ())), everyone)
    f.number(b.get("my_bid"), 10000)
    floor = b.get("floor") or {}
    f.numbers((floor.get(str((seat + k) % n), 0) for k in range(n)), 10000)


# ----- observe_state: the same numbers, read from the state at fixed places -----------------
#: Where the seats' and the phase's numbers are written: the observation's
#: slot dict, or an array of all its slots (:mod:`courtly.games.fief.arrays`).
Slots = dict[int, float] | MutableSequence[float]
#: Slots per lord in :func:`_lords` but the owner's: on the board, where, the
#: road he besieges from, the bishopric, cardinal and outside (the King and the
#: trips: 2 more).
_LORD_PARTS = 1 + 2 * VILLAGES.size + BISHOPRICS.size + 2


class _Layout(NamedTuple):
    """Where :meth:`FiefEncoding.observe`'s parts start, for n seats: the
    lords (their flags, then owners: see :func:`_lords_state`), the seats,
    the phase; and the whole size."""

    lords: int
    seats: int
    phase: int
    size: int


#: The pending attack's slots but its seats': what, card, region, lord, die, ransom.
_PENDING_FIXED = PENDING.size + ATTACKS.size + REGIONS.size + LORDS.size + 2
#: A battle's slots but those per seat: its village, its step, one's bid.
_BATTLE_FIXED = VILLAGES.size + STEPS.size + 1


@cache
def _layout(n: int) -> _Layout:
    v, r, lords = VILLAGES.size, REGIONS.size, LORDS.size
    # per village four seat grids (holder, soldiers, given, gate forces), the
    # soldiers, castle, mills, presses and gate stances; per region its fief;
    # custody, bad weather, famine
    board = 4 * v * n + 4 * v + v * n * STANCE.size + r * (1 + n + v + lords) + 3 * r
    seats = board + lords * (n + _LORD_PARTS + 2)
    # per seat its region, place in the order and 9 numbers; hand, discard, deck
    phase = seats + n * (r + n + 9) + 2 * DECK.size + 1
    # stage, turn, current; pending; passage; battle; election; founding; claim
    size = (phase + STAGES.size + 1 + n + _PENDING_FIXED + 2 * n + n + v + _BATTLE_FIXED
            + 4 * n + n * (lords + 2) + lords + 3 * n + n + r + r + n)
    return _Layout(board, seats, phase, size)


class _Pieces:
    """What the board's and the lords' parts of the observation (and the
    seats' votes) read of a state, copied; and those parts' numbers, made
    from a state equal in all of it. Kept on the state (``FiefState.observed``)
    and checked against it at each observation (:func:`_pieces_memo`): the
    pieces move at few of a game's steps (a trip, a purchase, a battle),
    while the turn, the phase, the money and the cards change at most."""

    __slots__ = ("castles", "cells", "custody", "famine", "fiefs", "fixed", "gates", "given",
                 "king", "lords", "mills", "numbers", "presses", "soldiers", "trips", "votes",
                 "weather", "wide")

    def __init__(self, state: FiefState, lords: list[tuple[Any, ...]],
                 gates: list[tuple[Any, ...]], fiefs: list[tuple[Any, ...]]) -> None:
        self.lords, self.gates, self.fiefs = lords, gates, fiefs
        self.soldiers = dict(state.soldiers)
        self.castles = frozenset(state.castles)
        self.mills, self.presses = dict(state.mills), dict(state.presses)
        self.given = dict(state.given)
        self.custody = frozenset(state.custody)
        self.weather, self.famine = frozenset(state.weather), frozenset(state.famine)
        self.king = state.king
        self.trips = dict(state.trips)
        self.votes = state.votes()
        n = state.num_players
        #: The numbers every seat sees alike, and the cells placed by seat.
        self.fixed: dict[int, float] = {}
        self.cells: list[_SeatCell] = []
        self.wide: list[_SeatCell] = []
        _board_state(self.fixed, self.cells, self.wide, state, n)
        _lords_state(self.fixed, self.cells, _layout(n).lords, state, n)
        #: Each seat's numbers of these parts, once asked for.
        self.numbers: dict[int, dict[int, float]] = {}

    def same(self, state: FiefState, lords: list[tuple[Any, ...]],
             gates: list[tuple[Any, ...]], fiefs: list[tuple[Any, ...]]) -> bool:
        """Whether ``state`` has exactly these pieces (plain dict and set
        equality: a Counter's zero entry differs from a missing one, which
        only costs a recount)."""
        return (lords == self.lords and state.soldiers == self.soldiers
                and dict.__eq__(state.mills, self.mills)
                and dict.__eq__(state.presses, self.presses)
                and dict.__eq__(state.trips, self.trips)
                and gates == self.gates and fiefs == self.fiefs
                and state.castles == self.castles and state.given == self.given
                and state.weather == self.weather and state.famine == self.famine
                and state.custody == self.custody and state.king == self.king)

    def seated(self, seat: int, n: int) -> dict[int, float]:
        """``seat``'s numbers of these parts (kept): each cell at its seat's
        place from ``seat``'s chair, added in order (gates may share one)."""
        values = dict(self.fixed)
        get = values.get
        for base, other, value in self.cells:
            k = base + (other - seat) % n
            values[k] = get(k, 0.0) + value
        width = STANCE.size
        for base, other, value in self.wide:
            k = base + (other - seat) % n * width
            values[k] = get(k, 0.0) + value
        self.numbers[seat] = values
        return values


def _pieces_memo(state: FiefState) -> _Pieces:
    """The state's :class:`_Pieces`: the one it keeps if its pieces are still
    those, else a new one (kept in its place)."""
    # in their order too (which lord a village's holder is read from)
    siege_road = state.siege_road
    lords = [(k, i.owner, i.village, i.bishop, i.cardinal, i.outside,
              siege_road(i) if i.outside else None) for k, i in state.lords.items()]
    gates = [(g.owner, g.village, g.stance, g.soldiers, g.order) for g in state.gates]
    fiefs = [(r, f.owner, f.capital, f.title) for r, f in state.fiefs.items()]
    memo = state.observed
    if memo is None or not memo.same(state, lords, gates, fiefs):
        memo = state.observed = _Pieces(state, lords, gates, fiefs)
    return memo


def _set_seat(values: Slots, start: int, other: Any, seat: int, n: int) -> None:
    """1 at ``start`` plus ``other``'s place from ``seat``'s chair (:func:`_rel`;
    nothing for a non-seat)."""
    if isinstance(other, int) and other >= 0:
        values[start + (other - seat) % n] = 1.0


#: A cell whose place depends on the seat observing: (the first of its n
#: slots, the seat it is about, the number added there); see :meth:`_Pieces.seated`.
_SeatCell = tuple[int, int, float]


def _add_cell(cells: list[_SeatCell], start: int, other: Any) -> None:
    """A 1 for ``other`` among the n slots at ``start``, placed from each
    observer's chair later (:meth:`_Pieces.seated`); nothing for a non-seat,
    as :func:`_set_seat`."""
    if isinstance(other, int) and other >= 0:
        cells.append((start, other, 1.0))


def _board_state(fixed: dict[int, float], cells: list[_SeatCell], wide: list[_SeatCell],
                 state: FiefState, n: int) -> None:
    """:func:`_board` from the state (it starts at slot 0): the numbers
    every seat's observation has in ``fixed``, the seats' grids in
    ``cells`` (and the gates' stances in ``wide``: see :func:`_gates_state`)."""
    v_pos, v_size = VILLAGES.pos, VILLAGES.size
    for v, owner in state.holders().items():
        k = v_pos.get(v)
        if k is not None:
            _add_cell(cells, k * n, owner)
    start = v_size * n
    counts = start + v_size * n
    for v, (owner, count) in state.soldiers.items():
        k = v_pos.get(v)
        if k is not None:
            _add_cell(cells, start + k * n, owner)
            if count:
                fixed[counts + k] = count / 10
    start = counts + v_size
    for v in state.castles:
        k = v_pos.get(v)
        if k is not None:
            fixed[start + k] = 1.0
    start += v_size
    for counters in (state.mills, state.presses):
        for v, count in counters.items():
            k = v_pos.get(v)
            if k is not None and count:
                fixed[start + k] = count / MAX_COUNTERS_PER_VILLAGE
        start += v_size
    for v, owner in state.given.items():
        k = v_pos.get(v)
        if k is not None:
            _add_cell(cells, start + k * n, owner)
    start += v_size * n
    _gates_state(cells, wide, start, state, n)
    start += v_size * n * (1 + STANCE.size)
    r_pos = REGIONS.pos
    part = 1 + n + v_size + LORDS.size
    for r, fief in state.fiefs.items():
        k = r_pos.get(r)
        if k is None:
            continue
        at = start + k * part
        fixed[at] = 1.0
        _add_cell(cells, at + 1, fief.owner)
        k = v_pos.get(fief.capital)
        if k is not None:
            fixed[at + 1 + n + k] = 1.0
        k = LORDS.pos.get(fief.title)
        if k is not None:
            fixed[at + 1 + n + v_size + k] = 1.0
    start += REGIONS.size * part
    for regions in (state.custody, state.weather, state.famine):
        for r in regions:
            k = r_pos.get(r)
            if k is not None:
                fixed[start + k] = 1.0
        start += REGIONS.size


def _gates_state(cells: list[_SeatCell], wide: list[_SeatCell], start: int, state: FiefState,
                 n: int) -> None:
    """The forces at the gates: each seat's soldiers (``cells``), each
    seat's stances (``wide``: a row per seat, :data:`STANCE` wide), in the
    gates' order as the view lists them (so that the cells, added in this
    order, make the same floating-point sums)."""
    gates = state.gates
    if not gates:
        return
    if len(gates) > 1:
        gates = sorted(gates, key=lambda g: g.order)
    v_pos, stance_pos, width = VILLAGES.pos, STANCE.pos, STANCE.size
    stances = start + VILLAGES.size * n
    for g in gates:
        row, owner = v_pos[g.village], g.owner
        if isinstance(owner, int) and owner >= 0 and g.soldiers:
            cells.append((start + row * n, owner, g.soldiers / 10))
        wide.append((stances + row * n * width + stance_pos[g.stance], owner, 1.0))


def _lords_state(fixed: dict[int, float], cells: list[_SeatCell], start: int,
                 state: FiefState, n: int) -> None:
    """:func:`_lords` from the state, as :func:`_board_state`."""
    pos, size = LORDS.pos, LORDS.size
    v_pos, b_pos = VILLAGES.pos, BISHOPRICS.pos
    owners = start + size
    villages = owners + size * n
    roads = villages + size * VILLAGES.size
    bishops = roads + size * VILLAGES.size
    cards = bishops + size * BISHOPRICS.size
    for lord, i in state.lords.items():
        row = pos.get(lord)
        if row is None:
            continue
        fixed[start + row] = 1.0
        _add_cell(cells, owners + row * n, i.owner)
        fixed[villages + row * VILLAGES.size + v_pos[i.village]] = 1.0
        road = state.siege_road(i)
        if road is not None:
            fixed[roads + row * VILLAGES.size + v_pos[road]] = 1.0
        k = b_pos.get(i.bishop)
        if k is not None:
            fixed[bishops + row * BISHOPRICS.size + k] = 1.0
        if i.cardinal:
            fixed[cards + 2 * row] = 1.0
        if i.outside:
            fixed[cards + 2 * row + 1] = 1.0
    king = cards + 2 * size
    row = pos.get(state.king)
    if row is not None:
        fixed[king + row] = 1.0
    for lord, count in state.trips.items():
        row = pos.get(lord)
        if row is not None and count:
            fixed[king + size + row] = count / 2


def _seat_numbers(values: Slots, k: int, state: FiefState, votes: list[int], s: int) -> None:
    """Seat ``s``'s numbers in its row from slot ``k`` (:func:`_seats`): its
    money, its hand's size, its votes, its tithes."""
    if state.money[s]:
        values[k] = state.money[s] / 10000
    if state.hands[s]:
        values[k + 1] = len(state.hands[s]) / HAND
    if votes[s]:
        values[k + 2] = votes[s] / 10
    t_pos = TITHES.pos
    for t in state.tithes[s]:
        j = t_pos.get(t[0])
        if j is not None:
            values[k + 3 + j] = 1.0


def _seats_state(values: Slots, start: int, state: FiefState, votes: list[int], seat: int,
                 n: int) -> None:
    """:func:`_seats` from the state (and its seats' ``votes``) but its
    cards (:func:`_cards_state`): each seat from ``seat``'s chair round."""
    order, region = state.order, state.region
    r_pos, r_size = REGIONS.pos, REGIONS.size
    numbers = r_size + n  # a seat's row: its region, its place, then its numbers
    row = numbers + 3 + TITHES.size + 3
    at = start
    for s in _chairs(seat, n):
        r = r_pos.get(region[s])
        if r is not None:
            values[at + r] = 1.0
        if s in order:
            values[at + r_size + order.index(s)] = 1.0
        _seat_numbers(values, at + numbers, state, votes, s)
        at += row
    if state.stage == NEGOTIATION:
        _negotiation_state(values, start + numbers + 3 + TITHES.size, row, state, seat, n)


def _cards_state(values: dict[int, float], start: int, state: FiefState, seat: int) -> None:
    """The end of :func:`_seats`: one's hand, the discard pile, the deck's size."""
    values.update(count_slots(DECK, start, tuple(state.hands[seat])))
    start += DECK.size
    values.update(count_slots(DECK, start, tuple(state.discard), 3))
    if state.deck:
        values[start + DECK.size] = len(state.deck) / 30


@cache
def _chairs(seat: int, n: int) -> tuple[int, ...]:
    """The seats from ``seat``'s chair round: ``seat``, then the next ones."""
    return tuple((seat + k) % n for k in range(n))


def _negotiation_state(values: Slots, start: int, row: int, state: FiefState,
                       seat: int, n: int) -> None:
    """Each seat's place in the negotiation (still in it, crowns paid and
    received), from ``seat``'s chair round, rows of ``row`` slots from ``start``."""
    negotiating = set(state.open_seats)
    gave, got = [0] * n, [0] * n
    for payer, payee, amount in state.paid:
        gave[payer] += amount
        got[payee] += amount
    for s in _chairs(seat, n):
        if s in negotiating:
            values[start] = 1.0
        if gave[s]:
            values[start + 1] = gave[s] / 10000
        if got[s]:
            values[start + 2] = got[s] / 10000
        start += row


def _phase_state(values: Slots, start: int, state: FiefState, seat: int,
                 n: int) -> None:
    """:func:`_phase` from the state."""
    start = _phase_head(values, start, state, seat, n)
    if state.pending is not None:
        _pending_state(values, start, state.pending, seat, n)
    start += _PENDING_FIXED + 2 * n
    if state.passage:
        _seat_and_place(values, start, state.passage, VILLAGES, seat, n)
    start += n + VILLAGES.size
    if state.battle is not None:
        _battle_state(values, start, state.battle, seat, n)
    start += _BATTLE_FIXED + 4 * n
    if state.election is not None:
        _election_state(values, start, state.election, seat, n)
    start += n * (LORDS.size + 2) + LORDS.size + 3 * n
    if state.founding:
        _seat_and_place(values, start, state.founding, REGIONS, seat, n)
    start += n + REGIONS.size
    claim = state.custody_claim
    if claim:
        k = REGIONS.pos.get(claim[0])
        if k is not None:
            values[start + k] = 1.0
        _set_seat(values, start + REGIONS.size, claim[1], seat, n)


def _phase_head(values: Slots, start: int, state: FiefState, seat: int, n: int) -> int:
    """:func:`_phase_state`'s first parts: the phase, the turn, the seat
    whose part it is; where the next part starts (the pending attack's,
    then the passage's, battle's, election's, founding's and custody's,
    all empty when nothing waits: Fief's fast engine writes only these)."""
    if not state.over:
        k = STAGES.pos.get(state.stage)
        if k is not None:
            values[start + k] = 1.0
    start += STAGES.size
    if state.turn:
        values[start] = state.turn / state.options["turn_limit"]
    start += 1
    if state.order and not state.over:
        _set_seat(values, start, state.current(), seat, n)
    return start + n


def _seat_and_place(values: Slots, start: int, pair: Any, places: Index,
                    seat: int, n: int) -> None:
    """A (seat, place) pair: the seat from ``seat``'s chair at ``start``, the
    place among ``places`` after it (a passage asked, a fief being founded)."""
    _set_seat(values, start, pair[0], seat, n)
    k = places.pos.get(pair[1])
    if k is not None:
        values[start + n + k] = 1.0


def _pending_state(values: Slots, start: int, p: Pending, seat: int,
                   n: int) -> None:
    """The attack (or revolt's choice, or execution) waiting."""
    k = PENDING.pos.get(p.what)
    if k is not None:
        values[start + k] = 1.0
    start += PENDING.size
    _set_seat(values, start, p.attacker, seat, n)
    _set_seat(values, start + n, p.answerer, seat, n)
    start += 2 * n
    for value, index in ((p.card, ATTACKS), (p.region, REGIONS), (p.lord, LORDS)):
        k = index.pos.get(value)
        if k is not None:
            values[start + k] = 1.0
        start += index.size
    if p.die:
        values[start] = p.die / 6
        values[start + 1] = p.die * RANSOM_PER_PIP / 10000


def _battle_state(values: Slots, start: int, b: Battle, seat: int,
                  n: int) -> None:
    """:func:`_battle` from the state's battle: of the sealed bids, which
    seats have bid and the seat's own bid only."""
    k = VILLAGES.pos.get(b.village)
    if k is not None:
        values[start + k] = 1.0
    start += VILLAGES.size
    _set_seat(values, start, b.first, seat, n)
    _set_seat(values, start + n, b.second, seat, n)
    start += 2 * n
    k = STEPS.pos.get(b.step)
    if k is not None:
        values[start + k] = 1.0
    start += STEPS.size
    bids = b.bids
    for s in bids:
        _set_seat(values, start, s, seat, n)
    start += n
    mine = bids.get(seat)
    if mine:
        values[start] = mine / 10000
    start += 1
    floor = b.floor
    for k in range(n):
        value = floor.get((seat + k) % n, 0)
        if value:
            values[start + k] = value / 10000


def _election_state(values: Slots, start: int, e: Election, seat: int,
                    n: int) -> None:
    """The votes cast (each seat from ``seat``'s chair round), the elected
    lord, the seats asked and supporting the consecration, the one waited for."""
    cast, pos, part = e.votes, LORDS.pos, LORDS.size + 2
    for k in range(n):
        vote = cast.get((seat + k) % n)
        if vote is not None:
            at = start + k * part
            values[at] = 1.0
            lord, count = vote
            j = pos.get(lord)
            if j is not None:
                values[at + 1 + j] = 1.0
            if count:
                values[at + 1 + LORDS.size] = count / 10
    start += n * part
    j = pos.get(e.elected)
    if j is not None:
        values[start + j] = 1.0
    start += LORDS.size
    for s in e.asked:
        _set_seat(values, start, s, seat, n)
    for s in e.support:
        _set_seat(values, start + n, s, seat, n)
    _set_seat(values, start + 2 * n, e.waiting, seat, n)


ENCODING = FiefEncoding()
