"""The board's web server: Starlette on uvicorn, in a thread beside the referee. Read-only.

Routes (GET and HEAD only; anything else is 405, unknown paths 404):
    /            the page            /board.js, /board.css   its script and style
    /games/<name>/<file>             a game's own script and style (assistant.board.pages)
    /state       the latest JSON     /events                 server-sent events, one per change
    /qr.svg      the page's address as a QR code
    /leaderboard the XP ranking read from the save file: the table's league across all its tables when
                 it plays in one (assistant.store.league), else every game; 404 without a save file

The server holds no reference to the referee: it only receives snapshots through `update` (a
TableObserver), so no request can change the game. Phones may come and go: each event stream only
awaits the hub, and a browser's EventSource reconnects by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import socket
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

from assistant.board import guard
from assistant.board.hub import Hub
from assistant.board.pages import pages as served_pages
from assistant.board.qr import page_url, qr_svg
from assistant.board.view import BoardView
from assistant.errors import UserError
from assistant.referee.snapshot import Snapshot
from assistant.responses import error, section

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
"""docs/command-line.md: the board binds to localhost unless a host is given."""
KEEPALIVE_SECONDS = 15.0
"""A comment line on an idle event stream, so proxies and phones keep (or notice losing) it."""
START_WAIT_STEPS = 400
"""Bounded wait for uvicorn to start: this many steps of 25 ms (10 s)."""

_FILE = "referee.yaml"
"""The board's errors and their fixes (sections `errors` and `error_parts`)."""


def _fix(key: str) -> str:
    """The command that fixes one of the board's errors."""
    return section(_FILE, "error_parts")[key]


def parse_address(text: str) -> tuple[str, int]:
    """docs/command-line.md `--board [HOST:]PORT`: "8000" -> ("127.0.0.1", 8000); "0.0.0.0:8000";
    "[::1]:8000". A port of 0 lets the system choose one (printed at start)."""
    host, _, port_text = text.strip().rpartition(":")
    host = host.strip("[]") or DEFAULT_HOST
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise UserError(error(_FILE, "board_address", value=text), fix=_fix("board_address_fix"))
    return host, int(port_text)


def make_app(
    hub: Hub,
    url: str,
    port: Callable[[], int],
    keepalive: float = KEEPALIVE_SECONDS,
    leaderboard: Callable[[], dict[str, Any]] | None = None,
) -> Any:
    """The Starlette application serving `hub` (every route GET/HEAD only), behind its `guard.Guard`
    (Host checked against `port` and this machine's names, security headers on every answer);
    `leaderboard` reads the ranking (in a worker thread: it reads the save file)."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    pages = served_pages()
    host = url.split("//", 1)[-1].rsplit(":", 1)[0].strip("[]")
    qr = None if host == "localhost" or _loopback(host) else qr_svg(url)  # no QR code of this machine

    def static(path: str) -> Callable[[Request], Any]:
        body, kind = pages[path]

        async def serve(_request: Request) -> Response:
            return Response(body, media_type=kind)

        return serve

    async def state(_request: Request) -> Response:
        return Response(hub.latest()[1], media_type="application/json")

    async def ranking(_request: Request) -> Response:
        if leaderboard is None:
            return Response(status_code=404)
        try:
            found = await run_in_threadpool(leaderboard)
        except UserError as failure:  # the server away, the file unreadable: said, never raised
            found = {"error": failure.message}
        return Response(json.dumps(found, ensure_ascii=False), media_type="application/json")

    async def qr_code(_request: Request) -> Response:
        if qr is None:
            return Response(status_code=404)
        return Response(qr, media_type="image/svg+xml")

    async def stream() -> AsyncIterator[str]:
        version = -1
        yield "retry: 1000\n\n"
        while not hub.closed:
            found = await hub.newer(version, keepalive)
            if found is None:
                if not hub.closed:
                    yield ": ping\n\n"
                continue
            version, data = found
            yield f"id: {version}\ndata: {data}\n\n"

    async def events(_request: Request) -> StreamingResponse:
        headers = {"X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        guard.quiet_loop_errors(loop)
        hub.bind(loop)
        yield

    routes = [Route(path, static(path), methods=["GET"]) for path in pages]
    routes += [
        Route("/state", state, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        Route("/qr.svg", qr_code, methods=["GET"]),
        Route("/leaderboard", ranking, methods=["GET"]),
    ]
    return guard.Guard(Starlette(routes=routes, lifespan=lifespan), port)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # listening now: a second board on this port is refused here, not later
    except OSError as failure:
        sock.close()
        said = error(_FILE, "board_port", address=f"{host}:{port}", reason=failure.strerror or failure)
        raise UserError(said, fix=_fix("board_port_fix")) from None
    return sock


class BoardServer:
    """The party board: a TableObserver that serves what it is told on http://HOST:PORT/."""

    def __init__(
        self,
        host: str = DEFAULT_HOST,
        port: int = 8000,
        leaderboard: Callable[[], dict[str, Any]] | None = None,
    ) -> None:
        """Bind now (a taken port is a UserError before the game starts); serve after `start`.
        `leaderboard` reads the ranking `/leaderboard` serves (None: that page is 404)."""
        import uvicorn

        self.host = host
        self.socket = _bind(host, port)
        self.port: int = self.socket.getsockname()[1]
        """The port listened on (the system's choice for port 0)."""
        self.url = page_url(host, self.port)
        """The address phones open (the LAN address when bound to every interface)."""
        self.hub = Hub()
        self.view = BoardView()
        """The page's JSON from each snapshot, with its running values."""
        guard.BoundedH11.cap = guard.connection_cap()
        config = uvicorn.Config(
            make_app(self.hub, self.url, lambda: self.port, leaderboard=leaderboard),
            http=guard.BoundedH11,
            timeout_keep_alive=guard.KEEP_ALIVE_SECONDS,
            h11_max_incomplete_event_size=guard.MAX_HEADER_BYTES,
            server_header=False,
            date_header=False,
            log_config=None,
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=1,
            lifespan="on",
        )
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def local_only(self) -> bool:
        """Listening on a loopback address: no phone can open the page."""
        return self.host == "localhost" or _loopback(self.host)

    def terminal_lines(self) -> list[str]:
        """What `kinito play` prints about the board: its address, and for a board bound to this
        machine only, the flag phones need (`--board 0.0.0.0:PORT`)."""
        said = section(_FILE, "board")  # after "kinito: ", as the terminal's other lines (lower case)
        lines = [said["address"].format(url=self.url)]
        if self.local_only:
            lines.append(said["local_only"].format(port=self.port))
        return lines

    def start(self) -> None:
        """Serve in a daemon thread; returns once uvicorn is listening (10 s at most)."""
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self.socket]}, name="kinito-board", daemon=True
        )
        self._thread.start()
        for _ in range(START_WAIT_STEPS):
            if self._server.started or not self._thread.is_alive():
                break
            threading.Event().wait(0.025)
        if not self._server.started:
            raise UserError(error(_FILE, "board_start", address=self.url), fix=_fix("board_start_fix"))

    def update(self, snapshot: Snapshot) -> None:
        """TableObserver: publish the table's new state (never raises into the referee)."""
        try:
            self.hub.publish(json.dumps(self.view(snapshot), ensure_ascii=False))
        except Exception:  # the board must never stop the game
            log.exception("board update failed")

    def close(self) -> None:
        """Stop serving: end every stream, let uvicorn shut down (bounded)."""
        self.hub.close()
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.socket.close()
