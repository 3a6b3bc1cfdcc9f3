"""Random-playout speed of every courtly game, against OpenSpiel's Python tic-tac-toe.

For each registered game (or those named with ``--games``) and each player count
its default options allow, play uniformly random games for about ``--seconds``
and count actions and finished games. The same loop is run over OpenSpiel's
pure-Python tic-tac-toe, the reference: the target is that every game applies at
least as many actions per second as the reference (ratio >= 1).

    python benchmarks/playouts.py [--seconds 3] [--games NAME ...] [--seed 0]

Each measurement's time is split over ``--rounds`` short slices, and the slices
of all measurements (reference included) are interleaved, so that a change in
the machine's load during the run affects the games and the reference alike.

This is a measurement, not a test: the exit code is 0 whether or not a game
meets the target (2 only for bad arguments such as an unknown game name).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape
from rich.table import Table

import courtly
from courtly import Game
from courtly.core import Action, Referee, summary

REFERENCE_NAME = "tic-tac-toe (OpenSpiel, Python)"

PlayOne = Callable[[int], int]
"""Plays one whole game from the given seed; returns how many actions it took."""


@dataclass
class Measurement:
    """Running totals of the random playouts of one game at one player count."""

    game: str
    players: int
    play_one: PlayOne
    next_seed: int
    actions: int = 0
    games: int = 0
    seconds: float = 0.0

    def run_for(self, budget: float) -> None:
        """Play whole games for about ``budget`` seconds (at least one game).

        Seeds continue from where the previous slice stopped: seed, seed+1, ...
        """
        actions = games = 0
        play_one, seed = self.play_one, self.next_seed
        start = time.perf_counter()
        deadline = start + budget
        while True:
            actions += play_one(seed + games)
            games += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        self.actions += actions
        self.games += games
        self.seconds += now - start
        self.next_seed = seed + games

    @property
    def actions_per_s(self) -> float:
        """Actions applied per second of wall-clock time."""
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def games_per_s(self) -> float:
        """Finished games per second of wall-clock time."""
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_game(self) -> float:
        """Mean number of actions in one game."""
        return self.actions / self.games if self.games else 0.0


def courtly_playout(game: Game, players: int, seed: int, rng: random.Random) -> int:
    """Play one random game of ``game`` to the end; return the number of actions.

    Timing includes ``new_game`` (set-up and shuffle), as it does OpenSpiel's
    ``new_initial_state`` for the reference.
    """
    state = game.new_game(num_players=players, seed=seed)
    randrange = rng.randrange
    # Who acts is the referee's rule, as in every simulation: the first seat
    # that must act (simultaneous moves one by one), else a seat of the open
    # window, else the referee's TimeUp.
    referee = Referee()

    def random_action(seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"{game.name}: seat {seat} is to act but has no legal action")
        return legal[randrange(len(legal))]

    n = 0
    while not state.is_over:
        referee.step(state, random_action)
        n += 1
    return n


def courtly_measurement(game: Game, players: int, seed: int) -> Measurement:
    """Random playouts of ``game`` with ``players`` seats and default options."""
    rng = random.Random(seed)

    def play_one(game_seed: int) -> int:
        return courtly_playout(game, players, game_seed, rng)

    return Measurement(game.name, players, play_one, seed)


def reference_measurement(seed: int) -> Measurement | None:
    """The same loop over OpenSpiel's pure-Python tic-tac-toe; None if not installed."""
    try:
        from open_spiel.python.games import tic_tac_toe
    except ImportError:
        return None
    game = tic_tac_toe.TicTacToeGame()
    rng = random.Random(seed)
    randrange = rng.randrange

    def play_one(_game_seed: int) -> int:
        # Tic-tac-toe has no chance: only the choice RNG makes games differ.
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
            n += 1
        return n

    return Measurement(REFERENCE_NAME, 2, play_one, seed)


def player_counts(game: Game) -> list[int]:
    """Every player count the game's default options allow."""
    lo, hi = game.player_range(game.default_options())
    return list(range(lo, hi + 1))


def run_interleaved(measurements: Sequence[Measurement], seconds: float, rounds: int) -> None:
    """Give each measurement ``seconds`` in all, as ``rounds`` interleaved slices."""
    for _ in range(rounds):
        for m in measurements:
            m.run_for(seconds / rounds)


def build_table(results: Sequence[Measurement], reference: Measurement | None) -> Table:
    """The results as a rich table, the reference last."""
    table = Table(title="Random playouts")
    table.add_column("game", no_wrap=True)
    for header in ("players", "actions/s", "games/s", "actions/game", "ratio"):
        table.add_column(header, justify="right", no_wrap=True)
    table.add_column("target", justify="center", no_wrap=True)
    ref_rate = reference.actions_per_s if reference else 0.0
    for m in results:
        if ref_rate:
            ratio = m.actions_per_s / ref_rate
            ratio_text = f"{ratio:.2f}"
            target = "[green]met[/green]" if ratio >= 1 else "[red]not met[/red]"
        else:
            ratio_text, target = "n/a", "n/a"
        table.add_row(m.game, str(m.players), f"{m.actions_per_s:,.0f}",
                      f"{m.games_per_s:,.1f}", f"{m.actions_per_game:.1f}",
                      ratio_text, target)
    if reference:
        table.add_section()
        table.add_row(reference.game, str(reference.players), f"{reference.actions_per_s:,.0f}",
                      f"{reference.games_per_s:,.1f}", f"{reference.actions_per_game:.1f}",
                      "1.00", "reference")
    return table


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="time per (game, player count) and for the reference (default 3)")
    parser.add_argument("--games", nargs="+", metavar="NAME", choices=sorted(courtly.GAMES),
                        help="games to measure (default: every registered game)")
    parser.add_argument("--seed", type=int, default=0,
                        help="first game seed (then seed+1, ...) and the choice RNG's seed")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved time slices per measurement (default 3)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the table; always 0 (a measurement, not a test)."""
    args = parse_args(argv)
    console = Console(width=max(Console().width, 120))
    console.print(escape(
        f"Python {platform.python_version()} ({platform.python_implementation()}) "
        f"on {platform.platform()}, machine {platform.machine()}"
    ))
    console.print(f"{args.seconds:g} s per measurement in {args.rounds} interleaved rounds, "
                  f"seed {args.seed}")
    results = [
        courtly_measurement(game, players, args.seed)
        for game in (courtly.game(name) for name in args.games or list(courtly.GAMES))
        for players in player_counts(game)
    ]
    reference = reference_measurement(args.seed)
    if reference is None:
        console.print(escape(
            "note: open_spiel is not importable, so the reference (OpenSpiel's Python "
            "tic-tac-toe) is skipped and no ratio is given; install it with "
            "`pip install -e '.[bench]'` or `pip install open_spiel`."
        ), style="yellow")
    run_interleaved([*results, *([reference] if reference else [])], args.seconds, args.rounds)
    console.print(build_table(results, reference))
    return 0


if __name__ == "__main__":
    sys.exit(main())
