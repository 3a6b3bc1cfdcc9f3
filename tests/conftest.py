"""Shared by every test module: the tests' PostgreSQL, and counts some
modules print after the run."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from postgres import ENV, cluster

#: Test modules that count what they did, printed after the run.
COUNTED = {"test_server_fuzz": "server fuzzing", "test_server_chaos": "kill -9"}


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The counts of the fuzzers and the kill -9 run, when they ran."""
    for module, title in COUNTED.items():
        counts = getattr(sys.modules.get(module), "COUNTS", None)
        if counts:
            terminalreporter.write_sep("-", title)
            terminalreporter.write_line(", ".join(f"{key}: {n}"
                                                  for key, n in sorted(counts.items())))


@pytest.fixture(scope="session")
def postgres_base() -> Iterator[str]:
    """The base URL of the tests' PostgreSQL (tests/postgres.py): .ci/run's,
    else one started here; a skip saying why when there is none."""
    if os.environ.get(ENV):
        yield os.environ[ENV].rstrip("/")
        return
    server = cluster()
    try:
        base = server.__enter__()
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"no PostgreSQL for the server tests: {exc}")
    try:
        yield base
    finally:
        server.__exit__(None, None, None)
