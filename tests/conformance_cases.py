"""The (game, player count, options) cases every generic test runs over."""

from __future__ import annotations

from typing import Any

import courtly
from courtly.games.fief import GAME as FIEF
from market_game import GAME as MARKET

#: Games the generic tests run besides the registered ones: the test game of
#: negotiation (never shipped) and Fief while it is built (issue 11; it joins
#: the registry once every phase is there).
TEST_GAMES: dict[str, courtly.Game] = {MARKET.name: MARKET, FIEF.name: FIEF}


def game_named(name: str) -> courtly.Game:
    """A registered game or a test game."""
    return TEST_GAMES.get(name) or courtly.game(name)


def cases(test_games: bool = False) -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game (and, if asked, every test game) with every
    valid player count and option set."""
    games = dict(courtly.GAMES) | (TEST_GAMES if test_games else {})
    return [(name, n, opts) for name, g in sorted(games.items())
            for n, opts in g.configurations()]


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    """'courtisans-4p-expansion' style ids for pytest."""
    name, n, opts = case
    on = [k for k, v in sorted(opts.items()) if v is True]
    off = [f"{k}={v}" for k, v in sorted(opts.items()) if not isinstance(v, bool)]
    return "-".join([name, f"{n}p", *on, *off])
