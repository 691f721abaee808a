"""Audio in from a Wyoming microphone service (`--mic-uri`, e.g. wyoming-mic-external on a satellite).

`WyomingMicSource` connects to the service, reads its `AudioChunk` events on a thread of its own (each
stamped with the clock when it arrives, as `MicrophoneSource` stamps PortAudio's blocks: the
half-duplex gate judges capture time, not decoding time), converts them to 16 kHz mono int16 with the
project's wavfile/soxr helpers, and hands them out as `Chunk`s. Events are read through
`wyoming_wire` (capped sizes, checked formats): whatever goes wrong with one — a cut connection, a
malformed event, `channels: 0`, a JSON list — ends that connection, is reported once through
`on_lost` ("micro perdu") and the service is retried with backoff; the source never crashes the game.
`WyomingSatellite` (`wyoming_satellite`) is the same source on a satellite's own connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable, Iterator, Sequence

import numpy as np
import soxr

from assistant.core.clock import Clock, SystemClock
from assistant.errors import tell
from assistant.voice.hear.audio import SAMPLE_RATE, Chunk
from assistant.voice.hear.wavfile import QUALITY, mono16
from assistant.voice.wyoming.uri import open_stream, parse_uri
from assistant.voice.wyoming.wire import HEADER_CAP, Event, audio_format, read_event

LOG = logging.getLogger("kinito.wyoming")


class Converter:
    """Wyoming chunks of any format to 16 kHz mono int16, resampled as one stream (no seams)."""

    def __init__(self) -> None:
        self.seen = 0
        """Chunks converted so far."""
        self._rate: int | None = None
        self._stream: soxr.ResampleStream | None = None

    def convert(self, audio: bytes, rate: int, width: int, channels: int) -> bytes:
        """The chunk at 16 kHz mono; a change of rate starts a new resampling stream."""
        pcm = mono16(audio, width, channels)
        if rate == SAMPLE_RATE:
            return pcm
        if rate != self._rate:
            self._rate = rate
            self._stream = soxr.ResampleStream(rate, SAMPLE_RATE, 1, dtype="int16", quality=QUALITY)
        assert self._stream is not None
        out = self._stream.resample_chunk(np.frombuffer(pcm, dtype="<i2"))
        return np.asarray(out, dtype="<i2").tobytes()


class WyomingMicSource:
    """An AudioSource reading a Wyoming microphone service over TCP."""

    def __init__(
        self,
        uri: str,
        *,
        clock: Clock | None = None,
        timeout: float = 5.0,
        backoff: Sequence[float] = (0.5, 1.0, 2.0, 5.0),
        on_lost: Callable[[str], None] | None = None,
        on_restored: Callable[[], None] | None = None,
        max_queued: int = 50,
        flag: str = "--mic-uri",
    ) -> None:
        self.uri = parse_uri(uri, flag)
        self.clock = clock or SystemClock()
        self.timeout = timeout
        """Seconds to connect, and the longest wait for one event before the service counts as lost."""
        self.backoff = tuple(backoff) or (1.0,)
        self.on_lost = on_lost
        self.on_restored = on_restored
        self.failures = 0
        """Consecutive failed connections (reset once audio flows again)."""
        self.dropped = 0
        """Chunks dropped because the decoder could not keep up."""
        self._queue: queue.Queue[tuple[bytes, float] | None] = queue.Queue(maxsize=max(1, max_queued))
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _put(self, item: tuple[bytes, float] | None) -> None:
        """Queue without blocking the network thread: when full, the oldest audio goes."""
        while True:
            try:
                self._queue.put_nowait(item)
                return
            except queue.Full:
                with contextlib.suppress(queue.Empty):
                    self._queue.get_nowait()
                    self.dropped += 1

    def _hung_up(self, chunks: int) -> str:
        """Why the connection ended, for the terminal (`chunks` audio chunks came before)."""
        return "le service micro a fermé la connexion"

    async def _greet(self, writer: asyncio.StreamWriter) -> None:
        """What to send once connected (nothing: a microphone service streams by itself)."""

    async def _other(self, event: Event, writer: asyncio.StreamWriter) -> None:
        """An event that is not audio (ignored here)."""

    def _audio(self, event: Event, converter: Converter) -> None:
        """One audio-chunk, checked, converted and queued."""
        form = audio_format(event.data)
        if not converter.seen:
            what = f"{form.rate} Hz, {form.width} octets, {form.channels} canaux"
            LOG.debug("wyoming %s : reçu audio-chunk (%s)", self.uri, what)
        converter.seen += 1
        if not event.payload:
            return
        pcm = converter.convert(event.payload, form.rate, form.width, form.channels)
        if pcm:
            if self.failures and self.on_restored is not None:
                self.on_restored()
            self.failures = 0
            self._put((pcm, self.clock.now()))

    async def _session(self) -> None:
        """One connection: chunks until the service ends, fails or the source is closed."""
        reader, writer = await asyncio.wait_for(open_stream(self.uri, HEADER_CAP + 1), self.timeout)
        LOG.debug("wyoming %s : connecté", self.uri)
        converter = Converter()
        try:
            await self._greet(writer)
            while not self._closed.is_set():
                try:
                    event = await asyncio.wait_for(read_event(reader), self.timeout)
                except TimeoutError:
                    if self._closed.is_set():
                        return
                    raise
                if event is None:
                    raise ConnectionError(self._hung_up(converter.seen))
                if event.type == "audio-chunk":
                    self._audio(event, converter)
                else:
                    LOG.debug("wyoming %s : reçu %s", self.uri, event.type)
                    await self._other(event, writer)
        finally:
            LOG.debug("wyoming %s : fin de connexion après %d audio-chunks", self.uri, converter.seen)
            writer.close()
            with contextlib.suppress(OSError, TimeoutError):
                await asyncio.wait_for(writer.wait_closed(), self.timeout)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            while not self._closed.is_set():
                try:
                    loop.run_until_complete(self._session())
                except Exception as error:  # anything a peer causes ends its connection, not the game
                    if self._closed.is_set():
                        break
                    LOG.debug("wyoming %s : perdu (%s: %s)", self.uri, type(error).__name__, error)
                    if self.failures == 0:
                        why = str(error) or type(error).__name__
                        tell(f"micro Wyoming {self.uri} perdu ({why}), je réessaie.")
                        if self.on_lost is not None:
                            self.on_lost(why)
                    self.failures += 1
                    self._closed.wait(self.backoff[min(self.failures, len(self.backoff)) - 1])
        finally:
            self._loop = None
            loop.close()
            self._put(None)

    def chunks(self) -> Iterator[Chunk]:
        """16 kHz chunks as they arrive, timed on the audio's own timeline, until close()."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="kinito-wyoming-mic", daemon=True)
            self._thread.start()
        position = 0.0
        while True:
            try:
                item = self._queue.get(timeout=0.2)
            except queue.Empty:
                if self._closed.is_set():
                    return
                continue
            if item is None:
                return
            pcm, at = item
            yield Chunk(pcm=pcm, start=position, at=at)
            position += len(pcm) / (2 * SAMPLE_RATE)

    def close(self, timeout: float = 10.0) -> None:
        """Stop reading and disconnect (the network thread ends within `timeout` seconds)."""
        self._closed.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
