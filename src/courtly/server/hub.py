"""Live tables: the games in memory, their clients, their bots and clocks.

Every change goes through :meth:`LiveTable.submit`: the action is applied to
a clone (so an illegal one changes nothing), stored, and only then does the
clone become the table's state and every client get its own update. The
referee's TimeUp at a timed phase's deadline takes the same path.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import math
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

import courtly
from courtly.bots import Bot, decide_and_say, make_bot
from courtly.core import (
    REFEREE,
    WINDOW_ACTIONS,
    Action,
    Done,
    Event,
    Game,
    InvalidRecord,
    Phase,
    Remark,
    State,
    TimeUp,
    UnknownGame,
)
from courtly.server.cluster import PRESENCE_EVERY, PRESENCE_TTL, Cluster
from courtly.server.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    RateLimited,
    Stale,
    StorageUnavailable,
)
from courtly.server.security import RateLimit, check_bot, timed
from courtly.server.storage import (
    MoveRow,
    NoteRow,
    SeatRow,
    Store,
    StoredTable,
    TableRow,
    hash_token,
)

log = logging.getLogger(__name__)

MAX_NAME = 40
MAX_CHAT = 500
#: A seat's messages at a table: CHAT_BURST at once, then one every CHAT_EVERY
#: seconds (429 beyond), and the newest CHAT_HISTORY a reader may read are
#: what a client gets at connection (an attack posted 5,000 messages in 4 s,
#: then every new socket was sent their 2.9 MB).
CHAT_BURST, CHAT_EVERY, CHAT_HISTORY = 10, 1.0, 500
STANDIN_BOT = "heuristic"
#: The bot the host puts in a person's place unless told otherwise.
HOST_BOT = "heuristic"
#: How long a finished or abandoned table stays in the lobby's list (seconds);
#: its page and replay stay reachable by link.
LIST_ENDED_FOR = 3600.0
#: The server's note on a table of bots that plays the seed its maker chose, as
#: chosen (Hub.table_seed): its deal is known, so it is never given a person.
SEED_AS_CHOSEN = "seed_as_chosen"
#: The statuses in the order the lobby lists them (open tables first).
STATUS_ORDER = ("waiting", "playing", "over", "abandoned")
FALLBACK_BOT = "random"
#: The ``by`` of a stored undo: the seat took back its last action
#: (State.undo); replaying the moves table undoes it at that point.
UNDO = "undo"
#: The most actions a bot seat takes in one window before the server says
#: Done for it (the Referee's per-window count), so a window of bots closes.
BOT_WINDOW_ACTIONS = WINDOW_ACTIONS
#: A client that has sent one ``ping`` must keep sending messages: after this
#: many seconds of silence the server counts it gone and closes its socket.
HEARTBEAT_TIMEOUT = 15.0
#: A table's driver, after a failure, waits RETRY_BASE seconds, doubled with
#: each failure in a row, RETRY_MAX at most (a database that is down for a
#: while is tried twice a minute, not thousands of times).
RETRY_BASE, RETRY_MAX = 0.5, 30.0
#: Seconds a person's forced move waits (the server makes it, LiveTable._forced)
#: after another person's action that person may still take back: undo lasts
#: only until another seat acts, and a forced move after the table's bot delay
#: would close it before most people notice a slip (docs/web.md, "Undo").
UNDO_GRACE = 5.0
#: A table no person has been connected to (or seen by token) for the
#: hub's ``pause_after`` seconds, by default its ``away_after``, stops being
#: played (stand-ins, bots, clocks) until one comes back; one idle for
#: EXPIRE_AFTER is closed (abandoned; its replay stays). Checked every
#: SWEEP_EVERY seconds.
EXPIRE_AFTER, SWEEP_EVERY = 7 * 24 * 3600.0, 60.0
#: Bots that search (seconds a decision) and the threads they share; every
#: other bot and the stand-ins share QUICK_THREADS (Hub.think).
SEARCH_BOTS = frozenset({"ismcts"})
SEARCH_THREADS, QUICK_THREADS = 2, 2
T = TypeVar("T")

Send = Callable[[dict[str, Any]], Awaitable[None]]
Close = Callable[[str], Awaitable[None]]


def clean_text(text: str, limit: int, what: str) -> str:
    """Strip control characters and surrounding space; refuse empty or too long text."""
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C").strip()
    if not text:
        raise BadRequest(f"{what} is empty", "empty_text", what=what)
    if len(text) > limit:
        raise BadRequest(f"{what} is longer than {limit} characters", "text_too_long",
                         what=what, limit=limit)
    return text


def name_key(name: str) -> str:
    """What makes two names the same at a table: case, width and spacing aside."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def seat_token(host_token: str, table_id: str, seat: int, generation: int) -> str:
    """A seat's token, derived from the host token: HMAC-SHA256 of the table,
    the seat and how many times it was re-issued. The server stores only its
    hash, so it can give a seat's link again only to whoever shows the host token."""
    mac = hmac.new(host_token.encode(), f"courtly-seat:{table_id}:{seat}:{generation}".encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


def rematch_token(old_token: str, table_id: str, seat: int) -> str:
    """A seat's token at a rematch, derived from the same seat's token at the
    finished table: HMAC-SHA256 keyed by the old token. The server knows
    neither (it stores hashes), so only whoever shows the old token gets the
    new one, and asking twice gives the same token (docs/api.md, "Rematch")."""
    mac = hmac.new(old_token.encode(), f"courtly-rematch:{table_id}:{seat}".encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


class Applied(NamedTuple):
    """An action a table took (:meth:`Table.submit`): its events, and the
    number of the table's stored entry it became (its moves and undos
    counted from 0), which is where a client finds it in the record."""

    events: list[Event]
    move: int


@dataclass
class Seat:
    """A seat as the server sees it."""

    kind: str
    bot: str | None = None
    token_hash: str | None = None
    name: str | None = None
    token_gen: int = 0
    clients: int = 0
    last_seen: float = field(default_factory=time.monotonic)
    #: When its token was last used (monotonic): a program playing over REST
    #: is there while it polls. Connections count by ``clients`` instead.
    polled: float = float("-inf")
    away: bool = False
    #: Clients of this seat on other instances (cluster.py): instance ->
    #: (how many, monotonic time of the announcement).
    remote: dict[str, tuple[int, float]] = field(default_factory=dict)

    def stood_in(self) -> bool:
        """A person seat its stand-in plays: its person away, or the seat given
        back by the host and left untaken for ``away_after`` (it waits that
        long for the person the host sends the link to, as for one who left)."""
        return self.kind == "person" and self.away

    def present(self) -> int:
        """The seat's clients here and, as last announced, on other instances."""
        now = time.monotonic()
        return self.clients + sum(n for n, when in self.remote.values()
                                  if now - when < PRESENCE_TTL)

    def public(self, number: int, kept_for: str | None = None) -> dict[str, Any]:
        """What anyone may know about the seat. ``kept_for``: the name its
        person had in the game a rematch follows (:meth:`LiveTable.kept_for`),
        said (``awaited``) while the seat waits for that person alone: open,
        and no other link given for it."""
        waiting = self.kind == "person" and self.name is None and not self.token_gen
        return {"seat": number, "kind": self.kind, "bot": self.bot, "name": self.name,
                "awaited": kept_for if waiting else None,
                "taken": self.kind == "bot" or self.name is not None,
                "connected": self.present() > 0, "away": self.away}


@dataclass
class Timing:
    """Where the current phase began (``since``: the number of moves before
    it), its deadline (epoch seconds) if timed and running, and how many
    window actions each seat has taken in it."""

    since: int = 0
    deadline: float | None = None
    counts: dict[int, int] = field(default_factory=dict)

    def follow(self, before: Phase, seat: int, after: Phase, moves: int,
               now: float | None, ruling: bool = False) -> Timing:
        """The timing after ``seat`` acted in phase ``before`` (``moves`` made now).

        A phase goes on while it keeps its name and stays timed or untimed,
        until the referee calls time; otherwise a new one begins, and its
        deadline (if it is timed) runs from ``now`` (None while replaying).
        A referee's ``ruling`` other than calling time (a game's
        ``REFEREE_RULINGS``: Versailles' breaches of etiquette) leaves the
        phase and its clock running.
        """
        if ((seat != REFEREE or ruling) and before.name == after.name
                and (before.time_limit is None) == (after.time_limit is None)):
            counts = dict(self.counts)
            if seat in before.may_act and seat not in before.to_act:
                counts[seat] = counts.get(seat, 0) + 1
            return Timing(self.since, self.deadline, counts)
        if after.time_limit is None or now is None:
            return Timing(moves)
        return Timing(moves, now + after.time_limit)


@dataclass
class Client:
    """One connection: its seat (None: spectator), how to reach it, what it has seen."""

    seat: int | None
    send: Send
    seen: int = -1
    #: Tell the client why, then close its connection (its token stopped working).
    close: Close | None = None


class LiveTable:
    """One table in memory."""

    def __init__(self, hub: Hub, row: TableRow, seats: list[Seat], state: State) -> None:
        self.hub = hub
        self.row = row
        self.seats = seats
        self.state = state
        self.log: list[Event] = []
        self.clients: list[Client] = []
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.turn_started = time.monotonic()
        self.timing = Timing()
        #: The timing before each action of the record, so that an undo
        #: restores the phase's clock as it was.
        self.timings: list[Timing] = []
        #: Who made each action of the record (``by``: person, bot, forced...),
        #: popped with it by an undo: a move the server made (forced) is not
        #: the person's to take back.
        self.made_by: list[str] = []
        #: Rows stored in the moves table: actions, and the undos that took
        #: some back (the log's order; server notes are placed between them).
        self.entries = 0
        self.driver: asyncio.Task[None] | None = None
        #: the driver's failures in a row (0 once a move went through)
        self.failures = 0
        self._bots: dict[tuple[int, str], Bot] = {}
        #: log index -> (seat, by, start) for the events a move made (by:
        #: person, bot, standin, forced or referee; start: the log index of the
        #: move's first event), so clients can mark a stand-in's moves and tell
        #: a move from what followed it (move_of).
        self.moves_by: dict[int, tuple[int, str, int]] = {}
        #: tasks of its own (presence pushes, catching up), kept until done
        self._tasks: set[asyncio.Task[None]] = set()
        #: seats that have had a WebSocket client since the table was loaded
        self.connected_once: set[int] = set()
        #: The last move: the seat and the log indices of its latest run of
        #: actions (marked on the board until another seat acts), or None.
        self.last_move: tuple[int, list[int]] | None = None
        #: The stored notes in the log, by id; notes another instance wrote
        #: and announced, to be read at the next catch-up (cluster.py).
        self.note_ids: set[int] = set()
        #: A rematch's seats: the names their persons had in the game before
        #: (its ``rematch_of`` note), else empty.
        self.kept: list[str | None] = []
        self.notes_due: set[int] = set()
        self._catching_up: asyncio.Task[None] | None = None
        #: When this instance last told the others a seat's REST client was seen.
        self._seen_told: dict[int, float] = {}
        #: While the table is paused (no person there): when the pause began
        #: (monotonic), so that the clocks resume where they stopped; and
        #: whether the driver is parked on it (``seen`` then wakes it).
        self.paused_from: float | None = None
        self.parked = False
        #: When the host link was last used here (monotonic): the host counts
        #: as someone there for the stand-ins (:meth:`attended`).
        self.host_seen = float("-inf")

    # ----- facts ----------------------------------------------------------
    @property
    def id(self) -> str:
        """The table's id (random, unguessable)."""
        return self.row.id

    @property
    def status(self) -> str:
        """waiting (person seats not all taken before the first move), playing,
        over, or abandoned (by its host). A seat the host gives back to a person
        after the first move is played by a stand-in (after ``away_after``)
        until someone sits down."""
        if self.row.abandoned:
            return "abandoned"
        if self.state.is_over:
            return "over"
        if not self.state.record.actions and any(
                s.kind == "person" and s.name is None for s in self.seats):
            return "waiting"
        return "playing"

    @property
    def finished(self) -> bool:
        """Over or abandoned: nothing more is played."""
        return self.status in ("over", "abandoned")

    @property
    def listed(self) -> bool:
        """Shown in the lobby's list (else reachable by link only)."""
        return self.row.listed is not False

    def info(self) -> dict[str, Any]:
        """The table as the lobby shows it."""
        game = self.state.game
        return {"id": self.id, "game": game.name, "title": game.title,
                "num_players": self.state.num_players, "options": dict(self.state.options),
                "status": self.status, "moves": len(self.state.record.actions),
                "seats": self.public_seats(),
                "created": self.row.created, "bot_delay": self.row.bot_delay,
                "move_clock": self.row.move_clock, "listed": self.listed,
                "hosted": self.row.host_hash is not None, "ended": self.row.ended,
                "rematch": self.row.rematch, "paused": self.paused(time.monotonic()),
                "waiting_for": self.waiting_for()}

    def waiting_for(self) -> list[int]:
        """The seats whose move the game waits for while it is played: those
        that must act, then those that may (a window); public, as the phase is."""
        if self.status != "playing":
            return []
        phase = self.state.phase
        seats = [*phase.to_act, *(s for s in phase.may_act if s not in phase.to_act)]
        return [s for s in seats if s != REFEREE]

    def idle_for(self, now: float) -> float | None:
        """Seconds (monotonic ``now``) since a person was last connected: None
        while one is, or for a table without person seats (bots end their
        games by themselves)."""
        persons = [s for s in self.seats if s.kind == "person"]
        if not persons or any(s.present() for s in persons):
            return None
        return now - max(s.last_seen for s in persons)

    def attended(self, now: float, seat: int) -> bool:
        """Whether a stand-in may play ``seat`` now: while a person other than
        its own is there (connected, or polling with its token within
        ``away_after``) or the host acted within ``away_after``, since it
        plays so that those there need not wait, and one who closed the page
        is not waiting, however recently; always on a server told to play on
        for the absent (``pause_after`` longer than ``away_after``), until the
        pause (docs/api.md, "The clock and absent players")."""
        away = self.hub.away_after
        if self.hub.pause_after > away or now - self.host_seen < away:
            return True
        return any(other.kind == "person" and (other.present() or now - other.polled < away)
                   for number, other in enumerate(self.seats) if number != seat)

    def paused(self, now: float) -> bool:
        """No person has been connected or seen for ``hub.pause_after`` seconds
        (by default ``hub.away_after``): the bots, stand-ins and clocks stop
        until one comes back. Stand-ins play for the absent so that those
        present need not wait; with nobody present nobody waits, and a game
        people left is not played out by bots."""
        if self.status != "playing":
            return False  # waiting for its seats to be taken, or ended: nothing to pause
        idle = self.idle_for(now)
        return idle is not None and idle >= self.hub.pause_after

    def seat_for(self, token: str | None) -> int | None:
        """The seat a token holds; None without a token; Forbidden for a bad one."""
        if token is None or token == "":
            return None
        digest = hash_token(token)
        for number, seat in enumerate(self.seats):
            if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                self.seen(number, time.monotonic())
                self._tell_seen(number, seat.last_seen)
                return number
        raise Forbidden("this token holds no seat at this table", "bad_token")

    def seen(self, seat: int, now: float, back: bool = True) -> None:
        """A seat's person was seen (its token used, here or on another
        instance; maybe from a worker thread, a synchronous route): it counts
        as there from ``now``, and the driver plans again (a paused table
        wakes; a stand-in's plan to play the seat as gone is dropped). With
        ``back``, a seat a stand-in was playing is its person's again (a
        program playing through REST returns so), but an open seat's, which
        is its stand-in's until someone sits down (:meth:`came_back`);
        another instance's sighting leaves that to the instance driving the
        table."""
        info = self.seats[seat]
        info.last_seen = info.polled = now  # before reading `parked`: see _plan
        if back and info.away:
            self._on_loop(lambda: self.spawn(self.came_back(seat)))
        elif self.parked:
            self._on_loop(self.changed.set)

    def _on_loop(self, call: Callable[[], object]) -> None:
        """``call()`` now on the event loop, or soon from a worker thread."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            if self.hub.loop is not None:
                self.hub.loop.call_soon_threadsafe(call)
            return
        call()

    async def came_back(self, seat: int) -> None:
        """The seat's person is back: its stand-in stops, and the log says so.
        An open seat's newcomer (its link opened, no name taken yet) is not
        back: the stand-in plays on until they sit down (``join``, whose line
        says so)."""
        info = self.seats[seat]
        if info.away and info.name is not None:
            info.away = False
            await self.note("back", f"{self.seat_label(seat)} is back", seat=seat)
        self.changed.set()

    def acting_seat(self, token: str | None) -> int:
        """The seat of a token that may act: Forbidden for spectators and bad tokens."""
        seat = self.seat_for(token)
        if seat is None:
            raise Forbidden("a spectator cannot act; use your seat's link", "spectator")
        return seat

    # ----- what a client receives ----------------------------------------------
    def update(self, seat: int | None, since: int = -1) -> dict[str, Any]:
        """Everything ``seat`` may see now, with the log entries after ``since``."""
        events = []
        for index in range(max(since + 1, 0), len(self.log)):
            seen = self.log[index].for_seat(seat)
            if seen is not None:
                events.append({"index": index, **seen.to_json(), **self.move_of(index, seat)})
        legal: list[dict[str, Any]] = []
        schema: list[dict[str, Any]] = []
        playing = self.status == "playing"
        if seat is not None and playing:
            legal = [{"action": a.to_json(), "text": a.describe()}
                     for a in self.state.legal_actions(seat)]
            schema = self.state.action_schema(seat)
        phase = self.state.phase
        can_undo = seat is not None and playing and self._may_undo(seat)
        forced = seat is not None and playing and self._forced(seat)
        return {"type": "update", "table": self.info(), "seat": seat,
                "view": self.state.view(seat), "phase": self.phase_json(phase),
                "legal": legal, "schema": schema, "can_undo": can_undo, "forced": forced,
                "to_act": list(phase.to_act) if playing else [],
                "may_act": list(phase.may_act) if playing else [],
                "events": events, "last_index": len(self.log) - 1,
                "result": self.state.result().to_json() if self.state.is_over else None,
                "clocks": self.clocks(), "last_move": self.last_move_json(seat)}

    def mark_last_move(self, seat: int, count: int) -> None:
        """The ``count`` entries just logged came from ``seat``'s action: they
        join its run if it made the last move too, else start a new one."""
        new = list(range(len(self.log) - count, len(self.log)))
        if self.last_move is not None and self.last_move[0] == seat:
            self.last_move[1].extend(new)
        else:
            self.last_move = (seat, new)

    def last_move_json(self, seat: int | None) -> dict[str, Any] | None:
        """``{seat, events}``: who made the last move (None: the referee) and
        the log indices of its events that ``seat`` sees (docs/api.md)."""
        if self.last_move is None:
            return None
        who, indices = self.last_move
        seen = [i for i in indices if self.log[i].for_seat(seat) is not None]
        return {"seat": None if who == REFEREE else who, "events": seen}

    def phase_json(self, phase: Phase) -> dict[str, Any]:
        """The phase, with its deadline (epoch seconds) and the seconds left, if
        running; while the table is paused, no deadline and the seconds it keeps."""
        deadline, left = self.phase_clock(time.monotonic())
        if deadline is not None:
            left = round(max(deadline - time.time(), 0.0), 3)
        return {**phase.to_json(), "deadline": deadline, "seconds_left": left}

    async def broadcast(self) -> None:
        """Send every client its own update of what it has not seen yet."""
        for client in list(self.clients):
            message = self.update(client.seat, client.seen)
            client.seen = message["last_index"]
            try:
                await client.send(message)
            except Exception:  # a dead connection is cleaned up by its own handler
                continue

    # ----- changes ------------------------------------------------------------
    async def submit(self, seat: int, action_json: Any, by: str = "person",
                     still: Callable[[], bool] | None = None) -> Applied:
        """Apply, store, then publish one action: its events and the number
        it is stored at. Errors change nothing; a move another instance beat
        to the store (Stale) brings the table up to date before the refusal
        is answered. ``still``: checked under the table's lock, the move is
        refused (Conflict) unless it holds (a stand-in's move, once its
        person is back)."""
        try:
            return await self._submit(seat, action_json, by, still)
        except Stale:
            await self.catch_up()
            raise

    async def _submit(self, seat: int, action_json: Any, by: str,
                      still: Callable[[], bool] | None = None) -> Applied:
        action = self.state.game.parse_action(action_json)
        async with self.lock:
            self._check_playing()
            self._check_turn(seat)
            if still is not None and not still():
                raise Conflict(f"{self.seat_label(seat)} is back: the stand-in's move is dropped",
                               "seat_returned")
            deadline = self.timing.deadline
            if seat != REFEREE and deadline is not None and time.time() >= deadline:
                # the deadline is hard: the referee's TimeUp comes first
                self.changed.set()
                raise Conflict(f"time is up for the {self.state.phase.name} phase", "time_up",
                               phase=self.state.phase.name)
            before = self.state.phase
            after = self.state.clone()
            events = after.apply(seat, action)
            moves = len(after.record.actions)
            timing = self.timing.follow(before, seat, after.phase, moves, time.time(),
                                        ruling=is_ruling(seat, action))
            clock = None
            if timing.deadline is not None and timing.since == moves:
                clock = (timing.since, timing.deadline)  # a timed phase begins
            ended = time.time() if after.is_over else None
            number = self.entries
            await self.hub.store.add_move(self.id, number, seat, action.to_json(), by,
                                          clock, ended)
            if ended is not None:
                self.row.ended = ended
            self.entries += 1
            self.state = after
            self.timings.append(self.timing)
            self.made_by.append(by)
            self.timing = timing
            self.mark_move(len(self.log), len(events), seat, by)
            self.log.extend(events)
            self.mark_last_move(seat, len(events))
            self.turn_started = time.monotonic()
        await self.broadcast()
        self.changed.set()
        return Applied(events, number)

    async def undo(self, seat: int) -> list[Event]:
        """Take back ``seat``'s last action (State.undo: only its own, only the
        game's last, only while it revealed nothing), store the undo, restore
        the phase's clock as it was, then publish. Errors change nothing."""
        try:
            return await self._undo(seat)
        except Stale:
            await self.catch_up()
            raise

    async def _undo(self, seat: int) -> list[Event]:
        async with self.lock:
            self._check_playing()
            if self._server_made_last():
                raise courtly.IllegalAction(
                    "the server made that move, the only one there was: there is nothing "
                    "to take back")
            after = self.state.clone()
            events = after.undo(seat)  # IllegalAction, saying why, changes nothing
            timing = self.timings[-1]
            clock = (timing.since, timing.deadline) if timing.deadline is not None else None
            await self.hub.store.add_move(self.id, self.entries, seat, {"type": "undo"}, UNDO,
                                          clock)
            self.entries += 1
            self.state = after
            self.timing = self.timings.pop()
            self.made_by.pop()
            self.log.extend(events)
            self.last_move = None  # what it marked is taken back
            self.turn_started = time.monotonic()
        await self.broadcast()
        self.changed.set()
        return events

    def _check_playing(self) -> None:
        """Conflict unless the game is being played."""
        if self.status == "waiting":
            raise Conflict("the game has not started: some seats are not taken yet",
                           "not_started")
        if self.status == "over":
            raise Conflict("the game is over", "game_over")
        if self.status == "abandoned":
            raise Conflict("the table was abandoned by its host", "abandoned")

    def _check_turn(self, seat: int) -> None:
        """Conflict (code ``not_your_turn``) for a seat that may not act in this
        phase at all; the engine says why any other action is refused."""
        phase = self.state.phase
        if seat != REFEREE and seat not in phase.to_act and seat not in phase.may_act:
            waiting = list(phase.to_act or phase.may_act)
            raise Conflict(f"it is not your turn: waiting for "
                           f"{', '.join(self.seat_label(s) for s in waiting) or 'nobody'}",
                           "not_your_turn", waiting=waiting)

    def start_clock(self) -> None:
        """Start (and store) the deadline of a timed phase that has none running:
        the first phase once every seat is taken, or a table loaded without one."""
        limit = self.state.phase.time_limit
        if self.status != "playing" or limit is None or self.timing.deadline is not None:
            return
        self.timing.deadline = time.time() + limit
        self.hub.store.set_clock(self.id, (self.timing.since, self.timing.deadline))
        self.changed.set()

    async def note(self, kind: str, text: str, **data: Any) -> None:
        """Store and publish a line of the server's own in the log."""
        self.note_stored(kind, text, **data)
        await self.broadcast()

    def note_stored(self, kind: str, text: str, **data: Any) -> None:
        """Store a line of the server's own in the log (:meth:`note`, unpublished)."""
        self.note_ids.add(self.hub.store.add_note(self.id, self.entries, kind, text, data))
        self.log.append(Event(kind, text, data))

    def public_seats(self) -> list[dict[str, Any]]:
        """Every seat as anyone may know it (:meth:`Seat.public`)."""
        return [s.public(i, self.kept_for(i)) for i, s in enumerate(self.seats)]

    def kept_for(self, seat: int) -> str | None:
        """The name ``seat``'s person had in the game this rematch follows."""
        return self.kept[seat] if seat < len(self.kept) else None

    def keep_names(self, data: Any) -> None:
        """Read a ``rematch_of`` note's names (:meth:`Hub._create_rematch`)."""
        names = data.get("names") if isinstance(data, dict) else None
        if isinstance(names, list):
            self.kept = [n if isinstance(n, str) else None for n in names]

    def seat_label(self, seat: int) -> str:
        """'Seat 2 (Ada)'."""
        name = self.seats[seat].name
        return f"Seat {seat} ({name})" if name else f"Seat {seat}"

    # ----- bots, stand-ins and clocks ----------------------------------------------
    def bot(self, seat: int, spec: str) -> Bot:
        """The bot playing ``seat`` with ``spec``, seeded from the table's seed,
        its search time capped by the server (:func:`timed`)."""
        key = (seat, spec)
        if key not in self._bots:
            self._bots[key] = make_bot(timed(spec), seed=(self.row.seed * 31 + seat) % 2**63)
        return self._bots[key]

    def _plan(self) -> tuple[float, int, str] | None:
        """The next thing to do by itself: (in how many seconds, seat, why);
        the seat is REFEREE for the deadline of a timed phase."""
        if self.status != "playing" or not self.hub.drives(self.id):
            return None  # another instance drives it (cluster.py); gaining it sets `changed`
        now = time.monotonic()
        # `parked` is set before the pause is read, and `seen` sets last_seen
        # before reading `parked`: a sighting racing this check wakes us
        self.parked = True
        if self.paused(now):
            if self.paused_from is None:
                self.paused_from = self.clocks_stopped_at(now)
                self.spawn(self.broadcast())  # who watches learns it (table.paused, clocks)
            return None  # a person's return (connect, a token used) sets `changed`
        self.parked = False
        if self.paused_from is not None:
            self._resume_clocks(now)
        phase = self.state.phase
        options: list[tuple[float, int, str] | None] = []
        for seat in (*phase.to_act, *(s for s in phase.may_act if s not in phase.to_act)):
            info = self.seats[seat]
            if info.kind == "bot":
                options.append((self.row.bot_delay, seat, "bot"))
            elif info.stood_in():
                if self.attended(now, seat):
                    options.append((self.row.bot_delay, seat, "away"))
            elif seat in phase.to_act and self._forced(seat):
                options.append((self._forced_delay(now), seat, "forced"))
            elif seat in phase.to_act:
                options.append(self._person_deadline(seat, info, now))
            elif (gone := self._gone_option(seat, info, now)) is not None:
                options.append(gone)  # the move clock: seats that must act
        if self.timing.deadline is not None:
            options.append((self.timing.deadline - time.time(), REFEREE, "time"))
        if (idle := self.idle_for(now)) is not None:
            options.append((self.hub.pause_after - idle, REFEREE, "pause"))  # to say so on time
        return min((o for o in options if o is not None), default=None)

    def _resume_clocks(self, now: float) -> None:
        """The clocks stopped while the table was paused: the move clock and
        a timed phase's deadline move on by the pause's length (stored, so a
        restart keeps it), and the clients are told."""
        stopped = max(0.0, now - (self.paused_from or now))
        self.paused_from = None
        self.spawn(self.broadcast())  # no longer paused, whatever the clocks
        if not stopped:
            return
        self.turn_started += stopped
        if self.timing.deadline is not None:
            self.timing.deadline += stopped
            self.hub.store.set_clock(self.id, (self.timing.since, self.timing.deadline))

    def _gone_in(self, info: Seat, now: float) -> float | None:
        """Seconds until a person seat counts as gone (no client, not seen for
        ``away_after``: negative once it is); None while a client is there."""
        return None if info.present() else info.last_seen + self.hub.away_after - now

    def gone(self, seat: int, now: float) -> bool:
        """Whether ``seat``'s person has been away (no client, not seen) for ``away_after``."""
        gone_in = self._gone_in(self.seats[seat], now)
        return gone_in is not None and gone_in <= 0

    def _gone_option(self, seat: int, info: Seat, now: float) -> tuple[float, int, str] | None:
        """When ``seat`` counts as gone and its stand-in takes it over: None while
        its person is connected, or while nobody else is there to wait for it."""
        gone_in = self._gone_in(info, now)
        if gone_in is None or not self.attended(now, seat):
            return None
        return gone_in, seat, "gone"

    def _server_made_last(self) -> bool:
        """Whether the record's last action is a move the server made (forced)."""
        return bool(self.made_by) and self.made_by[-1] == "forced"

    def _may_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back the last action: the game allows it
        (``State.can_undo``) and the server did not make it (:meth:`undo`)."""
        return not self._server_made_last() and self.state.can_undo(seat)

    def _forced(self, seat: int) -> bool:
        """Whether the server makes ``seat``'s move for its person: its only
        move, one everyone can see it must make (``State.forced_publicly``),
        unless the person may still take back their last action (the
        purchase that spent their last crown)."""
        return self.state.forced_publicly(seat) and not self._may_undo(seat)

    def _forced_delay(self, now: float) -> float:
        """How long a forced move still waits (monotonic ``now``): the table's
        bot delay, or while the last action is a person's that they may still
        take back, what is left of the hub's ``undo_grace`` since it was made:
        the forced move would end their undo (State.can_undo: the game's last
        action only)."""
        grace = self._undo_grace_left(now)
        return self.row.bot_delay if grace is None else max(self.row.bot_delay, grace)

    def _undo_grace_left(self, now: float) -> float | None:
        """While the last action is a person's that they may still take back,
        the seconds left of the hub's ``undo_grace`` since it was made
        (monotonic ``now``; may be negative once spent); None otherwise."""
        if not self.state.record.actions or not self.made_by or self.made_by[-1] != "person":
            return None
        last = self.state.record.actions[-1][0]
        if not self.state.can_undo(last):
            return None
        return self.turn_started + self.hub.undo_grace - now

    def _person_deadline(self, seat: int, info: Seat, now: float
                         ) -> tuple[float, int, str] | None:
        options = []
        gone = self._gone_option(seat, info, now)
        if gone is not None:
            options.append(gone)
        if self.row.move_clock:
            options.append((self.turn_started + self.row.move_clock - now, seat, "clock"))
        return min(options) if options else None

    async def drive(self) -> None:
        """Let bots and stand-ins play whenever it is their turn, until the end.
        Whatever fails in a bot, a stand-in, the clock or a write is logged
        with the table's id and tried again after a pause that doubles up to
        :data:`RETRY_MAX` seconds; nothing ends the loop but the game's end."""
        self.failures = 0
        while not self.finished:
            self.changed.clear()
            plan = self._plan()
            if plan is None:
                await self.changed.wait()
                continue
            delay, seat, why = plan
            try:
                await asyncio.wait_for(self.changed.wait(), timeout=max(delay, 0))
                continue  # something changed: plan again
            except TimeoutError:
                pass
            now = time.monotonic()
            if self.paused(now) or why == "pause":
                continue  # nobody came back before this move: plan (and wait) again
            if why == "gone" and not self.gone(seat, now):
                continue  # seen since (a token used): plan again
            if why in ("gone", "away") and not self.attended(now, seat):
                continue  # the others left meanwhile: nobody waits for this seat
            try:
                await self._play_for(seat, why)
                self.failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:
                self.failures += 1
                pause = min(self.hub.retry_base * 2 ** (self.failures - 1), RETRY_MAX)
                log.exception("table %s: playing for seat %s (%s) failed (%d in a row); "
                              "trying again in %.1f s", self.id, seat, why, self.failures, pause)
                await asyncio.sleep(pause)

    async def _play_for(self, seat: int, why: str) -> None:
        if why == "time":
            await self._call_time()
            return
        if why == "forced":
            await self._play_forced(seat)
            return
        phase = self.state.phase
        if seat not in phase.to_act and seat not in phase.may_act:
            return
        info = self.seats[seat]
        if why == "gone":
            info.away = True
            await self.note("away", self._away_text(seat), seat=seat,
                            open=info.name is None)
        elif why == "clock":
            await self.note("clock", f"{self.seat_label(seat)} ran out of time: a bot plays "
                            "this move", seat=seat)
        spec = info.bot if info.kind == "bot" and info.bot else STANDIN_BOT
        state = self.state
        said: Remark | None = None
        if seat in phase.to_act:
            action, said = await self._decide(state, seat, spec)
        elif info.kind == "bot" and self.timing.counts.get(seat, 0) < BOT_WINDOW_ACTIONS:
            action, said = await self._decide(state, seat, spec)  # may be Done, or a deal
        else:
            action = Done()  # a stand-in, or a bot that has had its share of the window
        if self.state is not state:
            return  # the game moved on while the bot thought; plan again
        # a stand-in plays for its person only while the person is away (an
        # open seat's included, until someone sits down): one who came back,
        # or sat down, while it thought plays himself
        still = None if info.kind == "bot" or why == "clock" else info.stood_in
        try:
            await self.submit(seat, action.to_json(),
                              by="bot" if info.kind == "bot" else "standin", still=still)
        except (Conflict, courtly.IllegalAction):
            return  # the state moved on while the bot thought; plan again
        if said is not None and info.kind == "bot":
            # a bot's seat speaks for itself; a stand-in never speaks for the person it replaces
            await self.hub.post_chat(self, seat, said.to, said.line(), dict(said.text))

    def _away_text(self, seat: int) -> str:
        """The log's line when a stand-in takes a seat over: its person gone,
        or nobody sat down in a seat the host opened (a play-test saw such a
        seat played with no word of it)."""
        if self.seats[seat].name is None:
            return f"Seat {seat} is still open: a bot plays it until someone sits down"
        return f"{self.seat_label(seat)} is away: a bot plays for them"

    async def _play_forced(self, seat: int) -> None:
        """Make a person's forced move (:meth:`_forced`), marked ``forced``;
        dropped if the game moved on meanwhile."""
        state = self.state
        if not self._forced(seat):
            return
        action = state.legal_actions(seat)[0]
        try:
            await self.submit(seat, action.to_json(), by="forced",
                              still=lambda: self.state is state)
        except (Conflict, courtly.IllegalAction):
            return  # the state moved on: plan again

    async def _decide(self, state: State, seat: int, spec: str) -> tuple[Action, Remark | None]:
        """The bot's choice, off the event loop: a search may think for seconds,
        and every other table and client is served meanwhile (``submit``
        replaces the state rather than changing it, so the thread's stays
        intact). A bot that fails (a heuristic that does not know a game
        served only by this app) is logged and replaced by the random bot.
        Returns the action and what the bot says with it (``decide_and_say``)."""
        try:
            return await self.hub.think(spec, decide_and_say, state, seat,
                                        self.bot(seat, spec))
        except Exception:
            if spec == FALLBACK_BOT:
                raise
            log.warning("table %s: bot %r failed for seat %d; the %r bot plays it from now on",
                        self.id, spec, seat, FALLBACK_BOT, exc_info=True)
            self._bots[(seat, spec)] = self.bot(seat, FALLBACK_BOT)
            return await self.hub.think(FALLBACK_BOT, decide_and_say, state, seat,
                                        self._bots[(seat, spec)])

    async def _call_time(self) -> None:
        """The referee ends a timed phase at its deadline, through ``submit``."""
        deadline = self.timing.deadline
        if deadline is None or time.time() < deadline:
            return  # the phase moved on, or woke early: plan again
        if not self.state.is_legal(REFEREE, TimeUp()):
            self.timing.deadline = None  # nothing to end (a game's own choice): stop the clock
            return
        try:
            await self.submit(REFEREE, TimeUp().to_json(), by="referee")
        except Conflict:
            return

    def start(self) -> None:
        """Start the bot driver (once)."""
        if self.driver is None or self.driver.done():
            self.driver = asyncio.get_running_loop().create_task(self.drive())

    # ----- presence ------------------------------------------------------------------
    async def connect(self, client: Client) -> None:
        """A client arrives: it is counted present and gets its first update."""
        self.clients.append(client)
        if client.seat is not None:
            info = self.seats[client.seat]
            info.clients += 1
            info.last_seen = time.monotonic()
            self.connected_once.add(client.seat)
            await self.came_back(client.seat)
            await self.send_presence(skip=client)
            self.hub.tell_presence(self)
        self.changed.set()

    async def evict(self, seat: int, detail: str) -> None:
        """Close every connection of ``seat`` (its token no longer works): each
        gets ``{type: "error", status: 403, detail}`` and close code 4403."""
        for client in [c for c in self.clients if c.seat == seat]:
            self.disconnect(client)
            if client.close is not None:
                try:
                    await client.close(detail)
                except Exception:  # already gone
                    continue

    def disconnect(self, client: Client) -> None:
        """A client leaves; its seat counts as gone after ``away_after`` seconds."""
        if client in self.clients:
            self.clients.remove(client)
            if client.seat is not None:
                info = self.seats[client.seat]
                info.clients -= 1
                info.last_seen = time.monotonic()
                if not info.clients:
                    # its token was used to connect: closing the page is leaving
                    info.polled = float("-inf")
                self.presence_soon()
                self.hub.tell_presence(self)
        self.changed.set()

    # ----- time and presence: what clients need to show clocks and who is here ------
    # Every running clock is sent with its deadline in epoch seconds; every
    # WebSocket message carries the server's time of sending (``server_time``,
    # stamped in app.py), so a client with a skewed clock counts right.

    def clocks(self) -> list[dict[str, Any]]:
        """Every running clock: the phase's deadline (``seat`` None) and, for each
        person seat the driver would play for, the sooner of its move clock
        (``move``) and its away timer (``away``: its last client has left), as
        ``{kind, seat, deadline, total}`` (deadline: epoch seconds; total: the
        clock's full length). The same rules as :meth:`_plan`. While the table
        is paused the clocks stand still: each has ``deadline`` None and
        ``left``, the seconds it keeps for when play resumes, and away timers
        are left out (nobody is there); once a person is back, before the
        driver moves the clocks on, the deadlines are already those of after."""
        if self.status != "playing":
            return []
        mono = time.monotonic()
        epoch = self.hub.epoch  # the same deadline in every update, to the millisecond
        stopped = self.clocks_stopped_at(mono)
        frozen = self.paused(mono)
        at = mono if stopped is None else stopped  # the instant the stopped clocks read
        phase = self.state.phase
        out: list[dict[str, Any]] = []
        for seat in (*phase.to_act, *(s for s in phase.may_act if s not in phase.to_act)):
            info = self.seats[seat]
            if info.kind != "person" or info.stood_in():
                continue  # a bot, or a stand-in already playing: no clock to show
            if seat in phase.to_act and self._forced(seat):
                out += self._forced_clock(seat, mono, at, frozen, epoch)
                continue  # the server makes its move: no move clock runs
            plan = self._clock_plan(seat, info, mono, at, frozen)
            if plan is None:
                continue
            delay, why = plan
            away = why == "gone"
            out.append({"kind": "away" if away else "move", "seat": seat,
                        **self._reading(epoch + mono + delay, delay, frozen),
                        "total": self.hub.away_after if away else self.row.move_clock})
        deadline, left = self.phase_clock(mono)
        if deadline is not None or left is not None:
            reading = {"deadline": None, "left": left} if frozen else {"deadline": deadline}
            out.append({"kind": "phase", "seat": None, **reading, "total": phase.time_limit})
        return out

    def _clock_plan(self, seat: int, info: Seat, mono: float, at: float,
                    frozen: bool) -> tuple[float, str] | None:
        """A person seat's clock as :meth:`clocks` shows it: (seconds left, why).
        The move clock reads at ``at`` (it stood still while paused); the
        away timer is real time, and not shown while paused. A seat never
        connected since the server started (a program polling over REST, or
        not back yet) has only its move clock: its away timer moves with
        every request. A seat the host opened again that nobody has taken
        shows its away timer, which runs from the opening (:meth:`Hub.give_back`)."""
        phase = self.state.phase
        move = ((self.turn_started + self.row.move_clock - at, "clock")
                if seat in phase.to_act and self.row.move_clock else None)
        if frozen or (seat not in self.connected_once and info.name is not None):
            return move
        gone_in = self._gone_in(info, mono)
        gone = None if gone_in is None else (gone_in, "gone")
        return min((p for p in (move, gone) if p is not None), default=None)

    def _forced_clock(self, seat: int, mono: float, at: float, frozen: bool,
                      epoch: float) -> list[dict[str, Any]]:
        """The clock of a forced move held back while the person before may
        still take their action back (``undo_grace``, docs/web.md "Undo"):
        when it runs out the server makes the move and the undo ends. Nothing
        (an empty list) when the move follows at the bot delay."""
        grace = self._undo_grace_left(at)
        if grace is None or grace <= self.row.bot_delay:
            return []
        reading = self._reading(epoch + mono + grace, grace, frozen)
        return [{"kind": "forced", "seat": seat, **reading, "total": self.hub.undo_grace}]

    @staticmethod
    def _reading(deadline: float, left: float, frozen: bool) -> dict[str, Any]:
        """A clock's ``deadline`` (epoch seconds), or while paused ``left``."""
        if frozen:
            return {"deadline": None, "left": round(max(left, 0.0), 3)}
        return {"deadline": round(deadline, 3)}

    def clocks_stopped_at(self, now: float) -> float | None:
        """When (monotonic) the clocks stopped, while they stand still: the
        table is paused, or was and the driver has not moved them on yet (a
        person just came back); None while they run."""
        if self.paused(now):
            return now - (self.idle_for(now) or 0.0) + self.hub.pause_after
        return self.paused_from

    def phase_clock(self, mono: float) -> tuple[float | None, float | None]:
        """The timed phase's (deadline, left): the deadline (epoch seconds)
        while its clock runs, moved on by a pause that just ended; while the
        table is paused, None and the seconds it keeps. (None, None) untimed."""
        deadline = self.timing.deadline if self.status == "playing" else None
        if deadline is None:
            return None, None
        stopped = self.clocks_stopped_at(mono)
        if stopped is None:
            return deadline, None
        if self.paused(mono):
            return None, round(max(deadline - (self.hub.epoch + stopped), 0.0), 3)
        return round(deadline + (mono - stopped), 3), None

    def presence(self) -> dict[str, Any]:
        """The seats (who is connected, who is away) and the clocks, for everyone."""
        return {"type": "presence", "seats": self.public_seats(),
                "clocks": self.clocks(), "paused": self.paused(time.monotonic())}

    async def send_presence(self, skip: Client | None = None) -> None:
        """Tell every client (but ``skip``) who is here now: sent when a seat's
        client connects or leaves, without waiting for a game event."""
        message = self.presence()
        for client in list(self.clients):
            if client is skip:
                continue
            try:
                await client.send(message)
            except Exception:  # a dead connection is cleaned up by its own handler
                continue

    def presence_soon(self) -> None:
        """Send the presence from a synchronous caller (a disconnect)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.spawn(self.send_presence(), loop)

    def spawn(self, work: Coroutine[Any, Any, None],
              loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Run ``work`` in a task of its own, kept until it is done."""
        task = (loop or asyncio.get_running_loop()).create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def mark_move(self, start: int, count: int, seat: int, by: str) -> None:
        """Remember that the log's entries start..start+count-1 came from ``seat``'s
        move, made by ``by`` (person, bot, standin, forced, referee)."""
        for index in range(start, start + count):
            self.moves_by[index] = (seat, by, start)

    def move_of(self, index: int, viewer: int | None) -> dict[str, Any]:
        """``{"move": {seat, by, follows}}`` for a log entry a move made, else
        nothing. ``follows``: the rules made it after the move (State.own_events),
        judged from the move's events as ``viewer`` sees them, so that it tells
        nothing of those hidden from them."""
        made = self.moves_by.get(index)
        if made is None:
            return {}
        seat, by, start = made
        seen = [e for e in (self.log[i].for_seat(viewer) for i in range(start, index + 1))
                if e is not None]
        return {"move": {"seat": None if seat == REFEREE else seat, "by": by,
                         "follows": len(seen) > self.state.own_events(seen)}}

    # ----- the record, from the store: at load, and as other instances write it -------
    def replay_stored(self, moves: list[MoveRow], notes: list[NoteRow],
                      live: bool = False) -> int:
        """Apply stored moves (numbered from :attr:`entries` on) and notes
        in the order they were written (a note before the move numbered
        ``before``); how many moves. ``live``: another instance wrote them
        while this one serves the table, so an away or back note changes the
        seat as it did there, and the moves are applied to a copy of the state
        put in its place at the end, as :meth:`submit` does (a bot may be
        reading the state in a thread meanwhile)."""
        fresh = any(move.number >= self.entries for move in moves)
        state = self.state.clone() if live and fresh else self.state
        notes = sorted((n for n in notes if n.id not in self.note_ids),
                       key=lambda n: (n.before, n.id))
        applied = 0
        try:
            for move in moves:
                if move.number < self.entries:
                    continue  # already here
                while notes and notes[0].before <= move.number:
                    self._add_stored_note(notes.pop(0), live)
                self.entries = move.number + 1
                applied += 1
                self._replay_move(state, move)
        finally:
            self.state = state
        for note in notes:
            self._add_stored_note(note, live)
        return applied

    def _replay_move(self, state: State, move: MoveRow) -> None:
        """One stored move applied to ``state``, logged and timed as when played."""
        if move.by == UNDO:
            self.log.extend(state.undo(move.seat))
            self.timing = self.timings.pop()
            self.made_by.pop()
            self.last_move = None
            return
        action = state.game.parse_action(json.loads(move.action))
        before, before_log = state.phase, len(self.log)
        events = state.apply(move.seat, action)  # seat -1: the referee
        self.mark_move(len(self.log), len(events), move.seat, move.by)
        self.log.extend(events)
        self.mark_last_move(move.seat, len(self.log) - before_log)
        self.timings.append(self.timing)
        self.made_by.append(move.by)
        self.timing = self.timing.follow(before, move.seat, state.phase,
                                         len(state.record.actions), None,
                                         ruling=is_ruling(move.seat, action))

    def _add_stored_note(self, note: NoteRow, live: bool) -> None:
        self.note_ids.add(note.id)
        self.log.append(Event(note.kind, note.text, note.data))
        if note.kind == "rematch_of":
            self.keep_names(note.data)
        seat = note.data.get("seat") if isinstance(note.data, dict) else None
        if live and isinstance(seat, int) and 0 <= seat < len(self.seats):
            if note.kind == "away":
                self.seats[seat].away = True
            elif note.kind in ("back", "join", "host_person"):
                self.seats[seat].away = False

    def keep_deadline(self, clock: tuple[int, float] | None) -> None:
        """A stored deadline ``(since, deadline)`` holds if it is the current
        timed phase's; a finished table has none."""
        if self.finished:
            self.timing.deadline = None
        elif (clock is not None and clock[0] == self.timing.since
              and self.state.phase.time_limit is not None and self.status == "playing"):
            self.timing.deadline = clock[1]

    def catch_up_soon(self, notes: Iterable[int] = ()) -> None:
        """Catch up (:meth:`catch_up`) in a task of its own, once however
        many announcements arrive meanwhile."""
        self.notes_due.update(notes)
        if self._catching_up is None or self._catching_up.done():
            self._catching_up = asyncio.get_running_loop().create_task(self._catch_up_task())

    async def _catch_up_task(self) -> None:
        try:
            await self.catch_up()
        except Exception:
            log.exception("table %s: catching up with the store failed", self.id)

    async def catch_up(self, every_note: bool = False, quiet: bool = False) -> None:
        """Read what other instances stored since this one last looked (the
        table's row and seats, later moves, the notes announced, or every
        note with ``every_note``, the clock) and tell this instance's clients;
        ``quiet``: only if that changed anything here (a look not prompted by
        an announcement, :meth:`Hub.get_fresh`)."""
        async with self.lock:
            before = self._standing() if quiet else None
            notes, self.notes_due = self.notes_due, set()
            stored = self.hub.store.load_table(self.id, self.entries,
                                               None if every_note else notes)
            if stored is None:
                return
            evicted = self._refresh_rows(stored)
            if self.replay_stored(stored.moves, stored.notes, live=True):
                self.turn_started = time.monotonic()
            self.keep_deadline(stored.deadline)
        for seat in evicted:
            await self.evict(seat, "this seat's link was replaced or given to a bot: "
                             "this link no longer works")
        if stored.row.rematch and stored.row.rematch not in self.hub.tables:
            self.hub.adopt(stored.row.rematch)
        if before is not None and not evicted and self._standing() == before:
            return
        await self.broadcast()
        await self.send_presence()
        self.changed.set()

    def _standing(self) -> tuple[Any, ...]:
        """What a catch-up may change here, to tell whether one did."""
        row = self.row
        return (self.entries, len(self.log), row.listed, row.ended, row.abandoned, row.rematch,
                self.timing.deadline,
                tuple((s.kind, s.bot, s.token_hash, s.token_gen, s.name, s.away)
                      for s in self.seats))

    async def take_move(self, move: dict[str, Any]) -> None:
        """A move another instance stored and announced with the move itself
        (``n``, ``seat``, ``action``, ``by``, and the ``clock`` or ``ended``
        it wrote with it): applied without reading the database when it is
        the next one here; otherwise (a move missed) :meth:`catch_up`."""
        async with self.lock:
            number = move["n"]
            if number < self.entries:
                return  # already here (caught up meanwhile)
            if number == self.entries and not self.notes_due:
                row = MoveRow(table_id=self.id, number=number, seat=move["seat"],
                              action=move["action"], by=move["by"])
                self.replay_stored([row], [], live=True)
                self.turn_started = time.monotonic()
                if move.get("ended") is not None:
                    self.row.ended = move["ended"]
                clock = move.get("clock")
                self.keep_deadline(None if clock is None else (clock[0], clock[1]))
                missed = False
            else:
                missed = True
        if missed:
            await self.catch_up()
            return
        await self.broadcast()
        self.changed.set()

    def _refresh_rows(self, stored: StoredTable) -> list[int]:
        """The table's and seats' columns as stored; the seats whose token
        changed and that have clients here (to evict)."""
        for name in ("listed", "ended", "abandoned", "rematch"):
            setattr(self.row, name, getattr(stored.row, name))
        evicted = []
        for number, (info, row) in enumerate(zip(self.seats, stored.seats, strict=True)):
            if info.token_hash != row.token_hash and info.clients:
                evicted.append(number)
            info.kind, info.bot, info.token_hash, info.name = (row.kind, row.bot, row.token_hash,
                                                               row.name)
            info.token_gen = row.token_gen or 0
            if info.kind == "bot":
                info.away = False
        return evicted

    async def push_chat(self, ids: Iterable[int]) -> None:
        """Send this instance's clients the messages another instance stored."""
        for row in self.hub.store.chat_rows(ids):
            await self.send_chat(message_json(self, row.id, row.seat, row.to, row.text,
                                              row.time, row.texts))

    async def send_chat(self, message: dict[str, Any]) -> None:
        """Send a message to this instance's clients who may read it."""
        for client in list(self.clients):
            if may_read(client.seat, message["seat"], message["to"]):
                try:
                    await client.send({"type": "chat", "message": message})
                except Exception:
                    continue

    def _tell_seen(self, seat: int, now: float) -> None:
        """Tell the other instances that a seat's client (a program polling
        over REST) was seen here, at most every few seconds, so that the
        instance driving the table does not count it gone."""
        if not self.hub.store.shared or now - self._seen_told.get(seat, -1e9) < PRESENCE_EVERY:
            return
        self._seen_told[seat] = now
        self.hub.tell_seen(self, seat)


class Hub:
    """Every live table, loaded from the store and kept in step with it."""

    def __init__(self, store: Store, away_after: float = 60.0, bot_delay: float = 0.8,
                 games: Mapping[str, Game] | None = None,
                 list_ended_for: float = LIST_ENDED_FOR, pause_after: float | None = None,
                 expire_after: float = EXPIRE_AFTER, mix_seeds: bool = True,
                 undo_grace: float = UNDO_GRACE, chat_every: float = CHAT_EVERY) -> None:
        self.store = store
        #: seconds a person's forced move waits while the person who acted
        #: before may still take their action back (LiveTable._forced_delay)
        self.undo_grace = undo_grace
        #: seconds with no person connected or seen before a table pauses
        #: (LiveTable.paused: by default ``away_after``, so that stand-ins play
        #: only while a person is there to be kept waiting), and before an
        #: unfinished one is closed (expire)
        self.pause_after = away_after if pause_after is None else pause_after
        self.expire_after = expire_after
        self.list_ended_for = list_ended_for
        self.away_after = away_after
        self.bot_delay = bot_delay
        #: seconds of silence after which a client that pings is counted gone
        self.heartbeat_timeout = HEARTBEAT_TIMEOUT
        #: Searching bots think on their own threads, in the order they asked
        #: (a queue: no table passes another), so that however many search,
        #: the quick bots and stand-ins of every table keep their own threads.
        self.search_pool = ThreadPoolExecutor(SEARCH_THREADS, "courtly-search")
        self.quick_pool = ThreadPoolExecutor(QUICK_THREADS, "courtly-bot")
        #: the first pause (seconds) before a table's driver tries again after
        #: a failure; it doubles with each failure in a row (LiveTable.drive)
        self.retry_base = RETRY_BASE
        #: epoch seconds minus monotonic seconds, taken once: the monotonic
        #: instants the driver plans with, as stable epoch deadlines for clients
        self.epoch = time.time() - time.monotonic()
        self.games: dict[str, Game] = {**courtly.GAMES, **(games or {})}
        #: Mixed into a seed chosen for a table with a person seat (table_seed);
        #: new at every start: the seed a table plays is stored with it.
        self.seed_secret = secrets.token_bytes(32)
        #: each seat's chat allowance at each table (:meth:`chat`; 0: no limit)
        self.chat_limit = RateLimit(CHAT_BURST, chat_every)
        #: False only where every person may know every card (tests that
        #: replay a chosen deal through the browser)
        self.mix_seeds = mix_seeds
        self.tables: dict[str, LiveTable] = {}
        #: Tables found in the store that could not be rebuilt: id -> reason.
        self.skipped: dict[str, str] = {}
        #: On a database several instances share: this one among the others
        #: (their announcements, the locks of the tables this one drives).
        self.cluster: Cluster | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []

    # ----- running: alone, or with other instances on one database (cluster.py) -----
    async def start(self) -> None:
        """Load every table and start their drivers, the sweep of idle tables
        and, on a shared database, the listener (first, so that nothing
        written while the tables load is missed) and the locks."""
        self.loop = asyncio.get_running_loop()
        await self.store.open()
        if self.store.shared:
            self.cluster = Cluster(self)
            self._spawn(self.cluster.listener.run())
            await asyncio.wait_for(self.cluster.listener.ready.wait(), 30)
        self.load()
        for table in self.tables.values():
            table.start()
        self._spawn(self.sweep())
        if self.cluster is not None:
            self._spawn(self.cluster.locks.run())
            self._spawn(self.cluster.heartbeat())

    def _spawn(self, work: Awaitable[None]) -> None:
        self._tasks.append(asyncio.get_running_loop().create_task(work))  # type: ignore[arg-type]

    async def stop(self) -> None:
        """Stop the drivers and background tasks; tell the other instances
        this one's clients are gone."""
        for task in self._tasks:
            task.cancel()
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
        if self.cluster is not None:
            await self.cluster.leave()
        self.close()
        await self.store.aclose()

    def drives(self, table_id: str) -> bool:
        """Whether this instance plays the table's bots and clocks: always
        alone; on a shared database, while it holds the table's lock."""
        return self.cluster is None or table_id in self.cluster.locks.held

    def tell_presence(self, table: LiveTable) -> None:
        """Tell the other instances, if any, how many clients each seat has here."""
        if self.cluster is not None:
            self.cluster.tell_presence(table)

    def tell_seen(self, table: LiveTable, seat: int) -> None:
        """Tell the other instances, if any, that a seat's client was seen here."""
        if self.cluster is not None:
            self.cluster.tell_seen(table, seat)

    def adopt(self, table_id: str) -> LiveTable | None:
        """A table another instance created: rebuilt from the store, served
        and driven here too (None: no such table, or it does not replay)."""
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id in self.skipped or not self.store.shared:
            return None
        stored = self.store.load_table(table_id)
        if stored is None:
            return None
        try:
            table = self._rebuild(stored)
        except Exception as exc:
            log.error("table %s does not replay: %s", table_id, exc)
            self.skipped[table_id] = f"{type(exc).__name__}: {exc}"
            return None
        table = self.tables.setdefault(table_id, table)
        self._start_table(table)
        return table

    def _start_table(self, table: LiveTable) -> None:
        """Start a table's driver from the event loop or from a worker thread
        (a synchronous route), and try for its lock at once."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            if self.loop is not None:
                self.loop.call_soon_threadsafe(self._start_table, table)
            return
        table.start()
        if self.cluster is not None:
            self.cluster.locks.wake()

    def game(self, name: str) -> Game:
        """The game called ``name`` among those this hub serves; UnknownGame otherwise."""
        try:
            return self.games[name]
        except (KeyError, TypeError):
            raise UnknownGame(name, sorted(self.games)) from None

    def get(self, table_id: str) -> LiveTable:
        """The table, or NotFound."""
        table = self.tables.get(table_id) or self.adopt(table_id)
        if table is None:
            raise NotFound(f"no table {table_id!r}", "no_table")
        return table

    async def get_fresh(self, table_id: str) -> LiveTable:
        """The table as stored now (:meth:`get`): on a shared database this
        instance's copy may lag behind a seat taken or a move made through
        another, so it catches up first; a client's first update and its
        token's seat are then those of the store."""
        table = self.get(table_id)
        if self.store.shared:
            await table.catch_up(quiet=True)
        return table

    def load(self) -> None:
        """Rebuild every stored table by replaying its moves (a table is its record).

        A table that no longer replays (an unknown game, another rules
        version, a corrupt move) is logged and skipped; the others are served.
        """
        for stored in self.store.load_all():
            try:
                table = self._rebuild(stored)
            except Exception as exc:
                reason = f"{type(exc).__name__}: {exc}"
                log.error("table %s (%s) is skipped: it does not replay: %s",
                          stored.row.id, stored.row.game, reason)
                self.skipped[stored.row.id] = reason
                continue
            self.tables[stored.row.id] = table

    def _rebuild(self, stored: StoredTable) -> LiveTable:
        row = stored.row
        game = self.game(row.game)
        if row.version != game.version:
            raise InvalidRecord(f"stored for {game.name} rules version {row.version}, "
                                f"this server plays version {game.version}")
        state = game.new_game(row.num_players, row.seed, row.options)
        seats = [Seat(s.kind, s.bot, s.token_hash, s.name, s.token_gen or 0)
                 for s in stored.seats]
        table = LiveTable(self, row, seats, state)
        table.replay_stored(stored.moves, stored.notes)
        # Restart policy: a deadline keeps its instant. One that passed while the
        # server was down ends the phase at once (the driver calls time first);
        # a table stored without one gets a fresh one from now.
        table.keep_deadline(stored.deadline)
        table.start_clock()
        return table

    def create(self, game_name: str, num_players: int, options: dict[str, Any],
               seats: list[dict[str, Any]], seed: int | None = None,
               bot_delay: float | None = None, move_clock: float | None = None,
               listed: bool = True) -> tuple[LiveTable, dict[int, str], str]:
        """A new table; returns it with the token of each person seat (derived
        from the host token, :func:`seat_token`) and the host token."""
        game = self.game(game_name)
        table_id = secrets.token_hex(8)
        self._check_seats(seats, num_players)
        state = game.new_game(num_players, self.table_seed(table_id, seed, seats), options)
        host = secrets.token_urlsafe(24)
        row = TableRow(id=table_id, game=game.name, version=game.version,
                       num_players=num_players, options=dict(state.options),
                       seed=state.record.seed, created=time.time(),
                       bot_delay=self.bot_delay if bot_delay is None else bot_delay,
                       move_clock=move_clock, host_hash=hash_token(host), listed=listed)
        tokens = {i: seat_token(host, row.id, i, 0) for i, s in enumerate(seats)
                  if s["kind"] == "person"}
        live = [Seat(s["kind"], s.get("bot"), hash_token(tokens[i]) if i in tokens else None)
                for i, s in enumerate(seats)]
        self.store.create_table(row, [SeatRow(table_id=row.id, seat=i, kind=s.kind, bot=s.bot,
                                              token_hash=s.token_hash)
                                      for i, s in enumerate(live)])
        table = LiveTable(self, row, live, state)
        self.tables[row.id] = table
        if seed is not None and state.record.seed == seed and not tokens:
            # no value said: a spectator who knew it would know every bot's hand
            table.note_stored(SEED_AS_CHOSEN, "This table of bots plays the seed its maker "
                              "chose, as chosen")
        table.start_clock()  # a table of bots only starts at once
        if self.cluster is not None:
            self.cluster.locks.wake()
        return table, tokens, host

    async def think(self, spec: str, decide: Callable[..., T], *args: Any) -> T:
        """``decide(*args)`` off the event loop, on the searching bots' threads
        for a search bot (its name in :data:`SEARCH_BOTS`), else on the quick ones."""
        pool = self.search_pool if spec.partition(":")[0].strip() in SEARCH_BOTS \
            else self.quick_pool
        return await asyncio.get_running_loop().run_in_executor(pool, decide, *args)

    def close(self) -> None:
        """Stop the bots' threads (a decision under way finishes first)."""
        self.search_pool.shutdown(wait=False, cancel_futures=True)
        self.quick_pool.shutdown(wait=False, cancel_futures=True)

    def table_seed(self, table_id: str, chosen: int | None,
                   seats: list[dict[str, Any]]) -> int | None:
        """The seed a new table plays: a seed chosen for a table of bots as it
        is (simulations stay reproducible); one chosen for a table with a
        person seat mixed with the server's secret (an HMAC of the table and
        the seed), so that nobody at the table can know its hidden cards from
        it. The seed played is stored, and published with the replay at the
        end. None: the game draws one."""
        if chosen is None or not self.mix_seeds or all(s.get("kind") == "bot" for s in seats):
            return chosen
        digest = hmac.new(self.seed_secret, f"{table_id}:{chosen}".encode(), "sha256").digest()
        return int.from_bytes(digest[:8], "big") >> 1  # 63 bits, as the games' own seeds

    @staticmethod
    def _check_seats(seats: list[dict[str, Any]], num_players: int) -> None:
        if len(seats) != num_players:
            raise BadRequest(f"give {num_players} seats, not {len(seats)}")
        for i, seat in enumerate(seats):
            if seat.get("kind") not in ("person", "bot"):
                raise BadRequest(f"seat {i}: kind must be 'person' or 'bot'")
            if seat["kind"] == "bot":
                check_bot(seat.get("bot") or "")  # names the problem or the bound passed

    async def join(self, table: LiveTable, token: str, name: str) -> int:
        """A person takes their seat under a name."""
        seat = table.acting_seat(token)
        name = clean_text(name, MAX_NAME, "name")
        info = table.seats[seat]
        if info.name is not None and info.name != name:
            raise Conflict(f"seat {seat} is already taken by {info.name}", "seat_taken",
                           seat=seat, name=info.name)
        if info.name is None:
            if table.finished:
                if table.status == "over":
                    raise Conflict("the game is over", "game_over")
                raise Conflict("the table was abandoned by its host", "abandoned")
            key = name_key(name)
            if any(other.name is not None and name_key(other.name) == key
                   for other in table.seats):
                raise Conflict(f"the name {name!r} is already taken at this table: "
                               "choose another", "duplicate_name", name=name)
            was_waiting = table.status == "waiting"
            if not self.store.take_seat(table.id, seat, name):
                await table.catch_up()  # taken first through another instance
                raise Stale(f"seat {seat} was taken meanwhile", "seat_taken", seat=seat,
                            name=table.seats[seat].name)
            info.name = name
            info.away = False
            table.turn_started = time.monotonic()  # no move clock runs before the start
            table.start_clock()  # the first phase's deadline runs from the start
            await table.note("join", f"{name} takes seat {seat}", seat=seat, name=name)
            if was_waiting and table.status == "playing":
                await table.note("start", "Every seat is taken: the game begins")
        table.changed.set()
        return seat

    # ----- the host ---------------------------------------------------------------
    # The creator holds the host token (stored hashed, like seat tokens). Every
    # host action checks it first and changes nothing when refused; each is
    # written in the table's log.

    @staticmethod
    def check_host(table: LiveTable, token: str | None) -> str:
        """The host token if it is this table's; Forbidden otherwise."""
        expected = table.row.host_hash
        if not token or expected is None or not hmac.compare_digest(
                hash_token(token), expected):
            raise Forbidden("only the table's host link may do this", "host_only")
        table.host_seen = time.monotonic()
        return token

    @staticmethod
    def _host_seat(table: LiveTable, seat: int) -> Seat:
        if not 0 <= seat < len(table.seats):
            raise NotFound(f"no seat {seat} at this table (seats 0 to {len(table.seats) - 1})",
                           "no_seat", seat=seat)
        return table.seats[seat]

    @staticmethod
    def _not_finished(table: LiveTable) -> None:
        if table.status == "over":
            raise Conflict("the game is over", "game_over")
        if table.status == "abandoned":
            raise Conflict("the table was abandoned by its host", "abandoned")

    def links(self, table: LiveTable, host_token: str | None) -> dict[str, Any]:
        """Every person seat's link again (derived from the host token), the
        spectator's and the host's own."""
        host = self.check_host(table, host_token)
        seats = {}
        for number, info in enumerate(table.seats):
            if info.kind != "person":
                continue
            token = seat_token(host, table.id, number, info.token_gen)
            if info.token_hash and hmac.compare_digest(hash_token(token), info.token_hash):
                seats[str(number)] = seat_link(table, token)
        return {"seats": seats, "spectator": f"/table/{table.id}",
                "host": f"/table/{table.id}?host={host}"}

    async def replace_by_bot(self, table: LiveTable, host_token: str | None, seat: int,
                             bot: str | None = None) -> None:
        """A bot takes a person's seat; the seat's link stops working at once."""
        self.check_host(table, host_token)
        info = self._host_seat(table, seat)
        self._not_finished(table)
        if info.kind == "bot":
            raise Conflict(f"seat {seat} is already played by a bot")
        spec = bot or HOST_BOT
        check_bot(spec)  # 400 naming a bad spec or the bound passed
        was_waiting = table.status == "waiting"
        label, name = table.seat_label(seat), info.name
        self.store.update_seat(table.id, seat, kind="bot", bot=spec, token_hash=None, name=None)
        info.kind, info.bot, info.token_hash, info.name, info.away = "bot", spec, None, None, False
        await table.evict(seat, "the host gave this seat to a bot: this link no longer works")
        table.start_clock()
        await table.note("host_bot", f"The host gives {label} to a bot", seat=seat,
                         name=name, bot=spec)
        if was_waiting and table.status == "playing":
            await table.note("start", "Every seat is taken: the game begins")
        table.changed.set()

    async def give_back(self, table: LiveTable, host_token: str | None, seat: int) -> str:
        """A bot's seat is a person's again, with a new link (returned); until
        someone sits down the table waits for them (before the first move) or,
        once ``away_after`` has passed as for a person who left, a stand-in
        plays the seat, and the log says so."""
        host = self.check_host(table, host_token)
        info = self._host_seat(table, seat)
        self._not_finished(table)
        if info.kind != "bot":
            raise Conflict(f"seat {seat} is already a person's seat")
        if any(e.kind == SEED_AS_CHOSEN for e in table.log):
            # its maker would know every card a person was dealt (an attack)
            raise Conflict("this table of bots plays the seed its maker chose: its deal is "
                           "known, so it takes no person; make a table with a person seat",
                           "known_deal")
        token = self._new_token(table, host, seat, kind="person", bot=None, name=None)
        info.kind, info.bot, info.name, info.away = "person", None, None, False
        # the host is there (the table plays on), and the open seat's wait
        # for its person (away_after, as for one who left) runs from now
        info.last_seen = time.monotonic()
        await table.note("host_person", f"The host opens Seat {seat} to a person again",
                         seat=seat)
        table.changed.set()
        return seat_link(table, token)

    async def reissue(self, table: LiveTable, host_token: str | None, seat: int) -> str:
        """A person seat gets a new link (returned); the old one stops working
        at once, for open connections too."""
        host = self.check_host(table, host_token)
        info = self._host_seat(table, seat)
        self._not_finished(table)
        if info.kind != "person":
            raise Conflict(f"seat {seat} is a bot's: it has no link")
        token = self._new_token(table, host, seat)
        await table.evict(seat, "the host replaced this seat's link: this one no longer works")
        await table.note("host_token", f"The host gives {table.seat_label(seat)} a new link",
                         seat=seat, name=info.name)
        table.changed.set()
        return seat_link(table, token)

    def _new_token(self, table: LiveTable, host: str, seat: int, **stored: Any) -> str:
        """The seat's next token (its generation bumped, so the old one stops
        matching), stored hashed with ``stored``'s other fields; returned."""
        info = table.seats[seat]
        generation = info.token_gen + 1
        token = seat_token(host, table.id, seat, generation)
        self.store.update_seat(table.id, seat, token_hash=hash_token(token),
                               token_gen=generation, **stored)
        info.token_hash, info.token_gen = hash_token(token), generation
        return token

    async def set_listed(self, table: LiveTable, host_token: str | None, listed: bool) -> None:
        """Show the table in the lobby's list, or keep it private (link only)."""
        self.check_host(table, host_token)
        if table.listed == listed:
            return
        self.store.update_table(table.id, listed=listed)
        table.row.listed = listed
        await table.note("host_listed", "The host lists the table in the lobby" if listed
                         else "The host makes the table private", listed=listed)

    async def abandon(self, table: LiveTable, host_token: str | None) -> None:
        """Stop the game where it is: nothing more is played; its replay stays."""
        self.check_host(table, host_token)
        self._not_finished(table)
        await self._close(table, "host_abandon", "The host abandons the table")

    async def _close(self, table: LiveTable, kind: str, text: str) -> None:
        """Mark the table abandoned (stored), stop its clock, and log why."""
        now = time.time()
        self.store.update_table(table.id, abandoned=True, ended=now)
        table.row.abandoned, table.row.ended = True, now
        table.timing.deadline = None
        await table.note(kind, text)
        table.changed.set()

    async def expire(self) -> list[str]:
        """Close every unfinished table no person has been connected to for
        ``expire_after`` seconds, as its host would abandon it (its replay
        stays, and it leaves the lobby's list after ``list_ended_for``); the
        ids closed."""
        now = time.monotonic()
        closed = []
        for table in list(self.tables.values()):
            idle = table.idle_for(now)
            if (table.finished or idle is None or idle < self.expire_after
                    or not self.drives(table.id)):
                continue
            try:
                await self._close(table, "expired", "Nobody came back to this table: it is "
                                  "closed; its replay stays")
            except StorageUnavailable:
                continue  # tried again at the next sweep
            closed.append(table.id)
        return closed

    async def sweep(self, every: float = SWEEP_EVERY) -> None:
        """Expire idle tables every ``every`` seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except Exception:
                log.exception("the sweep of idle tables failed; trying again later")

    # ----- rematch --------------------------------------------------------------------
    # Any seated person at a finished game may ask for a rematch: the same game,
    # seats (people and bots), options, clocks and listing, with a new seed and
    # the same host token. The first request creates it (the old table's log
    # and updates say so: ``table.rematch``); every request, the first too,
    # gives the asker's seat its token there (:func:`rematch_token`), seated
    # under the name it had. A seat nobody follows waits like any open seat.

    async def rematch(self, table: LiveTable, token: str | None) -> tuple[LiveTable, int, str]:
        """Create the rematch of a finished game if there is none yet, and
        seat the token's holder there: (the new table, the seat, its token)."""
        seat = table.acting_seat(token)
        assert token is not None  # acting_seat refuses spectators
        old = table.seats[seat]
        if old.name is None:
            raise Forbidden("only a seated player may ask for a rematch", "not_seated")
        new = self.tables.get(table.row.rematch or "")
        if new is None:
            if table.status != "over":
                raise Conflict("a rematch is for a finished game", "not_over")
            new = self._create_rematch(table)
            await table.note("rematch", f"{table.seat_label(seat)} starts a rematch",
                             seat=seat, table=new.id)
        info = new.seats[seat]
        if info.kind != "person":
            raise Conflict("a bot plays this seat in the rematch", "rematch_bot_seat", seat=seat)
        fresh = rematch_token(token, new.id, seat)
        digest = hash_token(fresh)
        if info.token_hash is not None:
            if not hmac.compare_digest(info.token_hash, digest):
                raise Conflict("the rematch's host gave this seat another link",
                               "rematch_seat_replaced", seat=seat)
            return new, seat, fresh
        if info.token_gen:
            raise Conflict("the rematch's host gave this seat another link",
                           "rematch_seat_replaced", seat=seat)
        was_waiting = new.status == "waiting"
        self.store.update_seat(new.id, seat, token_hash=digest, name=old.name)
        info.token_hash, info.name = digest, old.name
        new.start_clock()
        await new.note("join", f"{old.name} takes seat {seat}", seat=seat, name=old.name)
        if was_waiting and new.status == "playing":
            await new.note("start", "Every seat is taken: the game begins")
        new.changed.set()
        return new, seat, fresh

    def _create_rematch(self, table: LiveTable) -> LiveTable:
        """The new table (person seats open until followed), stored, linked
        from the old one and started."""
        row, game = table.row, table.state.game
        state = game.new_game(table.state.num_players, None, dict(table.state.options))
        new_row = TableRow(id=secrets.token_hex(8), game=game.name, version=game.version,
                           num_players=state.num_players, options=dict(state.options),
                           seed=state.record.seed, created=time.time(), bot_delay=row.bot_delay,
                           move_clock=row.move_clock, host_hash=row.host_hash,
                           listed=table.listed)
        seats = [Seat(s.kind, s.bot) for s in table.seats]
        self.store.create_table(new_row, [SeatRow(table_id=new_row.id, seat=i, kind=s.kind,
                                                  bot=s.bot) for i, s in enumerate(seats)])
        self.store.update_table(table.id, rematch=new_row.id)
        row.rematch = new_row.id
        new = LiveTable(self, new_row, seats, state)
        # Each person seat waits for the person who had it, under the name the
        # last game showed everyone (its seats list); a note, so that a
        # restart or another instance knows it from the log as this one does.
        names = [s.name if s.kind == "person" else None for s in table.seats]
        kept = [n for n in names if n]
        data = {"table": table.id, "names": names}
        text = f"A rematch of table {table.id}: seats kept for {', '.join(kept) or 'nobody'}"
        new.note_ids.add(self.store.add_note(new.id, 0, "rematch_of", text, data))
        new.log.append(Event("rematch_of", text, data))
        new.keep_names(data)
        self.tables[new_row.id] = new
        new.start_clock()
        self._start_table(new)
        return new

    # ----- the lobby's list ----------------------------------------------------------
    def listing(self, statuses: set[str] | None = None, game: str | None = None,
                ids: list[str] | None = None, now: float | None = None) -> list[LiveTable]:
        """The tables the lobby lists: listed ones, minus finished or abandoned
        ones ended more than ``list_ended_for`` seconds ago; open tables first,
        then newest first. ``ids`` picks tables by id instead, listed or not."""
        now = time.time() if now is None else now
        if ids is not None:
            tables = [self.tables[i] for i in dict.fromkeys(ids) if i in self.tables]
        else:
            tables = [t for t in self.tables.values() if t.listed and not (
                t.finished and (t.row.ended or t.row.created) + self.list_ended_for < now)]
        if statuses:
            tables = [t for t in tables if t.status in statuses]
        if game:
            tables = [t for t in tables if t.state.game.name == game]
        return sorted(tables, key=lambda t: (STATUS_ORDER.index(t.status), -t.row.created))

    async def chat(self, table: LiveTable, token: str | None, text: str,
                   to: int | None) -> dict[str, Any]:
        """Store a message and send it to whoever may read it."""
        seat = table.acting_seat(token)
        text = clean_text(text, MAX_CHAT, "message")
        if to is not None and not 0 <= to < len(table.seats):
            raise BadRequest(f"no seat {to} to send a private message to", "no_seat", seat=to)
        wait = self.chat_limit.take(f"{table.id}:{seat}")
        if wait:
            raise RateLimited(f"too many messages: try again in {math.ceil(wait)} s",
                              "rate_limited", retry_after=math.ceil(wait))
        return await self.post_chat(table, seat, to, text)

    async def post_chat(self, table: LiveTable, seat: int | None, to: int | None,
                        text: str, texts: dict[str, str] | None = None) -> dict[str, Any]:
        """Store a message from ``seat`` (a person's, checked by :meth:`chat`,
        or a bot's remark, ``texts`` its words in each language) and send it
        to whoever may read it."""
        text = clean_text(text, MAX_CHAT, "message")
        if texts is not None:
            texts = {lang: clean_text(words, MAX_CHAT, "message") for lang, words in texts.items()}
        row = await self.store.add_chat(table.id, seat, to, text, texts)
        message = message_json(table, row.id, seat, to, text, row.time, texts)
        await table.send_chat(message)
        if seat is not None and to is None:
            await self.judge(table, seat, text, message["id"])
        return message

    async def judge(self, table: LiveTable, seat: int, text: str,
                    message: int | None = None) -> None:
        """The referee reads a public message by the game's ``judge_chat``
        (Versailles' etiquette, §3) and applies each ruling it finds, through
        :meth:`LiveTable.submit` like a time-up: recorded, replayed, pushed.
        Private messages are not judged: a ruling is public, and would tell
        the table what was said in private. A ruling the game does not take
        now (a game over, a seat not at court) is logged and let go. The
        seats' names, public at the table, go with it: a player called by
        his own name is judged too (docs/rules/versailles.md, E20). After
        each ruling the server's note ``etiquette`` gives the checker's
        explanation (``fr``, ``en``), what was expected instead, and
        ``message``, the id of the chat message ruled on (the page marks
        that message, not another holding the same words)."""
        judge = table.state.game.companions.judge_chat
        if judge is None or table.status != "playing":
            return
        names = [info.name for info in table.seats]
        for fault in judge(table.state.view(seat), seat, text, None, names=names):
            try:
                await table.submit(REFEREE, fault["action"], by="referee")
            except (Conflict, courtly.IllegalAction, ValueError, StorageUnavailable) as exc:
                log.info("table %s: the ruling %s was not taken: %s", table.id,
                         fault["action"], exc)
                continue
            # the checker's explanation after its ruling, for the offender to learn
            # what to say instead (public, as the message and the ruling are)
            advice = {k: v for k, v in fault.items() if k != "action"}
            if message is not None:
                advice["message"] = message
            try:
                await table.note("etiquette", str(fault.get("en", "")), **advice)
            except StorageUnavailable as exc:  # the ruling stands; only its advice is lost
                log.info("table %s: the ruling's advice was not stored: %s", table.id, exc)

    def chat_for(self, table: LiveTable, seat: int | None) -> list[dict[str, Any]]:
        """The messages ``seat`` may read, public ones and private ones to or
        from it: the newest :data:`CHAT_HISTORY`, oldest first."""
        readable = [r for r in self.store.chat(table.id) if may_read(seat, r.seat, r.to)]
        return [message_json(table, r.id, r.seat, r.to, r.text, r.time, r.texts)
                for r in readable[-CHAT_HISTORY:]]


def is_ruling(seat: int, action: Action) -> bool:
    """A referee's entry that is not calling time (a game's ruling)."""
    return seat == REFEREE and not isinstance(action, TimeUp)


def seat_link(table: LiveTable, token: str) -> str:
    """A seat's link (a path on the server)."""
    return f"/table/{table.id}?token={token}"


def may_read(reader: int | None, sender: int | None, to: int | None) -> bool:
    """Spectators read public chat only; a private message is for its two seats."""
    return to is None or (reader is not None and reader in (sender, to))


def message_json(table: LiveTable, mid: int, seat: int | None, to: int | None, text: str,
                 when: float, texts: dict[str, str] | None = None) -> dict[str, Any]:
    """A chat message as clients receive it (``texts``: its words in each
    language it was said in, a bot's remark; null for a person's)."""
    name = table.seats[seat].name if seat is not None else None
    return {"id": mid, "seat": seat, "name": name, "to": to, "text": text, "texts": texts,
            "time": when}

