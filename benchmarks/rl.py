"""Environment steps per second through courtly's PettingZoo wrapper, for
every registered game, against PettingZoo's own ``tictactoe_v3`` in the same run.

    python benchmarks/rl.py [--seconds 3] [--rounds 3] [--games NAME ...] [--players N]
                            [--context NAME ...]

For each game (at its smallest player count with the default options, or
``--players``), with the environment's infos on (the default: the view and
the legal actions' text) and off (``infos=False``), and for the reference,
play whole games for about ``--seconds``: ``reset(seed)``, then for each agent
``last()``, a uniformly random action among the mask's ones (None once done),
``step``. A step is one ``step`` call. The time is split into ``--rounds``
slices interleaved across all measurements, so that a change in the
machine's load affects every row alike. The target: a ratio >= 1.0 to the
reference. A measurement, not a test: the exit code is 0 either way.

``--context`` adds other PettingZoo classic environments as rows (by default
``connect_four_v3`` and ``go_v5``, 19x19: larger boards and action spaces,
for scale; ``--context`` alone for none), their ratios also to
``tictactoe_v3``, the reference the target names.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import platform
import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import courtly
import courtly.rl as rl

REFERENCE = "tictactoe_v3"
CONTEXT = ("connect_four_v3", "go_v5")


def classic(name: str) -> Any:
    """PettingZoo's classic environment ``name`` (e.g. ``tictactoe_v3``).
    Their modules import pygame for their pictures alone (render_mode
    "human"), which this run never asks for: without pygame installed
    (PettingZoo's ``classic`` extra), an empty module stands in for it."""
    try:
        import pygame  # noqa: F401
    except ImportError:
        sys.modules["pygame"] = types.ModuleType("pygame")
    return importlib.import_module(f"pettingzoo.classic.{name}").env()


@dataclass
class Row:
    """Running totals of one environment."""

    name: str
    make: Callable[[], Any]
    steps: int = 0
    games: int = 0
    seconds: float = 0.0
    seed: int = 0

    def run_for(self, budget: float) -> None:
        """Whole games for about ``budget`` seconds (at least one)."""
        env = self.make()
        rng = np.random.default_rng(self.seed)
        start = time.perf_counter()
        while True:
            self.steps += _one_game(env, self.seed, rng)
            self.games += 1
            self.seed += 1
            if time.perf_counter() - start >= budget:
                break
        self.seconds += time.perf_counter() - start


def _one_game(env: Any, seed: int, rng: np.random.Generator) -> int:
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        done = term or trunc
        env.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        del agent
    return steps


def rows(games: list[str], players: int | None, context: list[str]) -> list[Row]:
    """The reference, the context rows, then each game with infos on and off."""
    out = [Row(f"{name} (PettingZoo)", functools.partial(classic, name))
           for name in (REFERENCE, *context)]
    for name in games:
        game = courtly.game(name)
        n = players or game.player_range(game.default_options())[0]
        out.append(Row(f"{name} ({n}p)", functools.partial(rl.env, name, n)))
        out.append(Row(f"{name} ({n}p, infos=False)",
                       functools.partial(rl.env, name, n, infos=False)))
    return out


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=sorted(courtly.GAMES))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--context", nargs="*", default=list(CONTEXT))
    args = parser.parse_args(argv)
    try:
        table = rows(args.games, args.players, args.context)
        for name in args.context:
            classic(name)
    except (courtly.UnknownGame, ValueError, ImportError) as exc:
        print(exc, file=sys.stderr)
        return 2
    for _ in range(args.rounds):
        for row in table:
            row.run_for(args.seconds / args.rounds)
    reference = table[0].steps / table[0].seconds
    print(f"Python {platform.python_version()}, {platform.machine()}, "
          f"{args.seconds:g} s per row in {args.rounds} slices")
    print(f"{'environment':34} {'steps/s':>10} {'steps/game':>11} {'games':>7} {'ratio':>6}")
    for row in table:
        rate = row.steps / row.seconds
        print(f"{row.name:34} {rate:10.0f} {row.steps / row.games:11.1f} {row.games:7d} "
              f"{rate / reference:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
