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

Target (issue 4): 200 concurrent tables on a 2-core machine with p99 under 100 ms.
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


@dataclass
class Stats:
    """Round trips (seconds) and message count of one run."""

    rtts: list[float] = field(default_factory=list)
    count: int = 0
    sizes: list[int] = field(default_factory=list)

    def quantile(self, q: float) -> float:
        """The q-quantile of the round trips, in milliseconds."""
        if len(self.rtts) < 2:
            return float("nan")
        return statistics.quantiles(self.rtts, n=100, method="inclusive")[int(q * 100) - 1] * 1e3


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
               "--tables-per-minute", "0"]  # every table is created at once, from one address
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


async def play_seat(url: str, seat: int, think: float, stop: float, stats: Stats,
                    rng: random.Random) -> None:
    """One seat: whenever it is to act, think, play a random legal move, time the answer."""
    async with websockets.connect(url, max_size=2**22) as ws:
        sent_at: float | None = None
        sent_moves = -1
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
            if sent_at is not None and moves > sent_moves:
                stats.rtts.append(time.monotonic() - sent_at)
                stats.count += 1
                sent_at = None
            if message["result"] is not None or not message["legal"]:
                continue
            legal = [x["action"] for x in message["legal"]]
            if seat not in message["to_act"]:  # a window: this client has nothing to say
                legal = [a for a in legal if a["type"] == "done"]
                if not legal or sent_at is not None:
                    continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(legal)
            sent_at, sent_moves = time.monotonic(), moves
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


async def run_games(port: int, tables: list[tuple[str, dict[str, str]]], seconds: float,
                    think: float) -> Stats:
    """Every seat of every table plays for ``seconds``."""
    stats = Stats()
    stop = time.monotonic() + seconds
    rng = random.Random(0)
    await asyncio.gather(*(
        play_seat(f"ws://127.0.0.1:{port}/ws/tables/{tid}?token={token}", int(seat), think,
                  stop, stats, random.Random(rng.random()))
        for tid, tokens in tables for seat, token in tokens.items()))
    return stats


async def run_echo(port: int, clients: int, size: int, seconds: float, think: float) -> Stats:
    """As many echo clients as game clients, for ``seconds``."""
    stats = Stats()
    stop = time.monotonic() + seconds
    rng = random.Random(1)
    await asyncio.gather(*(
        echo_client(f"ws://127.0.0.1:{port}/ws/echo", size, think, stop, stats,
                    random.Random(rng.random())) for _ in range(clients)))
    return stats


def report(name: str, stats: Stats, seconds: float) -> None:
    """One line of figures."""
    print(f"{name:<28} {stats.count / seconds:>10.1f} {stats.quantile(0.5):>10.1f} "
          f"{stats.quantile(0.99):>10.1f}")


def main(argv: list[str] | None = None) -> int:
    """Run both loads and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
    args = parser.parse_args(argv)
    import courtly

    game = courtly.game(args.game)
    players = args.players or max(2, game.player_range(game.default_options())[0])
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "server.log")
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.db')}"
        server = start_server(port, db, log)
        try:
            tables = make_tables(f"http://127.0.0.1:{port}", args.tables, args.game, players)
            games = asyncio.run(run_games(port, tables, args.seconds, args.think))
            size = int(statistics.mean(games.sizes)) if games.sizes else 2000
            echo = asyncio.run(run_echo(port, players * len(tables), size, args.seconds,
                                        args.think))
        finally:
            server.terminate()
            server.wait(timeout=30)
            with open(log, encoding="utf-8", errors="replace") as text:
                errors = [line for line in text if "Error" in line or "Traceback" in line]
            if errors:
                print(f"server log: {len(errors)} error lines, first: {errors[0].strip()}")
    print(f"{args.game}: {args.tables} tables of {players}, {players * args.tables} WebSocket "
          f"clients, think {args.think} s, "
          f"{args.seconds} s each, mean update {size} bytes, {os.cpu_count()} cores")
    print(f"{'':<28} {'per second':>10} {'p50 ms':>10} {'p99 ms':>10}")
    report("moves (act -> update)", games, args.seconds)
    report("echo (same stack)", echo, args.seconds)
    ratio = games.quantile(0.99) / echo.quantile(0.99)
    met = "met" if games.quantile(0.99) < 100 else "NOT met"
    print(f"p99 ratio moves/echo: {ratio:.2f}; target p99 < 100 ms: {met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
