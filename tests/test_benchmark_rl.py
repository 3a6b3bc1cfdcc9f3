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
    """The reference, a context row, the game with infos on and off; each
    with a whole-run ratio and the slices' median and quartiles (the
    reference's own: exactly 1)."""
    argv = ["--seconds", "0.02", "--rounds", "2", "--games", "courtisans",
            "--context", "connect_four_v3"]
    assert bench.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    names = ["tictactoe_v3 (PettingZoo)", "connect_four_v3 (PettingZoo)",
             "courtisans (2p)", "courtisans (2p, infos=False)"]
    rows = [line for line in lines if any(line.startswith(n) for n in names)]
    assert len(rows) == 4
    assert re.search(r" 1\.00 +1\.00 +\(1\.00-1\.00\)$", rows[0])
    for row in rows[1:]:
        assert re.search(r" \d+\.\d\d +\d+\.\d\d +\(\d+\.\d\d-\d+\.\d\d\)$", row), row


def test_slice_ratios_pair_each_slice_with_the_references_of_its_round(
        bench: ModuleType) -> None:
    reference = bench.Row("ref", lambda: None, slices=[(100, 1.0), (100, 2.0)])
    row = bench.Row("row", lambda: None, slices=[(50, 1.0), (100, 1.0)])
    assert row.slice_ratios(reference) == [0.5, 2.0]
    assert bench._quartiles([0.5]) == (0.5, 0.5, 0.5)


@pytest.mark.parametrize("argv", [["--games", "chess"], ["--context", "no_such_env_v0"]])
def test_an_unknown_game_or_context_is_refused(
        bench: ModuleType, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(argv) == 2
    assert capsys.readouterr().err.strip()
