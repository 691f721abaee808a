"""Helper threads leave Ctrl-C to the main thread.

Linux may deliver a process's SIGINT to any thread that does not block it. Taken by a helper thread
(the ticker, the voice, the checkpoint), it can leave the main thread blocked in its read of the
microphone or of stdin until the next line. A helper thread blocks
SIGINT first thing, so the signal always interrupts the main thread, whose KeyboardInterrupt saves
the game and says how to resume it.
"""

from __future__ import annotations

import signal


def leave_ctrl_c() -> None:
    """Called first in a helper thread: SIGINT is never delivered to it (where the platform can)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
