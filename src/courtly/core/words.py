"""Words for the engines' English texts (events, action descriptions, the
terminal's pictures), and sums in a language's digit groups for the bots'
remarks in French and English."""

from __future__ import annotations


def counted(count: int, word: str, plural: str | None = None) -> str:
    """A count with its noun agreeing: '1 soldier', '6 soldiers', '0 soldiers',
    '2 presses' (``plural``, when adding an s is not the plural)."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def listed(label: str, items: list[str], none: str = "nobody") -> str:
    """'Winner: Seat 1', 'Winners: Seat 1, Seat 2', 'Winners: nobody'."""
    return f"{label if len(items) == 1 else label + 's'}: {', '.join(items) or none}"


def grouped(amount: int, lang: str = "en") -> str:
    """A sum in the language's digit groups: '1,500' in English, '1 500' in
    French with a narrow no-break space (as the pages write sums)."""
    text = f"{amount:,}"
    return text.replace(",", "\u202f") if lang == "fr" else text


def summary(doc: str | None) -> str:
    """A docstring's first paragraph as one line: what a command's or a
    bot's help says of it (its first line alone stopped mid-sentence)."""
    return " ".join((doc or "").strip().split("\n\n")[0].split())
