"""The training example (examples/train_courtisans.py; docs/research.md,
"Training, shown"): its one-seat environment passes Gymnasium's and
Stable-Baselines3's checks, masks exactly the learner's legal actions, and
MaskablePPO trains on it reproducibly; the trained policy plays as a
courtly bot in the example's tournament."""

from __future__ import annotations

import dataclasses
import warnings
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

import numpy as np
import torch
from gymnasium.utils.env_checker import check_env as gymnasium_check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

import courtly
from scripts import load_script

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_courtisans.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    """The example, imported from its file (examples/ is no package)."""
    module = load_script(EXAMPLE, "train_courtisans")
    torch.set_num_threads(1)
    return module


def test_the_seat_environment_passes_gymnasiums_and_sb3s_checks(example: ModuleType) -> None:
    """Both checkers step it with actions sampled without the mask: such an
    action changes nothing and says so in the info. The only warnings
    allowed are Gymnasium's about the observation's unbounded Box (courtly's
    environment declares no bounds: docs/research.md)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        gymnasium_check_env(example.SeatEnv(), skip_render_check=True)
        sb3_check_env(example.SeatEnv(), warn=True)
    others = [str(w.message) for w in caught if "infinity" not in str(w.message)]
    assert others == []


def test_the_mask_is_the_learners_legal_actions_and_the_seat_rotates(example: ModuleType) -> None:
    """After each reset and step the learner is the seat to act (the
    opponents have played up to it) and its mask is exactly its legal
    actions; episode k seats it at k mod 4; a game ends with a reward."""
    env = example.SeatEnv()
    numbering = env.aec.table.numbering
    rng = np.random.default_rng(1)
    for episode in range(5):
        env.reset(seed=3 if episode == 0 else None)
        assert env.seat == episode % 4
        done, reward = False, 0.0
        while not done:
            state = env.aec.table.state
            legal = {numbering.index(a) for a in state.legal_actions(env.seat)}
            mine = set(np.flatnonzero(env.action_masks()))
            assert {env.actions.number(env.seat, j) for j in mine} == legal
            assert len(mine) == len(legal)
            assert env.seat in (*state.to_act, *state.may_act)
            _, reward, done, truncated, info = env.step(rng.choice(sorted(mine)))
            assert not truncated and "illegal_action" not in info
        assert env.aec.table.state.is_over and not env.action_masks().any()
        result = env.aec.table.state.result()
        best_other = max(s for i, s in enumerate(result.scores) if i != env.seat)
        assert reward == pytest.approx((result.scores[env.seat] - best_other) / 10)


def test_actions_are_numbered_from_the_learners_chair(example: ModuleType) -> None:
    """The policy's number of "this card in my domain" is the same at every
    seat, and is the environment's number of the card in that seat's domain;
    actions that name no seat keep their number."""
    from courtly.games.courtisans.actions import DOMAIN, QUEEN, Play

    env = example.SeatEnv()
    numbering, actions = env.aec.table.numbering, env.actions
    mine = numbering.index(Play("hares", "noble", DOMAIN, None, 0))
    left = numbering.index(Play("hares", "noble", DOMAIN, None, 1))
    queen = numbering.index(Play("hares", "noble", QUEEN, "above", None))
    for seat in range(4):
        assert numbering.action(actions.number(seat, mine)).owner == seat
        assert numbering.action(actions.number(seat, left)).owner == (seat + 1) % 4
        assert actions.number(seat, queen) == queen
        assert sorted(actions.absolute[seat]) == list(range(numbering.size))


def test_shaping_adds_up_to_the_final_reward(example: ModuleType) -> None:
    """With the potential-based shaping undiscounted (factor 1) the rewards
    of a game add up to its final reward less the first potential: the
    shaping moves credit between moves and changes no game's worth."""
    env = example.SeatEnv(shaping=1.0)
    rng = np.random.default_rng(2)
    for episode in range(3):
        env.reset(seed=9 if episode == 0 else None)
        first, total, done, rewards = env.potential(), 0.0, False, set()
        while not done:
            _, reward, done, _, _ = env.step(rng.choice(np.flatnonzero(env.action_masks())))
            total += reward
            rewards.add(round(reward, 9))
        result = env.aec.table.state.result()
        best_other = max(s for i, s in enumerate(result.scores) if i != env.seat)
        assert total == pytest.approx((result.scores[env.seat] - best_other) / 10 - first)
        assert len(rewards) > 2  # the moves' rewards differ: the shaping speaks during the game


def test_an_action_outside_the_mask_changes_nothing(example: ModuleType) -> None:
    env = example.SeatEnv()
    obs, _ = env.reset(seed=5)
    record = list(env.aec.table.state.record.actions)
    outside = int(np.flatnonzero(~env.action_masks())[0])
    again, reward, done, _, info = env.step(outside)
    assert info == {"illegal_action": True} and reward == 0.0 and not done
    assert list(env.aec.table.state.record.actions) == record
    assert np.array_equal(again, obs)


def test_maskable_ppo_trains_reproducibly_and_plays_as_a_bot(example: ModuleType) -> None:
    """Two trainings of one rollout from the same seed give the same
    policy; it then plays a tournament game from every seat through the
    example's PolicyBot (the courtly Bot protocol)."""
    models = []
    for _ in range(2):  # one after the other: building a model seeds torch's generator
        model = example.build_model(7, n_envs=2, n_steps=64, batch_size=64)
        model.learn(total_timesteps=128)  # one rollout, one update
        assert model.num_timesteps == 128
        models.append(model)
    first, second = models
    for a, b in zip(first.policy.parameters(), second.policy.parameters(), strict=True):
        assert torch.equal(a, b)
    game = courtly.game("courtisans")
    report = example.play_tournament(lambda: example.PolicyBot(first, game), "random", 4, seed=11)
    policy = report.bots[0]
    assert policy.bot == example.POLICY and policy.seat_games == 4
    assert policy.decisions > 0
    assert {o.lineup.index(example.POLICY) for o in report.outcomes} == {0, 1, 2, 3}


def test_the_learning_rate_decays_to_zero_over_the_run(example: ModuleType) -> None:
    """``--lr-decay``: the rate falls linearly from LEARNING_RATE to 0 as
    the steps run out (SB3 passes the progress remaining, 1 to 0)."""
    model = example.build_model(7, n_envs=2, n_steps=64, batch_size=64, lr_decay=True)
    rate = model.lr_schedule
    assert rate(1.0) == pytest.approx(example.LEARNING_RATE)
    assert rate(0.25) == pytest.approx(example.LEARNING_RATE / 4)
    assert rate(0.0) == 0.0
    steady = example.build_model(7, n_envs=2, n_steps=64, batch_size=64)
    assert steady.lr_schedule(0.25) == pytest.approx(example.LEARNING_RATE)


def test_keep_best_saves_the_best_curve_point_on_seeds_of_its_own(
    example: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--keep-best``: the curve's games start at CURVE_SEED (not the final
    tournaments' EVAL_SEED), and the model is saved when a point beats every
    earlier one, not otherwise."""
    seeds: list[int] = []
    rates = iter([0.3, 0.5, 0.4])
    real = example.play_tournament

    def fake(make_bot, opponent, games, seed=example.EVAL_SEED):
        seeds.append(seed)
        report = real(make_bot, opponent, 1, seed=seed)
        me = dataclasses.replace(report.bots[0], win_rate=next(rates))
        return dataclasses.replace(report, bots=[me, *report.bots[1:]])

    monkeypatch.setattr(example, "play_tournament", fake)
    model = example.build_model(7, n_envs=2, n_steps=64, batch_size=64)
    best = tmp_path / "best.zip"
    curve = example.WinRateCurve(tmp_path / "curve.csv", 64, 1, best=best)
    saved: list[int] = []
    monkeypatch.setattr(model, "save", lambda path: saved.append(model.num_timesteps))
    model.learn(total_timesteps=128, callback=curve)
    assert set(seeds) == {example.CURVE_SEED} and example.CURVE_SEED != example.EVAL_SEED
    assert [r["win_rate"] for r in curve.rows] == [0.3, 0.5, 0.4]
    assert saved == [curve.rows[0]["steps"], curve.rows[1]["steps"]]


def test_a_short_run_writes_only_into_its_out(example: ModuleType, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole command, tiny: the model, the curve's table and picture and the
    summary go to ``--out``, nothing to the working directory (a researcher's
    run from the repository's root overwrote the committed
    docs/research-curve.png, the picture's old default)."""
    work, out = tmp_path / "work", tmp_path / "out"
    work.mkdir()
    monkeypatch.chdir(work)
    example.main(["--steps", "512", "--envs", "2", "--rollout", "128", "--eval-every", "256",
                  "--eval-games", "2", "--final-games", "4", "--out", str(out)])
    assert sorted(p.name for p in out.iterdir()) == [
        "curve.csv", "curve.png", "model.zip", "summary.json"]
    assert list(work.iterdir()) == []
