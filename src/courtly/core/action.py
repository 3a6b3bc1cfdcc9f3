"""Actions: small frozen values with a JSON form that round-trips exactly.

Each game declares its action classes as ``@dataclass(frozen=True, slots=True)``
subclasses of :class:`Action` with a ``kind`` class variable; fields may be
``int``, ``str``, ``bool`` or optional versions of those.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, ClassVar

from courtly.core.errors import InvalidAction

_SCALARS = (int, str, bool)


class Action:
    """Base of every game's actions."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The JSON-safe form: ``{"type": kind, field: value, ...}``."""
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = getattr(self, f.name)
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


@cache
def _field_spec(cls: type[Action]) -> dict[str, tuple[tuple[type, ...], bool]]:
    """Field name -> (allowed scalar types, may be None)."""
    hints = typing.get_type_hints(cls)
    spec: dict[str, tuple[tuple[type, ...], bool]] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        hint = hints[f.name]
        args = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
        optional = type(None) in args
        allowed = tuple(a for a in args if a in _SCALARS)
        if not allowed:
            raise TypeError(f"{cls.__name__}.{f.name}: unsupported field type {hint!r}")
        spec[f.name] = (allowed, optional)
    return spec


def _check_value(kind: str, name: str, value: object, allowed: tuple[type, ...], optional: bool):
    if value is None:
        if optional:
            return
        raise InvalidAction(f"{kind}: field {name!r} may not be null")
    # bool is an int in Python; keep them apart so true never passes for 1.
    if isinstance(value, bool) and bool not in allowed:
        raise InvalidAction(f"{kind}: field {name!r} must be {_names(allowed)}, got a boolean")
    if not isinstance(value, allowed):
        raise InvalidAction(
            f"{kind}: field {name!r} must be {_names(allowed)}, got {type(value).__name__}"
        )


def _names(types_: tuple[type, ...]) -> str:
    return " or ".join(t.__name__ for t in types_)


class ActionParser:
    """Parses the JSON form of a fixed set of action classes, strictly."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self.classes:
                raise TypeError(f"action class {cls.__name__} needs a unique kind")
            _field_spec(cls)
            self.classes[cls.kind] = cls

    def parse(self, data: object) -> Action:
        """Build an action from its JSON form; raise InvalidAction saying what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidAction(f"an action must be a JSON object, got {type(data).__name__}")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            raise InvalidAction(f"unknown action type {kind!r}; expected one of: {known}")
        cls = self.classes[kind]
        spec = _field_spec(cls)
        extra = sorted(set(data) - set(spec) - {"type"})
        if extra:
            raise InvalidAction(f"{kind}: unexpected field(s) {', '.join(map(repr, extra))}")
        missing = sorted(set(spec) - set(data))
        if missing:
            raise InvalidAction(f"{kind}: missing field(s) {', '.join(map(repr, missing))}")
        for name, (allowed, optional) in spec.items():
            _check_value(kind, name, data[name], allowed, optional)
        action = cls(**{name: data[name] for name in spec})
        action.validate()
        return action
