"""`kinito serve`'s own server (bounded, as the command runs it) on 127.0.0.1, on a thread of its own.

`running(questions)` starts `wyoming_handle.serve` on a free port without zeroconf, yields the port,
and cancels it on exit; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator

from assistant.runtime.questions import TableQuestions
from assistant.runtime.wyoming_handle import serve
from assistant.runtime.wyoming_server import ServerLimits

WAIT = 10.0
"""Seconds a start or a stop may take."""


@contextlib.contextmanager
def running(
    questions: TableQuestions, limits: ServerLimits | None = None, zeroconf: bool = False
) -> Iterator[int]:
    """Serve `questions` on tcp://127.0.0.1 (a free port); yields the port."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    where: list[str] = []

    def told(address: str) -> None:
        where.append(address)
        ready.set()

    task = loop.create_task(serve("tcp://127.0.0.1:0", questions, told, zeroconf=zeroconf, limits=limits))

    def run() -> None:
        asyncio.set_event_loop(loop)
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(task)
        ready.set()
        left = asyncio.all_tasks(loop)  # connections still being served end with the server
        for other in left:
            other.cancel()
        if left:
            loop.run_until_complete(asyncio.wait(left, timeout=WAIT))

    thread = threading.Thread(target=run, name="kinito-serve-test", daemon=True)
    thread.start()
    try:
        assert ready.wait(WAIT) and where, "kinito serve did not start"
        yield int(where[0].split(",")[0].rsplit(":", 1)[1])
    finally:
        loop.call_soon_threadsafe(task.cancel)
        thread.join(WAIT)
        loop.close()
