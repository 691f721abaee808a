"""A real Wyoming satellite (`wyoming-satellite`, `--satellite tcp://HOST:10700`), talked to as Home
Assistant talks to it: one connection carries both directions.

The satellite is a server that serves one client at a time: it streams its microphone only after
that client sends `run-satellite`, announces `run-pipeline`, and plays the audio the client sends
back (audio-start, audio-chunk, audio-stop) on its own sound output. So kinito opens a single
connection for the microphone and the speaker (a second one, as `--snd-uri` would open, is refused
by the satellite while the first holds its slot). `WyomingSatellite` is the microphone side (an
AudioSource, from `WyomingMicSource`, with its loss reported and its reconnection); `playback()` is
the speaker side (a Playback on the same connection). Pings are answered with pongs.

A satellite cannot serve kinito and Home Assistant at once: for both, run wyoming-mic-external and
wyoming-snd-external for kinito (`--mic-uri`, `--snd-uri`) and the satellite for Home Assistant.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

from assistant.errors import UserError, network_reason
from assistant.voice.wyoming.mic import LOG, WyomingMicSource
from assistant.voice.wyoming.wire import Event, write_event

SAMPLES_PER_CHUNK = 1024
"""Frames per audio-chunk sent to the satellite (what Home Assistant sends)."""
FIX = "vérifie que wyoming-satellite tourne (--uri tcp://0.0.0.0:10700) et que Home Assistant ne le tient pas"


class WyomingSatellite(WyomingMicSource):
    """A satellite's microphone, on the connection its speaker shares."""

    def __init__(self, uri: str, **options: Any) -> None:
        super().__init__(uri, flag="--satellite", **options)
        self._writer: asyncio.StreamWriter | None = None

    def _hung_up(self, chunks: int) -> str:
        """A satellite that hangs up before any audio is most likely serving another client."""
        if chunks:
            return "le satellite a fermé la connexion"
        return "le satellite a raccroché sans envoyer de son (Home Assistant le tient-il ?)"

    async def _greet(self, writer: asyncio.StreamWriter) -> None:
        """Ask the satellite to stream (`run-satellite`), as Home Assistant does once connected."""
        await write_event(writer, Event("run-satellite"))
        self._writer = writer

    async def _other(self, event: Event, writer: asyncio.StreamWriter) -> None:
        """Pong a ping; the rest (run-pipeline, info, streaming events) is only logged."""
        if event.type == "ping":
            text = event.data.get("text")
            await write_event(writer, Event("pong", {"text": text} if isinstance(text, str) else {}))

    def send(self, event: Event, timeout: float) -> None:
        """Send one event on the current connection (from any thread); UserError when there is none."""
        loop, writer = self._loop, self._writer
        if loop is None or writer is None or writer.is_closing():
            raise UserError(f"Le satellite Wyoming {self.uri} n'est pas connecté.", FIX)

        def step() -> Coroutine[Any, Any, None]:
            return write_event(writer, event)

        try:
            asyncio.run_coroutine_threadsafe(step(), loop).result(timeout)
        except (OSError, TimeoutError, RuntimeError) as error:
            why = network_reason(error) if isinstance(error, OSError | TimeoutError) else "connexion perdue"
            raise UserError(f"Le satellite Wyoming {self.uri} a coupé ({why}).", FIX) from None

    def playback(self) -> SatellitePlayback:
        """The satellite's speaker, on this connection."""
        return SatellitePlayback(self.send, self.timeout)


class SatellitePlayback:
    """A Playback on a satellite's connection: audio-start, chunks, audio-stop. `close()` returns once
    the audio has had the time to play (the satellite does not say when it has), so the speaking
    gate stays shut over what the satellite plays."""

    def __init__(self, send: Callable[[Event, float], None], timeout: float = 5.0) -> None:
        self._send = send
        self.timeout = timeout
        """Seconds to send one event."""
        self._rate = 0
        self._seconds = 0.0
        self._started = 0.0
        self._pending = b""
        self._open = False

    def _format(self) -> dict[str, int]:
        return {"rate": self._rate, "width": 2, "channels": 1}

    def open(self, rate: int) -> None:
        """Send audio-start; a satellite not connected is a UserError (FallbackVoice prints instead)."""
        self._rate, self._seconds, self._pending = rate, 0.0, b""
        self._send(Event("audio-start", {**self._format(), "timestamp": 0}), self.timeout)
        self._open = True
        self._started = time.monotonic()

    def _chunk(self, pcm: bytes) -> None:
        self._send(Event("audio-chunk", self._format(), pcm), self.timeout)
        self._seconds += len(pcm) / 2 / self._rate

    def write(self, samples: bytes) -> None:
        """Send the frames as audio-chunks of SAMPLES_PER_CHUNK frames."""
        self._pending += samples
        step = SAMPLES_PER_CHUNK * 2
        while len(self._pending) >= step:
            self._chunk(self._pending[:step])
            self._pending = self._pending[step:]

    def close(self) -> None:
        """Send what is left and audio-stop, then wait for as long as the audio lasts."""
        if not self._open:
            return
        self._open = False
        if self._pending:
            self._chunk(self._pending)
            self._pending = b""
        self._send(Event("audio-stop", {"timestamp": round(self._seconds, 3)}), self.timeout)
        LOG.debug("wyoming : %.2f s de son envoyées au satellite", self._seconds)
        time.sleep(max(0.0, self._seconds - (time.monotonic() - self._started)))
