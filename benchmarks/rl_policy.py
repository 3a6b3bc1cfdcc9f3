"""What a policy's memory traffic costs the environment's own steps: each
game's environment alone under three policies that choose the same actions,
against PettingZoo's ``tictactoe_v3`` in the same run.

    python benchmarks/rl_policy.py [--repeats 8] [--seeds 3] [--games NAME ...] [--players N]

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
every game is the same under the three policies. A measurement, not a test:
the exit code is 0 whether the ratios please or not.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import courtly
import courtly.rl as rl

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rl import REFERENCE, classic  # benchmarks/rl.py

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


def fastest(make: Callable[[], Any], repeats: int, seeds: range) -> dict[str, float]:
    """Each policy's fastest run over the seeded games (µs a step: the
    run's environment time over its steps), the policies taking turns so
    that the machine's load weighs on each alike."""
    env = make()
    recorded: dict[int, list[int]] = {seed: [] for seed in seeds}
    for seed in seeds:  # records the actions; warms first-use caches
        one_game(env, seed, "sample", recorded[seed])
    best = dict.fromkeys(POLICIES, float("inf"))
    for _ in range(repeats):
        for policy in POLICIES:
            runs = [one_game(env, seed, policy, recorded[seed]) for seed in seeds]
            steps, seconds = sum(r[0] for r in runs), sum(r[1] for r in runs)
            best[policy] = min(best[policy], seconds / steps * 1e6)
    return best


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=sorted(courtly.GAMES))
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    makers: list[tuple[str, Callable[[], Any]]] = [
        (f"{REFERENCE} (PettingZoo), reference", lambda: classic(REFERENCE))]
    try:
        for name in args.games:
            game = courtly.game(name)
            n = args.players or game.player_range(game.default_options())[0]
            makers.append((f"{name} ({n}p, infos=False)",
                           lambda name=name, n=n: rl.env(name, n, infos=False)))
    except (courtly.UnknownGame, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    # a tic-tac-toe game is under ten steps: as many of its seeds as make
    # about a game of the others' length
    rows = [(label, fastest(make, args.repeats, range(50 if not k else args.seeds)))
            for k, (label, make) in enumerate(makers)]
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
