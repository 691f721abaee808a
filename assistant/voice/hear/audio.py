"""Audio in: chunks of 16 kHz mono int16 PCM from a microphone, a file, or a fake device.

`MicrophoneSource` wraps `sounddevice.RawInputStream`: its callback only queues bytes; the consuming
thread hands chunks out. A lost device (PortAudioError on open, the stream finishing by itself, or no
audio for `stall_seconds`) is reported through `on_lost` and the stream is reopened with backoff, never
a crash. `testing.fake_stream.FakeStream` behaves like `RawInputStream` so the microphone path is tested
without hardware.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from assistant.core.clock import Clock, SystemClock

SAMPLE_RATE = 16000
"""What Vosk models expect."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Chunk:
    """A slice of audio, 16 kHz mono signed 16-bit little-endian."""

    pcm: bytes
    """The samples."""
    start: float
    """Seconds, on the source's timeline, of the first sample."""
    at: float
    """Clock reading (seconds) when the chunk was complete: what the half-duplex gate judges."""

    @property
    def duration(self) -> float:
        """Seconds of audio in this chunk."""
        return len(self.pcm) / (2 * SAMPLE_RATE)


class AudioSource(Protocol):
    """Anything that yields chunks of 16 kHz mono int16 PCM."""

    def chunks(self) -> Iterator[Chunk]:
        """Chunks in order until the source ends or is closed."""
        ...

    def close(self) -> None:
        """Stop yielding and release the device."""
        ...


StreamFactory = Callable[..., Any]
"""`sounddevice.RawInputStream` or anything called with its keywords (FakeStream in tests)."""

_LOST = object()


def _default_factory() -> StreamFactory:
    import sounddevice

    factory: StreamFactory = sounddevice.RawInputStream
    return factory


class MicrophoneSource:
    """The table's microphone, reopened with backoff when it goes away."""

    def __init__(
        self,
        device: str | int | None = None,
        *,
        stream_factory: StreamFactory | None = None,
        clock: Clock | None = None,
        block_seconds: float = 0.1,
        stall_seconds: float = 2.0,
        backoff: Sequence[float] = (0.5, 1.0, 2.0, 5.0),
        on_lost: Callable[[str], None] | None = None,
        on_restored: Callable[[], None] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        max_queued_seconds: float = 5.0,
        on_behind: Callable[[], None] | None = None,
    ) -> None:
        self.device = device
        self.factory = stream_factory or _default_factory()
        self.clock = clock or SystemClock()
        self.block_seconds = block_seconds
        self.stall_seconds = stall_seconds
        self.backoff = tuple(backoff) or (1.0,)
        self.on_lost = on_lost
        self.on_restored = on_restored
        self.sleep = sleep
        self.failures = 0
        """Consecutive failures to get audio (reset once audio flows again)."""
        self._queue: queue.Queue[object] = queue.Queue(
            maxsize=max(1, round(max_queued_seconds / block_seconds))
        )
        """Bounded: a decoder slower than real time drops the oldest audio instead of falling behind."""
        self.dropped = 0
        """Chunks of audio dropped because the decoder could not keep up."""
        self.on_behind = on_behind
        """Called once, from the consuming thread, the first time audio is dropped (tell the table)."""
        self._told = False
        self._closed = threading.Event()

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        """Runs on PortAudio's thread: only stamp and queue (no work in the audio callback).

        The capture time is taken here, not when the chunk is consumed: a recogniser running behind
        must still see the assistant's own speech as captured while it spoke (half-duplex gate)."""
        if status:
            log.debug("microphone status: %s", status)
        self._put((bytes(indata), self.clock.now()))

    def _put(self, item: object) -> None:
        """Queue without ever blocking the audio thread: when full, the oldest audio goes (an end of
        stream is never dropped: audio queued after it would be drained anyway)."""
        while True:
            try:
                self._queue.put_nowait(item)
                return
            except queue.Full:
                pass
            try:
                oldest = self._queue.get_nowait()
            except queue.Empty:
                continue
            if oldest is _LOST:
                if item is not _LOST:
                    self._dropped_one()
                item = _LOST
            else:
                self._dropped_one()

    def _dropped_one(self) -> None:
        self.dropped += 1
        if self.dropped == 1 or self.dropped % 100 == 0:
            log.warning("decoder behind the microphone: %d audio chunks dropped so far", self.dropped)

    def _finished(self) -> None:
        self._put(_LOST)

    def _open(self) -> Any:
        stream = self.factory(
            samplerate=SAMPLE_RATE,
            blocksize=int(self.block_seconds * SAMPLE_RATE),
            device=self.device,
            channels=1,
            dtype="int16",
            callback=self._callback,
            finished_callback=self._finished,
        )
        stream.start()
        return stream

    def _lost(self, why: str) -> None:
        self.failures += 1
        log.warning("microphone lost (%s), retry %d", why, self.failures)
        if self.on_lost is not None:
            self.on_lost(why)
        if not self._closed.is_set():
            self.sleep(self.backoff[min(self.failures - 1, len(self.backoff) - 1)])

    def chunks(self) -> Iterator[Chunk]:
        """Chunks as the device delivers them; survives device loss until `close()`."""
        origin: float | None = None
        while not self._closed.is_set():
            try:
                stream = self._open()
            except Exception as error:  # PortAudioError, device not found, ...
                self._lost(f"ouverture impossible : {error}")
                continue
            try:
                while not self._closed.is_set():
                    try:
                        item = self._queue.get(timeout=self.stall_seconds)
                    except queue.Empty:
                        item = None
                    if item is _LOST or item is None:
                        if self._closed.is_set():
                            break
                        self._lost("le flux s'est arrêté" if item is _LOST else "plus de son")
                        break
                    assert isinstance(item, tuple)
                    pcm, at = item
                    if self.dropped and not self._told:
                        self._told = True
                        if self.on_behind is not None:
                            self.on_behind()
                    if self.failures:
                        self.failures = 0
                        if self.on_restored is not None:
                            self.on_restored()
                    duration = len(pcm) / (2 * SAMPLE_RATE)
                    if origin is None:
                        origin = at - duration
                    yield Chunk(pcm=pcm, start=at - duration - origin, at=at)
            finally:
                _close_quietly(stream)
                _drain(self._queue)

    def close(self) -> None:
        """Stop: the iterator ends at its next chunk or timeout."""
        self._closed.set()
        self._put(_LOST)


def _close_quietly(stream: Any) -> None:
    try:
        stream.stop()
        stream.close()
    except Exception as error:
        log.debug("closing the microphone stream: %s", error)


def _drain(q: queue.Queue[object]) -> None:
    while True:
        try:
            q.get_nowait()
        except queue.Empty:
            return
