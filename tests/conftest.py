"""Shared by every test module: counts some modules print after the run."""

from __future__ import annotations

import sys
from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The server fuzzers' counts (test_server_fuzz.py), when they ran."""
    fuzz = sys.modules.get("test_server_fuzz")
    counts = getattr(fuzz, "COUNTS", None)
    if counts:
        terminalreporter.write_sep("-", "server fuzzing")
        terminalreporter.write_line(", ".join(f"{key}: {n}" for key, n in sorted(counts.items())))
