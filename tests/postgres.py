"""A throwaway PostgreSQL for the server's tests (issue 14): the server tests
run on it as well as on SQLite.

``.ci/run`` installs Debian's postgresql, starts a cluster on loopback and
sets ``COURTLY_TEST_POSTGRES`` to its URL. Without that variable, the first
test that asks starts a cluster itself from the PostgreSQL programs it finds
(``pg_ctl`` on the PATH or under /usr/lib/postgresql), as the ``postgres``
user when run as root, and stops it at the end; without them those tests
are skipped, saying why. Each test gets a database of its own.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ENV = "COURTLY_TEST_POSTGRES"


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def cluster() -> Iterator[str]:
    """A PostgreSQL server on loopback for the block: its base URL (SQLAlchemy,
    psycopg), trusting local connections. RuntimeError when it cannot start."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise RuntimeError("no PostgreSQL programs (initdb, pg_ctl) on this machine")
    root = Path(tempfile.mkdtemp(prefix="courtly-pg-"))
    data, port = root / "data", _free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(root, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    run = {"check": True, "capture_output": True}
    subprocess.run([*as_user, initdb, "-D", str(data), "-U", "postgres", "--auth=trust",
                    "-E", "UTF8"], **run)  # type: ignore[call-overload]
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-o", options, "-l",
                    str(root / "log"), "-w", "start"], **run)  # type: ignore[call-overload]
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def new_database(base: str) -> str:
    """A new empty database on the server at ``base``: its URL."""
    import psycopg

    name = f"courtly_{uuid.uuid4().hex[:12]}"
    plain = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(f"{plain}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{base}/{name}"
