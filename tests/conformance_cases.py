"""The (game, player count, options) cases every generic test runs over."""

from __future__ import annotations

from typing import Any

import courtly


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game with every valid player count and option set."""
    return [(name, n, opts) for name, g in sorted(courtly.GAMES.items())
            for n, opts in g.configurations()]


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    """'courtisans-4p-expansion' style ids for pytest."""
    name, n, opts = case
    on = [k for k, v in sorted(opts.items()) if v is True]
    off = [f"{k}={v}" for k, v in sorted(opts.items()) if not isinstance(v, bool)]
    return "-".join([name, f"{n}p", *on, *off])
