"""The cost of storing a move, the write every accepted action waits for.

Stores ``--moves`` moves one after another (the latency a client sees when the
server is not busy) and ``--concurrent`` at a time (as many tables at once),
the ways the server has written them:

- SQLite, the ORM's transaction (what ``courtly serve`` does on SQLite);
- PostgreSQL, the ORM's transaction with its announcement (the way a move was
  written before the asynchronous path, blocking the event loop);
- PostgreSQL, one statement through psycopg's asynchronous driver
  (``storage.FastWrites``: the move, its announcement, in one round trip).

    python benchmarks/store.py [--postgres postgresql+psycopg://user@host] [--moves 1000]

``--postgres`` is a server's base URL; a new database is made on it for the
run. Without it only SQLite is measured. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Callable

from courtly.core import summary
from courtly.server.storage import Store, TableRow


def _table(store: Store) -> str:
    table_id = uuid.uuid4().hex[:16]
    store.create_table(TableRow(id=table_id, game="bench", version="1", num_players=2,
                                options={}, seed=1, bot_delay=0.0, move_clock=None,
                                created=time.time()), [])
    return table_id


def orm_writes(store: Store, moves: int) -> float:
    """Milliseconds a move, the ORM's transaction, one after another."""
    table_id, start = _table(store), time.perf_counter()
    for number in range(moves):
        with store.session() as s:
            store._add_move(s, table_id, number, 0, {"type": "pass"}, "person", None, None)
    return (time.perf_counter() - start) / moves * 1e3


async def fast_writes(store: Store, moves: int, concurrencies: list[int]) -> list[float]:
    """Milliseconds a move through FastWrites, with each number of tables at once."""
    assert store.fast is not None
    await store.open()
    out = []
    for concurrent in concurrencies:
        tables = [_table(store) for _ in range(concurrent)]
        start = time.perf_counter()
        for number in range(moves // concurrent):
            await asyncio.gather(*(store.fast.add_move(t, number, 0, '{"type": "pass"}',
                                                       "person", None, None) for t in tables))
        out.append((time.perf_counter() - start) / (moves // concurrent * concurrent) * 1e3)
    await store.aclose()
    return out


def _new_database(base: str) -> str:
    import psycopg

    name = f"courtly_bench_{uuid.uuid4().hex[:8]}"
    plain = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(f"{plain}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{base}/{name}"


def main(argv: list[str] | None = None) -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--postgres", default=None, metavar="URL",
                        help="a PostgreSQL server's base URL, e.g. postgresql+psycopg://u@host")
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--concurrent", type=int, default=8)
    args = parser.parse_args(argv)
    rows: list[tuple[str, Callable[[], float]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = Store(f"sqlite:///{os.path.join(tmp, 'bench.db')}")
        rows.append(("SQLite, ORM transaction", lambda: orm_writes(sqlite, args.moves)))
        if args.postgres:
            postgres = Store(_new_database(args.postgres.rstrip("/")))
            rows.append(("PostgreSQL, ORM transaction + notify",
                         lambda: orm_writes(postgres, args.moves)))
            fast: list[float] = []

            def fast_row(i: int) -> float:
                if not fast:  # one pool, one event loop, for both rows
                    fast.extend(asyncio.run(fast_writes(postgres, args.moves,
                                                        [1, args.concurrent])))
                return fast[i]

            rows.append(("PostgreSQL, one async statement", lambda: fast_row(0)))
            rows.append((f"PostgreSQL, one async statement, {args.concurrent} at once",
                         lambda: fast_row(1)))
        print(f"{args.moves} moves, {os.cpu_count()} cores")
        print(f"{'':<48} {'ms a move':>10}")
        for name, measure in rows:
            print(f"{name:<48} {measure():>10.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
