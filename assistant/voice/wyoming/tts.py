"""Text to speech from a Wyoming TTS server (e.g. wyoming-piper with a fr_FR voice), espeak-ng behind it.

`WyomingSynthesizer` sends one `Synthesize` event per sentence and yields the server's
`AudioStart`/`AudioChunk`/`AudioStop` audio as the project's `AudioChunk`s, as they arrive (playback
stays `assistant.voice.speak.playback`'s job). The server is not trusted: events are read through
`wyoming_wire` (sizes capped, formats checked), a sentence has a total deadline and a cap on its
audio, so an endless, slow or malformed stream fails the sentence instead of holding the table.
`FallbackSynthesizer` speaks through it and, the first time
the server cannot be reached or fails, says so once on stderr and goes on with espeak-ng.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import TextIO, TypeVar

from assistant.errors import UserError, network_reason
from assistant.voice.hear.wavfile import mono16
from assistant.voice.speak.tts import AudioChunk, Synthesizer
from assistant.voice.wyoming.uri import open_stream, parse_uri
from assistant.voice.wyoming.wire import (
    HEADER_CAP,
    Event,
    PeerError,
    audio_format,
    read_event,
    text_field,
    write_event,
)

DEFAULT_TIMEOUT = 10.0
"""Seconds to connect, and to wait for each event of the answer."""
DEADLINE = 30.0
"""Seconds one sentence may take in all, from connecting to its last chunk (a slow stream gives up)."""
MAX_SECONDS = 60.0
"""Seconds of audio one sentence may bring (an endless stream gives up)."""
T = TypeVar("T")
LOG = logging.getLogger("kinito.wyoming")


class WyomingSynthesizer:
    """A Wyoming TTS server: one connection per sentence, chunks yielded as the server sends them."""

    def __init__(
        self,
        uri: str,
        voice: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        deadline: float = DEADLINE,
        max_seconds: float = MAX_SECONDS,
    ) -> None:
        self.uri = parse_uri(uri)
        self._voice = voice
        self.timeout = timeout
        """Seconds to connect and to wait for each event."""
        self.deadline = deadline
        """Seconds the whole sentence may take."""
        self.max_seconds = max_seconds
        """Seconds of audio the sentence may bring."""

    @property
    def voice(self) -> str:
        """The server's voice asked for (`wyoming:` plus its name, or the server's default)."""
        return f"wyoming:{self._voice or 'défaut'}"

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        """Ask the server for `text`; OSError/TimeoutError when it cannot be reached, stops answering,
        sends what the protocol does not allow (PeerError), takes longer than `deadline` in all or
        sends more than `max_seconds` of audio for the sentence."""
        if not text.strip():
            return
        loop = asyncio.new_event_loop()
        end = time.monotonic() + self.deadline
        writer: asyncio.StreamWriter | None = None

        def wait(step: Awaitable[T]) -> T:
            left = min(self.timeout, end - time.monotonic())
            if left <= 0:
                raise TimeoutError(f"pas de fin de son en {self.deadline:g} s")
            return loop.run_until_complete(asyncio.wait_for(step, left))

        try:
            reader, writer = wait(open_stream(self.uri, HEADER_CAP + 1))
            data: dict[str, object] = {"text": text}
            if self._voice:
                data["voice"] = {"name": self._voice}
            wait(write_event(writer, Event("synthesize", data)))
            LOG.debug("wyoming %s : connecté, envoyé synthesize", self.uri)
            rate: int | None = None
            seconds = 0.0
            while True:
                event = wait(read_event(reader))
                if event is not None and event.type != "audio-chunk":
                    LOG.debug("wyoming %s : reçu %s (%.2f s de son)", self.uri, event.type, seconds)
                if event is None:
                    raise ConnectionError(f"le serveur {self.uri} a coupé avant la fin du son")
                if event.type == "audio-start":
                    rate = audio_format(event.data).rate
                elif event.type == "audio-chunk":
                    form = audio_format(event.data)
                    samples = mono16(event.payload or b"", form.width, form.channels)
                    seconds += len(samples) / 2 / form.rate
                    if seconds > self.max_seconds:
                        raise PeerError(f"plus de {self.max_seconds:g} s de son pour une phrase")
                    if samples:
                        yield AudioChunk(samples, form.rate or rate or 22050)
                elif event.type == "audio-stop":
                    return
                elif event.type == "error":
                    raise ConnectionError(f"le serveur {self.uri} a refusé : {text_field(event.data)}")
        finally:
            if writer is not None:
                writer.close()
                with contextlib.suppress(OSError, TimeoutError, RuntimeError):
                    loop.run_until_complete(asyncio.wait_for(writer.wait_closed(), 1.0))
            loop.close()


def _why(error: Exception) -> str:
    """Why the server failed, in French (a refused connection, a timeout, a peer that broke the
    protocol: its own French sentence), never the system's English."""
    if isinstance(error, TimeoutError) or (isinstance(error, OSError) and error.errno is not None):
        return network_reason(error)
    return str(error) or type(error).__name__  # the peer's own words, or ours


class FallbackSynthesizer:
    """Speaks through `primary`; when it fails, tells `warn` once and speaks through the fallback.

    The fallback (espeak-ng) is built only when first needed, and is kept for the rest of the game:
    an unreachable server is not waited for at every sentence. A sentence the server dropped before
    its first chunk is said again by the fallback; one cut half-way is not repeated.
    """

    def __init__(
        self, primary: Synthesizer, fallback: Callable[[], Synthesizer], warn: TextIO | None = None
    ) -> None:
        self.primary: Synthesizer | None = primary
        self._make_fallback = fallback
        self._fallback: Synthesizer | None = None
        self.warn = warn

    @property
    def voice(self) -> str:
        """The voice speaking now."""
        if self.primary is not None:
            return self.primary.voice
        return self._fallback.voice if self._fallback is not None else "espeak"

    def _fall_back(self, error: Exception) -> Synthesizer:
        if self.primary is not None:
            where = getattr(self.primary, "uri", self.primary.voice)
            print(
                f"kinito: la synthèse Wyoming ({where}) ne répond pas ({_why(error)}) :"
                " je parle avec espeak-ng.",
                file=self.warn or sys.stderr,
            )
            self.primary = None
        if self._fallback is None:
            self._fallback = self._make_fallback()
        return self._fallback

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        """The primary's chunks, or the fallback's when the primary fails before its first chunk."""
        if self.primary is not None:
            started = False
            try:
                for chunk in self.primary.synthesize(text):
                    started = True
                    yield chunk
                return
            except (OSError, TimeoutError, UserError, ValueError) as error:  # PeerError is an OSError
                fallback = self._fall_back(error)
                if started:
                    return
        else:
            fallback = self._fall_back(RuntimeError())
        yield from fallback.synthesize(text)
