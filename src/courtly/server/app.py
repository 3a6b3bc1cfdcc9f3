"""The FastAPI application: REST for the lobby and state, a WebSocket per
client for pushes, and the browser client's static files (docs/api.md)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import math
import os
import re
import time
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

import courtly
from courtly.bots import BOTS
from courtly.core import REFEREE, Action, Game, redact
from courtly.server.errors import (
    STATUS,
    BadField,
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    RateLimited,
    error_body,
    status_for,
)
from courtly.server.hub import (
    CHAT_EVERY,
    EXPIRE_AFTER,
    LIST_ENDED_FOR,
    STATUS_ORDER,
    UNDO_GRACE,
    Client,
    Hub,
    LiveTable,
    Send,
)
from courtly.server.schema import (
    Act,
    ActMessage,
    ChatMessage,
    Host,
    HostBot,
    HostListed,
    Join,
    NewTable,
    Say,
    Token,
    UndoMessage,
    bad_field,
    parse_message,
)
from courtly.server.security import (
    MAX_BODY,
    BodyLimit,
    RateLimit,
    SecurityHeaders,
    SocketLimit,
    normal_origin,
    origin_allowed,
)
from courtly.server.storage import Store

try:  # newer Starlette raises this on a socket already closed by a failed push
    from starlette.websockets import WebSocketDisconnected
except ImportError:  # pragma: no cover - older Starlette

    class WebSocketDisconnected(Exception):  # type: ignore[no-redef]
        """Never raised by this Starlette."""


DEFAULT_DB = "sqlite:///courtly.db"
#: Tables one client address may create a minute (and at once).
TABLES_PER_MINUTE = 20
#: WebSockets one client address may hold open at once (a household's or a
#: classroom's players and spectators behind one address fit).
SOCKETS_PER_ADDRESS = 32


def create_app(db_url: str | None = None, *, away_after: float = 60.0,
               bot_delay: float = 0.8, games: Mapping[str, Game] | None = None,
               list_ended_for: float = LIST_ENDED_FOR,
               allowed_origins: Iterable[str] = (),
               tables_per_minute: int = TABLES_PER_MINUTE, max_body: int = MAX_BODY,
               pause_after: float | None = None, expire_after: float = EXPIRE_AFTER,
               mix_seeds: bool = True, undo_grace: float = UNDO_GRACE,
               sockets_per_address: int = SOCKETS_PER_ADDRESS, echo: bool = False,
               chat_every: float = CHAT_EVERY) -> FastAPI:
    """The application, on the database at ``db_url`` (default: COURTLY_DB or ./courtly.db).

    ``games`` are served besides (or instead of, by name) ``courtly.GAMES``:
    a test game such as tests/market_game.py, without registering it globally.
    ``list_ended_for``: how long (seconds) a finished or abandoned table stays
    in the lobby's list. ``allowed_origins``: pages of other origins (e.g.
    ``https://play.example.org``) whose WebSockets are accepted besides the
    server's own (security.py); a malformed one raises ValueError.
    ``tables_per_minute``: tables one client address may create a minute (as
    many at once; 0: no limit); ``max_body``: the largest request body, bytes.
    ``pause_after`` / ``expire_after``: seconds with no person connected (or
    seen by token) before a table pauses (default: ``away_after``) / is
    closed (hub.py). ``undo_grace``: seconds a person's forced move waits while
    the person who acted before may still take it back (hub.py).
    ``sockets_per_address``: WebSockets one client address may hold open at
    once (0: no limit). ``chat_every``: seconds between a seat's messages
    once ten are sent (0: no limit; hub.py). ``echo``: serve ``/ws/echo``, the load benchmark's
    bare echo socket (off: it is no part of the game). ``mix_seeds=False`` lets a table
    with person seats play the seed chosen (tests of a known deal only: anyone
    who knows the seed knows every hidden card).
    """
    origins = frozenset(normal_origin(o) for o in allowed_origins)
    store = Store(db_url or os.environ.get("COURTLY_DB") or DEFAULT_DB)
    hub = Hub(store, away_after=away_after, bot_delay=bot_delay, games=games,
              list_ended_for=list_ended_for, pause_after=pause_after, expire_after=expire_after,
              mix_seeds=mix_seeds, undo_grace=undo_grace, chat_every=chat_every)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()
        store.close()

    app = FastAPI(title="courtly", version=courtly.__version__, lifespan=lifespan)
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=max_body)
    app.add_middleware(SecurityHeaders)  # the last added is outermost: on every answer
    creations = RateLimit(tables_per_minute, 60 / tables_per_minute if tables_per_minute else 0)
    app.state.creations, app.state.origins = creations, origins
    _error_handlers(app)
    _lobby_routes(app, hub, creations)
    _table_routes(app, hub)
    _host_routes(app, hub)
    sockets = SocketLimit(sockets_per_address)
    _websocket_route(app, hub, origins, sockets)
    if echo:
        _echo_route(app, origins, sockets)
    _static_routes(app)
    return app


def _error_handlers(app: FastAPI) -> None:
    """Every expected error answers ``{"detail", "code", "params"}`` with its
    status (errors.py)."""

    async def known_error(_request: Request, exc: Exception) -> JSONResponse:
        headers = ({"Retry-After": str(exc.params["retry_after"])}
                   if isinstance(exc, RateLimited) else None)
        return JSONResponse(error_body(exc), status_code=status_for(exc) or 500, headers=headers)

    for kind, _status in STATUS:
        app.add_exception_handler(kind, known_error)

    async def schema_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        # Drop FastAPI's first location part ("body", "query", "path").
        return JSONResponse(error_body(bad_field(exc.errors(), skip=1)), status_code=422)

    app.add_exception_handler(RequestValidationError, schema_error)

    async def bug(request: Request, exc: Exception) -> JSONResponse:
        # Starlette logs the traceback; the client gets the documented shape.
        return JSONResponse({"detail": "the server failed on this request (a bug, logged)",
                             "code": "internal_error", "params": {}}, status_code=500)

    app.add_exception_handler(Exception, bug)


def _game_facts(game: courtly.Game) -> dict[str, Any]:
    """A game's name, title, player range and option specs."""
    return {"name": game.name, "title": game.title, "min_players": game.min_players,
            "max_players": game.max_players,
            "options": {k: spec.to_json() for k, spec in game.options.items()}}


@functools.cache
def _game_document(game: Game) -> tuple[bytes, str]:
    """A game's facts and static data as JSON, and its ETag: built once per game."""
    body = json.dumps(_game_facts(game) | {"data": game.data()}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


def _lobby_routes(app: FastAPI, hub: Hub, creations: RateLimit) -> None:
    @app.get("/api/games")
    def list_games() -> list[dict[str, Any]]:
        """Every game with its player range and options."""
        return [_game_facts(g) for g in hub.games.values()]

    @app.get("/api/games/{name}")
    def game_data(name: str, request: Request) -> Response:
        """One game's facts (as in /api/games) and its static ``data``: cards,
        texts, board. The same for every table, so clients fetch it once; the
        ETag makes a revalidation a 304."""
        game = hub.games.get(name)
        if game is None:
            known = ", ".join(sorted(hub.games))
            raise NotFound(f"no game {name!r}; the games are: {known}", "unknown_game", game=name)
        body, etag = _game_document(game)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        asked = request.headers.get("if-none-match", "")
        if etag in (tag.strip().removeprefix("W/") for tag in asked.split(",")):
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    @app.get("/api/bots")
    def list_bots() -> list[str]:
        """Bot names (parameters go after a colon: ismcts:iterations=400)."""
        return sorted(BOTS)

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: NewTable, request: Request) -> dict[str, Any]:
        """Create a table; the answer holds every person seat's token and the
        host token, once (the host can ask for the seats' links again). A
        client address creates so many tables a minute (429 beyond)."""
        wait = creations.take(request.client.host if request.client else "")
        if wait:
            raise RateLimited(f"too many tables created from this address: try again in "
                              f"{math.ceil(wait)} s", "rate_limited", retry_after=math.ceil(wait))
        table, tokens, host = hub.create(spec.game, spec.num_players, dict(spec.options),
                                         [s.model_dump() for s in spec.seats], spec.seed,
                                         spec.bot_delay, spec.move_clock, spec.listed)
        table.start()
        return {"table": table.info(), "tokens": {str(k): v for k, v in tokens.items()},
                "host_token": host,
                "links": {"seats": {str(k): f"/table/{table.id}?token={v}"
                                    for k, v in tokens.items()},
                          "spectator": f"/table/{table.id}",
                          "host": f"/table/{table.id}?host={host}"}}

    @app.get("/api/tables")
    def list_tables(status: str | None = Query(None, max_length=100),
                    game: str | None = Query(None, max_length=64),
                    ids: str | None = Query(None, max_length=2000),
                    offset: int = Query(0, ge=0), limit: int = Query(20, ge=1, le=100),
                    ) -> dict[str, Any]:
        """A page of the listed tables, open ones first, then newest first;
        ``status`` (comma-separated) and ``game`` filter; ``ids`` (comma-
        separated) gives those tables instead, listed or not."""
        statuses = None
        if status:
            statuses = {s.strip() for s in status.split(",") if s.strip()}
            unknown = statuses - set(STATUS_ORDER)
            if unknown:
                raise ValueError(f"unknown status {', '.join(sorted(unknown))}; "
                                 f"the statuses are: {', '.join(STATUS_ORDER)}")
        if game:
            hub.game(game)  # UnknownGame (400) names the games
        picked = [i.strip() for i in ids.split(",") if i.strip()] if ids is not None else None
        tables = hub.listing(statuses, game, picked)
        return {"tables": [t.info() for t in tables[offset:offset + limit]],
                "total": len(tables), "offset": offset, "limit": limit}


def _table_routes(app: FastAPI, hub: Hub) -> None:
    @app.get("/api/tables/{table_id}")
    def get_table(table_id: str) -> dict[str, Any]:
        """One table's public facts."""
        return hub.get(table_id).info()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: Join) -> dict[str, Any]:
        """Take the token's seat under a name."""
        table = hub.get(table_id)
        seat = await hub.join(table, body.token, body.name)
        return {"seat": seat, "table": table.info()}

    @app.get("/api/tables/{table_id}/state")
    def state(table_id: str, token: str | None = None, since: int = -1) -> dict[str, Any]:
        """The token's seat's update (a spectator's without a token)."""
        table = hub.get(table_id)
        return table.update(table.seat_for(token), since)

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, body: Act) -> dict[str, Any]:
        """Apply an action for the token's seat; answered once it is stored."""
        table = hub.get(table_id)
        seat = table.acting_seat(body.token)
        events, move = await table.submit(seat, body.action)
        visible = [e.for_seat(seat) for e in events]
        return {"accepted": True, "move": move,
                "events": [e.to_json() for e in visible if e is not None]}

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, body: Token) -> dict[str, Any]:
        """Take back the token's seat's last action, where the game allows it
        (``can_undo`` in the seat's update); answered once it is stored."""
        table = hub.get(table_id)
        seat = table.acting_seat(body.token)
        events = await table.undo(seat)
        visible = [e.for_seat(seat) for e in events]
        return {"undone": True, "events": [e.to_json() for e in visible if e is not None]}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: Token) -> dict[str, Any]:
        """The same table again with a new seed, for a seated person at a
        finished game: created by the first request, each request (the first
        too) answers the asker's seat and token there (docs/api.md, "Rematch")."""
        new, seat, token = await hub.rematch(hub.get(table_id), body.token)
        return {"table": new.info(), "seat": seat, "token": token,
                "link": f"/table/{new.id}?token={token}"}

    @app.get("/api/tables/{table_id}/chat")
    def read_chat(table_id: str, token: str | None = None) -> list[dict[str, Any]]:
        """The messages the token's seat (or a spectator) may read."""
        table = hub.get(table_id)
        return hub.chat_for(table, table.seat_for(token))

    @app.post("/api/tables/{table_id}/chat")
    async def say(table_id: str, body: Say) -> dict[str, Any]:
        """Send a message, public or to one seat."""
        return await hub.chat(hub.get(table_id), body.token, body.text, body.to)

    @app.get("/api/tables/{table_id}/replay")
    def replay(table_id: str, step: int = Query(0, ge=0),
               seat: str = "spectator") -> dict[str, Any]:
        """A finished game at any step, from one seat, the spectator, or all seats."""
        return _replay(hub.get(table_id), step, seat)


def _host_routes(app: FastAPI, hub: Hub) -> None:
    """The host's actions: each needs the host token (403 otherwise, nothing changes)."""

    @app.post("/api/tables/{table_id}/host/links")
    def host_links(table_id: str, body: Host) -> dict[str, Any]:
        """Every person seat's link again, the spectator's and the host's."""
        return hub.links(hub.get(table_id), body.host)

    @app.post("/api/tables/{table_id}/host/seats/{seat}/bot")
    async def host_bot(table_id: str, seat: int, body: HostBot) -> dict[str, Any]:
        """A bot takes the seat; its person's link stops working."""
        table = hub.get(table_id)
        await hub.replace_by_bot(table, body.host, seat, body.bot)
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/host/seats/{seat}/person")
    async def host_person(table_id: str, seat: int, body: Host) -> dict[str, Any]:
        """A bot's seat is given (back) to a person: its new link."""
        table = hub.get(table_id)
        link = await hub.give_back(table, body.host, seat)
        return {"link": link, "table": table.info()}

    @app.post("/api/tables/{table_id}/host/seats/{seat}/token")
    async def host_token(table_id: str, seat: int, body: Host) -> dict[str, Any]:
        """A new link for a person seat; the old one stops working at once."""
        table = hub.get(table_id)
        link = await hub.reissue(table, body.host, seat)
        return {"link": link, "table": table.info()}

    @app.post("/api/tables/{table_id}/host/listed")
    async def host_listed(table_id: str, body: HostListed) -> dict[str, Any]:
        """List the table in the lobby, or make it private (reachable by link only)."""
        table = hub.get(table_id)
        await hub.set_listed(table, body.host, body.listed)
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/host/abandon")
    async def host_abandon(table_id: str, body: Host) -> dict[str, Any]:
        """Stop the game where it is; its replay stays."""
        table = hub.get(table_id)
        await hub.abandon(table, body.host)
        return {"table": table.info()}


def _replay(table: LiveTable, step: int, seat: str) -> dict[str, Any]:
    if not table.finished:
        raise Conflict("replays are for finished or abandoned games", "not_finished")
    record = table.state.record
    steps = len(record.actions)
    step = min(step, steps)
    seats: list[int | None]
    if seat == "all":
        seats = list(range(record.num_players))
    elif seat == "spectator":
        seats = [None]
    elif seat.isdigit() and int(seat) < record.num_players:
        seats = [int(seat)]
    else:
        raise ValueError(f"seat must be a seat number, 'spectator' or 'all', not {seat!r}")
    state = table.state.game.new_game(record.num_players, record.seed, record.options)
    events: list[dict[str, Any]] = []  # the game's log to this step, as the point of view saw it
    first = 0  # where the last action's events begin in ``events``
    for who, action in record.actions[:step]:
        made = state.apply(who, action)
        first = len(events)
        for event in made if seat == "all" else redact(made, seats[0]):
            events.append({"index": len(events), **event.to_json()})
    last = record.actions[step - 1] if step else None
    return {"step": step, "steps": steps, "seed": record.seed,
            "action": None if last is None else _replayed_action(
                last[0], last[1], seat == "all", seats[0], events[first:]),
            "views": {("spectator" if s is None else str(s)): state.view(s) for s in seats},
            "events": events}


def _replayed_action(who: int, action: Action, everything: bool, viewer: int | None,
                     seen: list[dict[str, Any]]) -> dict[str, Any]:
    """A replay's last action as its point of view may know it: whole in
    the ``all`` view and to the seat that made it; to any other, only who
    acted and the first of its events as the viewer saw it (``seen``: the
    action's events in the replay's log; ``event`` its index, ``text`` its
    text), as the table told it. An action may hold what none of its events
    shows (a Vive le Roi vote's card behind "Seat 1 has voted", an Ambition
    chosen): an attack found them whole in a seat's replay, when they were
    shown only where no event of the action was hidden."""
    by = "referee" if who == REFEREE else who
    if everything or who == viewer:
        return {"seat": by, "action": action.to_json(), "text": action.describe()}
    return {"seat": by, "action": None, "event": seen[0]["index"] if seen else None,
            "text": seen[0]["text"] if seen else ""}


def _websocket_route(app: FastAPI, hub: Hub, origins: frozenset[str],
                     sockets: SocketLimit) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str, token: str | None = None,
                           since: str = "-1") -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), origins):
            await ws.close(code=4403)  # before accepting: the handshake answers 403
            return
        address = ws.client.host if ws.client else ""
        await ws.accept()
        if not sockets.take(address):
            exc = RateLimited(f"too many connections from this address: {sockets.most} at "
                              "most at once", "too_many_sockets", most=sockets.most)
            await ws.send_json({"type": "error", "status": 429, **error_body(exc)})
            await ws.close(code=4429)
            return
        try:
            await _table_socket(ws, hub, table_id, token, since)
        finally:
            sockets.give_back(address)

    async def _table_socket(ws: WebSocket, hub: Hub, table_id: str, token: str | None,
                            since: str) -> None:
        try:
            seen = _since(since)
            table = await hub.get_fresh(table_id)
            seat = table.seat_for(token)
        except Exception as exc:
            await ws.send_json({"type": "error", "status": status_for(exc), **error_body(exc)})
            await ws.close(code=4000 + (status_for(exc) or 500))
            return
        async def close(detail: str) -> None:
            await ws.send_json({"type": "error", "status": 403,
                                **error_body(Forbidden(detail, "token_replaced"))})
            await ws.close(code=4403)

        send = _stamped(ws)
        client = Client(seat, send, seen=seen, close=close)
        await table.connect(client)
        first = table.update(seat, seen)
        client.seen = first["last_index"]
        await send(first)
        await send({"type": "chat_history", "messages": hub.chat_for(table, seat)})
        heartbeat = _Heartbeat(hub.heartbeat_timeout, send)
        try:
            while True:
                try:
                    message = await heartbeat.receive(ws)
                except BadFrame as exc:  # answered; the connection stays open
                    await send({"type": "error", "status": 400, **error_body(exc)})
                    continue
                if message is not PING:  # JSON null is a message like any other
                    await _handle(send, hub, table, token, message)
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass  # a closed socket, noticed on receive or by a failed push
        except TimeoutError:  # a client that pinged fell silent: its socket is dead
            with contextlib.suppress(Exception):  # already gone
                await ws.close(code=4100)
        finally:
            table.disconnect(client)


def _echo_route(app: FastAPI, origins: frozenset[str], sockets: SocketLimit) -> None:
    """``/ws/echo``, a bare echo on the same stack: the load benchmark's
    reference (``courtly serve --echo``), under the table sockets' origin check
    and limit; a frame that is not JSON closes it (it had answered with a
    traceback in the log, an attack's 980 frames 5.4 MB of it)."""

    @app.websocket("/ws/echo")
    async def echo(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), origins):
            await ws.close(code=4403)
            return
        address = ws.client.host if ws.client else ""
        if not sockets.take(address):
            await ws.close(code=4429)
            return
        await ws.accept()
        try:
            while True:
                await ws.send_json(await ws.receive_json())
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass
        except (ValueError, KeyError):  # not one JSON text frame
            with contextlib.suppress(Exception):
                await ws.close(code=4400)
        finally:
            sockets.give_back(address)


def _since(text: str) -> int:
    """The socket's ``since`` (the last event index a client saw), named in the
    error when it is not a whole number (a query parameter is text; the
    WebSocket's own validation would only close the handshake)."""
    if re.fullmatch(r"-?[0-9]{1,18}", text) is None:
        raise BadField(f"since: {text!r} is not a whole number", field="since",
                       problem="not a whole number")
    return int(text)


def _stamped(ws: WebSocket) -> Send:
    """Send JSON with the server's time of sending (``server_time``, epoch
    seconds): clients count deadlines from it, whatever their own clock says."""

    async def send(message: dict[str, Any]) -> None:
        await ws.send_json({**message, "server_time": round(time.time(), 3)})

    return send


class BadFrame(BadRequest):
    """A WebSocket frame that is not one JSON text (binary, cut short, nested
    too deep): refused with a 400 error message; the connection stays open."""


def parse_frame(frame: Mapping[str, Any]) -> Any:
    """The JSON value of a received text frame, or :class:`BadFrame`."""
    text = frame.get("text")
    if text is None:
        raise BadFrame("a message is one JSON text frame, not binary", "bad_frame")
    try:
        return json.loads(text)
    except RecursionError:
        raise BadFrame("the message's JSON is nested too deep", "bad_frame") from None
    except ValueError as exc:
        raise BadFrame(f"the message is not JSON: {exc}", "bad_frame") from None


#: What :meth:`_Heartbeat.receive` returns for a ping it answered.
PING = object()


class _Heartbeat:
    """Dead sockets: a client may send ``{type: "ping"}`` (the browser does every
    5 s); it is answered ``{type: "pong", server_time}`` at once. From its first
    ping on, a client silent for ``hub.heartbeat_timeout`` seconds is counted gone
    (TimeoutError) and its socket closed. Clients that never ping are not timed."""

    def __init__(self, timeout: float, send: Send) -> None:
        self.timeout = timeout
        self.send = send
        self.pinged = False

    async def receive(self, ws: WebSocket) -> Any:
        """The next message, :data:`PING` for a ping (answered here); a frame that is
        not a JSON text raises :class:`BadFrame`."""
        timeout = self.timeout if self.pinged else None
        frame = await asyncio.wait_for(ws.receive(), timeout=timeout)
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000), frame.get("reason"))
        message = parse_frame(frame)
        if message == {"type": "ping"}:  # anything more is checked as a message
            self.pinged = True
            await self.send({"type": "pong"})
            return PING
        return message


async def _handle(send: Send, hub: Hub, table: LiveTable, token: str | None,
                  message: Any) -> None:
    """One client message: act, undo or chat; errors go back to that client only.
    An accepted act or undo is answered ``{type: "accepted", of}`` after its
    update, so the client knows which update carries its own move."""
    try:
        parsed = parse_message(message)
        if isinstance(parsed, ActMessage):
            await table.submit(table.acting_seat(token), parsed.action)
            await send({"type": "accepted", "of": "act"})
        elif isinstance(parsed, UndoMessage):
            await table.undo(table.acting_seat(token))
            await send({"type": "accepted", "of": "undo"})
        elif isinstance(parsed, ChatMessage):
            await hub.chat(table, token, parsed.text, parsed.to)
    except Exception as exc:
        status = status_for(exc)
        if status is None:
            raise
        await send({"type": "error", "status": status, **error_body(exc)})


def _static_routes(app: FastAPI) -> None:
    web = resources.files("courtly") / "web"
    if not web.is_dir():
        return
    # The client's files are revalidated on every load (a cheap 304 while
    # unchanged), so a browser never mixes modules of two installed versions.
    revalidate = {"Cache-Control": "no-cache"}

    class Revalidated(StaticFiles):
        def file_response(self, *args: Any, **kwargs: Any) -> Any:
            response = super().file_response(*args, **kwargs)
            response.headers.update(revalidate)
            return response

    app.mount("/static", Revalidated(directory=str(web)), name="static")

    # HEAD as well as GET: uptime checks and link previews probe pages with it.
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(str(web / "index.html"), headers=revalidate)

    @app.api_route("/table/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(web / "table.html"), headers=revalidate)
