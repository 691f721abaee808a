"""Text to speech from a Wyoming TTS server (e.g. wyoming-piper with a fr_FR voice), espeak-ng behind it.

`WyomingSynthesizer` sends one `Synthesize` event per sentence and yields the server's
`AudioStart`/`AudioChunk`/`AudioStop` audio as the project's `AudioChunk`s, as they arrive (playback
stays `assistant.voice.playback`'s job). `FallbackSynthesizer` speaks through it and, the first time
the server cannot be reached or fails, says so once on stderr and goes on with espeak-ng.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable, Iterator
from typing import TextIO, TypeVar

from assistant.errors import UserError
from assistant.voice.tts import AudioChunk, Synthesizer
from assistant.voice.wavfile import mono16
from assistant.voice.wyoming_uri import client, parse_uri

DEFAULT_TIMEOUT = 10.0
"""Seconds to connect, and to wait for each event of the answer."""
T = TypeVar("T")


class WyomingSynthesizer:
    """A Wyoming TTS server: one connection per sentence, chunks yielded as the server sends them."""

    def __init__(self, uri: str, voice: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.uri = parse_uri(uri)
        self._voice = voice
        self.timeout = timeout

    @property
    def voice(self) -> str:
        """The server's voice asked for (`wyoming:` plus its name, or the server's default)."""
        return f"wyoming:{self._voice or 'défaut'}"

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        """Ask the server for `text`; OSError/TimeoutError when it cannot be reached or stops answering."""
        from wyoming.audio import AudioChunk as WyomingChunk
        from wyoming.audio import AudioStart, AudioStop
        from wyoming.error import Error
        from wyoming.tts import Synthesize, SynthesizeVoice

        if not text.strip():
            return
        loop = asyncio.new_event_loop()
        connection = client(self.uri)

        def wait(step: Awaitable[T]) -> T:
            return loop.run_until_complete(asyncio.wait_for(step, self.timeout))

        try:
            wait(connection.connect())
            voice = SynthesizeVoice(name=self._voice) if self._voice else None
            wait(connection.write_event(Synthesize(text=text, voice=voice).event()))
            rate: int | None = None
            while True:
                event = wait(connection.read_event())
                if event is None:
                    raise ConnectionError(f"le serveur {self.uri} a coupé avant la fin du son")
                if AudioStart.is_type(event.type):
                    rate = AudioStart.from_event(event).rate
                elif WyomingChunk.is_type(event.type):
                    chunk = WyomingChunk.from_event(event)
                    samples = mono16(chunk.audio, chunk.width, chunk.channels)
                    if samples:
                        yield AudioChunk(samples, chunk.rate or rate or 22050)
                elif AudioStop.is_type(event.type):
                    return
                elif Error.is_type(event.type):
                    raise ConnectionError(f"le serveur {self.uri} a refusé : {Error.from_event(event).text}")
        finally:
            with contextlib.suppress(OSError, TimeoutError):
                loop.run_until_complete(asyncio.wait_for(connection.disconnect(), self.timeout))
            loop.close()


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
                f"kinito: la synthèse Wyoming ({where}) ne répond pas ({error or type(error).__name__}) :"
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
            except (OSError, TimeoutError, UserError) as error:
                fallback = self._fall_back(error)
                if started:
                    return
        else:
            fallback = self._fall_back(RuntimeError())
        yield from fallback.synthesize(text)
