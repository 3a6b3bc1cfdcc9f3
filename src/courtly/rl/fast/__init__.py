"""Engines written for the research environments' speed (issue 17;
docs/research.md, "Speed").

A game may bring here a second engine of its rules, made for one thing:
stepping an environment fast. Its state is numbers (cards as ints, the
menu as action numbers of the game's :class:`~courtly.core.Numbering`), its
observation is the game's own encoding, numbers for numbers. It does
nothing else: no events, no views, no undo. What it cannot tell cheaply it
asks of the game's own engine, the one every other part of courtly plays:
the deal at the start, the score at the end, and (by replaying the actions)
an info's view and legal actions' text or a rendering.

The game's own engine stays the reference: ``tests/test_rl_fast.py`` plays
both side by side on seeded games of every configuration and checks that
every step gives the same seat, the same mask, the same observation, the
same rewards; a change to a game's rules that its fast engine does not
follow fails there. The environments use a game's fast engine unless asked
not to (``fast=False``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from courtly.rl.envs import Table

#: The games that have a fast engine: the module holding its ``FastTable``.
FAST_ENGINES = {"courtisans": "courtly.rl.fast.courtisans",
                "fief": "courtly.rl.fast.fief",
                "versailles": "courtly.rl.fast.versailles",
                "vive_le_roi": "courtly.rl.fast.vive_le_roi"}


def fast_table(game: str, *args: Any, **kwargs: Any) -> Table | None:
    """The game's fast table (same arguments as :class:`~courtly.rl.envs.Table`),
    or None where it has no fast engine."""
    module = FAST_ENGINES.get(game)
    if module is None:
        return None
    table: Table = import_module(module).FastTable(game, *args, **kwargs)
    return table
