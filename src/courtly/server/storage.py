"""Storage (SQLAlchemy): tables, seats, moves, notes, clocks and chat. SQLite by
default, any SQLAlchemy URL (PostgreSQL) by option or COURTLY_DB.

A table is its record: the seed and the moves rebuild the game by replay.

The schema is versioned with Alembic (courtly/server/migrations): the store
upgrades every database it opens to the newest revision (:func:`upgrade`). A
database written before the revisions began (no ``alembic_version`` table)
first gets the tables and columns it lacks (:func:`migrate`: columns only
added, always nullable) and is stamped with the baseline, so a database made
by any older courtly opens, upgraded, with every table on it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    inspect,
    select,
    update,
)
from sqlalchemy import (
    text as sql_text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from courtly.server.errors import Stale, StorageUnavailable

log = logging.getLogger(__name__)
#: What a client is told when a write failed (docs/api.md, "Errors").
UNAVAILABLE = "the server could not store this move; nothing changed; try again"
#: What a client is told when another instance changed the table first.
STALE = ("the table moved on before this was stored (another server changed it first); "
         "nothing changed; look again and act on what you see")
#: The PostgreSQL channel on which every instance announces its writes
#: (cluster.py): ``{"i": instance, "t": table, "k": kind, ...}``.
CHANNEL = "courtly"


def notice(instance: str, table_id: str, kind: str, **data: Any) -> str:
    """An announcement's payload (cluster.parse_notice reads it back)."""
    return json.dumps({"i": instance, "t": table_id, "k": kind, **data})


def psycopg_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL (``postgresql+psycopg://...``) as libpq reads it."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


#: The longest announcement that carries a move itself, in bytes (PostgreSQL
#: takes payloads under 8,000); a longer move is announced by its number.
NOTICE_MAX = 7000


class Base(DeclarativeBase):
    """Declarative base of courtly's tables."""


class TableRow(Base):
    """A game table: which game, with whom, from which seed."""

    __tablename__ = "courtly_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(16))
    num_players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    bot_delay: Mapped[float] = mapped_column(Float)
    move_clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    created: Mapped[float] = mapped_column(Float)
    # Added with hosts (issue 12); null in a table stored before them.
    #: SHA-256 of the host token; null: a table without a host.
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: Listed in the lobby (null: listed, as every table was before).
    listed: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    #: When the game ended or was abandoned (epoch seconds).
    ended: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: Abandoned by its host (the game stops where it is).
    abandoned: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    #: The id of this table's rematch, once a seated person asked for one.
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)


class SeatRow(Base):
    """One seat: a person (token hash, name once taken) or a bot (its spec)."""

    __tablename__ = "courtly_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("courtly_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    #: How many times the host re-issued the seat's token (null: never; a
    #: seat token is derived from the host token and this number).
    token_gen: Mapped[int | None] = mapped_column(Integer, nullable=True)


class MoveRow(Base):
    """An accepted action, numbered from 0 within its table; ``seat`` is
    :data:`courtly.REFEREE` (-1) for the referee's TimeUp (``by`` "referee").
    ``by`` "undo": ``seat`` took back its last action (State.undo) — the row
    of that action stays, so the log replays as it was seen; the record
    does not hold it."""

    __tablename__ = "courtly_moves"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("courtly_tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(16))


class NoteRow(Base):
    """A line of the table's log from the server (joins, absences, stand-ins),
    placed before move number ``before``."""

    __tablename__ = "courtly_notes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("courtly_tables.id"), index=True)
    before: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    text: Mapped[str] = mapped_column(Text)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class ClockRow(Base):
    """The deadline of a table's timed phase: the phase that began after
    ``since`` moves ends at ``deadline`` (epoch seconds). One row a table,
    replaced in the same transaction as the move that opens the next timed
    phase; a table without one (stored before clocks existed) gets a fresh one."""

    __tablename__ = "courtly_clocks"
    table_id: Mapped[str] = mapped_column(ForeignKey("courtly_tables.id"), primary_key=True)
    since: Mapped[int] = mapped_column(Integer)
    deadline: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """A chat message: public (``to`` null) or private to one seat."""

    __tablename__ = "courtly_chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("courtly_tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    to: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    time: Mapped[float] = mapped_column(Float)
    #: The text in each language it was said in (a bot's remark: ``{"en": ..,
    #: "fr": ..}``, ``text`` being both on one line); null for a person's.
    texts: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)


def hash_token(token: str) -> str:
    """What is stored of a seat token: its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredTable:
    """Everything stored about one table, to rebuild it."""

    row: TableRow
    seats: list[SeatRow]
    moves: list[MoveRow]
    notes: list[NoteRow]
    clock: ClockRow | None = None

    @property
    def deadline(self) -> tuple[int, float] | None:
        """The stored clock as ``(since, deadline)``, if any."""
        return None if self.clock is None else (self.clock.since, self.clock.deadline)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL survives a killed process (a committed move
    # is in the log) and is much faster than the default rollback journal.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The database behind the server."""

    def __init__(self, url: str) -> None:
        # pre_ping: a connection the database dropped is replaced before use
        self.engine: Engine = create_engine(url, pool_pre_ping=True)
        self.url = url
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        #: Several instances may share this database (PostgreSQL): every
        #: write is announced on :data:`CHANNEL` in its own transaction.
        self.shared = self.engine.dialect.name == "postgresql"
        #: This process's name in the announcements (new at every start).
        self.instance = secrets.token_hex(6)
        #: PostgreSQL: moves, chat messages and announcements are written by
        #: psycopg's asynchronous driver (:class:`FastWrites`), so the event
        #: loop serves other clients while the database answers. SQLite
        #: writes in-process, in the ORM's sessions like every other write.
        self.fast: FastWrites | None = FastWrites(url, self.instance) if self.shared else None

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session committed at the end of the block, rolled back on error.
        A database error (a full disk, a read-only file, a lost connection)
        becomes :class:`StorageUnavailable`, and the pool's connections are
        let go, so that the next request opens fresh ones and the server
        recovers by itself once the database takes writes again."""
        try:
            with self._sessions.begin() as session:
                yield session
        except (SQLAlchemyError, OSError) as exc:
            self.engine.dispose()
            raise _refusal(exc) from exc

    def create_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        """Store a new table and its seats."""
        with self.session() as s:
            s.add(row)
            s.flush()
            s.add_all(seats)
            self._announce(s, row.id, "new")

    def take_seat(self, table_id: str, seat: int, name: str) -> bool:
        """Record the name under which a person took a seat, if nobody took it
        first (another instance); whether it was recorded."""
        with self.session() as s:
            done = s.execute(update(SeatRow).where(
                SeatRow.table_id == table_id, SeatRow.seat == seat,
                SeatRow.name.is_(None)).values(name=name))
            self._announce(s, table_id, "seat")
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Change a seat's stored columns (kind, bot, token_hash, name, token_gen)."""
        with self.session() as s:
            row = s.get(SeatRow, (table_id, seat))
            assert row is not None
            for key, value in values.items():
                setattr(row, key, value)
            self._announce(s, table_id, "seat")

    def update_table(self, table_id: str, **values: Any) -> None:
        """Change a table's stored columns (listed, ended, abandoned, rematch)."""
        with self.session() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            for key, value in values.items():
                setattr(row, key, value)
            self._announce(s, table_id, "table")

    async def add_move(self, table_id: str, number: int, seat: int, action: dict[str, Any],
                       by: str, clock: tuple[int, float] | None = None,
                       ended: float | None = None) -> None:
        """Store an accepted action (committed when this returns), with the
        deadline ``(since, deadline)`` of the timed phase it opens, if any, and
        the time the game ended if this move ends it."""
        if self.fast is not None:
            await self.fast.add_move(table_id, number, seat, json.dumps(action, sort_keys=True),
                                     by, clock, ended)
            return
        with self.session() as s:
            self._add_move(s, table_id, number, seat, action, by, clock, ended)

    def _add_move(self, s: Session, table_id: str, number: int, seat: int,
                  action: dict[str, Any], by: str, clock: tuple[int, float] | None,
                  ended: float | None) -> None:
        s.add(MoveRow(table_id=table_id, number=number, seat=seat,
                      action=json.dumps(action, sort_keys=True), by=by))
        if ended is not None:
            row = s.get(TableRow, table_id)
            assert row is not None
            row.ended = ended
        if clock is not None:
            self._put_clock(s, table_id, clock)
        self._announce(s, table_id, "move", n=number)

    def set_clock(self, table_id: str, clock: tuple[int, float]) -> None:
        """Store the deadline of a timed phase that began without a move (the start)."""
        with self.session() as s:
            self._put_clock(s, table_id, clock)
            self._announce(s, table_id, "clock")

    @staticmethod
    def _put_clock(s: Session, table_id: str, clock: tuple[int, float]) -> None:
        row = s.get(ClockRow, table_id)
        if row is None:
            s.add(ClockRow(table_id=table_id, since=clock[0], deadline=clock[1]))
        else:
            row.since, row.deadline = clock

    def add_note(self, table_id: str, before: int, kind: str, text: str,
                 data: dict[str, Any]) -> int:
        """Store a server line of the log; its id."""
        with self.session() as s:
            row = NoteRow(table_id=table_id, before=before, kind=kind, text=text, data=data)
            s.add(row)
            s.flush()
            self._announce(s, table_id, "note", id=row.id)
            return row.id

    async def add_chat(self, table_id: str, seat: int | None, to: int | None,
                       text: str, texts: dict[str, str] | None = None) -> ChatRow:
        """Store a chat message (with ``texts``, its text in each language it
        was said in) and return it."""
        if self.fast is not None:
            return await self.fast.add_chat(table_id, seat, to, text, texts)
        with self.session() as s:
            return self._add_chat(s, table_id, seat, to, text, texts)

    def _add_chat(self, s: Session, table_id: str, seat: int | None, to: int | None,
                  text: str, texts: dict[str, str] | None = None) -> ChatRow:
        row = ChatRow(table_id=table_id, seat=seat, to=to, text=text, time=time.time(),
                      texts=texts)
        s.add(row)
        s.flush()
        self._announce(s, table_id, "chat", id=row.id)
        return row

    def chat_rows(self, ids: Iterable[int]) -> list[ChatRow]:
        """The chat messages with these ids, oldest first."""
        with self.session() as s:
            return list(s.scalars(select(ChatRow).where(ChatRow.id.in_(list(ids)))
                                  .order_by(ChatRow.id)))

    def _announce(self, session: Session, table_id: str, kind: str, **data: Any) -> None:
        """Tell the other instances (cluster.py) that ``table_id`` changed:
        sent by PostgreSQL when, and only if, this transaction commits."""
        if self.shared:
            payload = notice(self.instance, table_id, kind, **data)
            session.execute(sql_text("SELECT pg_notify(:channel, :payload)"),
                      {"channel": CHANNEL, "payload": payload})

    async def announce(self, notices: list[tuple[str, str, dict[str, Any]]]) -> None:
        """Announce what is not stored (presence: ``(table, kind, data)``
        each) to the other instances, all in one round trip."""
        if self.fast is not None and notices:
            await self.fast.announce(notices)

    def chat(self, table_id: str) -> list[ChatRow]:
        """Every message of a table, oldest first."""
        with self.session() as s:
            return list(s.scalars(select(ChatRow).where(ChatRow.table_id == table_id)
                                  .order_by(ChatRow.id)))

    def load_all(self) -> list[StoredTable]:
        """Every table with its seats, moves and notes, in creation order."""
        with self.session() as s:
            tables = list(s.scalars(select(TableRow).order_by(TableRow.created)))
            seats = _group(s.scalars(select(SeatRow).order_by(SeatRow.seat)))
            moves = _group(s.scalars(select(MoveRow).order_by(MoveRow.number)))
            notes = _group(s.scalars(select(NoteRow).order_by(NoteRow.id)))
            clocks = {c.table_id: c for c in s.scalars(select(ClockRow))}
            return [StoredTable(t, seats.get(t.id, []), moves.get(t.id, []), notes.get(t.id, []),
                                clocks.get(t.id)) for t in tables]

    def load_table(self, table_id: str, moves_from: int = 0,
                   notes: Iterable[int] | None = None) -> StoredTable | None:
        """One table as stored now (None: no such table), with its moves
        numbered ``moves_from`` or more and its notes (only those with the
        ids ``notes``, if given): what another instance wrote since this one
        last looked (cluster.py)."""
        with self.session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                                   .order_by(SeatRow.seat)))
            moves = list(s.scalars(select(MoveRow).where(
                MoveRow.table_id == table_id, MoveRow.number >= moves_from)
                .order_by(MoveRow.number)))
            query = select(NoteRow).where(NoteRow.table_id == table_id)
            if notes is not None:
                query = query.where(NoteRow.id.in_(list(notes)))
            return StoredTable(row, seats, moves, list(s.scalars(query.order_by(NoteRow.id))),
                               s.get(ClockRow, table_id))

    def table_ids(self) -> list[str]:
        """The id of every stored table."""
        with self.session() as s:
            return list(s.scalars(select(TableRow.id)))

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    async def open(self) -> None:
        """Open the asynchronous driver's connections (on the event loop that uses them)."""
        if self.fast is not None:
            await self.fast.open()

    async def aclose(self) -> None:
        """Release the asynchronous driver's connections (on their event loop)."""
        if self.fast is not None:
            await self.fast.close()


class FastWrites:
    """The writes made at every move on PostgreSQL, each one statement sent
    by psycopg's asynchronous driver from a small pool of connections in
    autocommit: the row, what the move changes besides (the clock, the end),
    and its announcement (``pg_notify``), atomic and in one round trip.
    Measured (benchmarks/README.md): about 0.2 ms a move, where the ORM's
    transaction took 2.5 ms, blocking the event loop."""

    #: connections kept open, and at most
    MIN_CONNECTIONS, MAX_CONNECTIONS = 1, 4
    #: seconds a write waits for a connection before the store counts as unavailable
    WAIT = 5.0

    def __init__(self, url: str, instance: str) -> None:
        from psycopg_pool import AsyncConnectionPool

        self.instance = instance
        self.pool = AsyncConnectionPool(psycopg_url(url), min_size=self.MIN_CONNECTIONS,
                                        max_size=self.MAX_CONNECTIONS, open=False,
                                        timeout=self.WAIT, kwargs={"autocommit": True})

    async def open(self) -> None:
        """Open the pool (in the event loop that will use it)."""
        await self.pool.open()

    async def close(self) -> None:
        """Close the pool's connections."""
        await self.pool.close()

    async def _run(self, statement: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        """Execute one statement; a unique key taken first is :class:`Stale`,
        any other failure the store unavailable (the pool replaces a broken
        connection, so the next write tries a fresh one)."""
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            async with self.pool.connection() as connection:
                try:
                    cursor = await connection.execute(statement, params)
                    return await cursor.fetchall()
                except psycopg.errors.IntegrityError as exc:
                    log.info("stale write refused: %s", exc)
                    raise Stale(STALE) from exc
                except psycopg.Error:
                    # a session that refused a write may go on refusing (one
                    # opened read-only): the pool replaces it with a new one
                    await connection.close()
                    raise
        except (psycopg.Error, PoolTimeout, OSError) as exc:
            log.warning("database error: %s", exc)
            raise StorageUnavailable(UNAVAILABLE) from exc

    async def add_move(self, table_id: str, number: int, seat: int, action: str, by: str,
                       clock: tuple[int, float] | None, ended: float | None) -> None:
        """Store.add_move's rows and announcement, in one statement."""
        parts = ['m AS (INSERT INTO courtly_moves (table_id, number, seat, action, "by") '
                 "VALUES (%(t)s, %(n)s, %(seat)s, %(action)s, %(by)s) RETURNING number)"]
        payload = notice(self.instance, table_id, "move", n=number, seat=seat, action=action,
                         by=by, clock=clock, ended=ended)
        if len(payload.encode()) > NOTICE_MAX:  # the others read it from the table instead
            payload = notice(self.instance, table_id, "move", n=number)
        params: dict[str, Any] = {"t": table_id, "n": number, "seat": seat, "action": action,
                                  "by": by, "channel": CHANNEL, "payload": payload}
        if clock is not None:
            parts.append("c AS (INSERT INTO courtly_clocks (table_id, since, deadline) "
                         "VALUES (%(t)s, %(since)s, %(deadline)s) ON CONFLICT (table_id) "
                         "DO UPDATE SET since = EXCLUDED.since, deadline = EXCLUDED.deadline)")
            params["since"], params["deadline"] = clock
        if ended is not None:
            parts.append("e AS (UPDATE courtly_tables SET ended = %(ended)s WHERE id = %(t)s)")
            params["ended"] = ended
        await self._run("WITH " + ", ".join(parts)
                        + " SELECT pg_notify(%(channel)s, %(payload)s) FROM m", params)

    async def add_chat(self, table_id: str, seat: int | None, to: int | None,
                       text: str, texts: dict[str, str] | None = None) -> ChatRow:
        """Store.add_chat's row and announcement, in one statement."""
        when = time.time()
        rows = await self._run(
            'WITH c AS (INSERT INTO courtly_chat (table_id, seat, "to", text, time, texts) '
            "VALUES (%(t)s, %(seat)s, %(to)s, %(text)s, %(time)s, %(texts)s::json) RETURNING id) "
            "SELECT id, pg_notify(%(channel)s, json_build_object('i', %(i)s::text, "
            "'t', %(t)s::text, 'k', 'chat', 'id', id)::text) FROM c",
            {"t": table_id, "seat": seat, "to": to, "text": text, "time": when,
             "texts": None if texts is None else json.dumps(texts),
             "channel": CHANNEL, "i": self.instance})
        return ChatRow(id=rows[0][0], table_id=table_id, seat=seat, to=to, text=text, time=when,
                       texts=texts)

    async def announce(self, notices: list[tuple[str, str, dict[str, Any]]]) -> None:
        """Store.announce's notices, in one statement."""
        payloads = [notice(self.instance, table_id, kind, **data)
                    for table_id, kind, data in notices]
        await self._run("SELECT pg_notify(%(channel)s, p) FROM unnest(%(payloads)s::text[]) p",
                        {"channel": CHANNEL, "payloads": payloads})


def _refusal(exc: BaseException) -> Stale | StorageUnavailable:
    """What a failed write is for the client: a move's number (or a seat)
    another instance took first is stale; anything else (a full disk, a
    read-only file, a lost connection) is the store unavailable."""
    if isinstance(exc, IntegrityError):
        log.info("stale write refused: %s", exc.orig)
        return Stale(STALE)
    log.warning("database error: %s", exc)
    return StorageUnavailable(UNAVAILABLE)


#: The revision a database written before Alembic is at, once :func:`migrate`
#: has run on it (migrations/versions/0001_baseline.py).
BASELINE = "0001"


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision: an empty one is created by
    the revisions; one written before them is completed by :func:`migrate`
    and stamped :data:`BASELINE` first."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "courtly.server:migrations")
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        names = set(inspect(connection).get_table_names())
        if "courtly_tables" in names and "alembic_version" not in names:
            Base.metadata.create_all(connection)  # the baseline's tables it lacks
            for column in migrate(connection):
                log.info("database column added: %s", column)
            command.stamp(config, BASELINE)
        command.upgrade(config, "head")


def migrate(connection: Connection) -> list[str]:
    """Add the columns of the models that a database written before the
    revisions lacks (each is nullable, so old rows stay valid); returns them
    as ``table.column``."""
    added = []
    existing_tables = set(inspect(connection).get_table_names())
    dialect = connection.dialect
    for table in Base.metadata.sorted_tables:
        if table.name not in existing_tables:
            continue
        have = {c["name"] for c in inspect(connection).get_columns(table.name)}
        for column in table.columns:
            if column.name in have:
                continue
            if not column.nullable:
                raise RuntimeError(f"cannot add the non-null column {table.name}.{column.name}"
                                   " to an existing database")
            kind = column.type.compile(dialect=dialect)
            quote = dialect.identifier_preparer.quote
            connection.exec_driver_sql(
                f"ALTER TABLE {quote(table.name)} ADD COLUMN {quote(column.name)} {kind}")
            added.append(f"{table.name}.{column.name}")
    return added


def _group(rows: Any) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for row in rows:
        out.setdefault(row.table_id, []).append(row)
    return out
