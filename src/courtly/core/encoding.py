"""What a game declares once for research tools (docs/research.md): a stable
numbering of its actions and a numeric encoding of a view.

- :class:`Numbering`: every action a configuration (player count and options)
  can ever offer gets one number, the same in every state; a game lists its
  actions as :class:`Block` s, each an action class with the values of its
  fields, numbered in mixed radix (the first field varies slowest).
- :class:`Encoding`: the game's ``numbering(num_players, options)`` and
  ``observe(view)``, a flat list of numbers of a fixed length per
  configuration, computed from ``view(seat)`` alone (so it can hold nothing
  hidden from the seat). :class:`Features` helps write one.

Pure Python, like the rest of the core: the research adapters (courtly.rl)
turn the lists into arrays.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from courtly.core.action import Action


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


class Numbering:
    """A stable numbering of every action of one configuration: ``index``
    and ``action`` are inverse; an action outside it raises KeyError."""

    def __init__(self, blocks: Iterable[Block]) -> None:
        self.blocks = tuple(blocks)
        self._offsets: list[int] = []
        self._kinds: dict[type[Action], list[int]] = {}
        # per block, per field group: the values' positions
        self._positions: list[list[dict[tuple[Any, ...], int]]] = []
        total = 0
        for i, b in enumerate(self.blocks):
            self._offsets.append(total)
            self._kinds.setdefault(b.cls, []).append(i)
            self._positions.append([{v: k for k, v in enumerate(values)}
                                    for _, values in b.fields])
            total += b.size
        self.size = total
        self._cache: dict[Action, int] = {}

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
        b, n = self.blocks[i], 0
        for (names, values), positions in zip(b.fields, self._positions[i], strict=True):
            k = positions.get(tuple(getattr(action, name) for name in names))
            if k is None:
                return None
            n = n * len(values) + k
        return self._offsets[i] + n

    def action(self, number: int) -> Action:
        """The action numbered ``number``; IndexError outside the numbering."""
        if not 0 <= number < self.size:
            raise IndexError(f"action number {number} is outside 0..{self.size - 1}")
        i = _last_at_most(self._offsets, number)
        b, rest = self.blocks[i], number - self._offsets[i]
        kwargs: dict[str, Any] = {}
        for names, values in reversed(b.fields):
            rest, k = divmod(rest, len(values))
            kwargs.update(zip(names, values[k], strict=True))
        return b.cls(**kwargs)


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

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """``view`` (one seat's) as numbers; the same length for every view
        of a configuration."""
        ...


class Features:
    """A list of numbers built piece by piece (an observation)."""

    __slots__ = ("out",)

    def __init__(self) -> None:
        self.out: list[float] = []

    def one_hot(self, value: object, among: Sequence[object]) -> None:
        """One slot per value of ``among``; 1 at ``value`` (none if absent)."""
        row = [0.0] * len(among)
        if value in among:
            row[among.index(value)] = 1.0
        self.out += row

    def counts(self, counts: Mapping[Any, float], keys: Sequence[Any], scale: float = 1.0
               ) -> None:
        """``counts[k] / scale`` for each key (0 where missing)."""
        self.out += [counts.get(k, 0) / scale for k in keys]

    def flags(self, present: Iterable[Any], keys: Sequence[Any]) -> None:
        """1 for each key in ``present``."""
        there = set(present)
        self.out += [1.0 if k in there else 0.0 for k in keys]

    def number(self, value: float | None, scale: float = 1.0) -> None:
        """One scaled number (0 for None)."""
        self.out.append(0.0 if value is None else value / scale)

    def numbers(self, values: Iterable[float | None], scale: float = 1.0) -> None:
        """Several scaled numbers."""
        self.out += [0.0 if v is None else v / scale for v in values]


def relative(seat: int | None, other: int | None, num_players: int) -> int | None:
    """``other``'s place after ``seat`` (0 is the seat itself), so that an
    encoding reads the same from every chair; None stays None."""
    if other is None or other < 0:
        return None
    return (other - (seat or 0)) % num_players
