"""Events: what happened, with the text each seat may read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Stands for "no data given" (a new empty dict), as the field's default factory.
_NO_DATA: Any = object()


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened.

    ``audience`` is None when everyone (spectators too) may see the event;
    otherwise only those seats see it and everybody else sees ``redacted``
    (or nothing, when ``redacted`` is None).
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    redacted: Event | None = None

    def __init__(self, kind: str, text: str, data: dict[str, Any] = _NO_DATA,
                 audience: frozenset[int] | None = None, redacted: Event | None = None) -> None:
        # The generated frozen __init__ looks object.__setattr__ up for each
        # field; nearly every action makes an event or two, and setting the
        # slots through their descriptors costs a third less (same fields,
        # still frozen afterwards).
        _set_kind(self, kind)
        _set_text(self, text)
        _set_data(self, {} if data is _NO_DATA else data)
        _set_audience(self, audience)
        _set_redacted(self, redacted)

    def for_seat(self, seat: int | None) -> Event | None:
        """The event as ``seat`` (None: a spectator) may see it, or None."""
        if self.audience is None or (seat is not None and seat in self.audience):
            return self
        if self.redacted is None:
            return None
        return self.redacted.for_seat(seat)

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form of this (already redacted) event."""
        return {"kind": self.kind, "text": self.text, "data": self.data}


_set_kind, _set_text, _set_data, _set_audience, _set_redacted = (
    Event.__dict__[name].__set__ for name in ("kind", "text", "data", "audience", "redacted"))


def redact(events: list[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see, each in the form it may see."""
    out = []
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return out
