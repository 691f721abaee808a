"""Audio out to a Wyoming sound service (`--snd-uri`, e.g. wyoming-snd-external on a satellite).

`WyomingPlayback` is a `Playback`: each utterance is one connection carrying AudioStart, AudioChunk
events and AudioStop. Half duplex holds with a remote speaker because `close()` returns only once the
service has played the sound: it waits for the service's `Played` event and, from a service that does
not send one, for as long as the audio sent lasts. `Speaker` ends the speaking gate after `close()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from assistant.errors import UserError
from assistant.voice.wyoming_uri import client, parse_uri

SAMPLES_PER_CHUNK = 1024
"""Frames per AudioChunk event (what the Wyoming services send themselves)."""
FIX_SND = "vérifie que le service son Wyoming tourne, ou joue sans --snd-uri"


class WyomingPlayback:
    """Plays on a Wyoming sound service over TCP, one connection per utterance."""

    def __init__(self, uri: str, timeout: float = 5.0, margin: float = 2.0) -> None:
        self.uri = parse_uri(uri, "--snd-uri")
        self.timeout = timeout
        """Seconds to connect and to send one event."""
        self.margin = margin
        """Seconds beyond the audio's length to wait for `Played` before giving up on it."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._client: Any = None
        self._rate = 0
        self._seconds = 0.0
        self._started = 0.0
        self._pending = b""

    def _wait(self, step: Any, timeout: float | None = None) -> Any:
        assert self._loop is not None
        return self._loop.run_until_complete(asyncio.wait_for(step, timeout or self.timeout))

    def open(self, rate: int) -> None:
        """Connect and send AudioStart; an unreachable service is a UserError (FallbackVoice prints)."""
        from wyoming.audio import AudioStart

        self._loop = asyncio.new_event_loop()
        self._client = client(self.uri)
        self._rate, self._seconds, self._pending = rate, 0.0, b""
        try:
            self._wait(self._client.connect())
            self._wait(self._client.write_event(AudioStart(rate=rate, width=2, channels=1).event()))
        except (OSError, TimeoutError) as error:
            self._shut()
            raise UserError(f"Le service son Wyoming {self.uri} ne répond pas ({error}).", FIX_SND) from None
        self._started = time.monotonic()

    def _send(self, pcm: bytes) -> None:
        from wyoming.audio import AudioChunk

        event = AudioChunk(rate=self._rate, width=2, channels=1, audio=pcm).event()
        try:
            self._wait(self._client.write_event(event))
        except (OSError, TimeoutError) as error:
            raise UserError(f"Le service son Wyoming {self.uri} a coupé ({error}).", FIX_SND) from None
        self._seconds += len(pcm) / 2 / self._rate

    def write(self, samples: bytes) -> None:
        """Send the frames as AudioChunk events of `SAMPLES_PER_CHUNK` frames."""
        self._pending += samples
        step = SAMPLES_PER_CHUNK * 2
        while len(self._pending) >= step:
            self._send(self._pending[:step])
            self._pending = self._pending[step:]

    def close(self) -> None:
        """Send what is left and AudioStop, then wait until the service has played it all."""
        if self._loop is None:
            return
        from wyoming.audio import AudioStop
        from wyoming.snd import Played

        try:
            if self._pending:
                self._send(self._pending)
                self._pending = b""
            self._wait(self._client.write_event(AudioStop().event()))
            left = max(0.0, self._seconds - (time.monotonic() - self._started))
            deadline = time.monotonic() + left + self.margin
            played = False
            while not played and (remaining := deadline - time.monotonic()) > 0:
                try:
                    event = self._wait(self._client.read_event(), remaining)
                except (OSError, TimeoutError):
                    break
                if event is None:
                    break
                played = Played.is_type(event.type)
            if not played:  # a service without Played: the sound lasts as long as what was sent
                time.sleep(max(0.0, self._seconds - (time.monotonic() - self._started)))
        except (OSError, TimeoutError) as error:
            raise UserError(f"Le service son Wyoming {self.uri} a coupé ({error}).", FIX_SND) from None
        finally:
            self._shut()

    def _shut(self) -> None:
        if self._loop is None:
            return
        if self._client is not None:
            with contextlib.suppress(OSError, TimeoutError, RuntimeError):
                self._wait(self._client.disconnect())
        self._loop.close()
        self._loop, self._client = None, None
