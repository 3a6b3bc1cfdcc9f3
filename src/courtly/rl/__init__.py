"""Research interfaces (docs/research.md): every registered game as a
PettingZoo environment and an OpenSpiel game, from the numbering and the
observation encoding each game declares once (its ``encoding`` companion).

Needs the ``rl`` extra (PettingZoo, Gymnasium, numpy) and, for
:mod:`courtly.rl.openspiel`, the ``openspiel`` extra; the rest of courtly
imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from courtly.core import Game
    from courtly.rl.envs import CourtlyEnv, CourtlyParallelEnv


def env(game: str | Game, num_players: int | None = None,
        options: Mapping[str, Any] | None = None, render_mode: str | None = None,
        **settings: Any) -> CourtlyEnv:
    """A PettingZoo AEC environment of ``game`` (see courtly.rl.envs.CourtlyEnv
    for ``settings``: reward, max_cycles, window_actions, infos, fast)."""
    from courtly.rl.envs import CourtlyEnv

    return CourtlyEnv(game, num_players, options, render_mode, **settings)


def parallel_env(game: str | Game, num_players: int | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 **settings: Any) -> CourtlyParallelEnv:
    """A PettingZoo parallel environment of ``game``: every seat that must or
    may act does so in the same step (votes, negotiation windows)."""
    from courtly.rl.envs import CourtlyParallelEnv

    return CourtlyParallelEnv(game, num_players, options, render_mode, **settings)


__all__ = ["env", "parallel_env"]
