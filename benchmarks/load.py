"""Load on the server: many concurrent tables played over real WebSockets on loopback.

Starts ``courtly serve`` in a subprocess on a temporary SQLite file, creates
``--tables`` tables of ``--game`` (default: two-player Courtisans; Fief at
three players), connects every seat of each over a WebSocket and lets each
client play random legal moves after ``--think`` seconds of "thinking" (in
an open window, such as Fief's negotiation, a client says Done). The round
trip of a move is from sending ``act`` to receiving the update that shows
it (stored, then pushed). Then, in the same run, the same number of clients
send messages of the same size to the server's bare echo WebSocket
(``/ws/echo``) at the same pace: the reference.

    python benchmarks/load.py [--tables 200] [--seconds 20] [--think 0.5] [--game fief]
    python benchmarks/load.py --db postgresql+psycopg://... --instances 2

With ``--instances N`` (on PostgreSQL), N servers share the database and the
clients are dealt to them in turn, a table's seats on different instances
(as a load balancer without stickiness would), so every move crosses from
one instance to another; besides the mover's round trip, the delay until
the table's other seats see the move is measured ("seen by the others").
``--think 0`` measures the saturation rate: every client acts the moment it
may (a closed loop), so the moves a second are the most the servers serve.

Targets (issue 4, issue 14): 200 concurrent tables on a 2-core machine with
p99 under 100 ms; 800 clients at a person's pace under 100 ms on SQLite and
PostgreSQL; two instances at least 1.7 times one instance's saturation rate.
A measurement, not a test: the exit code is 0 whether or not it is met.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import websockets

from courtly.core import summary


@dataclass
class Stats:
    """Round trips (seconds) and message count of one run."""

    rtts: list[float] = field(default_factory=list)
    count: int = 0
    sizes: list[int] = field(default_factory=list)
    #: (table, moves before it) -> when its move was sent
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    #: seconds from a move's sending until another seat saw it
    seen: list[float] = field(default_factory=list)

    def quantile(self, q: float, of: list[float] | None = None) -> float:
        """The q-quantile of the round trips (or of ``of``), in milliseconds."""
        values = self.rtts if of is None else of
        if len(values) < 2:
            return float("nan")
        return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1] * 1e3


def free_port() -> int:
    """An unused loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON, return JSON."""
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def start_server(port: int, db: str, log: str) -> subprocess.Popen[bytes]:
    """`courtly serve` on loopback on the database URL ``db``, bots never
    needed (every seat is a client)."""
    command = [sys.executable, "-m", "courtly.cli", "serve", "--port", str(port),
               "--db", db, "--away-after", "3600",
               "--tables-per-minute", "0",  # every table is created at once, from one address
               "--sockets-per-address", "0",  # and all its clients connect from it
               "--echo"]  # the reference
    with open(log, "wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    with open(log, encoding="utf-8", errors="replace") as text:
        raise RuntimeError("the server did not start: " + text.read()[-2000:])


def make_tables(base: str, count: int, game: str, players: int
                ) -> list[tuple[str, dict[str, str]]]:
    """``count`` tables of ``game`` with every seat taken; (id, tokens) each."""
    tables = []
    for i in range(count):
        made = post(base, "/api/tables", {"game": game, "num_players": players, "seed": i,
                                          "seats": [{"kind": "person"}] * players})
        tid, tokens = made["table"]["id"], made["tokens"]
        for seat, token in tokens.items():
            post(base, f"/api/tables/{tid}/join", {"token": token, "name": f"load{seat}"})
        tables.append((tid, tokens))
    return tables


async def play_seat(url: str, table: str, seat: int, think: float, stop: float,
                    stats: Stats, rng: random.Random) -> None:
    """One seat: whenever it is to act, think, play a random legal move, time
    the answer; and time the other seats' moves until it sees them."""
    async with websockets.connect(url, max_size=2**22) as ws:
        sent_at: float | None = None
        sent_moves = seen_moves = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(stop - time.monotonic(), 0.01))
            except TimeoutError:
                return
            message = json.loads(raw)
            if message.get("type") != "update":
                continue
            stats.sizes.append(len(raw))
            moves = message["table"]["moves"]
            if seen_moves >= 0 and moves > seen_moves and sent_at is None:
                other = stats.sent.get((table, seen_moves))
                if other is not None:
                    stats.seen.append(time.monotonic() - other)
            seen_moves = moves
            if sent_at is not None and moves > sent_moves:
                stats.rtts.append(time.monotonic() - sent_at)
                stats.count += 1
                sent_at = None
            if message["result"] is not None or not message["legal"] or message.get("forced"):
                continue  # (forced: the server makes the seat's only move, as for a browser)
            legal = [x["action"] for x in message["legal"]]
            if seat not in message["to_act"]:  # a window: this client has nothing to say
                legal = [a for a in legal if a["type"] == "done"]
                if not legal or sent_at is not None:
                    continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(legal)
            sent_at, sent_moves = time.monotonic(), moves
            stats.sent[(table, moves)] = sent_at
            await ws.send(json.dumps({"type": "act", "action": action}))


async def echo_client(url: str, size: int, think: float, stop: float, stats: Stats,
                      rng: random.Random) -> None:
    """The reference: the same pace and message size against the bare echo socket."""
    payload = {"type": "echo", "pad": "x" * size}
    async with websockets.connect(url, max_size=2**22) as ws:
        while time.monotonic() < stop:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            start = time.monotonic()
            await ws.send(json.dumps(payload))
            await ws.recv()
            stats.rtts.append(time.monotonic() - start)
            stats.count += 1


async def run_games(ports: list[int], tables: list[tuple[str, dict[str, str]]],
                    seconds: float, think: float) -> Stats:
    """Every seat of every table plays for ``seconds``, the seats dealt to
    the servers in turn."""
    stats = Stats()
    stop = time.monotonic() + seconds
    rng = random.Random(0)
    seats = [(tid, seat, token) for tid, tokens in tables for seat, token in tokens.items()]
    await asyncio.gather(*(
        play_seat(f"ws://127.0.0.1:{ports[i % len(ports)]}/ws/tables/{tid}?token={token}",
                  tid, int(seat), think, stop, stats, random.Random(rng.random()))
        for i, (tid, seat, token) in enumerate(seats)))
    return stats


async def run_echo(ports: list[int], clients: int, size: int, seconds: float,
                   think: float) -> Stats:
    """As many echo clients as game clients, for ``seconds``, dealt alike."""
    stats = Stats()
    stop = time.monotonic() + seconds
    rng = random.Random(1)
    await asyncio.gather(*(
        echo_client(f"ws://127.0.0.1:{ports[i % len(ports)]}/ws/echo", size, think, stop,
                    stats, random.Random(rng.random())) for i in range(clients)))
    return stats


def report(name: str, stats: Stats, seconds: float) -> None:
    """One line of figures."""
    print(f"{name:<28} {stats.count / seconds:>10.1f} {stats.quantile(0.5):>10.1f} "
          f"{stats.quantile(0.99):>10.1f}")


def main(argv: list[str] | None = None) -> int:
    """Run both loads and print the comparison."""
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a client waits before each move (default 0.5)")
    parser.add_argument("--game", default="courtisans",
                        help="the game of every table (default courtisans)")
    parser.add_argument("--players", type=int, default=None,
                        help="seats per table (default: 2, or the game's fewest if more)")
    parser.add_argument("--db", default=None, metavar="URL",
                        help="the server's database, e.g. postgresql+psycopg://user@host/name "
                        "(default: a temporary SQLite file)")
    parser.add_argument("--instances", type=int, default=1,
                        help="servers sharing the database (PostgreSQL; default 1)")
    args = parser.parse_args(argv)
    if args.instances > 1 and not (args.db or "").startswith("postgresql"):
        parser.error("--instances above 1 needs a PostgreSQL --db")
    import courtly

    game = courtly.game(args.game)
    players = args.players or max(2, game.player_range(game.default_options())[0])
    ports = [free_port() for _ in range(args.instances)]
    with tempfile.TemporaryDirectory() as tmp:
        logs = [os.path.join(tmp, f"server{i}.log") for i in range(len(ports))]
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.db')}"
        servers = [start_server(port, db, log) for port, log in zip(ports, logs, strict=True)]
        try:
            tables = make_tables(f"http://127.0.0.1:{ports[0]}", args.tables, args.game, players)
            games = asyncio.run(run_games(ports, tables, args.seconds, args.think))
            size = int(statistics.mean(games.sizes)) if games.sizes else 2000
            echo = asyncio.run(run_echo(ports, players * len(tables), size, args.seconds,
                                        args.think))
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=30)
            for log in logs:
                with open(log, encoding="utf-8", errors="replace") as text:
                    errors = [line for line in text if "Error" in line or "Traceback" in line]
                if errors:
                    print(f"server log: {len(errors)} error lines, first: {errors[0].strip()}")
    where = "SQLite" if db.startswith("sqlite") else "PostgreSQL"
    print(f"{args.game}: {args.tables} tables of {players}, {players * args.tables} WebSocket "
          f"clients, {args.instances} instance(s) on {where}, think {args.think} s, "
          f"{args.seconds} s each, mean update {size} bytes, {os.cpu_count()} cores")
    print(f"{'':<28} {'per second':>10} {'p50 ms':>10} {'p99 ms':>10}")
    report("moves (act -> update)", games, args.seconds)
    print(f"{'seen by the others':<28} {len(games.seen) / args.seconds:>10.1f} "
          f"{games.quantile(0.5, games.seen):>10.1f} {games.quantile(0.99, games.seen):>10.1f}")
    report("echo (same stack)", echo, args.seconds)
    ratio = games.quantile(0.99) / echo.quantile(0.99)
    met = "met" if games.quantile(0.99) < 100 else "NOT met"
    print(f"p99 ratio moves/echo: {ratio:.2f}; target p99 < 100 ms: {met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
