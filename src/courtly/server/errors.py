"""Errors by kind, mapped to HTTP status codes in this one place (STYLE.md 8)."""

from __future__ import annotations

from courtly.core import IllegalAction, InvalidAction, InvalidRecord, UnknownGame


class Forbidden(Exception):
    """A missing, wrong or forged token, or a spectator trying to act."""


class NotFound(Exception):
    """An unknown table or game."""


class Conflict(Exception):
    """Not now: the table has not started, the game is over, the seat is taken."""


class BadRequest(Exception):
    """A malformed request the schema cannot catch (bad seat list, text too long)."""


STATUS: tuple[tuple[type[Exception], int], ...] = (
    (Forbidden, 403),
    (NotFound, 404),
    (Conflict, 409),
    (IllegalAction, 409),
    (BadRequest, 400),
    (InvalidAction, 400),
    (InvalidRecord, 400),
    (UnknownGame, 400),
    (ValueError, 400),
)


def status_for(exc: BaseException) -> int | None:
    """The HTTP status for an error we expect, None for a bug."""
    for kind, status in STATUS:
        if isinstance(exc, kind):
            return status
    return None
