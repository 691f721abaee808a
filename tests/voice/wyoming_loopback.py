"""An in-test Wyoming server on 127.0.0.1 (a free port) or on a Unix socket, its event loop on a
thread of its own.

`serving(factory)` starts it and stops it on exit, whatever the test did: every wait is bounded;
`serving_uri(factory, socket)` does the same and yields the address as a URI (`unix://` with a socket
path, `tcp://` without).
"""

from __future__ import annotations

import asyncio
import math
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from wyoming.server import AsyncEventHandler

HandlerFactory = Callable[[asyncio.StreamReader, asyncio.StreamWriter], AsyncEventHandler]
WAIT = 10.0
"""Seconds any start or stop may take before the test fails."""


def tone(seconds: float = 0.1, rate: int = 22050, hz: float = 440.0) -> bytes:
    """A short sine, mono signed 16-bit little-endian."""
    return b"".join(
        int(8000 * math.sin(2 * math.pi * hz * i / rate)).to_bytes(2, "little", signed=True)
        for i in range(int(seconds * rate))
    )


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(factory: HandlerFactory) -> Iterator[int]:
    """Run a Wyoming server with handlers from `factory` on 127.0.0.1; yields its port."""
    with _serving(factory, None) as server:
        yield int(server.sockets[0].getsockname()[1])


@contextmanager
def serving_uri(factory: HandlerFactory, socket_path: Path | None = None) -> Iterator[str]:
    """The same server, on the Unix socket `socket_path` when given; yields its URI."""
    with _serving(factory, socket_path) as server:
        if socket_path is not None:
            yield f"unix://{socket_path}"
        else:
            yield f"tcp://127.0.0.1:{server.sockets[0].getsockname()[1]}"


@contextmanager
def _serving(factory: HandlerFactory, socket_path: Path | None) -> Iterator[asyncio.AbstractServer]:
    loop = asyncio.new_event_loop()
    started = threading.Event()
    holder: dict[str, asyncio.AbstractServer] = {}

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await factory(reader, writer).run()

    async def start() -> None:
        if socket_path is None:
            holder["server"] = await asyncio.start_server(handle, "127.0.0.1", 0)
        else:
            holder["server"] = await asyncio.start_unix_server(handle, path=str(socket_path))
        started.set()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(start())
        loop.run_forever()

    thread = threading.Thread(target=run, name="wyoming-test-server", daemon=True)
    thread.start()
    assert started.wait(WAIT), "the test server did not start"
    server = holder["server"]
    try:
        yield server
    finally:

        async def stop() -> None:
            server.close()
            await asyncio.wait_for(server.wait_closed(), WAIT)

        with suppress(TimeoutError, asyncio.TimeoutError):
            asyncio.run_coroutine_threadsafe(stop(), loop).result(WAIT)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(WAIT)
