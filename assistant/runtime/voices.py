"""Where the referee's sentences go: printed, spoken, or spoken from a thread of their own."""

from __future__ import annotations

import logging
import queue
import sys
import threading
from typing import Protocol, TextIO

from assistant.errors import UserError
from assistant.threads import leave_ctrl_c

log = logging.getLogger(__name__)


class Voice(Protocol):
    """Where the referee's sentences go."""

    def say(self, text: str) -> float:
        """Say (or show) one sentence; seconds of audio played."""
        ...


class PrintVoice:
    """Prints what would be said (`--no-speech`, no sound output, tests)."""

    def __init__(self, stream: TextIO | None = None, prefix: str = "arbitre : ") -> None:
        self.stream = stream
        self.prefix = prefix

    def say(self, text: str) -> float:
        """Print one line and flush (a pipe reader sees it at once)."""
        stream = self.stream if self.stream is not None else sys.stdout
        stream.write(f"{self.prefix}{text}\n")
        stream.flush()
        return 0.0


class FallbackVoice:
    """Speaks through `voice` and also prints; when speaking fails (no sound output), prints only.

    The failure is reported once on stderr, not at every sentence.
    """

    def __init__(self, voice: Voice, printer: Voice, warn: TextIO | None = None) -> None:
        self.voice: Voice | None = voice
        self.printer = printer
        self.warn = warn

    def say(self, text: str) -> float:
        """Print the sentence, then speak it while the output works."""
        self.printer.say(text)
        if self.voice is None:
            return 0.0
        try:
            return self.voice.say(text)
        except UserError as error:
            self.voice = None
            print(f"kinito: {error} Je continue en texte seulement.", file=self.warn or sys.stderr)
            return 0.0


class QueuedVoice:
    """Speaks on its own thread, so that hearing goes on (gated) while a sentence plays."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="kinito-voice", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        leave_ctrl_c()
        while (text := self._queue.get()) is not None:
            try:
                self.voice.say(text)
            except Exception:  # a failing sentence must not silence the referee for good
                log.exception("speaking %r failed", text)

    def say(self, text: str) -> float:
        """Queue the sentence; returns at once (0.0)."""
        self._queue.put(text)
        return 0.0

    def close(self, timeout: float = 30.0) -> None:
        """Say what is queued, then stop the thread."""
        self._queue.put(None)
        self._thread.join(timeout)
