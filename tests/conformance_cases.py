"""The (game, player count, options) cases every generic test runs over."""

from __future__ import annotations

from typing import Any

import courtly
from market_game import GAME as MARKET

#: Games the generic tests run besides the registered ones: the test game of
#: negotiation (never shipped).
TEST_GAMES: dict[str, courtly.Game] = {MARKET.name: MARKET}


def game_named(name: str) -> courtly.Game:
    """A registered game or a test game."""
    return TEST_GAMES.get(name) or courtly.game(name)


def cases(test_games: bool = False) -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game (and, if asked, every test game) with every
    valid player count and option set."""
    games = dict(courtly.GAMES) | (TEST_GAMES if test_games else {})
    return [(name, n, opts) for name, g in sorted(games.items())
            for n, opts in g.configurations()]


def quick_configurations(game: courtly.Game) -> list[tuple[int, dict[str, Any]]]:
    """The few configurations of ``game`` that the everyday loop (``pytest -m
    "not slow"``) runs where the full sweep is marked slow: greedily, the
    configuration that changes the most option values not yet changed (then
    the most options, then the fewest players), until every option has been
    away from its default once."""
    defaults = game.default_options()
    configs = game.configurations()

    def changes(options: dict[str, Any]) -> set[tuple[str, Any]]:
        return {(k, v) for k, v in options.items() if v != defaults[k]}

    todo = set().union(*(changes(o) for _, o in configs))
    out = [] if todo else configs[:1]
    while todo:
        n, options = max(configs, key=lambda c: (len(changes(c[1]) & todo),
                                                 len(changes(c[1])), -c[0]))
        out.append((n, options))
        todo -= changes(options)
    return out


def quick_cases(test_games: bool = False) -> list[tuple[str, int, dict[str, Any]]]:
    """:func:`quick_configurations` of every game, as cases."""
    games = dict(courtly.GAMES) | (TEST_GAMES if test_games else {})
    return [(name, n, opts) for name, g in sorted(games.items())
            for n, opts in quick_configurations(g)]


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    """'courtisans-4p-expansion' style ids for pytest."""
    name, n, opts = case
    on = [k for k, v in sorted(opts.items()) if v is True]
    off = [f"{k}={v}" for k, v in sorted(opts.items()) if not isinstance(v, bool)]
    return "-".join([name, f"{n}p", *on, *off])
