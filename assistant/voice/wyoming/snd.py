"""Audio out to a Wyoming sound service (`--snd-uri`, e.g. wyoming-snd-external on a satellite).

`WyomingPlayback` is a `Playback`: each utterance is one connection carrying AudioStart, AudioChunk
events and AudioStop. Half duplex holds with a remote speaker because `close()` returns only once the
service has played the sound: it waits for the service's `played` event and, from a service that does
not send one, for as long as the audio sent lasts. `Speaker` ends the speaking gate after `close()`.
What the service sends back is read through `wyoming_wire` (sizes capped), so a hostile service
costs the utterance, never the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from assistant.errors import UserError, network_reason
from assistant.voice.wyoming.uri import open_stream, parse_uri
from assistant.voice.wyoming.wire import HEADER_CAP, Event, read_event, write_event

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
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._rate = 0
        self._seconds = 0.0
        self._started = 0.0
        self._pending = b""

    def _wait(self, step: Any, timeout: float | None = None) -> Any:
        assert self._loop is not None
        return self._loop.run_until_complete(asyncio.wait_for(step, timeout or self.timeout))

    def _format(self) -> dict[str, int]:
        return {"rate": self._rate, "width": 2, "channels": 1}

    def _write(self, event: Event) -> None:
        assert self._writer is not None
        self._wait(write_event(self._writer, event))

    def open(self, rate: int) -> None:
        """Connect and send audio-start; an unreachable service is a UserError (FallbackVoice prints)."""
        self._loop = asyncio.new_event_loop()
        self._rate, self._seconds, self._pending = rate, 0.0, b""
        try:
            self._reader, self._writer = self._wait(open_stream(self.uri, HEADER_CAP + 1))
            self._write(Event("audio-start", self._format()))
        except (OSError, TimeoutError) as error:
            self._shut()
            raise self._lost(error, "ne répond pas") from None
        self._started = time.monotonic()

    def _lost(self, error: BaseException, what: str) -> UserError:
        """The service failed (`what`: "ne répond pas", "a coupé"), said in French with its fix."""
        return UserError(f"Le service son Wyoming {self.uri} {what} ({network_reason(error)}).", FIX_SND)

    def _send(self, pcm: bytes) -> None:
        try:
            self._write(Event("audio-chunk", self._format(), pcm))
        except (OSError, TimeoutError) as error:
            raise self._lost(error, "a coupé") from None
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
        if self._loop is None or self._reader is None:
            return
        try:
            if self._pending:
                self._send(self._pending)
                self._pending = b""
            self._write(Event("audio-stop"))
            left = max(0.0, self._seconds - (time.monotonic() - self._started))
            deadline = time.monotonic() + left + self.margin
            played = False
            while not played and (remaining := deadline - time.monotonic()) > 0:
                try:
                    event = self._wait(read_event(self._reader), remaining)
                except (OSError, TimeoutError):
                    break
                if event is None:
                    break
                played = event.type == "played"
            if not played:  # a service without Played: the sound lasts as long as what was sent
                time.sleep(max(0.0, self._seconds - (time.monotonic() - self._started)))
        except (OSError, TimeoutError) as error:
            raise self._lost(error, "a coupé") from None
        finally:
            self._shut()

    def _shut(self) -> None:
        if self._loop is None:
            return
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError, TimeoutError, RuntimeError):
                self._wait(self._writer.wait_closed(), 1.0)
        self._loop.close()
        self._loop, self._reader, self._writer = None, None, None
