"""The balance report: seat advantage, game length, scores and each game's own
measures over many games, as data, CSV files and PNG plots.

Game ``i`` uses seed ``seed + i``; with several bots listed, the seats rotate
as in a tournament (courtly.sim.tournament.seating), so the seat figures are
not one bot's. A game's own measures come from its ``stats`` companion
(``games/<game>/stats.py``: ``measures(final_view, record)``), found through
``Game.companion``; a game without one gets the generic part only.

Measures are aggregated by kind: a text value by category (the share of the
games where the measure is present that end in each category, with a 95%
Wilson interval), a boolean as a success rate (Wilson), a number by its mean
(95% normal interval). Plots need matplotlib (optional extra ``sim``), drawn
with the Agg backend.
"""

from __future__ import annotations

import csv
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from courtly.core import Game
from courtly.sim.runner import GameJob, GameOutcome, Measure, Progress, require, run_jobs
from courtly.sim.simulate import SeatStats, SimulationReport, wilson_interval
from courtly.sim.tournament import tournament_jobs

Z95 = 1.96


@dataclass(frozen=True)
class MeasureRow:
    """One aggregated measure: ``value`` is a category, ``true`` (a rate) or ``mean``."""

    measure: str
    value: str
    games: int
    rate: float
    low: float
    high: float

    @property
    def group(self) -> str:
        """The measure's family of names: the part before the first dot."""
        return self.measure.split(".", 1)[0]


@dataclass(frozen=True)
class Spread:
    """Summary of a list of numbers."""

    mean: float
    sd: float
    low: float
    median: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """Mean, standard deviation, minimum, median and maximum."""
        sd = statistics.stdev(values) if len(values) > 1 else 0.0
        return cls(statistics.fmean(values), sd, min(values), statistics.median(values),
                   max(values))


@dataclass(frozen=True)
class BalanceReport:
    """Everything ``courtly simulate`` reports, and the outcomes it comes from."""

    simulation: SimulationReport
    bots: tuple[str, ...]
    lengths: Spread
    scores: tuple[Spread, ...]
    measures: tuple[MeasureRow, ...]
    outcomes: tuple[GameOutcome, ...]


def balance_jobs(game: Game, n_games: int, num_players: int, seed: int = 0,
                 options: Mapping[str, Any] | None = None,
                 bots: Sequence[str] = ("random",)) -> list[GameJob]:
    """The games of a balance run (seated as a tournament's); bad options,
    counts or bot specs raise ValueError."""
    return tournament_jobs(game, bots, n_games, num_players, seed, options)


def balance(
    game: Game,
    n_games: int,
    num_players: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] = ("random",),
    workers: int | None = None,
    backend: str = "process",
    progress: Progress | None = None,
) -> BalanceReport:
    """Play ``n_games`` games between ``bots`` and build the balance report."""
    jobs = balance_jobs(game, n_games, num_players, seed, options, bots)
    outcomes = run_jobs(jobs, workers, backend, progress, game)
    return summarise(game.name, num_players, seed, jobs[0].options, bots, outcomes)


def summarise(game: str, num_players: int, seed: int, options: Mapping[str, Any],
              bots: Sequence[str], outcomes: Sequence[GameOutcome]) -> BalanceReport:
    """The report of finished games (in game order); a game nobody won counts
    no win for any seat."""
    n = len(outcomes)
    seats = []
    for seat in range(num_players):
        wins = min(float(n), sum(o.win_share(seat) for o in outcomes))
        low, high = wilson_interval(wins, n)
        mean = sum(o.scores[seat] for o in outcomes) / n
        seats.append(SeatStats(seat, wins, wins / n, low, high, mean))
    simulation = SimulationReport(
        game=game, num_players=num_players, games=n, seed=seed, options=dict(options),
        seats=tuple(seats), mean_actions=sum(o.actions for o in outcomes) / n,
        scores=tuple(o.scores for o in outcomes))
    return BalanceReport(
        simulation=simulation,
        bots=tuple(bots),
        lengths=Spread.of([o.actions for o in outcomes]),
        scores=tuple(Spread.of([o.scores[s] for o in outcomes]) for s in range(num_players)),
        measures=tuple(aggregate([o.measures for o in outcomes])),
        outcomes=tuple(outcomes),
    )


# ----- measures -------------------------------------------------------------------
def aggregate(per_game: Sequence[Mapping[str, Measure]]) -> list[MeasureRow]:
    """Aggregate every measure over the games where it is present, by name."""
    values: dict[str, list[Measure]] = {}
    for measures in per_game:
        for name, value in measures.items():
            values.setdefault(name, []).append(value)
    rows: list[MeasureRow] = []
    for name in sorted(values):
        rows.extend(_aggregate_one(name, values[name]))
    return rows


def _aggregate_one(name: str, values: Sequence[Measure]) -> list[MeasureRow]:
    n = len(values)
    if all(isinstance(v, bool) for v in values):
        hits = float(sum(bool(v) for v in values))
        return [MeasureRow(name, "true", n, hits / n, *wilson_interval(hits, n))]
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        numbers = [float(v) for v in values]
        mean = statistics.fmean(numbers)
        half = Z95 * statistics.stdev(numbers) / math.sqrt(n) if n > 1 else 0.0
        return [MeasureRow(name, "mean", n, mean, mean - half, mean + half)]
    texts = [str(v) for v in values]
    rows = []
    for category in sorted(set(texts)):
        count = float(texts.count(category))
        rows.append(MeasureRow(name, category, n, count / n, *wilson_interval(count, n)))
    return rows


# ----- CSV ------------------------------------------------------------------------------
def write_csv(report: BalanceReport, out: Path) -> list[Path]:
    """``games.csv`` (one row per game), ``seats.csv`` and ``measures.csv`` in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    n = report.simulation.num_players
    games = out / "games.csv"
    with games.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["game", "seed", "actions", "winners",
                    *(f"score_{s}" for s in range(n)), *(f"bot_{s}" for s in range(n))])
        for o in report.outcomes:
            w.writerow([o.index, o.seed, o.actions, " ".join(map(str, o.winners)),
                        *(f"{x:g}" for x in o.scores), *o.lineup])
    seats = out / "seats.csv"
    with seats.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["seat", "games", "wins", "win_rate", "win_low", "win_high",
                    "mean_score", "sd_score", "min_score", "max_score"])
        for s, spread in zip(report.simulation.seats, report.scores, strict=True):
            w.writerow([s.seat, report.simulation.games, _num(s.wins), _num(s.win_rate),
                        _num(s.win_low), _num(s.win_high), _num(s.mean_score),
                        _num(spread.sd), _num(spread.low), _num(spread.high)])
    measures = out / "measures.csv"
    with measures.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["measure", "value", "games", "rate", "low", "high"])
        for r in report.measures:
            w.writerow([r.measure, r.value, r.games, _num(r.rate), _num(r.low), _num(r.high)])
    return [games, seats, measures]


def _num(x: float) -> str:
    return f"{x:.6g}"


# ----- plots ------------------------------------------------------------------------------
def write_plots(report: BalanceReport, out: Path) -> list[Path]:
    """PNG plots in ``out``: seats, game lengths, scores, and one per measure group."""
    matplotlib = require("matplotlib", "sim", "the report's plots")
    matplotlib.use("Agg")
    plt = require("matplotlib.pyplot", "sim", "the report's plots")
    out.mkdir(parents=True, exist_ok=True)
    title = f"{report.simulation.game}, {report.simulation.num_players} players, " \
            f"{report.simulation.games} games"
    paths = [_plot_seats(plt, report, out / "seats.png", title),
             _plot_lengths(plt, report, out / "lengths.png", title),
             _plot_scores(plt, report, out / "scores.png", title)]
    groups: dict[str, list[MeasureRow]] = {}
    for row in report.measures:
        groups.setdefault(row.group, []).append(row)
    for group, rows in groups.items():
        plot = _plot_curves if _is_curve(rows) else _plot_measures
        paths.append(plot(plt, rows, out / f"measures_{_slug(group)}.png", f"{title}: {group}"))
    return paths


def curve_point(name: str) -> tuple[str, int] | None:
    """A curve's point named ``<series>@<x>`` (x an integer: a turn, a
    standing): its series and x; None for another name."""
    series, at, x = name.rpartition("@")
    if not at or not series or not x.lstrip("-").isdigit():
        return None
    return series, int(x)


def _is_curve(rows: Sequence[MeasureRow]) -> bool:
    return all(curve_point(r.measure) is not None and r.value in ("mean", "true")
               for r in rows)


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)


def _save(plt: Any, fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def _plot_seats(plt: Any, report: BalanceReport, path: Path, title: str) -> Path:
    seats = report.simulation.seats
    fig, ax = plt.subplots(figsize=(6, 4))
    rates = [s.win_rate for s in seats]
    errors = [[s.win_rate - s.win_low for s in seats], [s.win_high - s.win_rate for s in seats]]
    ax.bar([str(s.seat) for s in seats], rates, yerr=errors, capsize=4, color="tab:blue")
    ax.axhline(1 / len(seats), color="grey", linestyle="--", label="even share")
    ax.set(xlabel="seat", ylabel="win rate (95% interval)", title=f"{title}\nseat advantage")
    ax.legend()
    return _save(plt, fig, path)


def _plot_lengths(plt: Any, report: BalanceReport, path: Path, title: str) -> Path:
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist([o.actions for o in report.outcomes], bins=30, color="tab:green")
    ax.set(xlabel="actions per game", ylabel="games", title=f"{title}\ngame length")
    return _save(plt, fig, path)


def _plot_scores(plt: Any, report: BalanceReport, path: Path, title: str) -> Path:
    n = report.simulation.num_players
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.boxplot([[o.scores[s] for o in report.outcomes] for s in range(n)])
    ax.set_xticks(range(1, n + 1), [str(s) for s in range(n)])
    ax.set(xlabel="seat", ylabel="final score", title=f"{title}\nscore distribution")
    return _save(plt, fig, path)


def palette(plt: Any, k: int) -> list[Any]:
    """``k`` distinct colours: matplotlib's tab10 or tab20, and past 20 (Vive
    le Roi's fourteen kings and more) colours spread evenly along turbo."""
    if k <= 20:
        colours = plt.colormaps["tab10" if k <= 10 else "tab20"]
        return [colours(i) for i in range(k)]
    spread = plt.colormaps["turbo"]
    return [spread(i / (k - 1)) for i in range(k)]


def _plot_curves(plt: Any, rows: Sequence[MeasureRow], path: Path, title: str) -> Path:
    """Each series as a line over its x (means or rates, with their 95% band)."""
    series: dict[str, list[tuple[int, MeasureRow]]] = {}
    for r in rows:
        point = curve_point(r.measure)
        assert point is not None
        series.setdefault(point[0], []).append((point[1], r))
    fig, ax = plt.subplots(figsize=(8, 5))
    for (name, points), colour in zip(sorted(series.items()), palette(plt, len(series)),
                                      strict=True):
        points.sort(key=lambda p: p[0])
        xs = [x for x, _ in points]
        ax.plot(xs, [r.rate for _, r in points], marker=".", label=name, color=colour)
        ax.fill_between(xs, [r.low for _, r in points], [r.high for _, r in points],
                        color=colour, alpha=0.15)
    ax.set(ylabel="mean or rate (95% band)", title=title)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    return _save(plt, fig, path)


def _plot_measures(plt: Any, rows: Sequence[MeasureRow], path: Path, title: str) -> Path:
    """Categories as stacked bars; rates and means as bars with their intervals."""
    names = list(dict.fromkeys(r.measure for r in rows))
    fig, ax = plt.subplots(figsize=(8, 1.4 + 0.35 * len(names)))
    if all(r.value not in ("true", "mean") for r in rows):
        categories = sorted({r.value for r in rows})
        left = [0.0] * len(names)
        for category, colour in zip(categories, palette(plt, len(categories)), strict=True):
            widths = [next((r.rate for r in rows if r.measure == m and r.value == category), 0.0)
                      for m in names]
            ax.barh(names, widths, left=left, label=category, color=colour)
            left = [a + b for a, b in zip(left, widths, strict=True)]
        ax.set_xlabel("share of games")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    else:
        single = [next(r for r in rows if r.measure == m) for m in names]
        errors = [[r.rate - r.low for r in single], [r.high - r.rate for r in single]]
        ax.barh(names, [r.rate for r in single], xerr=errors, capsize=3, color="tab:orange")
        ax.set_xlabel("rate or mean (95% interval)")
    ax.invert_yaxis()
    ax.set_title(title)
    return _save(plt, fig, path)
