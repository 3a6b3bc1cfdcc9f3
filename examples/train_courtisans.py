"""Train a policy on Courtisans with MaskablePPO and measure it with courtly's
tournament machinery (issue 17; docs/research.md, "Training, shown").

The learner plays one seat of a 4-player game of Courtisans (the seat
rotates every episode, so one policy learns every seat; the encoding reads
the table from the viewer's chair, docs/research.md); the three other seats
are courtly's own bots (``random`` by default). Every ``--eval-every``
steps the greedy policy plays ``--eval-games`` games against three random
bots (fixed seeds, seats rotated); the win rates go to ``curve.csv`` and the
picture to ``curve.png``, both in ``--out`` (or the picture to ``--curve``).
At the end the policy plays two tournaments of ``--final-games`` games,
against three random bots and against three heuristic bots, seats rotated,
with 95% Wilson intervals.

Needs the ``train`` extra (sb3-contrib, which brings Stable-Baselines3 and
torch; a CPU wheel of torch is enough) and matplotlib for the picture::

    pip install -e '.[train,sim]'
    python3 examples/train_courtisans.py --steps 300000 --out runs/courtisans

Same arguments, same machine: same model and same numbers (seeds fixed,
one torch thread).
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

import courtly
import courtly.rl
from courtly.bots import Bot, Observation, decide, make_bot
from courtly.bots.heuristic import estimate_for
from courtly.core import Action, Game, Numbering
from courtly.rl.arrays import dense
from courtly.rl.envs import REWARDS
from courtly.sim.runner import GameOutcome, game_measures
from courtly.sim.simulate import bot_seeds, play_out
from courtly.sim.tournament import TournamentReport, seating, summarise

GAME = "courtisans"
PLAYERS = 4
#: The policy's name in the tournament tables.
POLICY = "ppo"
#: First seed of the evaluation games (apart from the training games' seeds).
EVAL_SEED = 1_000_000
#: First seed of the curve's games: apart from the final tournaments' seeds, so
#: that a checkpoint chosen by the curve (``--keep-best``) is measured on games
#: it was not chosen on.
CURVE_SEED = 2_000_000
#: PPO's discount, and the shaping's (so that the shaping changes no optimal
#: policy), and GAE's lambda: an advantage looks about one turn ahead (3
#: cards), so a move is judged by its own effect more than by the random
#: bots' later moves (0.99 and 0.95 learned nothing in 80,000 steps).
GAMMA = 0.9
LEARNING_RATE = 3e-4
GAE_LAMBDA = 0.8
#: The action fields that name a seat: Courtisans' Play names the domain's
#: owner (``Play.owner``); its other actions name none.
SEAT_FIELDS = ("owner",)


class SeatActions:
    """The game's numbering seen from a chair: the policy's action ``j`` is
    the action numbered ``j`` with every seat it names counted from the
    learner round (0 the learner, 1 the next seat, ...), as the observation
    counts them (docs/research.md: "seats are encoded from the viewer's
    chair round"). The numbering itself names seats absolutely, so without
    this the same number means "my domain" at one seat and "my neighbour's"
    at another, and a policy that sees no seat number cannot tell them apart.
    """

    def __init__(self, numbering: Numbering, players: int) -> None:
        self.size = numbering.size
        self.absolute = np.empty((players, numbering.size), np.int64)
        for j in range(numbering.size):
            action = numbering.action(j)
            for seat in range(players):
                turned = {
                    f: (getattr(action, f) + seat) % players
                    for f in SEAT_FIELDS
                    if getattr(action, f, None) is not None
                }
                moved = dataclasses.replace(action, **turned) if turned else action  # type: ignore[type-var]
                self.absolute[seat, j] = numbering.index(moved)

    def mask(self, seat: int, absolute_mask: np.ndarray) -> np.ndarray:
        """The policy's mask at ``seat`` from the environment's."""
        return absolute_mask[self.absolute[seat]].astype(bool)

    def number(self, seat: int, relative: int) -> int:
        """The environment's number of the policy's action ``relative`` at ``seat``."""
        return int(self.absolute[seat, relative])


class SeatEnv(gymnasium.Env[np.ndarray, np.int64]):
    """Courtly's AEC environment seen from one seat: the other seats are
    courtly bots (``opponents``: registry specs, one per other seat, or one
    for all), played inside ``step`` until the learner is to act again.

    Episode ``k`` from ``reset(seed=s)`` (counted from 0) seats the learner at ``k mod
    players`` and plays a game whose seed, like the bots', is drawn from
    ``s``. The observation is the game's encoding of the learner's view;
    ``action_masks()`` its legal actions (sb3-contrib reads it); actions are
    numbered from the learner's chair (:class:`SeatActions`). The reward
    is the courtly environment's, at the end: ``win_share``, or ``margin``
    (the learner's score minus the best other score, positive exactly when
    it wins alone) divided by :attr:`MARGIN_SCALE` to keep it near [-1, 1].
    """

    #: Courtisans' margins between 4 players run about -30 to +30 points.
    MARGIN_SCALE = 10.0

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 - gymnasium's attribute

    def __init__(
        self,
        game: str = GAME,
        players: int = PLAYERS,
        opponents: str | Sequence[str] = "random",
        options: Mapping[str, Any] | None = None,
        reward: str = "margin",
        shaping: float | None = None,
    ) -> None:
        super().__init__()
        self.aec = courtly.rl.env(game, players, options, reward=reward, infos=False)
        self.players = players
        self.scale = 1 / self.MARGIN_SCALE if reward == "margin" else 1.0
        self.shaping = shaping
        self.estimate = estimate_for(self.aec.table.game) if shaping is not None else None
        if shaping is not None and self.estimate is None:
            raise ValueError(f"{game} ships no score estimate to shape the reward with")
        self._potential = 0.0
        specs = [opponents] if isinstance(opponents, str) else list(opponents)
        self.opponents = [specs[i % len(specs)] for i in range(players - 1)]
        for spec in self.opponents:
            make_bot(spec, seed=0)  # a bad spec fails here, not mid-training
        space = self.aec.observation_space("player_0")
        self.observation_space = space["observation"]
        self.actions = SeatActions(self.aec.table.numbering, players)
        self.action_space = spaces.Discrete(self.actions.size)
        self.episodes = 0
        self.seat = 0
        self.bots: dict[int, Bot] = {}
        self._obs: dict[str, np.ndarray] = {}

    @property
    def agent(self) -> str:
        """The learner's agent name this episode."""
        return self.aec.possible_agents[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game, the learner at the next seat; the opponents play up to its turn."""
        super().reset(seed=seed)
        if seed is not None:  # a seeded reset starts the rotation again: same seed, same game
            self.episodes = 0
        self.seat = self.episodes % self.players
        self.episodes += 1
        draw = self.np_random.integers(0, 2**31, size=self.players)
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_bot(spec, int(d))
            for s, spec, d in zip(others, self.opponents, draw[1:], strict=True)
        }
        self.aec.reset(seed=int(draw[0]))
        self._advance()
        self._potential = self.potential()
        return self._obs["observation"], {}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner's action, then the opponents' up to its next turn or
        the end. An action outside the mask changes nothing (the learner is
        asked again; info ``illegal_action``)."""
        self.aec.step(self.actions.number(self.seat, int(action)))
        illegal = bool(self.aec.infos.get(self.agent, {}).get("illegal_action"))
        self._advance()
        over = self.aec.terminations[self.agent]
        reward = float(self.aec.rewards[self.agent]) * self.scale if over else 0.0
        if self.shaping is not None:
            # potential-based shaping (Ng, Harada & Russell 1999): gamma * phi(next) - phi(now),
            # phi 0 at the end, changes no optimal policy and tells each move its worth at once
            after = 0.0 if over else self.potential()
            reward += self.shaping * after - self._potential
            self._potential = after
        info = {"illegal_action": True} if illegal else {}
        return self._obs["observation"], reward, over, False, info

    def potential(self) -> float:
        """The shaping potential: the learner's expected margin (its expected
        score less the best other) by the game's own score estimate, read
        from the learner's view alone, on the reward's scale; 0 without shaping."""
        if self.estimate is None:
            return 0.0
        expected = self.estimate(self.aec.table.view(self.seat))
        best_other = max(e for i, e in enumerate(expected) if i != self.seat)
        return (expected[self.seat] - best_other) * self.scale

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now (all False once the game is over)."""
        return self.actions.mask(self.seat, self._obs["action_mask"])

    def _advance(self) -> None:
        aec = self.aec
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            seat = aec.possible_agents.index(aec.agent_selection)
            # the game's engine at this position (a fast table replays it when read)
            action = decide(aec.table.state, seat, self.bots[seat])
            aec.step(aec.table.numbering.index(action))
        self._obs = aec.observe(self.agent)


def make_env(
    opponents: str | Sequence[str] = "random",
    reward: str = "margin",
    shaping: float | None = GAMMA,
) -> gymnasium.Env[np.ndarray, np.int64]:
    """A :class:`SeatEnv` with sb3-contrib's ActionMasker around it."""
    env = SeatEnv(opponents=opponents, reward=reward, shaping=shaping)
    return ActionMasker(env, SeatEnv.action_masks)


class PolicyBot:
    """A trained policy as a courtly Bot: it reads the seat's view through
    the game's encoding, masks the numbers of the legal actions and plays the
    policy's most likely one. It sees what every bot sees, nothing more."""

    def __init__(
        self,
        model: MaskablePPO,
        game: Game,
        players: int = PLAYERS,
        options: Mapping[str, Any] | None = None,
        deterministic: bool = True,
    ) -> None:
        encoding = game.companions.encoding
        if encoding is None:
            raise ValueError(f"{game.name} declares no encoding")
        self.model, self.encoding = model, encoding
        self.numbering = encoding.numbering(players, game.check_options(players, options))
        self.actions = SeatActions(self.numbering, players)
        self.deterministic = deterministic

    def act(self, obs: Observation) -> Action:
        """The policy's choice among ``obs.legal``."""
        legal = np.zeros(self.numbering.size, np.int8)
        legal[[self.numbering.index(a) for a in obs.legal]] = 1
        features = dense(self.encoding.observe(obs.view))
        number, _ = self.model.predict(
            features,
            action_masks=self.actions.mask(obs.seat, legal),
            deterministic=self.deterministic,
        )
        return self.numbering.action(self.actions.number(obs.seat, int(number)))


def play_tournament(
    policy: Callable[[], Bot],
    opponent: str,
    games: int,
    seed: int = EVAL_SEED,
    game_name: str = GAME,
    players: int = PLAYERS,
) -> TournamentReport:
    """The policy against ``players - 1`` bots ``opponent``, as
    ``courtly tournament`` plays it (courtly.sim.tournament): game ``i`` has
    seed ``seed + i`` and the line-up rotated by ``i`` seats, the bots seeded
    by ``bot_seeds``; summarised with the same win rates, 95% Wilson
    intervals and OpenSkill ratings. The policy is not in the bot registry,
    so the games run here, one after another."""
    game = courtly.game(game_name)
    options = game.check_options(players, {})
    entrants = [POLICY] + [opponent] * (players - 1)
    outcomes = []
    for i in range(games):
        lineup = seating(entrants, players, i)
        state = game.new_game(players, seed + i, options)
        bots = [
            policy() if spec == POLICY else make_bot(spec, s)
            for spec, s in zip(lineup, bot_seeds(seed + i, players), strict=True)
        ]
        decisions, think = [0] * players, [0.0] * players

        def tally(
            seat: int, seconds: float, d: list[int] = decisions, t: list[float] = think
        ) -> None:
            d[seat] += 1
            t[seat] += seconds

        actions = play_out(state, bots, seed + i, on_decision=tally)
        result = state.result()
        outcomes.append(
            GameOutcome(
                i,
                seed + i,
                lineup,
                tuple(result.scores),
                result.winners,
                actions,
                game_measures(game, state),
                tuple(decisions),
                tuple(think),
            )
        )
    return summarise(game.name, players, seed, options, entrants, outcomes)


class WinRateCurve(BaseCallback):
    """Every ``every`` steps, the greedy policy against three random bots
    over ``games`` games (always the same seeds, from ``CURVE_SEED``); a row
    of the CSV each time. With ``best``, the model is saved there whenever
    its win rate is the best so far."""

    def __init__(self, path: Path, every: int, games: int, minutes: float = 0.0,
                 best: Path | None = None) -> None:
        super().__init__()
        self.path, self.every, self.games = path, every, games
        self.best, self.best_rate = best, -1.0
        self.limit = minutes * 60
        self.next_at = 0
        self.started = time.perf_counter()
        self.rows: list[dict[str, float]] = []

    def _on_training_start(self) -> None:
        self.started = time.perf_counter()
        self._measure()

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_at:
            self._measure()
        return not self.limit or self.training_seconds() < self.limit

    def training_seconds(self) -> float:
        """Seconds spent training so far, the evaluations left out."""
        return time.perf_counter() - self.started - self._evaluating()

    def _on_training_end(self) -> None:
        if not self.rows or self.rows[-1]["steps"] != self.num_timesteps:
            self._measure()

    def _measure(self) -> None:
        game = courtly.game(GAME)
        model = self.model
        assert isinstance(model, MaskablePPO)
        clock = time.perf_counter()
        report = play_tournament(lambda: PolicyBot(model, game), "random", self.games,
                                 seed=CURVE_SEED)
        stats = report.bots[0]
        if self.best is not None and stats.win_rate > self.best_rate:
            self.best_rate = stats.win_rate
            model.save(self.best)
        row = {
            "steps": self.num_timesteps,
            "train_seconds": round(clock - self.started - self._evaluating(), 1),
            "win_rate": round(stats.win_rate, 4),
            "low": round(stats.win_low, 4),
            "high": round(stats.win_high, 4),
            "eval_seconds": round(time.perf_counter() - clock, 1),
        }
        self.rows.append(row)
        with self.path.open("w", newline="") as f:
            writer = csv.DictWriter(f, list(row))
            writer.writeheader()
            writer.writerows(self.rows)
        print(
            f"steps {row['steps']:>8}  train {row['train_seconds']:>7.0f} s  "
            f"win vs 3 random {row['win_rate']:.3f} [{row['low']:.3f}, {row['high']:.3f}]",
            flush=True,
        )
        self.next_at = self.num_timesteps + self.every

    def _evaluating(self) -> float:
        return sum(r["eval_seconds"] for r in self.rows)


def plot(rows: Sequence[Mapping[str, float]], path: Path, chance: float) -> None:
    """The win-rate curve with its 95% intervals, chance and the 60% target."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [r["steps"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(
        steps,
        [r["low"] for r in rows],
        [r["high"] for r in rows],
        alpha=0.25,
        label="95% Wilson interval",
    )
    ax.plot(steps, [r["win_rate"] for r in rows], marker="o", label="MaskablePPO (greedy)")
    ax.axhline(chance, color="grey", ls=":", label=f"chance ({chance:.0%})")
    ax.axhline(0.6, color="green", ls="--", label="target (60%)")
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel("win rate against 3 random bots")
    ax.set_ylim(0, 1)
    ax.set_title("Courtisans, 4 players: MaskablePPO against courtly's random bots")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def build_model(
    seed: int,
    n_envs: int = 4,
    opponents: str = "random",
    reward: str = "margin",
    shaping: bool = True,
    n_steps: int = 256,
    batch_size: int = 256,
    verbose: int = 0,
    lr_decay: bool = False,
) -> MaskablePPO:
    """MaskablePPO with an MLP policy on ``n_envs`` seat environments, all
    seeded; a rollout is ``n_steps`` steps of each environment. With
    ``lr_decay`` the learning rate falls linearly to 0 over the run."""
    env = DummyVecEnv(
        [lambda: make_env(opponents, reward, GAMMA if shaping else None) for _ in range(n_envs)]
    )
    env.seed(seed)
    return MaskablePPO(
        "MlpPolicy",
        env,
        learning_rate=(lambda remaining: LEARNING_RATE * remaining) if lr_decay else LEARNING_RATE,
        n_steps=n_steps,
        batch_size=batch_size,
        n_epochs=4,
        gamma=GAMMA,
        gae_lambda=GAE_LAMBDA,
        ent_coef=0.01,
        # stop an update's epochs once the policy has moved this far: with more
        # epochs or a larger step (1e-3, 10 epochs) half the samples were clipped,
        # the value function explained nothing and the policy wandered
        target_kl=0.03,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        verbose=verbose,
        device="cpu",
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Train, draw the curve, then the two final tournaments (see the module docstring)."""
    parser = argparse.ArgumentParser(description=courtly.core.summary(__doc__),
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--steps", type=int, default=600_000, help="training steps")
    parser.add_argument("--seed", type=int, default=0, help="same seed, same model")
    parser.add_argument("--envs", type=int, default=4, help="environments per rollout")
    parser.add_argument("--opponents", default="random", help="the training opponents' spec")
    parser.add_argument(
        "--reward",
        default="margin",
        choices=REWARDS,
        help="the training reward (the evaluation counts wins)",
    )
    parser.add_argument(
        "--no-shaping", action="store_true", help="the final reward alone (no shaping)"
    )
    parser.add_argument(
        "--minutes", type=float, default=0.0, help="stop training after this long (0: --steps)"
    )
    parser.add_argument(
        "--rollout", type=int, default=256, help="steps of each environment a rollout"
    )
    parser.add_argument(
        "--lr-decay", action="store_true", help="the learning rate falls linearly to 0"
    )
    parser.add_argument(
        "--keep-best",
        action="store_true",
        help="the final tournaments play the curve's best checkpoint (the curve's games "
        "have seeds of their own)",
    )
    parser.add_argument("--eval-every", type=int, default=25_000,
                        help="training steps between two points of the curve")
    parser.add_argument("--eval-games", type=int, default=100,
                        help="games against three random bots at each point")
    parser.add_argument("--final-games", type=int, default=400,
                        help="games of each final tournament")
    parser.add_argument("--out", type=Path, default=Path("runs/courtisans"),
                        help="where the model, curve.csv and summary.json go")
    parser.add_argument("--curve", type=Path, default=None,
                        help="the curve's picture (default: curve.png in --out)")
    args = parser.parse_args(argv)
    if args.curve is None:
        args.curve = args.out / "curve.png"

    torch.set_num_threads(1)
    random.seed(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    model = build_model(args.seed, args.envs, args.opponents, args.reward, not args.no_shaping,
                        n_steps=args.rollout, lr_decay=args.lr_decay)
    best = args.out / "best.zip" if args.keep_best else None
    curve = WinRateCurve(args.out / "curve.csv", args.eval_every, args.eval_games, args.minutes,
                         best)
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=curve)
    wall = time.perf_counter() - started
    model.save(args.out / "model.zip")
    train_seconds = wall - curve._evaluating()
    print(
        f"trained {model.num_timesteps} steps in {train_seconds:.0f} s "
        f"({model.num_timesteps / train_seconds:.0f} steps/s; {wall:.0f} s with the "
        "evaluations)",
        flush=True,
    )
    plot(curve.rows, args.curve, 1 / PLAYERS)
    trained_steps = final_steps = model.num_timesteps
    if best is not None:
        model = MaskablePPO.load(best, device="cpu")
        final_steps = model.num_timesteps
        print(f"the final tournaments play the checkpoint of {final_steps} steps", flush=True)

    game = courtly.game(GAME)
    summary: dict[str, Any] = {
        "steps": trained_steps,
        "final_model_steps": final_steps,
        "seed": args.seed,
        "rollout": args.rollout,
        "lr_decay": args.lr_decay,
        "reward": args.reward,
        "shaping": not args.no_shaping,
        "train_seconds": round(train_seconds),
        "wall_seconds": round(wall),
        "final": {},
    }
    for opponent in ("random", "heuristic"):
        clock = time.perf_counter()
        report = play_tournament(lambda: PolicyBot(model, game), opponent, args.final_games)
        for s in report.bots:
            print(
                f"vs 3 {opponent}: {s.bot:>9} win {s.win_rate:.3f} "
                f"[{s.win_low:.3f}, {s.win_high:.3f}] over {s.seat_games} seat-games, "
                f"mean score {s.mean_score:.2f}",
                flush=True,
            )
        me = report.bots[0]
        summary["final"][opponent] = {
            "games": report.games,
            "win_rate": round(me.win_rate, 4),
            "low": round(me.win_low, 4),
            "high": round(me.win_high, 4),
            "mean_score": round(me.mean_score, 3),
            "opponent_mean_score": round(report.bots[1].mean_score, 3),
            "seconds": round(time.perf_counter() - clock),
        }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
