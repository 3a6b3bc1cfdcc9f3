"""Errors by kind, mapped to HTTP status codes in this one place (STYLE.md 8),
and the machine-readable ``code`` (with its ``params``) that clients translate
(docs/api.md, "Errors")."""

from __future__ import annotations

from typing import Any

from courtly.core import IllegalAction, InvalidAction, InvalidRecord, UnknownGame


class ServerError(Exception):
    """An error the server answers with ``{detail, code, params}``: ``detail``
    is English for people and logs; ``code`` (with ``params``) is what a client
    translates. Each kind has a default code."""

    default_code = "error"

    def __init__(self, detail: str, code: str | None = None, **params: Any) -> None:
        super().__init__(detail)
        self.code = code or self.default_code
        self.params = params


class Forbidden(ServerError):
    """A missing, wrong or forged token, or a spectator trying to act."""

    default_code = "forbidden"


class NotFound(ServerError):
    """An unknown table or game."""

    default_code = "not_found"


class Conflict(ServerError):
    """Not now: the table has not started, the game is over, the seat is taken."""

    default_code = "conflict"


class Stale(Conflict):
    """A move or a seat against a state another server instance changed first
    (several instances on one database): nothing changed; the table is
    brought up to date, and the client may act again on what it now sees."""

    default_code = "stale"


class BadRequest(ServerError):
    """A malformed request the schema cannot catch (bad seat list, text too long)."""

    default_code = "bad_request"


class StorageUnavailable(ServerError):
    """The database refused a write (a full disk, a read-only file, a lost
    connection): nothing changed, and the same request may be tried again."""

    default_code = "storage_unavailable"


class RateLimited(ServerError):
    """Too many requests of a kind from one client address (``retry_after``
    seconds in ``params``)."""

    default_code = "rate_limited"


class BadField(ServerError):
    """A request or message that does not match the schema (schema.py);
    ``field`` names the first field wrong (a dotted path), ``problem`` says how."""

    default_code = "bad_field"


STATUS: tuple[tuple[type[Exception], int], ...] = (
    (BadField, 422),
    (RateLimited, 429),
    (StorageUnavailable, 503),
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


#: The code of an error that carries none of its own, by kind (first match).
CODES: tuple[tuple[type[Exception], str], ...] = (
    (IllegalAction, "illegal_action"),
    (InvalidAction, "invalid_action"),
    (InvalidRecord, "invalid_record"),
    (UnknownGame, "unknown_game"),
    (ValueError, "bad_request"),
)


def error_body(exc: BaseException) -> dict[str, Any]:
    """``{detail, code, params}`` for an expected error: ``detail`` the English
    text (an illegal action's is the engine's reason), ``code`` a stable
    snake_case name a client may translate with ``params``."""
    if isinstance(exc, ServerError):
        return {"detail": str(exc), "code": exc.code, "params": dict(exc.params)}
    code = next((c for kind, c in CODES if isinstance(exc, kind)), "error")
    params: dict[str, Any] = {}
    if isinstance(exc, UnknownGame):
        params = {"game": str(exc.name)}
    return {"detail": str(exc), "code": code, "params": params}
