"""Courtisans de Versailles' learned value (value.py, docs/bots.md "Its
estimate"): it reads public numbers only, its weights name every feature,
and the tool that fits them recovers a known model.

Rulebook: shared/seeds/000_90b411339aefc22f.txt.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from courtly.bots import make_bot
from courtly.games.versailles import GAME, bot, value
from courtly.sim.simulate import bot_seeds, play_out
from scripts import load_script

TOOL = Path(__file__).resolve().parents[1] / "tools" / "versailles_value.py"


def _tool():
    return load_script(TOOL, "versailles_value")


def _positions(seed: int, n: int, every: int = 7):
    """Positions of a game between heuristic bots, every ``every``-th decision."""
    state = GAME.new_game(n, seed)
    bots = [make_bot("heuristic", s) for s in bot_seeds(seed, n)]
    seen = []
    count = [0]

    def keep(_seat: int, _seconds: float) -> None:
        count[0] += 1
        if count[0] % every == 0:
            seen.append(state.clone())

    play_out(state, bots, seed, 100_000, keep)
    return seen


@pytest.mark.parametrize("n", [2, 4, 6])
def test_every_seat_reads_the_same_numbers_and_nothing_hidden(n):
    """Each seat's features are the same from every chair and in every deal
    consistent with what a seat knows (the hands' cards, the pile: hidden)."""
    rng = random.Random(n)
    for state in _positions(10 + n, n):
        for viewer in range(n):
            seen = [value.features(state.view(viewer), s) for s in range(n)]
            assert seen == [value.features(state.view((viewer + 1) % n), s) for s in range(n)]
            guess = state.determinize(viewer, rng)
            assert seen == [value.features(guess.view(viewer), s) for s in range(n)]


def test_the_weights_name_every_feature_and_the_estimate_scales_them():
    """data/value.json weighs exactly the features; the estimate is the
    utilities in the search's temperature, so its softmax is the model's."""
    assert len(value.weights()) == len(value.FEATURES)
    state = _positions(3, 4)[-1]
    view = state.view(1)
    u = value.utilities(view)
    assert bot.estimate(view) == pytest.approx([bot.SEARCH["temperature"] * x for x in u])


def test_a_richer_courtier_is_likelier_to_win():
    """More fortune, all else equal, raises a seat's chance (a sanity check
    of the fitted weights' signs)."""
    state = _positions(5, 4)[10]
    before = value.utilities(state.view(0))
    state.courtiers[2].fortune += 10_000
    after = value.utilities(state.view(0))
    assert after[2] > before[2]


def test_the_fit_recovers_a_known_model():
    """Winners drawn from a conditional logit with known weights: the fitted
    weights come back close, and score the winners better than a uniform guess."""
    tool = _tool()
    rng = np.random.default_rng(0)
    true = np.array([1.5, -1.0, 0.5])
    x = rng.normal(size=(4000, 4, 3))
    u = x @ true
    p = np.exp(u) / np.exp(u).sum(axis=1, keepdims=True)
    y = np.zeros((4000, 4))
    y[np.arange(4000), [rng.choice(4, p=row) for row in p]] = 1.0
    w = tool.fit(x, y, l2=0.0)
    assert w == pytest.approx(true, abs=0.15)
    assert tool.nll(x @ w, y) < tool.nll(np.zeros_like(u), y)


def test_the_tool_writes_positions_and_weights(tmp_path):
    """generate then fit, on a few games: one row per seat's turn with every
    seat's features, and a weights file the value can read."""
    tool = _tool()
    out = tmp_path / "positions.jsonl"
    assert tool.main(["generate", "--games", "10", "--seed", "0", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and all(len(r["features"]) == 4 for r in rows)
    assert all(len(f) == len(value.FEATURES) for r in rows for f in r["features"])
    weights = tmp_path / "value.json"
    assert tool.main(["fit", str(out), "--out", str(weights)]) == 0
    assert set(json.loads(weights.read_text())["weights"]) == set(value.FEATURES)
