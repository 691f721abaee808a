"""Half duplex: the microphone is deaf while the assistant speaks, and for a short tail after.

The TTS side calls `begin()`/`end()` (or `with gate.speaking():`) around playback; the listener asks
`open(chunk.at)` for every chunk and drops the closed ones, resetting its recogniser so that no
half-heard word (the assistant's own voice coming back through the microphone) leaks into a result.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from assistant.core.clock import Clock


class HalfDuplexGate:
    """Closed while the assistant speaks and for `tail` seconds after; thread-safe."""

    def __init__(self, clock: Clock, tail: float = 0.3, memory: int = 16) -> None:
        self.clock = clock
        """Where begin/end read the time; chunk times (`Chunk.at`) must come from the same clock."""
        self.tail = tail
        """Seconds the gate stays closed after speech ends (room echo, playback latency)."""
        self._lock = threading.Lock()
        self._since: float | None = None
        self._spans: deque[tuple[float, float]] = deque(maxlen=memory)

    def begin(self) -> None:
        """The assistant starts speaking."""
        with self._lock:
            if self._since is None:
                self._since = self.clock.now()

    def end(self) -> None:
        """The assistant stopped speaking (playback finished or was cut)."""
        with self._lock:
            if self._since is not None:
                self._spans.append((self._since, self.clock.now()))
                self._since = None

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """`with gate.speaking(): play(...)`: closed for the duration (and the tail)."""
        self.begin()
        try:
            yield
        finally:
            self.end()

    @property
    def is_speaking(self) -> bool:
        """True between begin() and end()."""
        with self._lock:
            return self._since is not None

    def open(self, at: float) -> bool:
        """May audio captured at clock time `at` be heard? False during speech and its tail."""
        with self._lock:
            if self._since is not None and at >= self._since:
                return False
            return not any(start <= at <= stop + self.tail for start, stop in self._spans)
