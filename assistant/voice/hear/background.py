"""A Decoder in a thread of its own: the open (vigilance) recogniser off the moves path.

Decoding the open-vocabulary recogniser in the hearing thread put its cost (single `accept` calls of
44 ms to over a second on 50 ms chunks, measured) in front of every move. `BackgroundDecoder` hands
the chunks to a worker thread through a bounded queue and returns at once: the worker may lag, the
caller never waits for it (except at the end of the audio, `flush`). The finals it completed come out
of the next `accept` calls, with their own word times on the source timeline, so they can be put in
audio order beside the moves recogniser's.

On one core the worker and the hearing thread share the processor: the worker lowers its own
scheduling priority (`YIELD_NICE`, Linux threads have their own nice value), so the moves recogniser
runs first and the worker takes the time left; elsewhere it runs at the same priority.

Resets travel through the same queue, in order: audio queued before a reset is still decoded first,
as it would have been in the hearing thread. When the worker falls `capacity` chunks behind, the
oldest queued chunk is dropped (counted in `dropped`) rather than blocking the caller. The thread
starts with the first chunk and ends after a flush (the end of the audio), so none is left behind.
"""

from __future__ import annotations

import logging
import os
import threading
from collections import deque
from dataclasses import dataclass

from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.heard import Decoder, Heard

log = logging.getLogger(__name__)

CAPACITY = 200
"""Chunks the worker may fall behind before the oldest is dropped (10 s of 50 ms chunks)."""
YIELD_NICE = 10
"""How much lower than the hearing thread the worker runs (nice steps, added to the process's)."""


def yield_to_others(steps: int = YIELD_NICE) -> bool:
    """Lower the calling thread's scheduling priority by `steps` nice steps; whether it could (Linux:
    a thread's id is a PRIO_PROCESS target; elsewhere, or when refused, nothing changes)."""
    try:
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + steps))
    except (AttributeError, OSError):
        return False
    return True


@dataclass(frozen=True)
class _Reset:
    """Queue marker: forget the utterance in progress."""


@dataclass(frozen=True)
class _Flush:
    """Queue marker: end of audio; `done` is set once the pending finals are out."""

    done: threading.Event
    """Set by the worker after the flush."""


_Item = Chunk | _Reset | _Flush


class BackgroundDecoder:
    """Runs `decoder` in a daemon thread; `accept` queues the chunk and returns the finals ready."""

    def __init__(self, decoder: Decoder, capacity: int = CAPACITY, name: str = "kinito-vigilance") -> None:
        self.decoder = decoder
        self.capacity = capacity
        self.dropped = 0
        """Chunks dropped because the worker was `capacity` chunks behind."""
        self.most_behind = 0
        """The most chunks ever waiting in the queue (how far the worker lagged)."""
        self._queue: deque[_Item] = deque()
        self._ready: list[Heard] = []
        self._lock = threading.Condition()
        self._name = name
        self._thread: threading.Thread | None = None

    def _put(self, item: _Item) -> None:
        with self._lock:
            if isinstance(item, Chunk) and len(self._queue) >= self.capacity:
                oldest = next((i for i in self._queue if isinstance(i, Chunk)), None)
                if oldest is not None:
                    self._queue.remove(oldest)
                    self.dropped += 1
            self._queue.append(item)
            if self._thread is None:  # started on the first item, ended after each flush
                self._thread = threading.Thread(target=self._work, name=self._name, daemon=True)
                self._thread.start()
            self.most_behind = max(self.most_behind, len(self._queue))
            self._lock.notify()

    def _take(self) -> list[Heard]:
        with self._lock:
            ready, self._ready = self._ready, []
        return ready

    def _work(self) -> None:
        yield_to_others()
        while True:
            with self._lock:
                while not self._queue:
                    self._lock.wait()
                item = self._queue.popleft()
            out: list[Heard] = []
            try:
                if isinstance(item, Chunk):
                    out = self.decoder.accept(item)
                elif isinstance(item, _Reset):
                    self.decoder.reset()
                else:
                    out = self.decoder.flush()
            except Exception:  # the worker must not die: the moves path goes on without vigilance
                log.exception("vigilance decoding failed")
            with self._lock:
                self._ready += out
                ending = isinstance(item, _Flush) and not self._queue
                if ending:
                    self._thread = None
            if isinstance(item, _Flush):
                item.done.set()
            if ending:
                return

    def accept(self, chunk: Chunk) -> list[Heard]:
        """Queue the chunk; the finals the worker completed since the last call."""
        self._put(chunk)
        return self._take()

    def partials(self) -> list[Heard]:
        """None: the worker's partials are of audio already past (nothing reads them)."""
        return []

    def flush(self, timeout: float | None = 60.0) -> list[Heard]:
        """End of audio: wait for the worker to decode what is queued, then its pending finals."""
        done = threading.Event()
        self._put(_Flush(done))
        if not done.wait(timeout):
            log.warning("vigilance still %d items behind at the end of the audio", len(self._queue))
        return self._take()

    def reset(self) -> None:
        """Forget the utterance in progress, after the audio already queued."""
        self._put(_Reset())
