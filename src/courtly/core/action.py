"""Actions: small frozen values with a JSON form that round-trips exactly.

Each game declares its action classes as ``@dataclass(frozen=True, slots=True)``
subclasses of :class:`Action` with a ``kind`` class variable. A field may be

- a scalar: ``int``, ``str`` or ``bool``;
- a tuple of fields: ``tuple[T, ...]`` (any length) or ``tuple[A, B]`` (fixed);
- a small frozen dataclass of fields (a :class:`Value`), written as a JSON object;
- any of these or ``None`` (``T | None``).

So a composite action ("this lord with two soldiers along this path", "300
crowns and village X") is one hashable value whose JSON form parses back to
an equal value; the parser is strict: a wrong type, a missing or an unknown
field at any depth is refused with the path of the faulty part.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, ClassVar

from courtly.core.errors import InvalidAction

_SCALARS: tuple[type, ...] = (int, str, bool)

#: Parses one JSON value at a path (for error messages) into a field value.
_Parse = Callable[[object, str], Any]


class Action:
    """Base of every game's actions."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The JSON-safe form: ``{"type": kind, field: value, ...}``."""
        out: dict[str, Any] = {"type": self.kind}
        for name in _field_names(type(self)):  # type: ignore[arg-type]  # mypy#11470
            out[name] = to_json_value(getattr(self, name))
        return out

    def validate(self) -> None:
        """Check field values beyond their types (names, ranges); raise InvalidAction.

        Called by the parser; games override it so that a well-typed action
        with an unknown name is refused as malformed rather than as illegal.
        """
        return None

    def describe(self) -> str:
        """A one-line human description; games override it."""
        args = ", ".join(f"{k}={v}" for k, v in self.to_json().items() if k != "type")
        return f"{self.kind}({args})"


class Value:
    """Base of the small frozen dataclasses nested in composite actions
    (``@dataclass(frozen=True, slots=True)``); JSON: an object of its fields."""

    __slots__ = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    """A seat's part in an open window (a negotiation) is over."""

    kind: ClassVar[str] = "done"

    def describe(self) -> str:
        """'Done'."""
        return "Done"


@dataclasses.dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """The referee's action: the current window's time is up (recorded like any
    other action, so that replay is exact)."""

    kind: ClassVar[str] = "time_up"

    def describe(self) -> str:
        """'Time is up'."""
        return "Time is up"


#: The standard actions every game's parser knows (docs/architecture.md).
STANDARD_ACTIONS: tuple[type[Action], ...] = (Done, TimeUp)


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names in order (``dataclasses.fields`` builds its
    tuple anew at each call; events carry actions' JSON forms)."""
    return tuple(f.name for f in dataclasses.fields(cls))


def to_json_value(value: object) -> Any:
    """A field value in its JSON form: tuples as lists, Values as objects."""
    if isinstance(value, tuple):
        return [to_json_value(v) for v in value]
    if isinstance(value, Value):
        return {f.name: to_json_value(getattr(value, f.name))
                for f in dataclasses.fields(value)}  # type: ignore[arg-type]
    return value


# ----- parsing by type hints ---------------------------------------------------------
def _describe_type(hint: Any) -> str:
    if hint is type(None):
        return "null"
    if isinstance(hint, type):
        return "list" if hint is tuple else ("object" if issubclass(hint, Value)
                                              else hint.__name__)
    origin = typing.get_origin(hint)
    if origin is tuple:
        return "list"
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_describe_type(a) for a in typing.get_args(hint))
    return str(hint)


def _scalar_parser(allowed: tuple[type, ...]) -> _Parse:
    names = " or ".join(t.__name__ for t in allowed)

    def parse(data: object, path: str) -> Any:
        # bool is an int in Python; keep them apart so true never passes for 1.
        if isinstance(data, bool) and bool not in allowed:
            raise InvalidAction(f"{path} must be {names}, got a boolean")
        if not isinstance(data, allowed):
            raise InvalidAction(f"{path} must be {names}, got {_json_type(data)}")
        return data

    return parse


def _json_type(data: object) -> str:
    if data is None:
        return "null"
    if isinstance(data, Mapping):
        return "an object"
    if isinstance(data, list | tuple):
        return "a list"
    return type(data).__name__


def _tuple_parser(args: tuple[Any, ...]) -> _Parse:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _parser_for(args[0])

        def parse_any(data: object, path: str) -> Any:
            if not isinstance(data, list):
                raise InvalidAction(f"{path} must be a list, got {_json_type(data)}")
            return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(data))

        return parse_any
    items = [_parser_for(a) for a in args]

    def parse_fixed(data: object, path: str) -> Any:
        if not isinstance(data, list) or len(data) != len(items):
            raise InvalidAction(f"{path} must be a list of {len(items)}, got "
                                f"{_json_type(data) if not isinstance(data, list) else len(data)}")
        return tuple(p(v, f"{path}[{i}]") for i, (p, v) in enumerate(zip(items, data,
                                                                            strict=True)))

    return parse_fixed


def _object_parser(cls: type) -> _Parse:
    fields = _fields(cls)

    def parse(data: object, path: str) -> Any:
        if not isinstance(data, Mapping):
            raise InvalidAction(f"{path} must be an object, got {_json_type(data)}")
        _check_keys(data, fields, path)
        return cls(**{name: p(data[name], f"{path}.{name}") for name, p in fields.items()})

    return parse


def _check_keys(data: Mapping[str, Any], fields: Mapping[str, Any], path: str,
                ignore: frozenset[str] = frozenset()) -> None:
    extra = sorted(set(data) - set(fields) - ignore)
    if extra:
        raise InvalidAction(f"{path}: unexpected field(s) {', '.join(map(repr, extra))}")
    missing = sorted(set(fields) - set(data))
    if missing:
        raise InvalidAction(f"{path}: missing field(s) {', '.join(map(repr, missing))}")


def _parser_for(hint: Any) -> _Parse:
    """The strict parser of one field type (see the module docstring)."""
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        args = typing.get_args(hint)
        optional = type(None) in args
        rest = tuple(a for a in args if a is not type(None))
        if all(a in _SCALARS for a in rest):
            inner = _scalar_parser(rest)
        elif len(rest) == 1:
            inner = _parser_for(rest[0])
        else:
            raise TypeError(f"unsupported field type {hint!r}: a union of structured types")
        what = _describe_type(hint)

        def parse_union(data: object, path: str) -> Any:
            if data is None:
                if optional:
                    return None
                raise InvalidAction(f"{path} may not be null (expected {what})")
            return inner(data, path)

        return parse_union
    if hint in _SCALARS:
        scalar = _scalar_parser((hint,))

        def parse_required(data: object, path: str) -> Any:
            if data is None:
                raise InvalidAction(f"{path} may not be null")
            return scalar(data, path)

        return parse_required
    if origin is tuple:
        return _tuple_parser(typing.get_args(hint))
    if isinstance(hint, type) and issubclass(hint, Value):
        return _object_parser(hint)
    raise TypeError(f"unsupported field type {hint!r}")


@cache
def _fields(cls: type) -> dict[str, _Parse]:
    """Field name -> its parser, from the dataclass's type hints."""
    hints = typing.get_type_hints(cls)
    out: dict[str, _Parse] = {}
    for f in dataclasses.fields(cls):
        try:
            out[f.name] = _parser_for(hints[f.name])
        except TypeError as exc:
            raise TypeError(f"{cls.__name__}.{f.name}: {exc}") from None
    return out


class ActionParser:
    """Parses the JSON form of a fixed set of action classes, strictly."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self.classes:
                raise TypeError(f"action class {cls.__name__} needs a unique kind")
            _fields(cls)  # type: ignore[arg-type]  # mypy#11470: a class is Hashable
            self.classes[cls.kind] = cls

    def parse(self, data: object) -> Action:
        """Build an action from its JSON form; raise InvalidAction saying what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidAction(f"an action must be a JSON object, got {_json_type(data)}")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            raise InvalidAction(f"unknown action type {kind!r}; expected one of: {known}")
        cls = self.classes[kind]
        fields = _fields(cls)  # type: ignore[arg-type]  # mypy#11470, as above
        _check_keys(data, fields, kind, ignore=frozenset({"type"}))
        action = cls(**{name: p(data[name], f"{kind}: field {name!r}")
                        for name, p in fields.items()})
        action.validate()
        return action
