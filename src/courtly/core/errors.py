"""Errors by kind, so callers (CLI, server) can map each to its own answer."""

from __future__ import annotations


class CourtlyError(Exception):
    """Base of every error courtly raises on purpose."""


class UnknownGame(CourtlyError, ValueError):
    """A game name that is not in the registry."""

    def __init__(self, name: object, known: list[str]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"unknown game {name!r}; known games: {', '.join(known)}")

    def __reduce__(self) -> tuple[type[UnknownGame], tuple[object, list[str]]]:
        # Rebuilt from its two fields, so that it crosses worker processes intact.
        return type(self), (self.name, self.known)


class InvalidAction(CourtlyError, ValueError):
    """An action that cannot be parsed: malformed JSON form, unknown type, bad field."""


class IllegalAction(CourtlyError):
    """A well-formed action that the rules do not allow now (or a seat that may not act)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class InvalidRecord(CourtlyError, ValueError):
    """A game record that is malformed or cannot be replayed."""


class GameNotOver(CourtlyError):
    """Asked for the result of a game that is still running."""
