"""Time is an edge: the referee and the audio gate read it through this Protocol, tests use FakeClock."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol


class Clock(Protocol):
    """A monotonic clock in seconds."""

    def now(self) -> float:
        """Seconds since an arbitrary origin; never goes backwards."""
        ...


class SystemClock:
    """The real monotonic clock."""

    def now(self) -> float:
        return time.monotonic()


@dataclass
class FakeClock:
    """A clock tests move by hand (and `kinito replay` moves on `wait:` lines)."""

    t: float = 0.0
    """Current time in seconds."""

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.t += seconds
