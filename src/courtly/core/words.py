"""Words for the engines' English texts (events, action descriptions, the
terminal's pictures)."""

from __future__ import annotations


def counted(count: int, word: str, plural: str | None = None) -> str:
    """A count with its noun agreeing: '1 soldier', '6 soldiers', '0 soldiers',
    '2 presses' (``plural``, when adding an s is not the plural)."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def listed(label: str, items: list[str], none: str = "nobody") -> str:
    """'Winner: Seat 1', 'Winners: Seat 1, Seat 2', 'Winners: nobody'."""
    return f"{label if len(items) == 1 else label + 's'}: {', '.join(items) or none}"
