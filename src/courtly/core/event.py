"""Events: what happened, with the text each seat may read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
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


def redact(events: list[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see, each in the form it may see."""
    out = []
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return out
