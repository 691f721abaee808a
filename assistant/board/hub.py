"""The latest board JSON, handed from the referee's thread to the server's event loop.

`publish` may be called from any thread; each page's event stream awaits `newer` in the server's
loop. Only the latest state is kept: a phone that reconnects gets it at once, and a slow one skips
intermediate states instead of queueing them.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading


class Hub:
    """One value (a JSON text) with a version number, and a way to await the next version."""

    def __init__(self, initial: str = "{}") -> None:
        self._lock = threading.Lock()
        self._data = initial
        self._version = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Event | None = None
        self.closed = False
        """Set by `close`: every stream ends."""

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach the server's event loop (from inside it, at startup)."""
        self._loop = loop
        self._changed = asyncio.Event()

    def latest(self) -> tuple[int, str]:
        """The current version and JSON text."""
        with self._lock:
            return self._version, self._data

    def publish(self, data: str) -> bool:
        """A new state, from any thread; True if it differs from the previous one."""
        with self._lock:
            if data == self._data:
                return False
            self._data = data
            self._version += 1
        self._signal()
        return True

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        self.closed = True
        self._signal()

    def _signal(self) -> None:
        """Have the loop wake its waiters (from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody listens
                loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        """In the loop: wake every waiter, and give later ones a fresh event."""
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    async def newer(self, version: int, timeout: float) -> tuple[int, str] | None:
        """The state once its version differs from `version`; None after `timeout` seconds without
        change (the caller sends a keep-alive) or when the hub is closed."""
        current, data = self.latest()
        if current != version:
            return current, data
        if self.closed or self._changed is None:
            return None
        changed = self._changed
        try:
            await asyncio.wait_for(changed.wait(), timeout)
        except TimeoutError:
            return None
        if self.closed:
            return None
        return self.latest()
