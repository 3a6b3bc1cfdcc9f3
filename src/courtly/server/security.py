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

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

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
