"""Hostile Wyoming servers against kinito's clients (the TTS client, the microphone client, the sound
client), on 127.0.0.1 with bounded loops: endless and slow streams, `channels: 0`, `rate: 10**12`,
string rates, JSON lists, cuts mid-payload, size claims. Each ends within its deadline with memory
bounded by the caps (an event's payload 1 MiB; a sentence's audio `max_seconds`), the speaking gate
open again, espeak-ng speaking and the microphone back."""

from __future__ import annotations

import asyncio
import io
import json
import resource
import threading
from collections.abc import Callable, Iterator

import pytest
from wyoming.server import AsyncEventHandler

from assistant.voice.speak.tts import AudioChunk
from assistant.voice.wyoming.mic import WyomingMicSource
from assistant.voice.wyoming.tts import FallbackSynthesizer, WyomingSynthesizer
from assistant.voice.wyoming.wire import PAYLOAD_CAP, Event, encode
from tests.voice.wyoming_loopback import serving

WAIT = 10.0


class Hostile(AsyncEventHandler):
    """A TTS server (or microphone service) that sends `Hostile.script` whatever it is asked."""

    script: Callable[[asyncio.StreamWriter], object] = staticmethod(lambda writer: None)

    async def run(self) -> None:
        await Hostile.script(self.writer)  # type: ignore[misc]

    async def handle_event(self, event: object) -> bool:
        return False


def _chunk(rate: object = 22050, channels: object = 1, audio: bytes = b"\x01\x00" * 1024) -> bytes:
    return encode(Event("audio-chunk", {"rate": rate, "width": 2, "channels": channels}, audio))


async def _endless(writer: asyncio.StreamWriter) -> None:
    for _ in range(100_000):
        writer.write(_chunk())
        await writer.drain()


async def _slow(writer: asyncio.StreamWriter) -> None:
    for _ in range(100):
        writer.write(_chunk())
        await writer.drain()
        await asyncio.sleep(0.2)


def _sends(*raw: bytes) -> Callable[[asyncio.StreamWriter], object]:
    async def script(writer: asyncio.StreamWriter) -> None:
        for part in raw:
            writer.write(part)
        await writer.drain()
        writer.close()

    return script


class _Espeak:
    voice = "espeak"

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        yield AudioChunk(b"\x05\x00" * 100, 16000)


@pytest.mark.parametrize(
    ("name", "script"),
    [
        ("endless", _endless),
        ("slow", _slow),
        ("channels_0", _sends(_chunk(channels=0))),
        ("rate_10e12", _sends(_chunk(rate=10**12))),
        ("string_rate", _sends(_chunk(rate="22050"))),
        ("list", _sends(b"[1, 2, 3]\n")),
        (
            "cut_mid_payload",
            _sends(json.dumps({"type": "audio-chunk", "payload_length": 9000}).encode() + b"\n"),
        ),
        (
            "payload_claim",
            _sends(json.dumps({"type": "audio-chunk", "payload_length": PAYLOAD_CAP + 1}).encode() + b"\n"),
        ),
    ],
)
def test_a_hostile_tts_server_falls_back_to_espeak(
    name: str, script: Callable[[asyncio.StreamWriter], object]
) -> None:
    """Every broken stream ends the sentence within its deadline or audio cap, and espeak-ng speaks."""
    Hostile.script = staticmethod(script)  # type: ignore[method-assign]
    with serving(Hostile) as port:
        primary = WyomingSynthesizer(f"tcp://127.0.0.1:{port}", timeout=1.0, deadline=2.0, max_seconds=5.0)
        warn = io.StringIO()
        synth = FallbackSynthesizer(primary, _Espeak, warn)
        chunks = list(synth.synthesize("Bonjour."))
    audio = sum(len(c.samples) for c in chunks) / 2 / 22050
    assert audio <= 5.0 + 0.1, name
    assert "espeak-ng" in warn.getvalue(), name
    assert synth.primary is None


def test_the_microphone_thread_survives_a_bad_event_says_it_once_and_reconnects() -> None:
    """channels: 0, then a JSON list, then good audio: "micro perdu" once, then audio again."""
    connections: list[int] = []

    async def script(writer: asyncio.StreamWriter) -> None:
        connections.append(1)
        if len(connections) == 1:
            writer.write(_chunk(channels=0))
        elif len(connections) == 2:
            writer.write(b"[1, 2]\n")
        else:
            for _ in range(20):
                writer.write(_chunk(rate=16000))
        await writer.drain()
        await asyncio.sleep(0.5)
        writer.close()

    Hostile.script = staticmethod(script)  # type: ignore[method-assign]
    lost: list[str] = []
    with serving(Hostile) as port:
        source = WyomingMicSource(
            f"tcp://127.0.0.1:{port}", backoff=(0.05,), on_lost=lost.append, timeout=2.0
        )
        guard = threading.Timer(WAIT, source.close)
        guard.start()
        try:
            first = next(iter(source.chunks()))
        finally:
            source.close()
            guard.cancel()
    assert len(first.pcm) > 0
    assert len(lost) == 1 and len(connections) >= 3


class _CountingGate:
    """A speaking gate that counts begin/end (shut while begins outnumber ends)."""

    def __init__(self) -> None:
        self.begun = 0
        self.ended = 0

    def begin(self) -> None:
        self.begun += 1

    def end(self) -> None:
        self.ended += 1


class _Sink:
    """A Playback that keeps what it is given."""

    def __init__(self) -> None:
        self.frames = 0

    def open(self, rate: int) -> None:
        pass

    def write(self, samples: bytes) -> None:
        self.frames += len(samples) // 2

    def close(self) -> None:
        pass


@pytest.mark.parametrize("script", [_endless, _slow, _sends(_chunk(), _chunk(channels=0))])
def test_in_play_a_broken_tts_stream_always_reopens_the_gate(
    script: Callable[[asyncio.StreamWriter], object],
) -> None:
    """`kinito play --tts-uri` on an endless, slow or broken server: the sentence ends, the half-duplex
    gate opens again (the table is heard), and the next sentence is spoken by espeak-ng."""
    from assistant.voice.speak.playback import Speaker

    Hostile.script = staticmethod(script)  # type: ignore[method-assign]
    gate = _CountingGate()
    with serving(Hostile) as port:
        primary = WyomingSynthesizer(f"tcp://127.0.0.1:{port}", timeout=1.0, deadline=2.0, max_seconds=5.0)
        speaker = Speaker(FallbackSynthesizer(primary, _Espeak, io.StringIO()), _Sink(), gate)  # type: ignore[arg-type]
        speaker.say("Bonjour.")
        speaker.say("Au revoir.")
    assert gate.begun == gate.ended == 2


def test_a_hostile_sound_service_costs_the_utterance_not_the_game() -> None:
    """A sound service answering audio-stop with a 2 GB payload claim, or never answering: `close()`
    returns (bounded by the audio's length and its margin), nothing allocated."""
    from assistant.voice.wyoming.snd import WyomingPlayback

    async def script(writer: asyncio.StreamWriter) -> None:
        writer.write(json.dumps({"type": "played", "payload_length": 2_000_000_000}).encode() + b"\n")
        await writer.drain()
        await asyncio.sleep(3)

    Hostile.script = staticmethod(script)  # type: ignore[method-assign]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with serving(Hostile) as port:
        playback = WyomingPlayback(f"tcp://127.0.0.1:{port}", timeout=1.0, margin=0.5)
        playback.open(16000)
        playback.write(b"\x00\x00" * 1600)
        playback.close()
    assert (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024 < 50
