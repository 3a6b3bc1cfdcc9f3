"""Fit Courtisans de Versailles' learned value (courtly/games/versailles/value.py).

    python tools/versailles_value.py generate --games 3000 --seed 1000 --out positions.jsonl
    python tools/versailles_value.py fit positions.jsonl [--out value.json]
    python tools/versailles_value.py score positions.jsonl [--weights value.json]

``generate`` plays games between heuristic bots (``--players``, default 4 and
the default options) and writes, at the start of every seat's turn in the
round of play, every seat's features (from the acting seat's view: public
numbers only), the projection the search used before (``bot.projected``)
and, once the game is over, its winners: one JSON line per position.

``fit`` fits the conditional logit by Newton's method (L2 penalty ``--l2``)
on the games whose seed is not a multiple of 5, then reports, on the games
whose seed is (held out), the mean negative log-likelihood of the winners:
a uniform guess, the projection through the search's softmax at several
temperatures, and the fitted model; with ``--out`` it refits on every game
and writes the weights with those figures. ``score`` reports the same
figures for given weights (default: the shipped ones) on every position of
a file: how a model fitted at one player count predicts another. Needs numpy (``pip install
'courtly[rl]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import courtly
from courtly.bots import make_bot
from courtly.games.versailles import bot as heuristic
from courtly.games.versailles import value
from courtly.sim.simulate import bot_seeds, play_out

#: Temperatures (livres) at which the projection is scored for comparison.
TEMPERATURES = (5000, 10000, 20000, 40000)


def positions(seed: int, num_players: int) -> list[dict[str, Any]]:
    """One game between heuristic bots: a row per seat's turn (see the module docstring)."""
    game = courtly.game("versailles")
    state = game.new_game(num_players, seed, game.default_options())
    bots = [make_bot("heuristic", s) for s in bot_seeds(seed, num_players)]
    rows: list[dict[str, Any]] = []
    last: list[Any] = [None]

    def record(_seat: int, _seconds: float) -> None:
        public = state.view(None)
        turn, current = public["turn"], public["current"]
        if public["stage"] != "play" or current is None or (turn, current) == last[0]:
            return
        last[0] = (turn, current)
        view = state.view(current)
        turns = heuristic.turns_left(view)
        rows.append({"turn": turn, "seat": current,
                     "projected": [heuristic.projected(view, s, turns) for s in range(num_players)],
                     "features": value.table(view)})

    play_out(state, bots, seed, 100_000, record)
    winners = list(state.result().winners)
    for row in rows:
        row.update(seed=seed, winners=winners)
    return rows


def generate(args: argparse.Namespace) -> int:
    """Write the positions of ``--games`` games."""
    from rich.progress import track

    with open(args.out, "w", encoding="utf-8") as out:
        for seed in track(range(args.seed, args.seed + args.games), description="games"):
            for row in positions(seed, args.players):
                out.write(json.dumps(row) + "\n")
    return 0


def load(path: str) -> tuple[Any, Any, Any, Any]:
    """Features (positions x seats x features), winner shares, projections, seeds;
    positions of games nobody won are left out."""
    import numpy as np

    x, y, p, seeds = [], [], [], []
    with open(path, encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            if not row["winners"]:
                continue
            share = np.zeros(len(row["features"]))
            share[row["winners"]] = 1.0 / len(row["winners"])
            x.append(row["features"])
            y.append(share)
            p.append(row["projected"])
            seeds.append(row["seed"])
    return np.array(x, float), np.array(y), np.array(p, float), np.array(seeds)


def nll(u: Any, y: Any) -> float:
    """Mean negative log-likelihood of the winner shares ``y`` under softmax(``u``)."""
    import numpy as np

    u = u - u.max(axis=1, keepdims=True)
    logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
    return float(-(y * logp).sum(axis=1).mean())


def fit(x: Any, y: Any, l2: float, steps: int = 50) -> Any:
    """Weights maximizing the conditional logit's likelihood less ``l2 |w|^2``
    (Newton's method with step halving)."""
    import numpy as np

    n, _, d = x.shape
    w = np.zeros(d)

    def loss(w: Any) -> float:
        return nll(x @ w, y) + l2 * float(w @ w)

    for _ in range(steps):
        u = x @ w
        p = np.exp(u - u.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("nk,nkd->nd", p, x)
        grad = np.einsum("nk,nkd->d", p - y, x) / n + 2 * l2 * w
        hess = (np.einsum("nk,nkd,nke->de", p, x, x) - mean.T @ mean) / n + 2 * l2 * np.eye(d)
        step, before = np.linalg.solve(hess, grad), loss(w)
        scale = 1.0
        while loss(w - scale * step) > before and scale > 1e-6:
            scale /= 2
        w = w - scale * step
        if abs(before - loss(w)) < 1e-10:
            break
    return w


def report(x: Any, y: Any, projected: Any, seeds: Any, l2: float) -> dict[str, float]:
    """Held-out negative log-likelihoods (games whose seed is a multiple of 5)."""
    test = seeds % 5 == 0
    figures = baselines(y[test], projected[test])
    figures["learned"] = nll(x[test] @ fit(x[~test], y[~test], l2), y[test])
    return figures


def baselines(y: Any, projected: Any) -> dict[str, float]:
    """The figures a value must beat: a uniform guess, and the projection
    through the softmax at each of :data:`TEMPERATURES`."""
    import numpy as np

    figures = {"uniform": nll(np.zeros(y.shape), y)}
    for temperature in TEMPERATURES:
        figures[f"projected/{temperature}"] = nll(projected / temperature, y)
    return figures


def fitted(args: argparse.Namespace) -> int:
    """Report, and with ``--out`` write the weights fitted on every game."""
    x, y, projected, seeds = load(args.positions)
    figures = report(x, y, projected, seeds, args.l2)
    games = len(set(seeds.tolist()))
    print(f"{len(x)} positions of {games} games; held out: the games whose seed is a multiple of 5")
    for name, figure in figures.items():
        print(f"  {name:20} {figure:.4f}")
    if args.out:
        w = fit(x, y, args.l2)
        data = {
            "about": ("Conditional-logit weights of courtly.games.versailles.value, fitted by "
                      "tools/versailles_value.py to the winners of games between heuristic bots"),
            "games": games, "positions": len(x), "seeds": [int(seeds.min()), int(seeds.max())],
            "l2": args.l2, "held_out_nll": {k: round(v, 4) for k, v in figures.items()},
            "weights": {name: round(float(c), 4)
                        for name, c in zip(value.FEATURES, w, strict=True)},
        }
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"weights written to {args.out}")
    return 0


def scored(args: argparse.Namespace) -> int:
    """Negative log-likelihoods of the winners under given weights, on every position."""
    import numpy as np

    x, y, projected, seeds = load(args.positions)
    if args.weights:
        named = json.loads(Path(args.weights).read_text(encoding="utf-8"))["weights"]
        w = np.array([named[name] for name in value.FEATURES])
    else:
        w = np.array(value.weights())
    print(f"{len(x)} positions of {len(set(seeds.tolist()))} games, "
          f"{x.shape[1]} players")
    figures = baselines(y, projected)
    figures["weights"] = nll(x @ w, y)
    for name, figure in figures.items():
        print(f"  {name:20} {figure:.4f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the sub-command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="positions of games between heuristic bots")
    gen.add_argument("--games", type=int, default=3000)
    gen.add_argument("--seed", type=int, default=1000)
    gen.add_argument("--players", type=int, default=4)
    gen.add_argument("--out", required=True)
    gen.set_defaults(run=generate)
    fit_ = sub.add_parser("fit", help="fit the weights and report held-out likelihoods")
    fit_.add_argument("positions")
    fit_.add_argument("--l2", type=float, default=1e-3)
    fit_.add_argument("--out")
    fit_.set_defaults(run=fitted)
    score = sub.add_parser("score", help="likelihoods of given weights on every position")
    score.add_argument("positions")
    score.add_argument("--weights", help="a weights file (default: the shipped value.json)")
    score.set_defaults(run=scored)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
