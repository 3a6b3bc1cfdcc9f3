"""What a server open to the public sends with every answer, and whom its
WebSocket accepts (issue 14, defect 8).

Every HTTP answer carries a Content-Security-Policy that allows the client's
own files only (no inline script, no other site, no framing), the older
``X-Frame-Options``, ``nosniff``, and ``Referrer-Policy: no-referrer``: a
seat's link holds its token in the address, which must not travel to another
site in a Referer header.

A browser names the page that opens a WebSocket in its ``Origin`` header; the
table's socket accepts the server's own origin and those configured
(``courtly serve --allow-origin``), so another site cannot play a seat with a
token it learned. A client that is not a browser sends no Origin and is
accepted (tokens still decide what it may do).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from courtly.server.errors import BadRequest

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
SendMessage = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, SendMessage], Awaitable[None]]

#: The client is our own module scripts and stylesheet; styles are set through
#: the CSSOM (dom.js), which a strict style-src allows.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
    "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
    "frame-ancestors 'none'"))

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP answer (a plain
    ASGI wrapper: it costs a list append per answer, nothing per WebSocket
    message)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: SendMessage) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()),
                                      *(h for h in HEADERS if h[0] not in names)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def normal_origin(origin: str) -> str:
    """``scheme://host[:port]``, lower case, as browsers send it; ValueError
    for anything else (used on the configured origins)."""
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        raise ValueError(f"an allowed origin is scheme://host[:port], not {origin!r}")
    return f"{parts.scheme}://{parts.netloc}".lower()


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a WebSocket from ``origin`` may connect to a server reached as
    ``host`` (the Host header): no Origin (not a browser), the same host, or a
    configured origin."""
    if origin is None:
        return True
    origin = origin.lower()
    if host is not None and urlsplit(origin).netloc == host.lower():
        return True
    return origin in allowed


# ----- bounded resources (issue 14, defect 6) ----------------------------------------------
#: The largest request body accepted, in bytes: a table's creation, an action
#: or a chat message is a few kilobytes at most.
MAX_BODY = 64 * 1024


class BodyLimit:
    """ASGI middleware refusing a request body over ``limit`` bytes with 413
    (``body_too_large``): by its Content-Length before reading anything; a
    body sent without one (chunked) is read here first, up to the limit, and
    handed on whole (the application cannot tell a cut body from a bad one)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: SendMessage) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None:
            if not declared.isdigit() or int(declared) > self.limit:
                await self._refuse(send)
                return
            await self.app(scope, receive, send)
            return
        read: list[Message] = []
        size = 0
        while True:
            message = await receive()
            read.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return read.pop(0) if read else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: SendMessage) -> None:
        body = json.dumps({"detail": f"a request body has {self.limit} bytes at most",
                           "code": "body_too_large", "params": {"limit": self.limit}}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class RateLimit:
    """A token bucket per client address: ``burst`` at once, then one more
    every ``every`` seconds. ``every=0`` means no limit."""

    def __init__(self, burst: int, every: float, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.burst, self.every, self.clock = burst, every, clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, address: str) -> float:
        """Take one for ``address``: 0 when allowed, else the seconds to wait."""
        if self.every <= 0:
            return 0.0
        now = self.clock()
        tokens, then = self._buckets.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) / self.every)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return (1 - tokens) * self.every
        self._buckets[address] = (tokens - 1, now)
        if len(self._buckets) > 10_000:  # forget addresses whose bucket is full again
            self._forget(now)
        return 0.0

    def _forget(self, now: float) -> None:
        full = [a for a, (t, then) in self._buckets.items()
                if t + (now - then) / self.every >= self.burst]
        for address in full:
            del self._buckets[address]


class SocketLimit:
    """The WebSockets open at once from each client address, ``most`` at most
    (0: no limit): an attack opened hundreds of spectator sockets on a table
    of quick bots, each pushed every move, and slowed every request of the
    server tenfold."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        """One more socket for ``address``, if it has fewer than ``most``."""
        count = self.open.get(address, 0)
        if self.most and count >= self.most:
            return False
        self.open[address] = count + 1
        return True

    def give_back(self, address: str) -> None:
        """A socket of ``address`` closed."""
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)


#: The most a bot a client asks for may spend on one decision (issue 14,
#: defect 1): search time in seconds, iterations, and the turns of lookahead an
#: iteration plays (``rounds``: an attack's 100,000 made each one a whole game,
#: past any time limit). A table's bots share the server's threads with every
#: other table's.
BOT_LIMITS: dict[str, float] = {"seconds": 2.0, "iterations": 5000, "rounds": 4}


def check_bot(spec: str) -> str:
    """``spec`` if the server may run it: a bot that builds (courtly.bots) and
    whose budget parameters lie within :data:`BOT_LIMITS`; else BadRequest
    naming the bound."""
    from courtly.bots import make_bot
    from courtly.bots.registry import parse_spec

    make_bot(spec, seed=0)  # ValueError names an unknown bot or parameter
    _name, params = parse_spec(spec)
    for key, bound in BOT_LIMITS.items():
        if key in params:
            value = float(params[key])  # it built: a number
            if not math.isfinite(value) or value > bound:
                raise BadRequest(f"bot {spec!r}: {key} is {bound:g} at most on this server",
                                 "bot_limit", parameter=key, limit=bound)
    return spec


def timed(spec: str) -> str:
    """``spec`` with the server's time limit a decision when it sets none: a
    bot with a ``seconds`` budget (ISMCTS) left at its game's iterations alone
    could think for many seconds in a large game."""
    import inspect

    from courtly.bots import BOTS
    from courtly.bots.registry import parse_spec

    name, params = parse_spec(spec)
    factory = BOTS.get(name)
    if (factory is None or "seconds" in params
            or "seconds" not in inspect.signature(factory).parameters):
        return spec
    limit = f"seconds={BOT_LIMITS['seconds']:g}"
    return f"{spec},{limit}" if params else f"{name}:{limit}"
