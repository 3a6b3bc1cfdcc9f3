"""Several instances of the server on one PostgreSQL (issue 14; docs/deploy.md).

Each instance keeps the tables in memory, as a single one does; the database
is what they share. Two things keep them in step:

- **Announcements.** Every write is announced on the channel
  :data:`~courtly.server.storage.CHANNEL` by ``pg_notify`` inside the write's
  own transaction (storage.py), so an announcement exists exactly when the
  write committed. :class:`Listener` hears the others' announcements and the
  hub brings the table up to date, then tells its own clients: a move comes
  with its announcement and is applied as it is when it is the next one
  (PostgreSQL delivers announcements in the order their transactions
  committed); anything else, or a move missed, is read from the database
  (moves after the last it knows, the notes and chat messages named).
  Presence (how many clients each seat has here) is announced too, and again
  every :data:`PRESENCE_EVERY` seconds while it lasts; an instance that stops
  announcing is forgotten after :data:`PRESENCE_TTL` seconds.
- **Locks.** Exactly one instance plays a table's bots, stand-ins and clocks:
  the one holding the table's PostgreSQL advisory lock (:class:`Locks`), on a
  connection of its own. The lock goes with the connection, so when an
  instance dies the database lets its locks go (at once for a killed process;
  within :data:`KEEPALIVE` seconds for a machine that vanished), and another
  instance takes them at its next try (every :data:`LOCK_EVERY` seconds).

Whatever slips between the two (a move made on one instance against a state
another has just changed) is refused by the database itself: a move's number
is unique within its table, so the second write fails, the client is told
``409 stale``, and its instance catches up (hub.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from courtly.server.errors import StorageUnavailable
from courtly.server.storage import CHANNEL, psycopg_url

if TYPE_CHECKING:  # the hub imports this module
    from courtly.server.hub import Hub, LiveTable

log = logging.getLogger(__name__)

#: Seconds between an instance's tries to take the locks of tables nobody drives.
LOCK_EVERY = 1.0
#: Seconds between re-announcements of an instance's clients, and after which
#: another instance's announcement no longer counts (it died or left).
PRESENCE_EVERY, PRESENCE_TTL = 5.0, 15.0
#: Seconds between two announcements of what changed in the presence (every
#: change meanwhile goes in one round trip).
ANNOUNCE_EVERY = 0.2
#: TCP keepalive (idle seconds, interval, count) on the lock connection, both
#: ends: a vanished machine's locks are let go within about 5 + 2 × 3 seconds.
KEEPALIVE = (5, 2, 3)
#: The longest pause (seconds) between tries to reconnect to the database.
RECONNECT_MAX = 10.0


@dataclass(frozen=True)
class Notice:
    """One announcement: ``instance`` changed table ``table`` (``kind``: new,
    move, note, chat, seat, table, clock, presence, seen, bye), with ``data``
    (a note's or message's ``id``, presence counts ``c``, a ``seat``)."""

    instance: str
    table: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


def parse_notice(payload: str) -> Notice | None:
    """The notice in an announcement's payload; None for one not ours."""
    try:
        raw = json.loads(payload)
        return Notice(str(raw.pop("i")), str(raw.pop("t")), str(raw.pop("k")), raw)
    except (ValueError, KeyError, AttributeError, TypeError):
        log.warning("ignored a malformed announcement: %.200s", payload)
        return None


def lock_key(table_id: str) -> int:
    """The table's advisory lock: a signed 64-bit hash of its id (names
    courtly's, so another program's locks on the database do not collide)."""
    digest = hashlib.blake2b(f"courtly-table:{table_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


async def _connect(url: str) -> Any:
    import psycopg

    idle, interval, count = KEEPALIVE
    connection = await psycopg.AsyncConnection.connect(
        url, autocommit=True, keepalives=1, keepalives_idle=idle,
        keepalives_interval=interval, keepalives_count=count)
    # the server's side: a client that vanished is noticed, its locks let go
    for name, value in (("idle", idle), ("interval", interval), ("count", count)):
        await connection.execute(f"SET tcp_keepalives_{name} = {int(value)}")
    return connection


async def _reconnecting(what: str, session: Callable[[Any], Awaitable[None]], url: str,
                        lost: Callable[[], None]) -> None:
    """Run ``session(connection)`` for as long as the server runs, connecting
    again (after a pause doubling up to :data:`RECONNECT_MAX`) when the
    connection fails; ``lost`` is told each time it did."""
    pause = 0.5
    while True:
        try:
            connection = await _connect(url)
            async with connection:
                pause = 0.5
                await session(connection)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("%s: the database connection failed (%s); again in %.1f s",
                        what, exc, pause)
        lost()
        await asyncio.sleep(pause)
        pause = min(pause * 2, RECONNECT_MAX)


class Listener:
    """Hears the other instances' announcements and hands each to ``deliver``
    (on the event loop, in order). After a reconnection, ``resync`` is called
    first: announcements made meanwhile were lost."""

    def __init__(self, url: str, instance: str, deliver: Callable[[Notice], None],
                 resync: Callable[[], None]) -> None:
        self.url, self.instance = psycopg_url(url), instance
        self.deliver, self.resync = deliver, resync
        #: set once the first LISTEN is in place (load tables after it, so
        #: that nothing written meanwhile is missed)
        self.ready = asyncio.Event()
        self._connections = 0

    async def run(self) -> None:
        """Listen until cancelled."""
        await _reconnecting("listener", self._session, self.url, lambda: None)

    async def _session(self, connection: Any) -> None:
        await connection.execute(f"LISTEN {CHANNEL}")
        self._connections += 1
        if self._connections > 1:
            self.resync()
        self.ready.set()
        async for note in connection.notifies():
            notice = parse_notice(note.payload)
            if notice is not None and notice.instance != self.instance:
                try:
                    self.deliver(notice)
                except Exception:
                    log.exception("handling %s failed", notice)


class Locks:
    """Which tables this instance drives: those whose advisory lock it holds.

    Every :data:`LOCK_EVERY` seconds (or at once when :meth:`wake` is called)
    it lets go of tables no longer ``wanted`` (finished) and tries to take the
    others' locks; ``changed`` is told of tables gained or lost (their drivers
    plan again). When the connection fails, every lock is counted lost.
    """

    def __init__(self, url: str, wanted: Callable[[], Iterable[str]],
                 changed: Callable[[Iterable[str]], None]) -> None:
        self.url = psycopg_url(url)
        self.wanted, self.changed = wanted, changed
        self.held: set[str] = set()
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Try now (a table was created or loaded here)."""
        self._wake.set()

    async def run(self) -> None:
        """Hold locks until cancelled."""
        await _reconnecting("locks", self._session, self.url, self._lost)

    def _lost(self) -> None:
        lost, self.held = self.held, set()
        if lost:
            self.changed(lost)

    async def _session(self, connection: Any) -> None:
        while True:
            self._wake.clear()
            await self._tick(connection)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), LOCK_EVERY)

    async def _tick(self, connection: Any) -> None:
        wanted = set(self.wanted())
        done = self.held - wanted
        for table_id in done:
            await connection.execute("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))
        self.held -= done
        keys = {lock_key(t): t for t in wanted - self.held}
        cursor = await connection.execute(
            "SELECT k FROM unnest(%s::bigint[]) AS k WHERE pg_try_advisory_lock(k)",
            (list(keys),))
        gained = {keys[row[0]] for row in await cursor.fetchall()}
        self.held |= gained
        if gained:
            self.changed(gained)


class Cluster:
    """This instance among the others on one database: it hears their
    announcements (:class:`Listener`) and brings the hub's tables up to date,
    holds the locks of the tables it drives (:class:`Locks`), and tells the
    others of its clients (:meth:`heartbeat`)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.listener = Listener(hub.store.url, hub.store.instance, self.deliver, self.resync)
        self.locks = Locks(hub.store.url, self.undecided, self.wake)
        #: What to tell the other instances at the next heartbeat.
        self._presence_due: set[str] = set()
        self._seen_due: set[tuple[str, int]] = set()
        #: ``tell_seen`` runs in worker threads too: the set is swapped under it
        self._seen_lock = threading.Lock()

    async def leave(self) -> None:
        """Tell the others that this instance's clients are gone (it stops)."""
        with contextlib.suppress(StorageUnavailable):
            await self.hub.store.announce([("", "bye", {})])

    def undecided(self) -> list[str]:
        """The tables someone must drive: every unfinished one."""
        return [t.id for t in list(self.hub.tables.values()) if not t.finished]

    def wake(self, table_ids: Iterable[str]) -> None:
        """Tables gained or lost: their drivers plan again."""
        for table_id in table_ids:
            table = self.hub.tables.get(table_id)
            if table is not None:
                table.changed.set()

    def tell_presence(self, table: LiveTable) -> None:
        """Tell the others, at the next :meth:`heartbeat`, how many clients
        each seat of ``table`` has here."""
        self._presence_due.add(table.id)

    def tell_seen(self, table: LiveTable, seat: int) -> None:
        """Tell the others, at the next :meth:`heartbeat`, that a seat's
        client was seen here (may be called from a worker thread)."""
        with self._seen_lock:
            self._seen_due.add((table.id, seat))

    async def heartbeat(self) -> None:
        """Every :data:`ANNOUNCE_EVERY` seconds, tell the other instances in one
        round trip of the presence that changed here and of the seats seen;
        every :data:`PRESENCE_EVERY` seconds, of every table's clients here
        again (an instance that stops is forgotten after PRESENCE_TTL).
        A failure is logged and told again at the next beat."""
        told_all = time.monotonic()
        while True:
            await asyncio.sleep(ANNOUNCE_EVERY)
            if time.monotonic() - told_all >= PRESENCE_EVERY:
                told_all = time.monotonic()
                self._presence_due.update(t.id for t in list(self.hub.tables.values())
                                          if t.clients and not t.finished)
            presence, self._presence_due = self._presence_due, set()
            with self._seen_lock:
                seen, self._seen_due = self._seen_due, set()
            notices: list[tuple[str, str, dict[str, Any]]] = [
                (tid, "presence", {"c": [s.clients for s in self.hub.tables[tid].seats]})
                for tid in presence if tid in self.hub.tables]
            notices += [(tid, "seen", {"seat": seat}) for tid, seat in seen]
            if not notices:
                continue
            try:
                await self.hub.store.announce(notices)
            except StorageUnavailable:
                self._presence_due |= presence
                log.warning("could not tell the other instances of %d changes; "
                            "trying again", len(notices))

    def deliver(self, notice: Notice) -> None:
        """Another instance changed something: bring this one up to date."""
        if notice.kind == "bye":
            for gone in self.hub.tables.values():
                for info in gone.seats:
                    info.remote.pop(notice.instance, None)
                gone.changed.set()
            return
        table = self.hub.tables.get(notice.table)
        if table is None:
            self.hub.adopt(notice.table)
            return
        if notice.kind == "presence":
            self._remote_presence(table, notice)
        elif notice.kind == "seen":
            number = notice.data.get("seat")
            if isinstance(number, int) and 0 <= number < len(table.seats):
                # the instance driving the table brings a seat back from its stand-in
                table.seen(number, time.monotonic(), back=self.hub.drives(table.id))
        elif notice.kind == "chat":
            table.spawn(table.push_chat([notice.data["id"]]))
        elif notice.kind == "move" and "action" in notice.data:
            table.spawn(table.take_move(notice.data))
        else:
            note = notice.data.get("id") if notice.kind == "note" else None
            table.catch_up_soon([note] if isinstance(note, int) else [])

    @staticmethod
    def _remote_presence(table: LiveTable, notice: Notice) -> None:
        counts = notice.data.get("c")
        if not isinstance(counts, list) or len(counts) != len(table.seats):
            return
        now = time.monotonic()
        for seat, count in zip(table.seats, counts, strict=True):
            if isinstance(count, int) and count > 0:
                seat.remote[notice.instance] = (count, now)
                seat.last_seen = now
            elif seat.remote.pop(notice.instance, None) is not None:
                seat.last_seen = now
        table.presence_soon()
        table.changed.set()

    def resync(self) -> None:
        """The listener reconnected (announcements may be lost): catch every
        table up, and load the tables created meanwhile."""
        for table in list(self.hub.tables.values()):
            table.notes_due.clear()
            table.spawn(table.catch_up(every_note=True))
        try:
            known = set(self.hub.tables) | set(self.hub.skipped)
            for table_id in self.hub.store.table_ids():
                if table_id not in known:
                    self.hub.adopt(table_id)
        except StorageUnavailable:
            log.warning("could not list the stored tables after a reconnection")
