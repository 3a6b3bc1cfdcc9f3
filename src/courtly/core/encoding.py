"""What a game declares once for research tools (docs/research.md): a stable
numbering of its actions and a numeric encoding of a view.

- :class:`Numbering`: every action a configuration (player count and options)
  can ever offer gets one number, the same in every state; a game lists its
  actions as :class:`Block` s, each an action class with the values of its
  fields, numbered in mixed radix (the first field varies slowest).
- :class:`Encoding`: the game's ``numbering(num_players, options)`` and
  ``observe(view)``, :class:`Features`: numbers of a fixed size per
  configuration (kept sparse: most are 0), computed from ``view(seat)``
  alone, so they can hold nothing hidden from the seat.

Pure Python, like the rest of the core: the research adapters (courtly.rl)
turn them into arrays.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol

from courtly.core.action import Action

if TYPE_CHECKING:
    from courtly.core.game import State


@dataclass(frozen=True)
class Block:
    """One action class and the values of its fields. ``fields`` is a list
    of (names, values): one field (``("lord",)``, each value a 1-tuple) or
    several that go together (``("area", "side", "owner")`` with only the
    combinations that make sense). Fields not named keep their defaults."""

    cls: type[Action]
    fields: tuple[tuple[tuple[str, ...], tuple[tuple[Any, ...], ...]], ...] = ()

    @property
    def size(self) -> int:
        """How many actions the block numbers."""
        n = 1
        for _, values in self.fields:
            n *= len(values)
        return n


def block(cls: type[Action], **fields: Iterable[Any]) -> Block:
    """A block whose fields vary independently: ``block(Vote, card=VOTES)``."""
    return Block(cls, tuple(((name,), tuple((v,) for v in values))
                            for name, values in fields.items()))


def joint(names: Sequence[str], values: Iterable[Sequence[Any]]
          ) -> tuple[tuple[str, ...], tuple[tuple[Any, ...], ...]]:
    """Several fields that vary together, for :class:`Block`'s ``fields``."""
    return tuple(names), tuple(tuple(v) for v in values)


#: How many action objects :meth:`Numbering.indices` keeps by identity at
#: least (a numbering keeps as many as it has numbers, if more).
_MEMO_LIMIT = 50_000


class Numbering:
    """A stable numbering of every action of one configuration: ``index``
    and ``action`` are inverse; an action outside it raises KeyError."""

    def __init__(self, blocks: Iterable[Block]) -> None:
        self.blocks = tuple(blocks)
        self._offsets: list[int] = []
        self._kinds: dict[type[Action], list[int]] = {}
        # per block, per field group: how to read the group off an action
        # (one field: its value; several: a tuple), the values' positions so
        # keyed, and how many values there are
        self._groups: list[list[tuple[Callable[[Action], Any], dict[Any, int], int]]] = []
        total = 0
        for i, b in enumerate(self.blocks):
            self._offsets.append(total)
            self._kinds.setdefault(b.cls, []).append(i)
            self._groups.append([_group(names, values) for names, values in b.fields])
            total += b.size
        self.size = total
        self._cache: dict[Action, int] = {}
        self._actions: dict[int, Action] = {}  # actions are values: one each suffices
        #: Numbers by object identity (:meth:`indices`), and every object
        #: so named, held: none of them can die while its id is a key, so no
        #: other object can take that id.
        self._by_id: dict[int, int] = {}
        self._held: list[Action] = []
        #: Past this many objects the memo is emptied (rules that make new
        #: objects at every menu); rules that share one object per action
        #: never reach it, however long the run.
        self.memo_limit = max(_MEMO_LIMIT, total)

    def __len__(self) -> int:
        return self.size

    def index(self, action: Action) -> int:
        """The number of ``action``; KeyError if this numbering has none."""
        known = self._cache.get(action)
        if known is not None:
            return known
        for i in self._kinds.get(type(action), ()):
            n = self._index_in(i, action)
            if n is not None:
                self._cache[action] = n
                return n
        raise KeyError(f"{action.describe()} has no number in this configuration")

    def _index_in(self, i: int, action: Action) -> int | None:
        n = 0
        for read, positions, size in self._groups[i]:
            k = positions.get(read(action))
            if k is None:
                return None
            n = n * size + k
        return self._offsets[i] + n

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The numbers of ``actions`` (a mask's ones); KeyError for one without.

        Menus mostly hand out the same action objects from one position to
        the next (kept by the rules), so each object's number is also kept
        by identity: no hash and no comparison of its fields, which were
        most of a mask's cost. A menu whose every object is known is looked
        up at C speed (``map``); one with a new object goes through
        :meth:`_learned`."""
        if type(actions) is not list and type(actions) is not tuple:
            actions = list(actions)
        try:
            return list(map(self._by_id.__getitem__, map(id, actions)))
        except KeyError:
            return self._learned(actions)

    def _learned(self, actions: Iterable[Action]) -> list[int]:
        """:meth:`indices`, keeping the number of each object not known yet."""
        memo = self._by_id
        if len(memo) > self.memo_limit:
            memo.clear()
            self._held.clear()
        known = memo.get
        return [number if (number := known(id(a))) is not None else self._remember(a)
                for a in actions]

    def _remember(self, action: Action) -> int:
        """``action``'s number, kept by the object's identity (:meth:`indices`)."""
        number = self.index(action)
        self._by_id[id(action)] = number
        self._held.append(action)
        return number

    def action(self, number: int) -> Action:
        """The action numbered ``number``; IndexError outside the numbering."""
        known = self._actions.get(number)
        if known is not None:
            return known
        action = self._action(number)
        self._actions[number] = action
        return action

    def _action(self, number: int) -> Action:
        if not 0 <= number < self.size:
            raise IndexError(f"action number {number} is outside 0..{self.size - 1}")
        i = _last_at_most(self._offsets, number)
        b, rest = self.blocks[i], number - self._offsets[i]
        kwargs: dict[str, Any] = {}
        for names, values in reversed(b.fields):
            rest, k = divmod(rest, len(values))
            kwargs.update(zip(names, values[k], strict=True))
        return b.cls(**kwargs)


def _group(names: tuple[str, ...], values: tuple[tuple[Any, ...], ...]
           ) -> tuple[Callable[[Action], Any], dict[Any, int], int]:
    """A field group of a block as :meth:`Numbering._index_in` reads it: a
    reader of the group's value off an action (``attrgetter``: one field's
    value, or several fields' tuple), each value's position keyed the same
    way, and how many values there are."""
    if len(names) == 1:
        return attrgetter(names[0]), {v[0]: k for k, v in enumerate(values)}, len(values)
    return attrgetter(*names), {v: k for k, v in enumerate(values)}, len(values)


def _last_at_most(offsets: list[int], number: int) -> int:
    lo, hi = 0, len(offsets) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if offsets[mid] <= number:
            lo = mid
        else:
            hi = mid - 1
    return lo


class Encoding(Protocol):
    """A game's declaration for research tools: its actions' numbering per
    configuration, and a view as a fixed-length list of numbers."""

    def numbering(self, num_players: int, options: Mapping[str, Any]) -> Numbering:
        """Every action this configuration can offer, numbered stably."""
        ...

    def observe(self, view: Mapping[str, Any]) -> Features:
        """``view`` (one seat's) as numbers; the same size for every view
        of a configuration."""
        ...


def observe_seat(encoding: Encoding, state: State, seat: int) -> Features:
    """``encoding.observe(state.view(seat))``; read from the state directly
    when the encoding offers it (``observe_state(state, seat)``, a game's
    faster path that must give exactly the same numbers: each is tested
    against the view's on every position of many games)."""
    direct = getattr(encoding, "observe_state", None)
    if direct is not None:
        features: Features = direct(state, seat)
        return features
    return encoding.observe(state.view(seat))


class Index:
    """Values in a fixed order and each one's position: the slots of a
    one-hot or of counts (:class:`Features`)."""

    __slots__ = ("pos", "size", "values")

    def __init__(self, values: Iterable[Any]) -> None:
        self.values = tuple(values)
        self.pos = {v: i for i, v in enumerate(self.values)}
        self.size = len(self.values)

    def __len__(self) -> int:
        return self.size


def _index(among: Index | Sequence[Any]) -> Index:
    return among if isinstance(among, Index) else Index(among)


class Features:
    """An observation built piece by piece: ``size`` numbers, most of them
    0, kept as the non-zero ones by position (``values``); :meth:`dense` is
    the whole list. Pass an :class:`Index` built once where speed matters;
    a plain sequence works."""

    __slots__ = ("size", "values")

    def __init__(self) -> None:
        self.size = 0
        self.values: dict[int, float] = {}

    def dense(self) -> list[float]:
        """Every number, in order."""
        out = [0.0] * self.size
        for k, v in self.values.items():
            out[k] = v
        return out

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Features) and self.size == other.size
                and self.values == other.values)

    __hash__ = None  # type: ignore[assignment]

    def zeros(self, n: int) -> int:
        """``n`` more slots at 0; the first one's position (see :meth:`add`)."""
        start = self.size
        self.size += n
        return start

    def add(self, position: int, value: float) -> None:
        """Add ``value`` at ``position`` (a slot given by :meth:`zeros`)."""
        if value:
            self.values[position] = self.values.get(position, 0.0) + value

    def one_hot(self, value: object, among: Index | Sequence[Any]) -> None:
        """One slot per value of ``among``; 1 at ``value`` (none if absent)."""
        index = among if type(among) is Index else _index(among)
        k = index.pos.get(value)
        if k is not None:
            self.values[self.size + k] = 1.0
        self.size += index.size

    def counts(self, counts: Mapping[Any, float], keys: Index | Sequence[Any],
               scale: float = 1.0) -> None:
        """``counts[k] / scale`` for each key (0 where missing)."""
        index = keys if type(keys) is Index else _index(keys)
        start, pos, values = self.size, index.pos, self.values
        for key, n in counts.items():
            k = pos.get(key)
            if k is not None and n:
                values[start + k] = n / scale
        self.size += index.size

    def flags(self, present: Iterable[Any], keys: Index | Sequence[Any]) -> None:
        """1 for each key in ``present``."""
        index = keys if type(keys) is Index else _index(keys)
        start, pos, values = self.size, index.pos, self.values
        for key in present:
            k = pos.get(key)
            if k is not None:
                values[start + k] = 1.0
        self.size += index.size

    def number(self, value: float | None, scale: float = 1.0) -> None:
        """One scaled number (0 for None)."""
        if value:
            self.values[self.size] = value / scale
        self.size += 1

    def numbers(self, values: Iterable[float | None], scale: float = 1.0) -> None:
        """Several scaled numbers."""
        start, out = self.size, self.values
        k = -1
        for k, v in enumerate(values):
            if v:
                out[start + k] = v / scale
        self.size += k + 1


#: The size of :func:`hashed_view`'s observations unless a game says otherwise.
HASHED_SIZE = 2048


def hashed_view(view: Mapping[str, Any], size: int = HASHED_SIZE) -> Features:
    """A generic observation, for a game that declares its numbering but no
    encoding of its own yet: every leaf of the view (a number, a string, a
    boolean; path ``a.b.0.c``) goes to a slot chosen by a stable hash (CRC-32)
    of its path (a number: its value added there) or of its path and value
    (a string or a boolean: 1 added there). Fixed size, from the view alone;
    collisions blur it, and seats are not read from the viewer's chair, so a
    game's own encoding does better."""
    f = Features()
    f.size = size
    for path, value in _leaves(view, ""):
        if isinstance(value, bool | str):
            f.add(zlib.crc32(f"{path}={value}".encode()) % size, 1.0)
        elif isinstance(value, int | float):
            f.add(zlib.crc32(path.encode()) % size, float(value))
    return f


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping):
        for key in sorted(value, key=str):
            yield from _leaves(value[key], f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{path}.{i}")
    elif value is not None:
        yield path, value


@dataclass(frozen=True)
class Declared:
    """An encoding made of two functions: a game's numbering and its
    observation (:func:`hashed_view` by default)."""

    numbering_of: Callable[[int, Mapping[str, Any]], Numbering]
    observe_view: Callable[[Mapping[str, Any]], Features] = hashed_view

    def numbering(self, num_players: int, options: Mapping[str, Any]) -> Numbering:
        """The game's numbering."""
        return self.numbering_of(num_players, options)

    def observe(self, view: Mapping[str, Any]) -> Features:
        """The game's observation of ``view``."""
        return self.observe_view(view)


@cache
def seats(n: int) -> Index:
    """The index of ``n`` seats (or places round the table)."""
    return Index(range(n))


@lru_cache(maxsize=8192)
def count_slots(keys: Index, start: int, items: tuple[Any, ...], scale: float = 1.0
                ) -> dict[int, float]:
    """:meth:`Features.counts` of ``items`` (each key's count over ``scale``)
    as its slots from ``start`` and their values, for a state encoder to copy
    in: kept, as a hand or a pile is mostly the same from one step to the
    next, so never to be changed."""
    pos = keys.pos
    return {start + pos[key]: n / scale for key, n in Counter(items).items() if key in pos}


def relative(seat: int | None, other: int | None, num_players: int) -> int | None:
    """``other``'s place after ``seat`` (0 is the seat itself), so that an
    encoding reads the same from every chair; None stays None."""
    if other is None or other < 0:
        return None
    return (other - (seat or 0)) % num_players
