"""The espeak-ng phonetizer: French words to IPA (understanding/sounds.py's `Phonetizer`).

One espeak-ng process for the life of the phonetizer, fed one word per line and answering line by
line (a word first heard mid-game costs a pipe round trip, about a millisecond, not a new process of
20 ms or more); each batch ends with a marker word, so the answers are counted, and a batch espeak-ng
does not answer for line by line is pronounced by one-off runs, word by word. Results are cached
(LRU) for the life of the process. When espeak-ng is
missing (`kinito doctor` says how to install it), `default_phonetizer` returns None and names are
matched by phonetic.py's keys alone.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from functools import lru_cache

VOICE = "fr"
"""espeak-ng's French voice."""
TIMEOUT = 10.0
"""Seconds an espeak-ng run may take before its words are left unpronounced."""


MARKER = "kinitofin"
"""A word ending each batch sent to the persistent process: its answer says the batch is over."""

CACHE_SIZE = 65536
"""Words whose IPA one phonetizer keeps (least recently used go first)."""


class EspeakPhonetizer:
    """French IPA from espeak-ng, cached per word."""

    def __init__(self, program: str = "espeak-ng", size: int = CACHE_SIZE) -> None:
        """`program`: the espeak-ng executable (a name on PATH or a path); `size`: the cache bound."""
        self.program = program
        self._size = size
        self._cache: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        self._marker: str | None = None
        self.spawned = 0
        """espeak-ng processes started so far (the persistent one and any one-off runs)."""

    def __call__(self, words: Sequence[str]) -> Mapping[str, str]:
        """The IPA of each word, in one round trip to espeak-ng for those not cached yet."""
        with self._lock:
            return self._pronounce(words)

    def _pronounce(self, words: Sequence[str]) -> Mapping[str, str]:
        cache = self._cache
        missing = [w for w in dict.fromkeys(words) if w not in cache]
        if missing:
            lines = self._ask(missing)
            if lines is None:
                lines = self._run("\n".join(w + "." for w in missing)).splitlines()
            if len(lines) == len(missing):
                cache.update(zip(missing, (line.strip() for line in lines), strict=True))
            else:
                cache.update((w, self._run(w + ".").strip()) for w in missing)
        out = {}
        for word in words:
            cache.move_to_end(word)
            out[word] = cache[word]
        while len(cache) > self._size:
            cache.popitem(last=False)
        return out

    def _ask(self, words: Sequence[str]) -> list[str] | None:
        """The persistent process's answer lines for `words`, or None when it cannot give them."""
        try:
            if self._process is None or self._process.poll() is not None:
                self._process = subprocess.Popen(
                    [self.program, "-q", "--ipa", "-v", VOICE],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    text=True,
                    bufsize=1,
                )  # its stdout is read as bytes, straight from the pipe (_exchange)
                self.spawned += 1
                self._marker = None
                marker = self._exchange([])
                self._marker = None if marker is None or len(marker) != 1 else marker[0]
                if self._marker is None:
                    self._stop()
                    return None
            return self._exchange(words)
        except (OSError, ValueError):
            self._stop()
            return None

    def _exchange(self, words: Sequence[str]) -> list[str] | None:
        """Send the words and the marker; read lines until the marker's answer (None: no answer).

        The pipe is read unbuffered (os.read after select), so that lines already arrived are never
        hidden in a file buffer select cannot see."""
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        process.stdin.write("".join(f"{w}.\n" for w in (*words, MARKER)))
        process.stdin.flush()
        pending, lines = b"", list[str]()
        fd = process.stdout.fileno()
        while len(lines) <= len(words) + 1:
            while b"\n" not in pending:
                ready, _, _ = select.select([fd], [], [], TIMEOUT)
                piece = os.read(fd, 65536) if ready else b""
                if not piece:
                    self._stop()
                    return None
                pending += piece
            raw, pending = pending.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").strip()
            if self._marker is None:
                return [line]
            if line == self._marker:
                return lines if not pending else None
            lines.append(line)
        self._stop()  # more lines than words: out of step, start afresh next time
        return None

    def _stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None
        return None

    def close(self) -> None:
        """End the persistent espeak-ng process."""
        with self._lock:
            self._stop()

    def _run(self, text: str) -> str:
        self.spawned += 1
        try:
            done = subprocess.run(
                [self.program, "-q", "--ipa", "-v", VOICE, "--stdin"],
                input=text,
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return ""
        return done.stdout


@lru_cache(maxsize=1)
def default_phonetizer() -> EspeakPhonetizer | None:
    """The espeak-ng phonetizer, or None when espeak-ng is not installed."""
    program = shutil.which("espeak-ng")
    return EspeakPhonetizer(program) if program else None
