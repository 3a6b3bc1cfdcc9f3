"""benchmarks/rl.py runs (docs/research.md, "Speed"): a smoke test of the
measuring tool, never of its figures (speed is measured, not tested)."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pettingzoo")

from scripts import load_script

# PettingZoo's classic modules warn about their own creation API when imported
pytestmark = pytest.mark.filterwarnings(
    "ignore:The old environment creation API:DeprecationWarning")

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "rl.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script(SCRIPT, "bench_rl")


def test_a_short_run_prints_every_row_with_its_slice_ratios(
        bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """Two tables (the whole loop, the environment alone), each with the
    reference, a context row, the game with infos on and off; each row with
    a whole-run ratio and the slices' median and quartiles (the reference's
    own: exactly 1)."""
    argv = ["--seconds", "0.02", "--rounds", "2", "--games", "courtisans",
            "--context", "connect_four_v3"]
    assert bench.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    names = ["tictactoe_v3 (PettingZoo)", "connect_four_v3 (PettingZoo)",
             "courtisans (2p)", "courtisans (2p, infos=False)"]
    rows = [line for line in lines if any(line.startswith(n) for n in names)]
    assert [row.split(" (")[0] for row in rows] == [n.split(" (")[0] for n in names] * 2
    assert any(line.startswith("the environment alone") for line in lines)
    for table in (rows[:4], rows[4:]):
        assert re.search(r" 1\.00 +1\.00 +\(1\.00-1\.00\)$", table[0])
        for row in table[1:]:
            assert re.search(r" \d+\.\d\d +\d+\.\d\d +\(\d+\.\d\d-\d+\.\d\d\)$", row), row


def test_quartiles_stay_within_the_slices(bench: ModuleType) -> None:
    """Two slices far apart, as on a loaded machine: the quartiles lie
    between them (the default method reaches beyond: a CI run printed
    -1.57 to 12.24 around a median of 5.34, from slices of 0.73 and 9.95)."""
    assert bench._quartiles([0.73, 9.95]) == pytest.approx((3.035, 5.34, 7.645))
    assert bench._quartiles([2.0]) == (2.0, 2.0, 2.0)


def test_the_environment_alone_is_the_loop_less_the_policy(bench: ModuleType) -> None:
    part = bench.Slice(steps=100, seconds=2.0, policy=1.5)
    assert (part.rate(env_only=False), part.rate(env_only=True)) == (50.0, 200.0)


def test_one_game_is_reproducible_and_times_its_policy(bench: ModuleType) -> None:
    """The same seed plays the same game (each agent's space is seeded),
    and the policy's seconds are a part of the game's."""
    import courtly.rl as rl

    env = rl.env("courtisans", 2, infos=False)
    steps, policy = bench._one_game(env, 7)
    record = env.unwrapped.table.state.record.actions
    assert policy > 0
    assert bench._one_game(env, 7)[0] == steps
    assert env.unwrapped.table.state.record.actions == record


def test_slice_ratios_pair_each_slice_with_the_references_of_its_round(
        bench: ModuleType) -> None:
    reference = bench.Row("ref", lambda: None,
                          slices=[bench.Slice(100, 1.0), bench.Slice(100, 2.0, 1.0)])
    row = bench.Row("row", lambda: None, slices=[bench.Slice(50, 1.0), bench.Slice(100, 1.0)])
    assert row.slice_ratios(reference) == [0.5, 2.0]
    assert row.slice_ratios(reference, env_only=True) == [0.5, 1.0]
    assert bench._quartiles([0.5]) == (0.5, 0.5, 0.5)


@pytest.mark.parametrize("argv", [["--games", "chess"], ["--context", "no_such_env_v0"]])
def test_an_unknown_game_or_context_is_refused(
        bench: ModuleType, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(argv) == 2
    assert capsys.readouterr().err.strip()


def test_the_bound_row_runs_the_game_without_its_observation(
        bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """``--bound``: each game once more with its encoding not run; the
    observations all the first position's numbers, the masks the real ones."""
    import courtly.rl as rl

    argv = ["--seconds", "0.02", "--rounds", "1", "--games", "courtisans", "--context", "--bound"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("courtisans (2p, observation free)") == 2
    free, real = bench.observation_free("courtisans", 2), rl.env("courtisans", 2, infos=False)
    real.reset(seed=0)
    first = free.observe(free.agent_selection)["observation"]
    for env in (free, real):
        env.step(int(env.observe(env.agent_selection)["action_mask"].argmax()))
    later = free.observe(free.agent_selection)
    assert (later["observation"] == first).all()
    assert not (real.observe(real.agent_selection)["observation"] == first).all()
    assert (later["action_mask"] == real.observe(real.agent_selection)["action_mask"]).all()


POLICY_SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "rl_policy.py"


@pytest.fixture(scope="module")
def policy_bench() -> ModuleType:
    return load_script(POLICY_SCRIPT, "bench_rl_policy")


def test_the_replays_play_the_game_the_sample_played(policy_bench: ModuleType) -> None:
    """The three policies of rl_policy.py choose the same actions: the
    replays end the seeded game exactly where ``sample`` ended it."""
    import courtly.rl as rl

    env, actions = rl.env("courtisans", 2, infos=False), []
    ends = []
    for policy in policy_bench.POLICIES:
        steps, seconds = policy_bench.one_game(env, 3, policy, actions)
        assert steps > len(actions) > 0 and seconds > 0
        ends.append((env.unwrapped.table.state.record, dict(env.unwrapped._cumulative_rewards)))
    assert actions
    assert ends[0] == ends[1] == ends[2]


def test_a_short_policy_run_prints_every_row(policy_bench: ModuleType,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert policy_bench.main(["--repeats", "1", "--games", "courtisans"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # what ran it first: the ratio depends on the interpreter
    assert re.match(r"Python 3\.\d+\.\d+, .*numpy .*PettingZoo .*Gymnasium ", lines[0])
    assert lines[2].split() == ["environment", *policy_bench.POLICIES]
    assert lines[3].startswith("tictactoe_v3 (PettingZoo), reference")
    assert re.search(r"1\.00\).*1\.00\).*1\.00\)", lines[3])
    assert lines[4].startswith("courtisans (2p, infos=False)")
    # Courtisans has a fast engine (courtly.rl.fast): a row on its own engine too
    assert lines[5].startswith("courtisans (2p), rules engine") and len(lines) == 6


def test_the_floor_plays_the_game_the_environment_played(policy_bench: ModuleType) -> None:
    """``--floor``'s stand-in (menu, mask, move, the referee's order) plays
    the recorded actions to the very game the environment played, Vive le
    Roi's simultaneous votes included."""
    import courtly.rl as rl

    env, actions = rl.env("vive_le_roi", 3, infos=False), []
    policy_bench.one_game(env, 5, "sample", actions)
    floor = policy_bench.Floor("vive_le_roi", 3)
    steps, seconds = policy_bench.one_game(floor, 5, "replay", actions)
    assert steps == len(actions) and seconds > 0
    assert floor.table.state.record == env.unwrapped.table.state.record
    assert floor.table.state.is_over


def test_a_floor_run_adds_a_row_per_game(policy_bench: ModuleType,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert policy_bench.main(["--repeats", "1", "--games", "courtisans", "--floor"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[4].startswith("courtisans (2p, infos=False)")
    assert lines[5].startswith("courtisans (2p), rules engine")
    assert lines[6].startswith("courtisans (2p), its floor") and len(lines) == 7
