"""What a policy's memory traffic costs the environment's own steps: each
game's environment alone under three policies that choose the same actions,
against PettingZoo's ``tictactoe_v3`` in the same run.

    python benchmarks/rl_policy.py [--repeats 8] [--seeds 3] [--games NAME ...] [--players N]
                                   [--floor]

``rl.py`` times the environment alone as the documented loop's time less
the policy's, ``env.action_space(agent).sample(mask)``. What that leaves out
is what the policy does to the caches: Gymnasium's ``sample`` reads the mask
and makes arrays of its length (some 0.4 MB for Fief's 91,968 actions at 3
players, against 9 bytes for tic-tac-toe), and the environment's next step
finds its own data evicted. Here each row plays ``--seeds`` seeded games
(the reference 50, its games being short) ``--repeats`` times (infos off)
under each policy, and keeps each policy's fastest run (the one the
machine's other work disturbed least):

- ``sample``: the documented loop, as ``rl.py`` (its actions recorded);
- ``replay``: the recorded actions again, the mask never read;
- ``replay+traffic``: the same, and at each step a read of 0.6 MB of memory
  unrelated to the game (a stand-in for a policy's own work).

The environment's time is the loop's less the policy's in every case, and
every game is the same under the three policies.

A game with a fast engine (courtly.rl.fast; the environments' default)
gets a row on its own engine too (``fast=False``). ``--floor`` adds for
each game a row for the least any environment of its own engine
does at a step with its numbering (:class:`Floor`: the referee's choice of
seat, the seat's menu and mask, the move; no observation, infos or rewards).
Where the floor itself is below the reference, no environment of the game
can reach it on that engine, whatever its observation costs. A measurement, not a test:
the exit code is 0 whether the ratios please or not.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

import courtly
import courtly.rl as rl
from courtly.core import summary
from courtly.rl.envs import Table
from courtly.rl.fast import FAST_ENGINES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rl import REFERENCE, classic, versions  # benchmarks/rl.py

POLICIES = ("sample", "replay", "replay+traffic")
#: Memory read at each step by the "replay+traffic" policy: about half this
#: machine's 1 MB second-level cache, what ``sample`` moves over Fief's mask.
TRAFFIC = np.ones(600_000, np.int8)


def one_game(env: Any, seed: int, policy: str, actions: list[int]) -> tuple[int, float]:
    """One game's steps and the seconds it spent in the environment (the
    loop's time, ``reset`` included, less the policy's, the seeding of the
    agents' spaces included, as ``rl.py`` counts them). ``sample`` records
    its actions into ``actions``; the replays play them back."""
    clock = time.perf_counter
    start = clock()
    env.reset(seed=seed)
    began = clock()
    for k, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed * 100 + k)
    if policy == "sample":
        actions.clear()
    queue = iter(list(actions))
    steps, picking = 0, clock() - began
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        began = clock()
        if term or trunc:
            action = None
        elif policy == "sample":
            action = int(env.action_space(agent).sample(obs["action_mask"]))
            actions.append(action)
        else:
            action = next(queue)
            if policy == "replay+traffic":
                TRAFFIC.sum()
        picking += clock() - began
        env.step(action)
        steps += 1
    return steps, clock() - start - picking


class Floor:
    """The least any environment of a game's own engine does at a step, for
    ``--floor`` (a fast engine, courtly.rl.fast, is not bound by it):
    the referee's choice of seat, the seat's menu, its mask, the move; no
    observation, infos or rewards. Not an environment anyone should use: a
    bound on what a step of one can cost with this numbering. Plays the
    loop of :func:`one_game` (the agents until the game ends, no dead steps
    after it: three a game, too few to weigh)."""

    def __init__(self, name: str, n: int) -> None:
        self.table = Table(name, n, None, infos=False)
        self.possible_agents = list(self.table.agents_all)
        self.seat = 0

    def reset(self, seed: int | None = None) -> None:
        self.table.new(seed)

    def action_space(self, agent: str) -> Any:
        return self.table.act_space[agent]

    def agent_iter(self) -> Iterator[str]:
        while (seat := self.table.due()) is not None:
            self.seat = seat
            yield self.possible_agents[seat]

    def last(self) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        return {"action_mask": self.table.mask(self.seat, True)}, 0.0, False, False, {}

    def step(self, action: int) -> None:
        if not self.table.play(self.seat, action):
            raise AssertionError(f"the recorded action {action} is not legal")


def fastest(makers: list[Callable[[], Any]], repeats: int, seeds: list[range]
            ) -> list[dict[str, float]]:
    """Each row's fastest run under each policy over its seeded games (µs a
    step: the run's environment time over its steps). The rows and the
    policies take turns within each repeat, so that a change in the
    machine's load weighs on every row alike, not on the rows measured then."""
    envs = [make() for make in makers]
    recorded: list[dict[int, list[int]]] = [{seed: [] for seed in row} for row in seeds]
    for env, row, kept in zip(envs, seeds, recorded, strict=True):
        for seed in row:  # records the actions; warms first-use caches
            one_game(env, seed, "sample", kept[seed])
    best = [dict.fromkeys(POLICIES, float("inf")) for _ in envs]
    for _ in range(repeats):
        for env, row, kept, fast in zip(envs, seeds, recorded, best, strict=True):
            for policy in POLICIES:
                runs = [one_game(env, seed, policy, kept[seed]) for seed in row]
                steps, seconds = sum(r[0] for r in runs), sum(r[1] for r in runs)
                fast[policy] = min(fast[policy], seconds / steps * 1e6)
    return best


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--repeats", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=sorted(courtly.GAMES))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--floor", action="store_true",
                        help="a row per game for its floor (class Floor)")
    args = parser.parse_args(argv)
    makers: list[tuple[str, Callable[[], Any]]] = [
        (f"{REFERENCE} (PettingZoo), reference", lambda: classic(REFERENCE))]
    try:
        for name in args.games:
            game = courtly.game(name)
            n = args.players or game.player_range(game.default_options())[0]
            makers.append((f"{name} ({n}p, infos=False)",
                           lambda name=name, n=n: rl.env(name, n, infos=False)))
            if name in FAST_ENGINES:
                makers.append((f"{name} ({n}p), rules engine",
                               lambda name=name, n=n: rl.env(name, n, infos=False, fast=False)))
            if args.floor:
                makers.append((f"{name} ({n}p), its floor", lambda name=name, n=n: Floor(name, n)))
    except (courtly.UnknownGame, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    # a tic-tac-toe game is under ten steps: as many of its seeds as make
    # about a game of the others' length
    figures = fastest([make for _, make in makers], args.repeats,
                      [range(50 if not k else args.seeds) for k in range(len(makers))])
    rows = [(label, best) for (label, _), best in zip(makers, figures, strict=True)]
    print(versions())
    print("the environment alone, µs a step (fastest of "
          f"{args.repeats} runs), and its ratio to the reference's under the same policy")
    print(f"{'environment':34}" + "".join(f"{p:>22}" for p in POLICIES))
    reference = rows[0][1]
    for label, best in rows:
        print(f"{label:34}" + "".join(
            f"{best[p]:12.1f} ({reference[p] / best[p]:5.2f})  " for p in POLICIES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
