"""Each golden playthrough still comes out exactly as committed
(regenerate with `python tests/golden_playthrough.py`, then read the diff)."""

from __future__ import annotations

import pytest

from golden_playthrough import GOLDEN_DIR, file_name, golden_cases, playthrough

CASES = golden_cases()
#: The everyday loop checks the smaller tables; CI checks every file.
PARAMS = [pytest.param(c, marks=[pytest.mark.slow] if c[1] >= 5 else [],
                       id=file_name(*c)[:-4]) for c in CASES]


@pytest.mark.parametrize("case", PARAMS)
def test_playthrough_matches_golden_file(case):
    path = GOLDEN_DIR / file_name(*case)
    assert path.exists(), f"missing {path}: run python tests/golden_playthrough.py"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(*case)
    if actual != expected:
        old, new = expected.splitlines(), actual.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                     min(len(old), len(new)))
        pytest.fail(f"{path.name} differs from line {first + 1}:\n"
                    f"golden: {old[first] if first < len(old) else '<end>'}\n"
                    f"now:    {new[first] if first < len(new) else '<end>'}\n"
                    "regenerate with: python tests/golden_playthrough.py")


def test_no_stale_golden_files():
    wanted = {file_name(*c) for c in CASES}
    stale = sorted(p.name for p in GOLDEN_DIR.glob("*.txt") if p.name not in wanted)
    assert not stale, f"stale golden files: {stale}"
