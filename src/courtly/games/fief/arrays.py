"""Fief's observation as an array, made from the state at the cost of what
changed (issue 17; docs/research.md, "Speed"): exactly
``dense(ENCODING.observe(state.view(seat)))``, checked by a test on every
position of seeded games.

The board's and the lords' parts (nine tenths of the slots) and the cards
everyone sees are kept on the state as one block of C floats per seat
(``array.array``), piece by piece: each piece (a village's holder, its
soldiers, its counters, a lord, a fief, the discard pile, ...) remembers
the slots it wrote, and only a piece that differs from the one kept is
written again, into every seat's block at once, each at its place from that
seat's chair. At each observation the kinds of pieces are compared whole
with those kept (most steps move none), the seat's block is copied, and the
seats' and the phase's numbers, which change at most steps, are written in.

Imported by the research environments only (it needs numpy, which the core
does not): :meth:`FiefEncoding.observe_array` loads it when first used.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import cache
from operator import attrgetter, itemgetter
from threading import Lock
from typing import TYPE_CHECKING, Any

import numpy as np

from courtly.core.encoding import count_slots
from courtly.games.fief.encoding import (
    BISHOPRICS,
    DECK,
    LORDS,
    REGIONS,
    STANCE,
    VILLAGES,
    _layout,
    _phase_state,
    _seats_state,
)
from courtly.games.fief.rules import MAX_COUNTERS_PER_VILLAGE

if TYPE_CHECKING:
    from courtly.games.fief.rules import FiefState

_FIRST = itemgetter(0)
_LORD = attrgetter("owner", "village", "bishop", "cardinal", "outside")
_GATE = attrgetter("order", "owner", "village", "stance", "soldiers")
_FIEF = attrgetter("owner", "capital", "title")
#: Two dicts' equality as plain dicts: in C, where a Counter's own is Python code.
_SAME = dict.__eq__
#: The state's sets of places but the custody (which the votes read).
_PLACES = ("castles", "weather", "famine")
#: One piece's numbers: (slot, value) pairs in seat 0's layout.
Cells = list[tuple[int, float]]


def observe_array(state: FiefState, seat: int) -> np.ndarray:
    """``seat``'s observation as a new float32 array (the caller may keep
    or change it: nothing kept refers to it)."""
    kept = _kept(state)
    with kept.lock:  # one thread at a time brings them up to date and copies
        kept.update(state)
        out, votes = kept.blocks[seat][0][:], kept.votes
    n = state.num_players
    at = _layout(n)
    _seats_state(out, at.seats, state, votes, seat, n)
    _hand(out, at.phase - 2 * DECK.size - 1, state, seat)
    _phase_state(out, at.phase, state, seat, n)
    return np.frombuffer(out, np.float32)


def _kept(state: FiefState) -> _Kept:
    """The state's kept blocks. Made anew for a state that shares them with
    another (a clone or a copy shares its original's attributes)."""
    kept = state.observed_array
    if kept is None or kept.owner != id(state):
        kept = state.observed_array = _Kept(state.num_players, id(state))
    return kept


def _hand(out: array, start: int, state: FiefState, seat: int) -> None:
    """One's hand, counted (kept by its cards: a hand comes back step after step)."""
    hand = tuple(state.hands[seat])
    got = _HANDS.get(hand)
    if got is None:
        if len(_HANDS) > 4096:  # a bound, not a policy: hands seen long ago rarely return
            _HANDS.clear()
        got = _HANDS[hand] = tuple(count_slots(DECK, 0, hand).items())
    for k, x in got:
        out[start + k] = x


_HANDS: dict[tuple[str, ...], tuple[tuple[int, float], ...]] = {}


class _Part:
    """One kind of piece: what each piece was when last written, and the
    slots it wrote (plain data: a state keeping it still pickles)."""

    __slots__ = ("slots", "was")

    def __init__(self) -> None:
        self.was: dict[Hashable, Any] = {}
        self.slots: dict[Hashable, tuple[int, ...]] = {}

    def sync(self, blocks: _Blocks, now: dict[Any, Any],
             write: Callable[[Hashable, Any], Cells]) -> bool:
        """Write the pieces of ``now`` that differ from those kept (and clear
        those gone) with ``write``, into every seat's block; whether any did."""
        was = self.was
        if _SAME(now, was) is True:  # (NotImplemented, were ``now`` no dict, is truthy)
            return False
        slots = self.slots
        for key in was.keys() - now.keys():
            _clear(blocks, slots.pop(key))
            del was[key]
        # the pieces new or changed, found in C (each piece writes slots of
        # its own, so their order does not matter)
        for key, value in now.items() - was.items():
            _clear(blocks, slots.get(key, ()))
            cells = write(key, value)
            _put(blocks, cells)
            slots[key] = tuple(i for i, _ in cells)
            was[key] = value
        return True


#: Every seat's block with where each of seat 0's slots is in it.
_Blocks = list[tuple[array, list[int]]]


def _clear(blocks: _Blocks, slots: Iterable[int]) -> None:
    for block, place in blocks:
        for i in slots:
            block[place[i]] = 0.0


def _put(blocks: _Blocks, cells: Cells) -> None:
    for block, place in blocks:
        for i, x in cells:
            block[place[i]] = x


class _Kept:
    """Every seat's block of the observation: the board's and the lords'
    parts and the cards everyone sees, kept piece by piece (module
    docstring), the rest 0; and the seats' votes, which only the pieces move."""

    __slots__ = ("blocks", "discard", "fiefs", "gates", "lock", "lords", "n", "names", "owner",
                 "parts", "piled", "regions", "votes")

    def __init__(self, n: int, owner: int) -> None:
        self.n = n
        #: The ``id`` of the state they are kept for (see :func:`_kept`).
        self.owner = owner
        #: Held while the blocks are brought up to date and one copied:
        #: threads observing one state would otherwise copy a half-written one.
        self.lock = Lock()
        zeros = bytes(4 * _layout(n).size)
        self.blocks = [(array("f", zeros), place) for place in _places(n)]
        self.parts = {name: _Part() for name in _writers(n)}
        self.votes: list[int] = [0] * n
        #: The lords', gates' and fiefs' pieces as last compared, in order,
        #: and the lords' and fiefs' names in that order (pieces may trade names).
        self.lords: list[tuple[Any, ...]] = []
        self.gates: list[tuple[Any, ...]] = []
        self.fiefs: list[tuple[Any, ...]] = []
        self.names: list[str] = []
        self.regions: list[str] = []
        #: The discard pile as last written, and its count of each card.
        self.discard: list[str] = []
        self.piled: dict[str, int] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled empty: a state unpickled is another object, for which
        :func:`_kept` makes them anew anyway."""
        return _Kept, (self.n, 0)

    def update(self, state: FiefState) -> None:
        """Bring the kept parts to ``state``'s pieces: each kind compared
        whole first (most steps move none), piece by piece if it differs.

        Lords, gates and fiefs are objects the rules change in place: they
        are compared as tuples of their fields (:data:`_LORD` and a besieger's
        road, ...), kept
        with their names in order. The other kinds are dicts and sets of
        plain values, compared as they are. The holders and the votes are
        counted again when what they read moved (``FiefState.holders`` and
        ``votes``: the lords, the soldiers, the fiefs and the villages given in
        them, the custody, the King)."""
        parts, sync = self.parts, self._sync
        recount = False
        lords = state.lords
        # a lord's fields, and the road he besieges from (it reads his gate)
        siege_road = state.siege_road
        rows = [(*_LORD(i), siege_road(i) if i.outside else None) for i in lords.values()]
        names = list(lords)
        if rows != self.lords or names != self.names:
            self.lords, self.names = rows, names
            sync("lords", dict(zip(names, rows, strict=True)))
            recount = True  # even if only their order: the first inside a village holds it
        if state.soldiers != parts["soldiers"].was:
            recount |= sync("soldiers", state.soldiers)
        fiefs = state.fiefs
        rows, names = list(map(_FIEF, fiefs.values())), list(fiefs)
        if rows != self.fiefs or names != self.regions:
            self.fiefs, self.regions = rows, names
            recount |= sync("fiefs", dict(zip(names, rows, strict=True)))
        if state.given != parts["given"].was:  # a fief's village given holds for its guest
            recount |= sync("given", state.given)
        if state.custody != parts["custody"].was.keys():
            recount |= sync("custody", dict.fromkeys(state.custody, True))
        if state.king != parts["king"].was.get("king"):
            recount |= sync("king", {"king": state.king})
        if recount:
            sync("holders", state.holders())
            self.votes = state.votes()
        # Counters compared as plain dicts (``_SAME``, in C: Counter's own
        # comparison is Python code); a zero count then differs from none,
        # which costs only a rewrite of nothing
        if not _SAME(state.trips, parts["trips"].was):
            sync("trips", state.trips)
        if not (_SAME(state.mills, parts["mills"].was)
                and _SAME(state.presses, parts["presses"].was)):
            sync("mills", state.mills)
            sync("presses", state.presses)
        for name in _PLACES:
            now = getattr(state, name)
            if now != parts[name].was.keys():
                sync(name, dict.fromkeys(now, True))
        gates = list(map(_GATE, state.gates))
        if gates != self.gates:
            self.gates = gates
            sync("gates", {"gates": tuple(sorted(gates, key=_FIRST))} if gates else {})
        if state.discard != self.discard:
            self._pile(state.discard)
        if len(state.deck) != parts["deck"].was.get("deck", 0):
            sync("deck", {"deck": len(state.deck)})

    def _sync(self, name: str, now: dict[Any, Any]) -> bool:
        return self.parts[name].sync(self.blocks, now, _writers(self.n)[name])

    def _pile(self, discard: list[str]) -> None:
        """The discard pile's counts (:func:`encoding._cards_state`): the
        cards added counted in, or all counted again if any left."""
        old, piled, pos = self.discard, self.piled, DECK.pos
        start = _layout(self.n).phase - DECK.size - 1
        if len(discard) > len(old) and discard[:len(old)] == old:
            added = discard[len(old):]
        else:
            added = discard
            _clear(self.blocks, [start + pos[c] for c in piled if c in pos])
            piled.clear()
        cells = []
        for card in added:
            piled[card] = count = piled.get(card, 0) + 1
            k = pos.get(card)
            if k is not None:
                cells.append((start + k, count / 3))
        _put(self.blocks, cells)
        self.discard = list(discard)


@cache
def _writers(n: int) -> dict[str, Callable[[Hashable, Any], Cells]]:
    """Each kind of piece's numbers in seat 0's layout, at the places
    ``encoding._board_state`` and ``_lords_state`` give them."""
    v_pos, v_size, r_pos, r_size = VILLAGES.pos, VILLAGES.size, REGIONS.pos, REGIONS.size
    l_pos, l_size, b_pos, width = LORDS.pos, LORDS.size, BISHOPRICS.pos, STANCE.size
    soldiers = v_size * n
    counts = soldiers + v_size * n
    castles, mills = counts + v_size, counts + 2 * v_size
    presses, given = mills + v_size, mills + 2 * v_size
    forces = given + v_size * n
    stances = forces + v_size * n
    fiefs = stances + v_size * n * width
    part = 1 + n + v_size + l_size
    flags = fiefs + r_size * part
    lords = _layout(n).lords
    owners = lords + l_size
    places = owners + l_size * n
    roads = places + l_size * v_size
    bishops = roads + l_size * v_size
    cards = bishops + l_size * BISHOPRICS.size
    king = cards + 2 * l_size
    trips = king + l_size

    def seat(start: int, other: Any) -> Cells:
        return [(start + other, 1.0)] if isinstance(other, int) and other >= 0 else []

    def on_board(index: Mapping[str, int], write: Callable[[int, Any], Cells]
                 ) -> Callable[[Hashable, Any], Cells]:
        def cells(key: Hashable, value: Any) -> Cells:
            k = index.get(key)  # type: ignore[call-overload]
            return [] if k is None else write(k, value)
        return cells

    def counter(start: int, scale: float) -> Callable[[Hashable, Any], Cells]:
        return on_board(v_pos, lambda k, c: [(start + k, c / scale)] if c else [])

    def soldier(k: int, value: tuple[Any, int]) -> Cells:
        owner, count = value
        return seat(soldiers + k * n, owner) + ([(counts + k, count / 10)] if count else [])

    def lord(row: int, value: tuple[Any, ...]) -> Cells:
        owner, village, bishop, cardinal, outside, road = value
        out = [(lords + row, 1.0), *seat(owners + row * n, owner),
               (places + row * v_size + v_pos[village], 1.0)]
        if road is not None:
            out.append((roads + row * v_size + v_pos[road], 1.0))
        b = b_pos.get(bishop)
        if b is not None:
            out.append((bishops + row * BISHOPRICS.size + b, 1.0))
        if cardinal:
            out.append((cards + 2 * row, 1.0))
        if outside:
            out.append((cards + 2 * row + 1, 1.0))
        return out

    def gates(_: Hashable, value: tuple[tuple[Any, ...], ...]) -> Cells:
        # summed in the gates' order, as the view lists them (the same floats)
        sums: dict[int, float] = {}
        for _order, owner, village, stance, count in value:
            row = v_pos[village]
            if isinstance(owner, int) and owner >= 0 and count:
                k = forces + row * n + owner
                sums[k] = sums.get(k, 0.0) + count / 10
            k = stances + row * n * width + owner * width + STANCE.pos[stance]
            sums[k] = sums.get(k, 0.0) + 1.0
        return list(sums.items())

    def fief(k: int, value: tuple[Any, Any, Any]) -> Cells:
        owner, capital, title = value
        at = fiefs + k * part
        out = [(at, 1.0), *seat(at + 1, owner)]
        c = v_pos.get(capital)
        if c is not None:
            out.append((at + 1 + n + c, 1.0))
        t = l_pos.get(title)
        if t is not None:
            out.append((at + 1 + n + v_size + t, 1.0))
        return out

    def region(which: int) -> Callable[[Hashable, Any], Cells]:
        return on_board(r_pos, lambda k, _: [(flags + which * r_size + k, 1.0)])

    def crowned(_: Hashable, who: Any) -> Cells:
        row = l_pos.get(who)
        return [] if row is None else [(king + row, 1.0)]

    deck = _layout(n).phase - 1

    return {
        "deck": lambda _, size: [(deck, size / 30)] if size else [],
        "lords": on_board(l_pos, lord),
        "soldiers": on_board(v_pos, soldier),
        "mills": counter(mills, MAX_COUNTERS_PER_VILLAGE),
        "presses": counter(presses, MAX_COUNTERS_PER_VILLAGE),
        "trips": on_board(l_pos, lambda row, c: [(trips + row, c / 2)] if c else []),
        "given": on_board(v_pos, lambda k, owner: seat(given + k * n, owner)),
        "castles": on_board(v_pos, lambda k, _: [(castles + k, 1.0)]),
        "gates": gates,
        "fiefs": on_board(r_pos, fief),
        "custody": region(0),
        "weather": region(1),
        "famine": region(2),
        "king": crowned,
        "holders": on_board(v_pos, lambda k, owner: seat(k * n, owner)),
    }


@cache
def _rotation(n: int) -> list[np.ndarray]:
    """For each seat, the permutation of the slots that turns seat 0's
    numbers into that seat's: in each block of n slots about seats (and each
    row of the gates' stances, n blocks of a stance each), the seat ``j``
    places after one's own is seat 0's slot for ``(seat + j) % n``."""
    v_size, width, l_size = VILLAGES.size, STANCE.size, LORDS.size
    at = _layout(n)
    rows: list[int] = []  # the first slot of each block of n
    rows += range(0, 2 * v_size * n, n)  # holders, soldiers
    given = 2 * v_size * n + 4 * v_size
    rows += range(given, given + 2 * v_size * n, n)  # given, forces at the gates
    stances = given + 2 * v_size * n
    part = 1 + n + v_size + l_size
    fiefs = stances + v_size * n * width
    rows += (fiefs + k * part + 1 for k in range(REGIONS.size))
    rows += range(at.lords + l_size, at.lords + l_size + l_size * n, n)  # the lords' owners
    starts = np.array(rows, np.intp)[:, None]
    wide = (stances + np.arange(v_size) * n * width)[:, None, None]
    out = []
    for seat in range(n):
        p = np.arange(at.size, dtype=np.intp)
        j = np.arange(n)
        p[(starts + j).ravel()] = (starts + (j + seat) % n).ravel()
        jw, st = j[None, :, None], np.arange(width)[None, None, :]
        p[(wide + jw * width + st).ravel()] = (wide + (jw + seat) % n * width + st).ravel()
        out.append(p)
    return out


@cache
def _places(n: int) -> list[list[int]]:
    """For each seat, where each of seat 0's slots is in its block (the
    inverse of :func:`_rotation`'s permutation), as a list: read a slot at
    a time."""
    out = []
    for p in _rotation(n):
        place = np.empty_like(p)
        place[p] = np.arange(p.size)
        out.append(place.tolist())
    return out
