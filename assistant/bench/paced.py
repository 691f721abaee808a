"""The voice path at a microphone's pace: chunks handed out in real time, through what `kinito play`
assembles (its endpoint rules, the game's grammar switched as it goes, the early-move hold, the
vigilance recogniser and its thread, the parser with espeak-ng phonemes, the SQLite store, the voice
thread and the half-duplex gate).

The older `speech_to_audio_*` figures hand chunks out as fast as they decode, so a backlog in the
hearing thread is invisible there; here, the delay is the wall time from the moment the last chunk of
speech is captured to the first sample of the answer, backlog included.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from assistant.runtime.hearing import Ears
from assistant.voice.hear.audio import Chunk


class Handed(Protocol):
    """A bench source that notes the last chunk it handed out."""

    last: tuple[float, float]
    """(audio end of the last chunk handed out, perf_counter when it was available)."""


class PacedSource:
    """An AudioSource that hands each chunk out no earlier than a microphone could: once its last
    sample has been "captured" in real time from the first `chunks()` call. A path that decodes
    slower than real time meets a backlog, as it would at the table. `last` notes the audio end of
    the last chunk and the perf_counter time it was captured (not when it was taken), so that the
    delay to the answer counts the backlog too."""

    def __init__(self, chunks: list[Chunk], clock_now: Callable[[], float] = time.monotonic) -> None:
        self.items = chunks
        self.clock_now = clock_now
        """The half-duplex gate's clock: each chunk's `at` is read on it when the chunk is captured."""
        self.last: tuple[float, float] = (0.0, 0.0)
        self.behind = 0.0
        """The most seconds a chunk waited after its capture before it was taken (the backlog)."""

    def chunks(self) -> Iterator[Chunk]:
        began, clock0 = time.perf_counter(), self.clock_now()
        origin = self.items[0].start if self.items else 0.0
        for chunk in self.items:
            due = chunk.start + chunk.duration - origin
            wait = began + due - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            else:
                self.behind = max(self.behind, -wait)
            self.last = (chunk.start + chunk.duration, began + due)
            yield Chunk(chunk.pcm, chunk.start, clock0 + due)

    def close(self) -> None:
        """Nothing to release."""


class FirstAudio:
    """A Playback that notes, for each utterance, the audio position and delay of its first sample."""

    def __init__(self, source: Handed) -> None:
        self.source = source
        self.firsts: list[tuple[float, float]] = []
        """(audio end of the triggering chunk, seconds from its arrival to the first sample)."""
        self._new = False

    def open(self, rate: int) -> None:
        self._new = True

    def write(self, samples: bytes) -> None:
        if self._new and samples:
            position, handed = self.source.last
            self.firsts.append((position, time.perf_counter() - handed))
            self._new = False

    def close(self) -> None:
        self._new = False


def paced_speech_to_audio(
    model: Any, language: str, pcm: bytes, end: float, early: bool, ears: Ears, stand_in: Mapping[str, str]
) -> tuple[float, float] | None:
    """(ms from the capture of the end of the last line's speech to the answer's first sample,
    the most seconds of backlog met), or None when no answer came."""
    from assistant.core.clock import SystemClock
    from assistant.referee.referee import Referee
    from assistant.runtime.hearing import hearing
    from assistant.runtime.live import from_heard
    from assistant.runtime.voices import QueuedVoice
    from assistant.settings.table import table_config
    from assistant.store.sqlite import SqliteStore
    from assistant.understanding.parser import Parser
    from assistant.voice.hear.duplex import HalfDuplexGate
    from assistant.voice.hear.wavfile import pcm_chunks
    from assistant.voice.speak.phonemes import default_phonetizer
    from assistant.voice.speak.playback import Speaker
    from assistant.voice.speak.tts import EspeakSynthesizer

    clock = SystemClock()
    gate = HalfDuplexGate(clock)
    source = PacedSource(list(pcm_chunks(pcm, ears.chunk)), clock.now)
    playback = FirstAudio(source)
    french = language == "fr"
    has_word = (lambda w: bool(model.vosk_model_find_word(w) >= 0)) if french else None
    table = table_config({"players": "Ana,Bruno,Chloé", "confirm": "off"})
    parser = Parser(
        table.module,
        table.players,
        table.wake_word,
        vigilance=table.vigilance,
        phonetizer=default_phonetizer(),
    )
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.sqlite3")
        try:
            referee = Referee(table, clock, store=store, parser=parser)
            voice = QueuedVoice(Speaker(EspeakSynthesizer(), playback, gate))
            path = hearing(
                model,
                referee,
                parser,
                voice,
                lambda _loop: source,
                gate,
                has_word,
                stand_in=None if french else stand_in,
                ears=ears,
            )
            path.early.enabled = early
            for utterance in from_heard(path.listener, parser, dual=table.vigilance, early=path.early):
                path.loop.hear(utterance)
            voice.close(timeout=10)
        finally:
            store.close()
    if not playback.firsts:
        return None
    position, spent = playback.firsts[0]
    return 1000 * (position - end + spent), source.behind


def drop_page_cache() -> bool:
    """Empty the kernel's page cache (root only): the next model load reads the disk. False when this
    process may not (then a first load in a fresh process is the coldest there is)."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    except OSError:
        return False
    return True
