"""Environment steps per second through courtly's PettingZoo wrapper, for
every registered game, against PettingZoo's own ``tictactoe_v3`` in the same run.

    python benchmarks/rl.py [--seconds 3] [--rounds 3] [--games NAME ...] [--players N]
                            [--context NAME ...] [--bound]

For each game (at its smallest player count with the default options, or
``--players``), with the environment's infos on (the default: the view and
the legal actions' text) and off (``infos=False``), and for the reference,
play whole games for about ``--seconds`` with PettingZoo's documented loop:
``reset(seed)``, then for each agent ``last()``, the policy
``env.action_space(agent).sample(mask)`` (a uniformly random legal action;
None once done; each agent's space seeded from the game's seed), ``step``.
A step is one ``step`` call. Each row is measured twice: the whole loop,
and the environment alone (the loop's time less the policy's, which grows
with the mask's length and is the agent's cost, not the environment's).

The time is split into ``--rounds`` slices interleaved across all
measurements, so that a change in the machine's load affects every row
alike, each round starting one row further on, so that every row takes
every place in the order (a row's place weighs on it); each row plays on
one environment, reset for each game. ``ratio``
is the row's rate over the reference's for the whole run; ``slices`` the
median and quartiles of the same ratio taken slice by slice (each slice
against the reference's slice of the same round, a few seconds apart: a
drift in the machine's speed between rounds cancels). The target: a ratio
>= 1.0 to the reference. A measurement, not a test: the exit code is 0
either way.

``--bound`` adds for each game a row with its encoding never run (infos
off; every observation has the numbers of the game's first position, the
array still made from them; the menus, rules and bookkeeping as they
are): not an environment anyone should use, but a bound on what a step
costs without the game's observation, so on what a faster one could give.

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
import statistics
import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import courtly
import courtly.rl as rl
from courtly.core import summary

REFERENCE = "tictactoe_v3"
CONTEXT = ("connect_four_v3", "go_v5")


def classic(name: str) -> Any:
    """PettingZoo's classic environment ``name`` (e.g. ``tictactoe_v3``).
    Their modules import pygame for their pictures alone (render_mode
    "human"), which this run never asks for: without pygame installed
    (PettingZoo's ``classic`` extra), an empty module stands in for it."""
    return _classic_module(name).env()


def _classic_module(name: str) -> types.ModuleType:
    """The module of PettingZoo's classic environment ``name`` (ImportError
    for an unknown one), with pygame's stand-in if need be."""
    try:
        import pygame  # noqa: F401
    except ImportError:
        sys.modules["pygame"] = types.ModuleType("pygame")
    return importlib.import_module(f"pettingzoo.classic.{name}")


class Slice(NamedTuple):
    """One slice of a row: its steps, its seconds, and of those the policy's."""

    steps: int
    seconds: float
    policy: float = 0.0

    def rate(self, env_only: bool) -> float:
        """Steps per second of the whole loop, or of the environment alone."""
        return self.steps / (self.seconds - self.policy if env_only else self.seconds)


@dataclass
class Row:
    """One environment's games so far, and each slice's steps and seconds."""

    name: str
    make: Callable[[], Any]
    games: int = 0
    seed: int = 0
    slices: list[Slice] = field(default_factory=list)
    env: Any = None

    @property
    def steps(self) -> int:
        """Steps over every slice."""
        return sum(s.steps for s in self.slices)

    def rate(self, env_only: bool) -> float:
        """Steps per second over every slice (see :meth:`Slice.rate`)."""
        return Slice(self.steps, sum(s.seconds for s in self.slices),
                     sum(s.policy for s in self.slices)).rate(env_only)

    def run_for(self, budget: float) -> None:
        """Whole games for about ``budget`` seconds (at least one), on the
        row's one environment (made at its first slice, as a user makes one
        and resets it)."""
        if self.env is None:
            self.env = self.make()
        start, steps, policy = time.perf_counter(), 0, 0.0
        while True:
            played, picking = _one_game(self.env, self.seed)
            steps += played
            policy += picking
            self.games += 1
            self.seed += 1
            if time.perf_counter() - start >= budget:
                break
        self.slices.append(Slice(steps, time.perf_counter() - start, policy))

    def slice_ratios(self, reference: Row, env_only: bool = False) -> list[float]:
        """Each slice's rate over the reference's in the same round (the
        two ran a few seconds apart at most: a change in the machine's speed
        between rounds cancels)."""
        return [mine.rate(env_only) / theirs.rate(env_only)
                for mine, theirs in zip(self.slices, reference.slices, strict=True)]


def _one_game(env: Any, seed: int) -> tuple[int, float]:
    """One whole game by PettingZoo's documented loop: its steps, and the
    seconds its policy took (seeding the agents' spaces, the ``sample``
    calls: a short game's seeding would otherwise weigh on its steps)."""
    clock = time.perf_counter
    env.reset(seed=seed)
    start = clock()
    for k, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed * 100 + k)
    steps, policy = 0, clock() - start
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            action = None
        else:
            start = clock()
            action = int(env.action_space(agent).sample(obs["action_mask"]))
            policy += clock() - start
        env.step(action)
        steps += 1
    return steps, policy


def rows(games: list[str], players: int | None, context: list[str], bound: bool = False
         ) -> list[Row]:
    """The reference, the context rows, then each game with infos on and
    off (and with its observation free: :func:`observation_free`)."""
    out = [Row(f"{name} (PettingZoo)", functools.partial(classic, name))
           for name in (REFERENCE, *context)]
    for name in games:
        game = courtly.game(name)
        n = players or game.player_range(game.default_options())[0]
        out.append(Row(f"{name} ({n}p)", functools.partial(rl.env, name, n)))
        out.append(Row(f"{name} ({n}p, infos=False)",
                       functools.partial(rl.env, name, n, infos=False)))
        if bound:
            out.append(Row(f"{name} ({n}p, observation free)",
                           functools.partial(observation_free, name, n)))
    return out


def observation_free(name: str, n: int) -> Any:
    """``rl.env(name, n, infos=False, fast=False)`` (on the game's own
    engine, courtly.rl.fast) whose game encoding is never run: every
    observation has the numbers of the game's first position (the
    ``--bound`` row)."""
    env = rl.env(name, n, infos=False, fast=False)
    env.reset(seed=0)
    table = env.unwrapped.table
    kept = table.features(0)
    table.features = lambda seat: kept
    table.observe_array = None  # else a game's array path (observe_array) would run
    return env


def versions() -> str:
    """What ran the measurement: the ratio to the reference depends on the
    interpreter (PettingZoo's wrappers, around ``tictactoe_v3``, find their
    attributes through ``__getattr__``, some four times dearer on Python
    3.11 than on 3.12: benchmarks/README.md, "Eleventh round")."""
    import gymnasium
    import numpy
    import pettingzoo

    return (f"Python {platform.python_version()}, {platform.machine()}, numpy "
            f"{numpy.__version__}, PettingZoo {pettingzoo.__version__}, Gymnasium "
            f"{gymnasium.__version__}")


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=sorted(courtly.GAMES))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--context", nargs="*", default=list(CONTEXT))
    parser.add_argument("--bound", action="store_true",
                        help="add each game with its observation free (a bound)")
    args = parser.parse_args(argv)
    try:
        table = rows(args.games, args.players, args.context, args.bound)
        for name in args.context:
            _classic_module(name)
    except (courtly.UnknownGame, ValueError, ImportError) as exc:
        print(exc, file=sys.stderr)
        return 2
    for k in range(args.rounds):
        # each round starts one row further on: a row's place in the round
        # weighs on it (the row after the reference ran some 10% slower),
        # so every row takes every place in turn
        start = k % len(table)
        for row in table[start:] + table[:start]:
            row.run_for(args.seconds / args.rounds)
    print(f"{versions()}; {args.seconds:g} s per row in {args.rounds} slices")
    for env_only in (False, True):
        _print_table(table, env_only)
    return 0


def _print_table(table: list[Row], env_only: bool) -> None:
    """One table: the whole loop's rates, or the environment's alone."""
    print("\nthe environment alone (the loop less its policy's time)" if env_only
          else "\nthe whole loop (the environment and its policy)")
    print(f"{'environment':34} {'steps/s':>10} {'steps/game':>11} {'games':>7} {'ratio':>6} "
          f"{'slices: median':>15} {'(quartiles)':>13}")
    reference = table[0].rate(env_only)
    for row in table:
        rate = row.rate(env_only)
        low, median, high = _quartiles(row.slice_ratios(table[0], env_only))
        print(f"{row.name:34} {rate:10.0f} {row.steps / row.games:11.1f} {row.games:7d} "
              f"{rate / reference:6.2f} {median:15.2f}   ({low:.2f}-{high:.2f})")


def _quartiles(values: list[float]) -> tuple[float, float, float]:
    """The first quartile, the median and the third (one value: itself thrice),
    each within the values: Python's default method ("exclusive") reaches
    beyond them for a few slices, even below zero."""
    if len(values) == 1:
        return values[0], values[0], values[0]
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


if __name__ == "__main__":
    raise SystemExit(main())
