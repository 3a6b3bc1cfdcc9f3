"""The ``courtly`` command line: list the games, play one, replay a record,
simulate (a balance report), run a tournament between bots.

Everything goes through the game contract (``courtly.GAMES``, ``courtly.game``,
``State``, ``GameRecord``, ``courtly.replay``), so every registered game works
here without a line of game-specific code.

Errors a user can cause (unknown game, bad option, bad player count, bad
file) print one line ``Error: ...`` on stderr and exit with status 2.
"""

from __future__ import annotations

import json
import os
import secrets
import select
import sys
import textwrap
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

import courtly
from courtly.bots import Bot, check_spec, make_bot
from courtly.core import (
    REFEREE,
    Action,
    Done,
    Event,
    Game,
    GameRecord,
    InvalidRecord,
    Phase,
    Referee,
    State,
    TimeUp,
    counted,
    listed,
    summary,
)
from courtly.sim import (
    BACKENDS,
    BalanceReport,
    SimulationReport,
    TournamentReport,
    balance,
    bot_move,
    bot_seeds,
    tournament,
    write_csv,
    write_plots,
)

app = typer.Typer(
    name="courtly",
    help="Court-intrigue board games: play against bots, replay records, simulate, "
         "run tournaments.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

USAGE_ERROR = 2
_T = TypeVar("_T")
TRUE_WORDS = frozenset({"true", "yes", "y", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "n", "off", "0"})
QUIT_WORDS = frozenset({"q", "quit", "exit"})

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game name (see `courtly games`).")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE",
                 help="Set a game option; repeatable. Values follow the default's type."),
]
WorkersOpt = Annotated[int | None, typer.Option(
    "--workers", "-w", min=1, help="Worker processes (default: every CPU; 1 runs here).")]
BackendOpt = Annotated[str, typer.Option(
    help="process (default), serial, or ray (the cluster at RAY_ADDRESS, else a local one).")]


# ----- small helpers ----------------------------------------------------------
def _out() -> Console:
    """A console on stdout, made per command so it follows the current stream."""
    return Console(highlight=False)


def _fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print ``Error: message`` on stderr and exit with ``code``."""
    err = Console(stderr=True, highlight=False)
    err.print(Text(f"Error: {message}", style="bold red"), soft_wrap=True)
    raise typer.Exit(code)


def _plain(console: Console, text: str, style: str = "") -> None:
    """Print text as is: no markup, no highlighting, no wrapping by rich. On a
    terminal a line wider than it is broken between words (:func:`wrap_lines`),
    where the terminal itself would cut a word in two."""
    if console.is_terminal:
        text = wrap_lines(text, console.width)
    console.print(Text(text, style=style), soft_wrap=True)


def wrap_lines(text: str, width: int) -> str:
    """``text`` with each line wider than ``width`` broken between words, its
    next lines indented two spaces more than it (a card's help, a log line);
    a word wider than the line is left whole."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out += textwrap.wrap(line, width, subsequent_indent=indent + "  ",
                             break_long_words=False, break_on_hyphens=False) or [line]
    return "\n".join(out)


def format_value(value: object) -> str:
    """An option value as it is typed on the command line (booleans in lowercase)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _convert(key: str, raw: str, default: object) -> object:
    """``raw`` converted to the type of ``default``; ValueError if it does not fit."""
    text = raw.strip()
    if isinstance(default, bool):
        if text.lower() in TRUE_WORDS:
            return True
        if text.lower() in FALSE_WORDS:
            return False
        raise ValueError(f"option {key!r} is a boolean (true/false/yes/no/1/0), not {raw!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"option {key!r} is an integer, not {raw!r}") from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"option {key!r} is a number, not {raw!r}") from None
    if isinstance(default, str):
        return raw
    raise ValueError(f"option {key!r} ({type(default).__name__}) cannot be set here")


def parse_options(game: Game, pairs: Sequence[str] | None) -> dict[str, Any]:
    """Parse ``key=value`` strings against ``game.options``; the last of a repeated key wins.

    Each value is read by the type of the option's default: a bool accepts
    true/false/yes/no/1/0 (any case), an int an integer, a str anything.
    A malformed pair, an unknown key or a bad value raises ValueError.
    """
    options: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"malformed option {pair!r}; expected KEY=VALUE")
        if key not in game.options:
            known = ", ".join(sorted(game.options)) or "none"
            raise ValueError(f"{game.name} has no option {key!r}; its options are: {known}")
        spec = game.options[key]
        options[key] = spec.check(key, _convert(key, raw, spec.default))
    return options


def _lookup(name: str) -> Game:
    try:
        return courtly.game(name)
    except courtly.UnknownGame as exc:
        _fail(str(exc))


def _default_players(game: Game, pairs: Sequence[str] | None) -> int:
    """The smallest player count the chosen options allow."""
    try:
        return game.player_range(game.default_options() | parse_options(game, pairs))[0]
    except ValueError as exc:
        _fail(str(exc))


def _checked_options(game: Game, num_players: int, pairs: Sequence[str] | None) -> dict[str, Any]:
    """The full option set for this player count, or a usage error."""
    try:
        return game.check_options(num_players, parse_options(game, pairs))
    except ValueError as exc:
        _fail(str(exc))


def _bot_specs(text: str) -> list[str]:
    """A comma-separated list of bot specs (``ismcts:iterations=300,c=0.1`` keeps
    its parameters: a part with ``=`` and no ``:`` belongs to the spec before it)."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += f",{part}"
        elif part:
            specs.append(part)
    if not specs:
        _fail("--bots needs at least one bot, e.g. --bots ismcts,random")
    for spec in specs:
        try:
            check_spec(spec)
        except ValueError as exc:
            _fail(str(exc))
    return specs


def _progress_bar(label: str) -> Progress:
    return Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=Console(stderr=True))


def _seat_list(seats: Sequence[int]) -> str:
    return ", ".join(f"Seat {s}" for s in seats) or "nobody"


def _result_table(game: Game, state: State, seat: int | None) -> Table:
    """The end, one row per seat, winners marked: each seat's score, or what
    the game says its players read instead (:meth:`Game.describe_result`)."""
    result = state.result()
    columns = game.describe_result(state.view(seat), result)
    table = Table(title="Result")
    table.add_column("Seat", justify="right")
    for name in columns:
        table.add_column(name, justify="right")
    table.add_column("Winner", justify="center")
    for s in range(len(result.scores)):
        label = f"{s} (you)" if s == seat else str(s)
        table.add_row(label, *(cells[s] for cells in columns.values()),
                      "★" if s in result.winners else "")
    return table


def _show_result(console: Console, game: Game, state: State, seat: int | None) -> None:
    result = state.result()
    console.print(_result_table(game, state, seat))
    columns = game.describe_result(state.view(seat), result)
    # seats apart by " / ": a comma would be read into "2,200, 0, 12,500"
    _plain(console, "; ".join(f"{name}: {' / '.join(cells)}" for name, cells in columns.items()),
           "bold")
    _plain(console, listed("Winner", [f"Seat {s}" for s in result.winners]), "bold")


# ----- courtly games ------------------------------------------------------------
@app.command("games")
def games_command() -> None:
    """List the games: name, title, player counts and options with their defaults."""
    table = Table(title="courtly games")
    table.add_column("Name", style="bold")
    table.add_column("Title", no_wrap=True)
    table.add_column("Players", justify="center", max_width=8)
    table.add_column("Options (defaults)")
    for name, game in sorted(courtly.GAMES.items()):
        table.add_row(name, game.title, _player_range(game), _options_text(game))
    _out().print(table)


def _player_range(game: Game) -> str:
    """'2–6', with the range under the default options when that is narrower."""
    text = f"{game.min_players}–{game.max_players}"
    try:
        lo, hi = game.player_range(game.default_options())
    except Exception:  # a game's player_range should not fail; the listing must not
        return text
    if (lo, hi) != (game.min_players, game.max_players):
        text += f" ({lo}–{hi} by default)"
    return text


def _options_text(game: Game) -> str:
    """Each option with its default, what it allows and its label."""
    lines = []
    for name, spec in game.options.items():
        allowed = ""
        if spec.values is not None:
            allowed = " (" + "|".join(format_value(v) for v in spec.values) + ")"
        elif spec.minimum is not None or spec.maximum is not None:
            allowed = f" ({spec.minimum if spec.minimum is not None else ''}–"
            allowed += f"{spec.maximum if spec.maximum is not None else ''})"
        lines.append(f"{name}={format_value(spec.default)}{allowed}: {spec.label['en']}")
    return "\n".join(lines) or "-"


# ----- courtly play -------------------------------------------------------------
@app.command("play")
def play_command(
    game_name: GameArg,
    players: Annotated[int | None, typer.Option(
        "--players", "-n", help="Number of players (default: the fewest allowed).")] = None,
    seat: Annotated[int, typer.Option(help="Your seat, from 0.")] = 0,
    seed: Annotated[int | None, typer.Option(
        help="Game seed; the bots' seeds derive from it (default: random, printed).")] = None,
    option: OptionOpt = None,
    save: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Write the game record (JSON) here, also if you quit early.")] = None,
    bots: Annotated[str, typer.Option(
        metavar="SPEC[,SPEC...]",
        help="The other seats' bots, in seat order, the list repeated: random, heuristic, "
             "ismcts:iterations=300 (see `courtly bots`).")] = "random",
    timer: Annotated[float, typer.Option(
        min=0, metavar="SECONDS",
        help="Prompt timer: in a negotiation window (or a timed phase), no answer within "
             "SECONDS and the referee calls time. 0 (default): off; a window then ends when "
             "every seat is done, the bots after their share of actions.")] = 0.0,
    resume: Annotated[Path | None, typer.Option(
        metavar="FILE",
        help="Take up a game left unfinished: its record (--save) replayed, the players, "
             "seed and options its own; saved back to FILE unless --save says where.")] = None,
) -> None:
    """Play a game against bots. Enter a number to choose; v shows the table
    again, h the keys; u takes back your last action where the game allows
    it; q or Ctrl-D quits (with --save, the game can be taken up again with
    --resume).

    Menu numbers change from one menu to the next, so on a terminal what you
    typed before a menu appeared (say, while the bots played) is discarded,
    not applied to it, and one line says what was ignored; type again.

    In a negotiation window (seats that may act without being waited for)
    your menu has Done, which ends your part; the bots take turns with you,
    the one that has acted least first, each at most a few actions
    (courtly.core.Referee's rule), and the window closes when every seat is
    done or the referee calls time (--timer).
    """
    game = _lookup(game_name)
    specs = _bot_specs(bots)
    if resume is not None:
        state = _resumed(game, resume, players, seed, option)
        num_players, seed, save = state.num_players, state.seed, save or resume
    else:
        num_players = _default_players(game, option) if players is None else players
        options = _checked_options(game, num_players, option)
    if not 0 <= seat < num_players:
        _fail(f"--seat must be between 0 and {num_players - 1}, not {seat}")
    if save is not None and not save.parent.is_dir():
        _fail(f"cannot save to {save}: no directory {save.parent}")
    if seed is None:
        seed = secrets.randbits(31)
    console = _out()
    if resume is None:
        state = game.new_game(num_players, seed, options)
    taken_up = f", taken up after {len(state.record.actions)} actions" if resume else ""
    _plain(console, f"{game.title}, {num_players} players, seed {seed}{taken_up}; "
           f"you are Seat {seat}.", "bold")
    code = 0
    try:
        finished = _play_loop(console, game, state, seat,
                              _seat_bots(specs, seat, seed, num_players), timer)
    except KeyboardInterrupt:
        console.print()
        finished, code = False, 130
    if save is not None:
        _save(state.record, save)
    _show_end(console, game, state, seat, finished)
    if save is not None and not finished:
        _plain(console, f"Record saved to {save}; to take the game up again: courtly play "
               f"{game.name} --resume {save} --seat {seat} --bots {bots}")
    elif save is not None:
        _plain(console, f"Record saved to {save}.")
    elif not finished:
        _plain(console, "Not saved: with --save FILE a game left unfinished can be taken up "
               "again (--resume FILE).")
    if code:
        raise typer.Exit(code)


def _resumed(game: Game, file: Path, players: int | None, seed: int | None,
             option: Sequence[str] | None) -> State:
    """The game of record ``file`` (``courtly play --resume``), replayed; its
    players, seed and options are its own, so none may be given beside it."""
    given = [name for name, value in (("--players", players), ("--seed", seed),
                                      ("--option", option or None)) if value is not None]
    if given:
        _fail(f"--resume takes the players, seed and options from the record; "
              f"leave out {', '.join(given)}")
    record = _load_record(file)
    if record.game != game.name:
        _fail(f"{file} is a record of {record.game}, not of {game.name}")
    return _replayed(record, file)


def _seat_bots(specs: Sequence[str], seat: int, seed: int, num_players: int) -> list[Bot]:
    """A bot for every seat but ``seat``'s (which gets a placeholder never asked),
    the specs in seat order, seeded from the game seed."""
    others = [s for s in range(num_players) if s != seat]
    chosen = {s: specs[i % len(specs)] for i, s in enumerate(others)}
    seeds = bot_seeds(seed, num_players)
    return [make_bot(chosen.get(s, "random"), seeds[s]) for s in range(num_players)]


def _show_end(console: Console, game: Game, state: State, seat: int, finished: bool) -> None:
    """The final position and result, or a note that the game was left unfinished."""
    if finished:
        console.rule("Game over")
        _plain(console, game.render(state.view(seat)))
        _show_result(console, game, state, seat)
    else:
        _plain(console, f"Game left unfinished after {len(state.record.actions)} actions.")


def _play_loop(console: Console, game: Game, state: State, seat: int,
               bots: Sequence[Bot], timer: float = 0.0) -> bool:
    """Run the game until it ends (True) or the person quits (False); bots play the others.

    Who acts next (:func:`next_actor`): a seat that must act (yours first);
    else, in an open window, :class:`courtly.core.Referee`'s rule, except
    that your part ends only when you say Done (or at the timer). With
    ``timer`` (seconds, 0: off) a prompt where the referee may call time
    (an open window, a timed phase) left unanswered that long makes the
    referee apply TimeUp.
    """
    referee = Referee()
    # the seat's view before each move, so that its story names a courtier
    # as he was when it was made (one who dies by it, too)
    before: Mapping[str, Any] = state.view(seat)
    recent: list[str] = []  # the story since the person's last menu, told again above it
    shape = MenuShape()  # how the person's menus are narrowed in this phase (_choose)
    while not state.is_over:
        phase = state.phase
        actor = next_actor(state, seat, referee)
        if actor == REFEREE:
            events = state.apply(REFEREE, TimeUp())
        elif actor == seat:
            action = _ask_action(console, game, state, seat, phase, timer, recent, shape)
            if action is None:
                return False
            if action == UNDO:
                before = _log(console, game, state, before, state.undo(seat), seat, recent)
                continue
            if isinstance(action, TimeUp):
                _plain(console, f"No answer within {timer:g} s: the referee calls time.",
                       "yellow")
                actor = REFEREE
            events = state.apply(actor, action)
        else:
            events = bot_move(state, actor, bots[actor])
        referee.acted(phase, actor)
        before = _log(console, game, state, before, events, seat, recent)
    return True


def next_actor(state: State, seat: int, referee: Referee) -> int:
    """Who acts next in ``courtly play``, ``seat`` being the person's.

    A seat that must act acts first (the person's if it is one of them);
    else, in an open window, the referee's rule names the seat that has
    acted least there, or the referee once each has had its share, except
    that the person's seat, while still in the window, is never cut short:
    when the bots have had their share it goes on until it says Done. So a
    window without a timer ends when every seat is done, the bots after
    ``referee.window_actions`` actions each.
    """
    phase = state.phase
    if phase.to_act:
        return seat if seat in phase.to_act else phase.to_act[0]
    chosen = referee.next_seat(state)
    if chosen == REFEREE and seat in phase.may_act:
        return seat
    return chosen


def _log(console: Console, game: Game, state: State, before: Mapping[str, Any],
         events: Sequence[Event], seat: int, recent: list[str] | None = None
         ) -> Mapping[str, Any]:
    """Print the events as ``seat`` may see them, and nothing else, each line
    as the game names things in that seat's views after and ``before`` the
    move (:meth:`Game.describe_event`), kept in ``recent`` too; the view
    after, the next move's before."""
    view = state.view(seat)
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            line = f"  • {game.describe_event(view, seen.text, before)}"
            _plain(console, line, "cyan")
            if recent is not None:
                recent.append(line)
    return view


#: The most lines of the story told again above a menu (:func:`_recap`).
RECAP_LINES = 12


def _recap(console: Console, recent: list[str]) -> None:
    """The story since the person's last menu, told again between the table
    and the menu (a terminal play-test found it scrolled away above the map at
    every prompt: "Pierre is elected King" never in sight); at most
    :data:`RECAP_LINES` of it, the newest, then forgotten."""
    if not recent:
        return
    _plain(console, "Since your last move:", "bold")
    if len(recent) > RECAP_LINES:
        _plain(console, f"  … {counted(len(recent) - RECAP_LINES, 'earlier line')} above", "dim")
    for line in recent[-RECAP_LINES:]:
        _plain(console, line, "cyan")
    console.print()
    recent.clear()


def _phase_line(phase: Phase, seat: int, timer: float) -> str:
    """The phase, who must act, who may act, and its time: what the prompt says."""
    def who(seats: Sequence[int]) -> str:
        return ", ".join(f"Seat {s}" + (" (you)" if s == seat else "") for s in seats) \
            or "nobody"

    text = f"Phase: {phase.name}; to act: {who(phase.to_act)}"
    if phase.may_act:
        text += f"; may act (not waited for): {who(phase.may_act)}"
    if phase.time_limit is not None:
        text += f". Time limit: {phase.time_limit:g} s"
        if not timer:
            text += " (not kept here: --timer SECONDS makes the referee call time)"
    if timer and phase.referee_may_act:
        text += f". Answer within {timer:g} s, or the referee calls time"
    return text + "."


def _ask_action(console: Console, game: Game, state: State, seat: int,
                phase: Phase | None = None, timer: float = 0.0, recent: list[str] | None = None,
                shape: MenuShape | None = None) -> Action | Literal["undo"] | None:
    """Show the seat's view, the story since its last menu (``recent``), the
    phase and its legal actions; return the choice (None: quit; TimeUp: the
    timer ran out; "undo": take back the seat's last action, offered while
    the game allows it). ``shape``: how the seat's last menus of this phase
    were narrowed, kept (:class:`MenuShape`)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise RuntimeError(f"{game.name}: seat {seat} is to act but has no legal action")
    phase = state.phase if phase is None else phase
    only = len(legal) == 1 and (seat in phase.to_act or isinstance(legal[0], Done))
    if only and not state.can_undo(seat):
        # Nothing to decide (Fief's "End my turn" in a phase one cannot act in, or
        # Done in a negotiation with no crown to pay: the prompt could only wait
        # for "1"): played at once, said in one line; the next real choice shows
        # the table. Not while the last action may be taken back: a purchase
        # that spent the last crown leaves only "End my turn", and "u" with it.
        _plain(console, f"  Your only choice, played: {legal[0].describe()}", "dim")
        return legal[0]
    if seat in phase.to_act:
        console.rule(f"Your turn (Seat {seat})")
    else:
        console.rule(f"You may act (Seat {seat}): Done ends your part")
    view = state.view(seat)
    _plain(console, game.render(view))
    console.print()
    _recap(console, recent if recent is not None else [])

    def label(action: Action) -> str:
        return game.describe_action(view, action)

    timeout = timer if timer and phase.referee_may_act else None
    deadline = None if timeout is None else time.monotonic() + timeout
    undo = state.record.actions[-1][1].describe() if state.can_undo(seat) else None
    shape = MenuShape() if shape is None else shape  # one for the decision, "b" and "v" too
    while True:  # until a choice other than going back to the whole menu
        chosen = _choose(console, legal, phase, seat, timer, deadline, undo, label, shape)
        if not isinstance(chosen, str) or chosen == UNDO:
            return chosen
        if chosen == VIEW:  # the table again, then the whole menu
            _plain(console, game.render(view))
            console.print()


@dataclass
class MenuShape:
    """How many times the person's menus were narrowed in phase ``phase``
    (:func:`_choose`): a later menu of the phase is narrowed as many times
    even when it has become short enough to list whole, so that its numbers
    keep their meaning. A terminal play-test bought soldiers from a long
    menu narrowed to "2. Buy (38 choices)", then typed "2", "1" again at the
    next, listed whole now, and bought one soldier and ended the phase."""

    phase: str | None = None
    narrowed: int = 0


def _choose(console: Console, legal: list[Action], phase: Phase, seat: int, timer: float,
            deadline: float | None, undo: str | None, label: Callable[[Action], str],
            shape: MenuShape) -> Action | Literal["undo", "back", "view"] | None:
    """:func:`_ask_action`'s menu, narrowed field by field while longer than
    :data:`MENU_LIMIT`, or as often as the seat's last menu of this phase
    was (``shape``); once narrowed, "b" goes back to the whole menu
    (:data:`BACK`): a kind of action chosen by mistake commits to nothing."""
    if shape.phase != phase.name:  # a new phase: its menus find their own shape
        shape.phase, shape.narrowed = phase.name, 0
    whole, field, steps, kept = legal, 0, 0, shape.narrowed
    while len(legal) > MENU_LIMIT or (steps < kept and len(legal) > 1):
        narrowed, field = _narrow(console, legal, field, phase, seat, timer, deadline, undo,
                                  label, back=legal is not whole)
        if narrowed is None or isinstance(narrowed, str):  # an undo, back, or the table
            return UNDO if narrowed is None else narrowed
        legal, undo, steps = narrowed, None, steps + 1
        shape.narrowed = max(kept, steps)
        if not legal or legal == [TimeUp()] or len(legal) == 1:
            return legal[0] if legal else None
    for number, action in enumerate(legal, start=1):
        _plain(console, f"  {number:>3}. {label(action)}")
    _undo_line(console, undo)
    back = legal is not whole
    _back_line(console, back)
    # Below the menu, which may be long (amounts of money), so it stays in sight.
    _plain(console, _phase_line(phase, seat, timer), "bold")
    choice = _ask_number(console, len(legal), deadline, timed=bool(timer), undo=bool(undo),
                         back=back)
    if choice == TIME_UP:
        return TimeUp()
    if choice == UNDO_CHOICE:
        return UNDO
    if choice in (BACK_CHOICE, VIEW_CHOICE):
        return BACK if choice == BACK_CHOICE else VIEW
    return None if choice is None else legal[choice - 1]


def _undo_line(console: Console, undo: str | None) -> None:
    """The menu's undo entry, when the seat may take back ``undo``."""
    if undo:
        _plain(console, f"    u. Undo: take back \u201c{undo}\u201d")


def _back_line(console: Console, back: bool) -> None:
    """The narrowed menu's way back to the whole one."""
    if back:
        _plain(console, "    b. Back to all your choices")


#: A menu longer than this is narrowed down field by field (kind, then each
#: field in turn; a number typed in for a field with many numbers). 30 lines
#: keep a menu and the board above it on one screen (60 scrolled Versailles'
#: board away: 59 gifts of one or two cards).
MENU_LIMIT = 30


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def _narrow(console: Console, legal: list[Action], field: int, phase: Phase, seat: int,
            timer: float, deadline: float | None, undo: str | None = None,
            label: Callable[[Action], str] | None = None, back: bool = False,
            ) -> tuple[list[Action] | Literal["back", "view"] | None, int]:
    """One step of choosing among many actions: the values the next field
    takes among them (the kind of action first); returns the actions left
    and the next field ([] to quit, [TimeUp()] when time ran out, None for
    an undo, offered when ``undo`` names the action it would take back;
    :data:`BACK` for going back to the whole menu, offered with ``back``).
    ``label`` gives an action's menu line (default: its ``describe()``)."""
    describe = label or (lambda action: action.describe())
    forms = [a.to_json() for a in legal]
    names = list(forms[0])
    while field < len(names) and len({json.dumps(f.get(names[field]), sort_keys=True)
                                      for f in forms}) == 1:
        field += 1
    name = names[field] if field < len(names) else "type"
    values: list[Any] = []
    for form in forms:
        if form.get(name) not in values:
            values.append(form.get(name))
    numbers = all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values)
    if numbers and len(values) > MENU_LIMIT:
        blank = _fill_in(name, [describe(a) for a in legal])
        answer = chosen = _ask_value(console, blank, values, phase, seat, timer, deadline, back)
    else:
        groups = [[a for a, f in zip(legal, forms, strict=True) if f.get(name) == v]
                  for v in values]
        for number, line in enumerate(_group_lines(name, values, groups, describe), start=1):
            _plain(console, f"  {number:>3}. {line}")
        _undo_line(console, undo)
        _back_line(console, back)
        _plain(console, _phase_line(phase, seat, timer), "bold")
        answer = _ask_number(console, len(values), deadline, timed=bool(timer), undo=bool(undo),
                             back=back)
        if answer == UNDO_CHOICE:
            return None, field
        chosen = values[answer - 1] if answer is not None and answer > 0 else None
    if answer in (BACK_CHOICE, VIEW_CHOICE):
        return (BACK if answer == BACK_CHOICE else VIEW), field
    if answer is None or answer == TIME_UP:
        return ([TimeUp()] if answer == TIME_UP else []), field
    return [a for a, f in zip(legal, forms, strict=True) if f.get(name) == chosen], field + 1


def _group_lines(name: str, values: Sequence[Any], groups: Sequence[Sequence[Action]],
                 describe: Callable[[Action], str]) -> list[str]:
    """The narrowing menu's lines, one per group of actions sharing ``values``'s
    value of field ``name``: an action alone reads as itself; a group as the
    words its menu lines share, "…" where they differ, with its count ("Buy …
    soldiers at Tournus (11 choices)", "Roland … attack Blaye (26 choices)").
    Where the lines share no word, or two groups would read alike, the field
    and its value ("lord Roland"; the kind of action: "Give cards")."""
    shared = [_shared_words([describe(a) for a in group]) if len(group) > 1 else None
              for group in groups]
    lines = []
    for value, group, line in zip(values, groups, shared, strict=True):
        # a kind's name ("Give cards") says more than its lines' one shared verb ("Give …")
        bare = name == "type" and line is not None and len(line.split()) < 3
        if len(group) == 1:
            lines.append(describe(group[0]))
        elif line is None or bare or shared.count(line) > 1:
            shown = (str(value).replace("_", " ").capitalize() if name == "type"
                     else f"{name} {_value_label(value, group)}")
            lines.append(f"{shown} ({len(group)} choices)")
        else:
            lines.append(f"{line} ({len(group)} choices)")
    return lines


def _shared_words(lines: Sequence[str]) -> str | None:
    """What menu lines have in common, in the words of the longest (the last of
    the longest): its words
    that every line has in the same order (a plural matching its singular),
    "…" for the ones that differ; an aside in parentheses that differs ("(300
    crowns)") is left out. None when they share no word."""
    tokens = [_tokens(line) for line in dict.fromkeys(lines)]
    template = max(reversed(tokens), key=len)  # ties: the last, as a rule the most ("soldiers")
    kept = set(range(len(template)))
    for other in tokens:
        if other is not template:
            kept &= _matched(template, other)
    kept -= _stray_words(template, kept)
    words: list[str] = []
    gap = False
    for i, token in enumerate(template):
        if i in kept:
            words += ["…", token] if gap else [token]
            gap = False
        elif not token.startswith("("):
            gap = True
    if not words:
        return None
    return " ".join([*words, "…"] if gap else words)


def _stray_words(template: Sequence[str], kept: set[int]) -> set[int]:
    """Kept words that only happen to be shared: a run with differing words on
    both sides with no word that says what is done
    (a lowercase word of four letters or more: "soldiers at", "livres to") nor
    an aside: the like of "de la", "to the", "Monsieur de", bits of names."""
    def differs(i: int) -> bool:
        return 0 <= i < len(template) and i not in kept

    stray: set[int] = set()
    i = 0
    while i < len(template):
        if i not in kept:
            i += 1
            continue
        end = i
        while end + 1 in kept:
            end += 1
        run = range(i, end + 1)
        if differs(i - 1) and differs(end + 1) and \
                not any(_telling(template[k]) for k in run):
            stray.update(run)
        i = end + 1
    return stray


def _telling(word: str) -> bool:
    """An aside, or a lowercase word of four letters or more."""
    return word.startswith("(") or (word.islower() and len(_slug(word)) > 3)


def _tokens(line: str) -> list[str]:
    """A menu line's words, an aside in parentheses kept whole as one."""
    tokens: list[str] = []
    aside: list[str] = []
    for word in line.split():
        if aside or word.startswith("("):
            aside.append(word)
            if word.endswith(")"):
                tokens.append(" ".join(aside))
                aside = []
        else:
            tokens.append(word)
    return tokens + ([" ".join(aside)] if aside else [])


def _same_word(a: str, b: str) -> bool:
    """Two words alike but for case, accents, punctuation or a plural's s/es."""
    a, b = _slug(a) or a, _slug(b) or b
    return a == b or a in (b + "s", b + "es") or b in (a + "s", a + "es")


def _matched(template: Sequence[str], other: Sequence[str]) -> set[int]:
    """The positions of ``template``'s words in a longest common subsequence
    of the two lines' words."""
    n, m = len(template), len(other)
    longest = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            longest[i][j] = (longest[i + 1][j + 1] + 1 if _same_word(template[i], other[j])
                             else max(longest[i + 1][j], longest[i][j + 1]))
    kept: set[int] = set()
    i = j = 0
    while i < n and j < m:
        if _same_word(template[i], other[j]) and longest[i][j] == longest[i + 1][j + 1] + 1:
            kept.add(i)
            i, j = i + 1, j + 1
        elif longest[i + 1][j] >= longest[i][j + 1]:
            i += 1
        else:
            j += 1
    return kept


def _slug(text: str) -> str:
    """'St. Médard' and 'st_medard' alike: 'stmedard' (lower case, no accents,
    letters and digits only)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(c for c in plain.lower() if c.isalnum())


def _value_label(value: Any, group: Sequence[Action]) -> str:
    """How a field's value reads in a narrowing menu. A string (an id) reads as
    the words of the group's first description that spell it ('St. Médard' for
    the village ``"st_medard"``, 'Roland' for the lord ``"roland"``); failing
    that, and for any other value, the value itself (a string without quotes)."""
    if not isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    words, target = group[0].describe().split(), _slug(value)
    for start in range(len(words)):
        for stop in range(start + 1, len(words) + 1):
            spelt = _slug(" ".join(words[start:stop]))
            if spelt == target:
                return " ".join(words[start:stop]).strip("()[],;:")
            if not target.startswith(spelt):
                break
    return value


def _fill_in(name: str, lines: Sequence[str]) -> str:
    """What a number typed in stands for: the moves' lines with a "?" where
    they differ ("Pay ? crowns to Seat 1"), when they differ in one place
    only; else the field's name ("amount")."""
    shared = _shared_words(lines) if len(set(lines)) > 1 else None
    if shared is None or shared.count("…") != 1:
        return name
    return shared.replace("…", "?")


def _ask_value(console: Console, name: str, values: list[Any], phase: Phase, seat: int,
               timer: float, deadline: float | None, back: bool = False) -> int | None:
    """A number among ``values`` (none negative) for what ``name`` says
    (:func:`_fill_in`), asked again until it is one; None on EOF or q;
    :data:`TIME_UP` once ``deadline`` passes; with ``back``,
    :data:`BACK_CHOICE` for b."""
    low, high = min(values), max(values)
    _plain(console, _phase_line(phase, seat, timer), "bold")

    def problem(answer: str) -> str | None:
        if answer.isdigit() and int(answer) in values:
            return None
        return f"{answer!r} is not possible here ({name}); enter a number from {low} to {high}."

    extra = ", b to go back" if back else ""
    return _ask_until(console, f"{name} [{low}-{high}{extra}, q to quit]: ", deadline,
                      bool(timer), problem, back=back)


#: What :func:`read_answer` returns when the prompt timer runs out.
TIME_UP = -1
#: What the prompts return when the person asks to take back their last action.
UNDO_CHOICE = -2
#: ... and what _ask_action returns then.
UNDO: Literal["undo"] = "undo"
UNDO_WORDS = frozenset({"u", "undo"})
#: What the prompts of a narrowed menu return when the person asks for the
#: whole menu again, and what :func:`_choose` returns then.
BACK_CHOICE = -3
BACK: Literal["back"] = "back"
BACK_WORDS = frozenset({"b", "back"})
#: What the prompts return when the person asks to see the table again, and
#: what :func:`_choose` returns then: a long menu had scrolled the map away (a
#: terminal play-test choosing where to strike could not see who held what).
VIEW_CHOICE = -4
VIEW: Literal["view"] = "view"
VIEW_WORDS = frozenset({"v", "view"})
HELP_WORDS = frozenset({"h", "help", "?"})
#: What "h" says at any prompt.
HELP = ("Type the number of your choice. Also: v shows the table again; u takes back "
        "your last action (where the menu offers it); b goes back to all your choices "
        "(in a narrowed menu); q or Ctrl-D quits (with --save FILE, --resume FILE takes "
        "the game up again).")


def read_answer(console: Console, prompt: str, timeout: float | None,
                timed: bool = False) -> str | None:
    """One line typed at ``prompt`` (EOFError at the end of input), or None
    when ``timeout`` seconds pass first.

    With the timer off (``timed`` false) this is rich's ``console.input``.
    With it on every prompt reads the same way, from standard input's file
    descriptor, waiting with ``select``; what was typed and not sent when
    time ran out is discarded (on a terminal), so it cannot answer the next
    question. Where standard input has no descriptor or ``select`` cannot
    watch it (a test's input, Windows), there is no timer.
    """
    if not timed:
        return console.input(prompt)
    stream = sys.stdin
    try:
        fd: int | None = stream.fileno()
    except (AttributeError, OSError, ValueError):
        fd = None
    console.print(Text(prompt), end="")
    if fd is not None and timeout is not None and os.name == "posix":
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            console.print()
            _discard_typeahead(fd)
            return None
    line = stream.readline()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


def _discard_typeahead(fd: int) -> str:
    """Forget what was typed on the terminal and not yet read, and return it
    (so that the caller may say what it ignored): the pending input, whole
    lines and a line not yet ended alike, is read in non-canonical mode
    without waiting, then the terminal's settings are restored. Nothing
    happens (and "" is returned) where ``fd`` is no terminal or there is no
    termios (Windows)."""
    try:
        import termios
    except ImportError:
        return ""
    try:
        if not os.isatty(fd):
            return ""
        saved = termios.tcgetattr(fd)
    except (OSError, termios.error):
        return ""
    raw = termios.tcgetattr(fd)
    raw[3] &= ~termios.ICANON
    raw[6][termios.VMIN], raw[6][termios.VTIME] = 0, 0
    chunks: list[bytes] = []
    try:
        termios.tcsetattr(fd, termios.TCSANOW, raw)
        while len(chunks) < 1000:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            chunks.append(chunk)
    except (OSError, termios.error):
        pass
    finally:
        try:
            termios.tcsetattr(fd, termios.TCSANOW, saved)
            termios.tcflush(fd, termios.TCIFLUSH)
        except (OSError, termios.error):
            pass
    return b"".join(chunks).decode(errors="replace")


def _discard_stale_input(console: Console) -> None:
    """Before a new menu's first question: what was typed while the table was
    being drawn (or the bots played) was read off an older menu, so it is
    discarded rather than applied to this one, and one line says so."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return
    typed = _discard_typeahead(fd)
    shown = " ".join(typed.replace("\x04", "").split())
    if shown:
        _plain(console, f"Ignored {shown!r}: it was typed before this menu appeared. "
               "Choose again from the menu above.", "yellow")


def _ask_number(console: Console, count: int, deadline: float | None = None,
                timed: bool = False, undo: bool = False, back: bool = False) -> int | None:
    """Read a number from 1 to ``count``, asking again after bad input; None
    on EOF or q; :data:`TIME_UP` once ``deadline`` (``time.monotonic()``)
    passes without an answer (a wrong answer does not restart the clock);
    with ``undo``, :data:`UNDO_CHOICE` for u; with ``back``,
    :data:`BACK_CHOICE` for b."""
    extra = (", u to undo" if undo else "") + (", b to go back" if back else "")
    return _ask_until(console, f"Your choice [{_choice_range(count)}{extra}, q to quit]: ",
                      deadline, timed, lambda answer: _number_problem(answer, count),
                      undo=undo, back=back)


def _ask_until(console: Console, prompt: str, deadline: float | None, timed: bool,
               problem: Callable[[str], str | None], undo: bool = False,
               back: bool = False) -> int | None:
    """Ask at ``prompt`` until ``problem`` finds nothing wrong with the answer
    (an integer); None on EOF or q; :data:`TIME_UP` once ``deadline`` passes.
    What was typed on a terminal before the question is discarded first
    (:func:`_discard_stale_input`): a number read off an older menu must not
    answer this one."""
    _discard_stale_input(console)
    while True:
        try:
            answer = read_answer(console, prompt, _left(deadline), timed)
        except EOFError:
            console.print()
            return None
        if answer is None:
            return TIME_UP
        answer = answer.strip()
        if answer.lower() in QUIT_WORDS:
            return None
        if undo and answer.lower() in UNDO_WORDS:
            return UNDO_CHOICE
        if back and answer.lower() in BACK_WORDS:
            return BACK_CHOICE
        if answer.lower() in VIEW_WORDS:
            return VIEW_CHOICE
        if answer.lower() in HELP_WORDS:
            _plain(console, HELP, "yellow")
            continue
        wrong = problem(answer)
        if wrong is None:
            return int(answer)
        _plain(console, wrong, "yellow")


def _choice_range(count: int) -> str:
    return "1" if count == 1 else f"1-{count}"


def _number_problem(answer: str, count: int) -> str | None:
    """What is wrong with ``answer`` as a choice from 1 to ``count``, or None."""
    allowed = "enter 1" if count == 1 else f"enter a number from 1 to {count}"
    if not answer:
        return f"Please {allowed}."
    if answer.lower() in UNDO_WORDS:
        return f"There is nothing of yours to undo now; {allowed}."
    if not answer.isdigit():
        return f"{answer!r} is not a number; {allowed}."
    if not 1 <= int(answer) <= count:
        return f"{answer} is out of range; {allowed}."
    return None


def _save(record: GameRecord, path: Path) -> None:
    try:
        path.write_text(json.dumps(record.to_json(), indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot save the record to {path}: {exc.strerror or exc}", code=1)


# ----- courtly replay -----------------------------------------------------------
@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (JSON).")],
    seat: Annotated[int | None, typer.Option(
        help="Show this seat's view (default: a spectator's).")] = None,
) -> None:
    """Replay a saved game record and show the final position (and result, if over)."""
    state = _replayed(_load_record(file), file)
    if seat is not None and not 0 <= seat < state.num_players:
        _fail(f"--seat must be between 0 and {state.num_players - 1}, not {seat}")
    game = state.game
    console = _out()
    who = "spectator" if seat is None else f"Seat {seat}"
    _plain(console, f"{game.title}, {state.num_players} players, seed {state.seed}, "
           f"{len(state.record.actions)} actions; view of {who}.", "bold")
    _plain(console, game.render(state.view(seat)))
    if state.is_over:
        _show_result(console, game, state, seat)
    else:
        phase = state.phase
        may = f"; may act: {_seat_list(phase.may_act)}" if phase.may_act else ""
        _plain(console, f"The game is not over ({phase.name}): waiting for "
               f"{_seat_list(phase.to_act)}{may}.")


def _replayed(record: GameRecord, file: Path) -> State:
    """``courtly.replay(record)``, or fail with a usage error saying why."""
    return _or_fail(file, "cannot be replayed", lambda: courtly.replay(record))


def _or_fail(file: Path, what: str, make: Callable[[], _T]) -> _T:
    """``make()``, or a usage error naming ``file``: what the record says is
    wrong, else ``what`` befell it (a corrupt file must never end in a traceback)."""
    try:
        return make()
    except InvalidRecord as exc:
        _fail(f"{file}: {exc}")
    except Exception as exc:
        _fail(f"{file} {what}: {type(exc).__name__}: {exc}")


def _load_record(file: Path) -> GameRecord:
    """Read and parse a record file, or fail with a usage error saying why."""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        _fail(f"cannot read {file}: {exc.strerror or exc}")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        _fail(f"{file} is not valid JSON: {exc}")
    return _or_fail(file, "is not a valid record", lambda: GameRecord.from_json(data))


# ----- courtly simulate ---------------------------------------------------------
@app.command("simulate")
def simulate_command(
    game_name: GameArg,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Number of games.")] = 100,
    players: Annotated[int | None, typer.Option(
        "--players", "-n", help="Number of players (default: the fewest allowed).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    option: OptionOpt = None,
    bots: Annotated[str, typer.Option(
        metavar="SPEC[,SPEC...]",
        help="Bots in seat order, the list repeated and rotated one seat per game.")] = "random",
    workers: WorkersOpt = None,
    backend: BackendOpt = "process",
    out: Annotated[Path | None, typer.Option(
        metavar="DIR", help="Write games.csv, seats.csv, measures.csv and PNG plots here.")] = None,
) -> None:
    """A balance report: seat advantage (win rates, 95% Wilson), game length,
    scores and the game's own measures, over many games between bots.

    A shared victory counts 1/len(winners) of a win for each winner.
    """
    game = _lookup(game_name)
    num_players = _default_players(game, option) if players is None else players
    options = _checked_options(game, num_players, option)
    specs = _bot_specs(bots)
    _check_backend(backend)
    try:
        with _progress_bar("simulating") as bar:
            task = bar.add_task("games", total=games)
            report = balance(game, games, num_players, seed, options, specs, workers, backend,
                             progress=lambda done: bar.update(task, completed=done))
    except (ImportError, ValueError) as exc:
        _fail(str(exc))
    console = _out()
    _show_balance(console, report)
    if out is not None:
        _write_report(console, report, out)


def _check_backend(backend: str) -> None:
    if backend not in BACKENDS:
        _fail(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")


def _show_balance(console: Console, report: BalanceReport) -> None:
    """The seat table, game length, scores and every measure, as tables."""
    console.print(report_table(report.simulation))
    _plain(console, f"Mean actions per game: {report.simulation.mean_actions:.1f}")
    length = report.lengths
    _plain(console, f"Game length (actions): min {length.low:g}, median {length.median:g}, "
           f"max {length.high:g}, sd {length.sd:.1f}")
    if len(set(report.bots)) > 1:
        _plain(console, f"Bots (rotated over the seats): {', '.join(report.bots)}")
    groups: dict[str, list[Any]] = {}
    for row in report.measures:
        groups.setdefault(row.group, []).append(row)
    for group, rows in groups.items():
        console.print(_measure_table(group, rows))


def _measure_table(group: str, rows: Sequence[Any]) -> Table:
    table = Table(title=f"Measures: {group}")
    table.add_column("Measure", overflow="fold")
    table.add_column("Value")
    table.add_column("Games", justify="right")
    table.add_column("Rate / mean", justify="right")
    table.add_column("95% CI", justify="center")
    for r in rows:
        if r.value == "mean":
            rate, interval = f"{r.rate:.2f}", f"{r.low:.2f} – {r.high:.2f}"
        else:
            rate, interval = f"{r.rate:.1%}", f"{r.low:.1%} – {r.high:.1%}"
        table.add_row(r.measure, r.value, str(r.games), rate, interval)
    return table


def _write_report(console: Console, report: BalanceReport, out: Path) -> None:
    try:
        paths = write_csv(report, out)
        paths += write_plots(report, out)
    except ImportError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write the report to {out}: {exc.strerror or exc}", code=1)
    _plain(console, f"Report written to {out}: {', '.join(p.name for p in paths)}")


def report_table(report: SimulationReport) -> Table:
    """A rich table of a simulation: per seat, win rate with its interval and mean score."""
    options = ", ".join(f"{k}={format_value(v)}" for k, v in report.options.items())
    last = report.seed + report.games - 1
    table = Table(title=f"{report.game}, {report.num_players} players, {report.games} games "
                  f"(seeds {report.seed}–{last})" + (f"\n{options}" if options else ""))
    table.add_column("Seat", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("95% CI" if report.confidence_z == 1.96 else "CI", justify="center")
    table.add_column("Mean score", justify="right")
    for s in report.seats:
        table.add_row(str(s.seat), f"{s.wins:g}", f"{s.win_rate:.1%}",
                      f"{s.win_low:.1%} – {s.win_high:.1%}", f"{s.mean_score:.2f}")
    return table


# ----- courtly serve --------------------------------------------------------------
@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        metavar="URL", help="SQLAlchemy database URL (default: $COURTLY_DB or "
        "sqlite:///courtly.db).")] = None,
    bot_delay: Annotated[float, typer.Option(
        help="Default pause before a bot moves, in seconds.")] = 0.8,
    away_after: Annotated[float, typer.Option(
        help="Seconds without a connection before a bot stands in for a person.")] = 60.0,
    list_ended_for: Annotated[float, typer.Option(
        min=0, help="Seconds a finished or abandoned table stays in the lobby's list "
        "(its replay stays reachable by link).")] = 3600.0,
    allow_origin: Annotated[list[str] | None, typer.Option(
        metavar="URL", help="Another origin whose pages may open the tables' WebSockets, "
        "e.g. https://play.example.org (repeat for more; the server's own is always "
        "allowed).")] = None,
    tables_per_minute: Annotated[int, typer.Option(
        min=0, help="Tables one client address may create a minute (as many at once; "
        "0: no limit).")] = 20,
    pause_after: Annotated[float | None, typer.Option(
        min=0, help="Seconds with no person connected or seen by token before a table "
        "stops being played by bots and stand-ins and its clocks stop, until one comes back "
        "(default: --away-after, so that stand-ins play only while someone is kept "
        "waiting).")] = None,
    expire_after: Annotated[float, typer.Option(
        min=0, help="Seconds with no person connected or seen by token before an "
        "unfinished table is closed (its replay stays).")] = 7 * 24 * 3600.0,
    undo_grace: Annotated[float, typer.Option(
        min=0, help="Seconds the server waits before making a person's only possible move "
        "while the person who acted before may still take their action back.")] = 5.0,
    forwarded_allow_ips: Annotated[str, typer.Option(
        metavar="ADDRESSES", help="Reverse proxies (comma-separated addresses, or *) trusted "
        "to give the client's address in X-Forwarded-For (docs/deploy.md).")] = "127.0.0.1",
    sockets_per_address: Annotated[int, typer.Option(
        min=0, help="WebSockets one client address may hold open at once (0: no "
        "limit).")] = 32,
    echo: Annotated[bool, typer.Option(
        help="Serve /ws/echo, the bare echo socket benchmarks/load.py measures the stack "
        "with.")] = False,
) -> None:
    """Serve the lobby and tables to browsers: play with friends and bots.
    Several instances may share one PostgreSQL database (docs/deploy.md)."""
    try:
        import uvicorn

        from courtly.server import create_app
    except ImportError as exc:
        _fail(f"the server needs the 'web' extra: pip install -e '.[web]' ({exc.name} missing)")
    try:
        from courtly.server.security import MAX_BODY, normal_origin

        origins = [normal_origin(o) for o in allow_origin or ()]
    except ValueError as exc:
        _fail(str(exc))
    try:
        application = create_app(db, away_after=away_after, bot_delay=bot_delay,
                                 list_ended_for=list_ended_for, allowed_origins=origins,
                                 tables_per_minute=tables_per_minute,
                                 pause_after=pause_after, expire_after=expire_after,
                                 undo_grace=undo_grace, sockets_per_address=sockets_per_address,
                                 echo=echo)
    except Exception as exc:  # a bad URL or an unreachable database
        _fail(f"cannot open the database: {exc}")
    _plain(_out(), f"courtly is serving on http://{host}:{port}/  (Ctrl-C stops it)", "bold")
    # a WebSocket frame is what a request body may be, 64 KiB (uvicorn's own: 16 MiB,
    # which an attack sent a hundred times in six seconds, each parsed then refused)
    uvicorn.run(application, host=host, port=port, log_level="warning", proxy_headers=True,
                forwarded_allow_ips=forwarded_allow_ips, ws_max_size=MAX_BODY)


# ----- courtly tournament -------------------------------------------------------
@app.command("tournament")
def tournament_command(
    game_name: GameArg,
    bots: Annotated[str, typer.Option(
        metavar="SPEC[,SPEC...]",
        help="The bots, e.g. ismcts:iterations=300,heuristic,random; "
             "repeated to fill the table.")],
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Number of games.")] = 100,
    players: Annotated[int | None, typer.Option(
        "--players", "-n", help="Number of players (default: the number of bots).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    option: OptionOpt = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = "process",
) -> None:
    """Bots against bots, seats rotated every game: win rates (95% Wilson) and
    OpenSkill ratings."""
    game = _lookup(game_name)
    specs = _bot_specs(bots)
    num_players = len(specs) if players is None else players
    options = _checked_options(game, num_players, option)
    _check_backend(backend)
    try:
        with _progress_bar("tournament") as bar:
            task = bar.add_task("games", total=games)
            report = tournament(game, specs, games, num_players, seed, options, workers,
                                backend, progress=lambda done: bar.update(task, completed=done))
    except (ImportError, ValueError) as exc:
        _fail(str(exc))
    _out().print(tournament_table(report))


def tournament_table(report: TournamentReport) -> Table:
    """Per bot: seats played, win rate with its interval, mean score, rating, speed."""
    options = ", ".join(f"{k}={format_value(v)}" for k, v in report.options.items())
    last = report.seed + report.games - 1
    table = Table(title=f"{report.game}, {report.num_players} players, {report.games} games "
                  f"(seeds {report.seed}–{last}), seats rotated"
                  + (f"\n{options}" if options else ""))
    table.add_column("Bot", overflow="fold")
    for header in ("Seats", "Wins", "Win rate", "95% CI", "Score", "Rating μ±σ", "ms/move"):
        table.add_column(header, justify="right", no_wrap=True)
    for b in report.bots:
        rating = f"{b.rating.mu:.1f}±{b.rating.sigma:.1f}" if b.rating else "-"
        table.add_row(b.bot, str(b.seat_games), f"{b.wins:g}", f"{b.win_rate:.1%}",
                      f"{b.win_low:.0%}–{b.win_high:.0%}", f"{b.mean_score:.2f}", rating,
                      f"{b.seconds_per_decision * 1000:.1f}")
    if any(b.rating is None for b in report.bots):
        table.caption = "ratings need openskill: pip install 'courtly[sim]'"
    else:
        table.caption = "Score: mean score; Rating: OpenSkill (Plackett-Luce); ms/move: " \
                        "mean time per decision"
    return table


# ----- courtly bots ------------------------------------------------------------------
@app.command("bots")
def bots_command() -> None:
    """List the bots and their parameters with their defaults."""
    import inspect

    from courtly.bots import BOTS

    table = Table(title="courtly bots")
    table.add_column("Name", style="bold")
    table.add_column("Parameters (defaults)")
    table.add_column("What it is")
    for name, factory in BOTS.items():
        params = [f"{p.name}={format_value(p.default)}"
                  for p in inspect.signature(factory).parameters.values() if p.name != "seed"]
        table.add_row(name, "\n".join(params) or "-", summary(inspect.getdoc(factory)))
    _out().print(table)


def main() -> None:
    """Entry point for ``python -m courtly.cli``."""
    app()


if __name__ == "__main__":
    main()
