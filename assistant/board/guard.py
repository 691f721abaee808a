"""The board's bounds, for a page anyone on the local network can reach (`--board 0.0.0.0:PORT`).

- `BoundedH11`: uvicorn's h11 protocol with a connection cap (overall and per device) and a deadline
  for each request's headers (a slowloris connection, or one that sends nothing, is closed);
- `Guard`: an ASGI front that refuses a Host header naming another site (DNS rebinding) and puts the
  security headers on every answer, 404 and 405 included;
- `quiet_loop_errors`: accept errors (descriptors exhausted) logged once a minute, without traceback;
- `game_file`: a game's board file is served only under a plain name (no folder, no "..").
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import resource
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 96
"""Open connections at most (a TV, a dozen phones with a stream and a page load each fit easily)."""
MAX_PER_CLIENT = 16
"""Open connections at most from one address (a browser opens six per site)."""
HEADER_SECONDS = 10.0
"""A request's line and headers must arrive within this time of the connection or the last answer."""
KEEP_ALIVE_SECONDS = 5
"""An idle connection between two requests is closed after this long (uvicorn's timeout_keep_alive)."""
MAX_HEADER_BYTES = 8 * 1024
"""Bytes a request's line and headers may take (h11's incomplete event size)."""
QUIET_SECONDS = 60.0
"""The same loop error is logged at most once in this time."""
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-cache",
}
"""Sent with every answer: no inline script can run even if a name slipped into markup."""
ENCODED_HEADERS = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]
"""The same, as ASGI header pairs."""


PLAIN_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
"""A game's name and a board file's name before its ending: nothing that could name another folder."""
GAME_FILE_TYPES: dict[str, str] = {
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
}
"""The kinds of file a game may add to the page, by ending, and their types."""


def connection_cap() -> int:
    """MAX_CONNECTIONS, or a quarter of the descriptors this process may open if that is fewer (the
    board must never be what exhausts them: `prlimit --nofile=64` leaves it 16)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(4, min(MAX_CONNECTIONS, soft // 4))


class BoundedH11(H11Protocol):
    """uvicorn's h11 protocol, bounded: over the cap a connection is closed at once, and a request
    whose headers take longer than HEADER_SECONDS is closed without an answer."""

    cap = MAX_CONNECTIONS
    """Connections at most (set from `connection_cap` when the server is made)."""
    per_client = MAX_PER_CLIENT
    """Connections at most from one address."""
    header_seconds = HEADER_SECONDS
    """The headers' deadline (tests shorten it)."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        same = sum(1 for c in self.connections if isinstance(c, BoundedH11) and c._address() == address)
        if len(self.connections) > self.cap or same > self.per_client:
            transport.abort()
            return
        self._arm()

    def _address(self) -> str | None:
        return self.client[0] if self.client else None

    def _busy(self) -> bool:
        """A request is being answered (its headers arrived): a stream may stay open."""
        return self.cycle is not None and not self.cycle.response_complete

    def _arm(self) -> None:
        if self._deadline is None and not self._busy():
            self._deadline = self.loop.call_later(self.header_seconds, self._expire)

    def _expire(self) -> None:
        self._deadline = None
        if not self._busy() and not self.transport.is_closing():
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        self._arm()  # the deadline runs from the first byte of a request, not from each byte
        super().data_received(data)
        if self._busy() and self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """A malformed request: closed without an answer (uvicorn's would lack the security headers)."""
        self.transport.abort()


def game_file(game: str, name: str) -> tuple[str, str]:
    """The address a game's board file is served at ("/games/<game>/<name>") and its type; a ValueError
    for a game or file name that is not plain (a folder, "..", an ending other than .js or .css), so
    no file outside the game's own package is ever read or served."""
    stem, dot, ending = name.rpartition(".")
    kind = GAME_FILE_TYPES.get(ending) if dot else None
    if kind is None or not PLAIN_NAME.fullmatch(stem) or not PLAIN_NAME.fullmatch(game):
        raise ValueError(f"not a plain board file name: {game!r}, {name!r}")
    return f"/games/{game}/{name}", kind


def allowed_host(host: str, port: int, names: Iterable[str]) -> bool:
    """The Host header names this server: an address (a rebinding site cannot use one), localhost, or
    this machine's name, with the served port."""
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        given = rest.removeprefix(":")
    else:
        name, colon, given = host.rpartition(":")
        if not colon:
            name, given = host, ""
    if given != str(port) and (given or port != 80):
        return False
    bare = name.lower().rstrip(".")
    try:
        ipaddress.ip_address(bare)
        return True
    except ValueError:
        return bare in {n.lower() for n in names}


def machine_names() -> frozenset[str]:
    """The names this machine answers to on the local network."""
    here = socket.gethostname().lower()
    return frozenset({"localhost", here, f"{here}.local"})


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guard:
    """An ASGI front: Host checked, security headers added to every answer."""

    def __init__(self, app: App, port: Callable[[], int], names: frozenset[str] | None = None) -> None:
        self.app = app
        self.port = port
        """The port served (known once bound: port 0 lets the system choose)."""
        self.names = machine_names() if names is None else names
        """The host names accepted besides addresses."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                known = {name for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in ENCODED_HEADERS if k not in known]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        hosts = [v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"]
        if len(hosts) != 1 or not allowed_host(hosts[0], self.port(), self.names):
            await secured(
                {
                    "type": "http.response.start",
                    "status": 421,
                    "headers": [
                        (b"content-type", b"text/plain; charset=utf-8"),
                    ],
                }
            )
            await secured({"type": "http.response.body", "body": b"Adresse inconnue.\n"})
            return
        await self.app(scope, receive, secured)


class QuietErrors:
    """The loop's exception handler: each kind of error logged once per QUIET_SECONDS, one line, no
    traceback (a storm of accept errors must not fill the terminal or the disk)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._last: dict[str, float] = {}
        self.count = 0
        """Errors seen (logged or not)."""

    def __call__(self, _loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        self.count += 1
        failure = context.get("exception")
        kind = f"{context.get('message', '')} {type(failure).__name__ if failure else ''}".strip()
        now = self._clock()
        if now - self._last.get(kind, -QUIET_SECONDS) >= QUIET_SECONDS:
            self._last[kind] = now
            log.warning("tableau : %s (%s)", kind, failure)


def quiet_loop_errors(loop: asyncio.AbstractEventLoop) -> QuietErrors:
    """Install `QuietErrors` on the server's loop."""
    handler = QuietErrors()
    loop.set_exception_handler(handler)
    return handler
