"""A Wyoming satellite's microphone (--mic-uri) and speaker (--snd-uri), half duplex kept."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator

import pytest
from wyoming.audio import AudioChunk as WyomingChunk
from wyoming.audio import AudioStart, AudioStop
from wyoming.event import Event
from wyoming.server import AsyncEventHandler
from wyoming.snd import Played

from assistant.core.clock import SystemClock
from assistant.errors import UserError
from assistant.voice.hear.audio import SAMPLE_RATE, AudioSource, Chunk
from assistant.voice.hear.duplex import HalfDuplexGate
from assistant.voice.speak.playback import Speaker
from assistant.voice.speak.tts import AudioChunk
from assistant.voice.wyoming.mic import WyomingMicSource
from assistant.voice.wyoming.snd import WyomingPlayback
from tests.voice.wyoming_loopback import WAIT, closed_port, serving, tone

MONO_22K = tone(0.5)
STEREO_22K = b"".join(MONO_22K[i : i + 2] * 2 for i in range(0, len(MONO_22K), 2))
"""Half a second of a tone at 22050 Hz on two channels, as a satellite might send it."""


class MicServer(AsyncEventHandler):
    """A microphone service: streams the tone in chunks to whoever connects, then hangs up."""

    async def run(self) -> None:
        step = 1024 * 4
        for offset in range(0, len(STEREO_22K), step):
            part = STEREO_22K[offset : offset + step]
            await self.write_event(WyomingChunk(rate=22050, width=2, channels=2, audio=part).event())
        self.writer.close()

    async def handle_event(self, event: Event) -> bool:
        return False


def test_mic_source_resamples_satellite_audio_to_16k_mono() -> None:
    """Stereo 22.05 kHz chunks come out as 16 kHz mono Chunks, timed in order."""
    with serving(MicServer) as port:
        source = WyomingMicSource(f"tcp://127.0.0.1:{port}", backoff=(0.05,))
        guard = threading.Timer(WAIT, source.close)
        guard.start()
        expected = 0.5 * SAMPLE_RATE * 2
        got = []
        try:
            for chunk in source.chunks():
                got.append(chunk)
                if sum(len(c.pcm) for c in got) >= 0.8 * expected:
                    break
        finally:
            source.close()
            guard.cancel()
    assert sum(len(c.pcm) for c in got) >= 0.8 * expected
    assert all(b.start == pytest.approx(a.start + a.duration) for a, b in itertools.pairwise(got))
    assert any(c.pcm.strip(b"\x00") for c in got), "the tone came through, not silence"


def _chunks_until_closed(source: AudioSource) -> list[Chunk]:
    """Every chunk until the source closes (or, at the latest, WAIT seconds pass)."""
    guard = threading.Timer(WAIT, source.close)
    guard.start()
    try:
        return list(source.chunks())
    finally:
        guard.cancel()


def test_unreachable_mic_service_is_reported_not_raised() -> None:
    """A closed port: on_lost is told (once), and closing ends the chunks."""
    lost: list[str] = []
    source = WyomingMicSource(f"tcp://127.0.0.1:{closed_port()}", backoff=(0.05,))

    def on_lost(why: str) -> None:
        lost.append(why)
        source.close()

    source.on_lost = on_lost
    assert _chunks_until_closed(source) == []
    assert len(lost) == 1


class SndServer(AsyncEventHandler):
    """A sound service: keeps the audio it gets, notes whether the referee's gate was closed then,
    and answers AudioStop with Played."""

    log: list[str] = []  # noqa: RUF012 -- shared with the test
    audio = bytearray()
    gate: HalfDuplexGate | None = None

    async def handle_event(self, event: Event) -> bool:
        if AudioStart.is_type(event.type):
            SndServer.log.append(f"start {AudioStart.from_event(event).rate}")
        elif WyomingChunk.is_type(event.type):
            SndServer.audio += WyomingChunk.from_event(event).audio
            if SndServer.gate is not None:
                SndServer.log.append(f"chunk speaking={SndServer.gate.is_speaking}")
        elif AudioStop.is_type(event.type):
            SndServer.log.append("played")
            await self.write_event(Played().event())
            return False
        return True


class _Synth:
    voice = "test"

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        yield AudioChunk(b"\x01\x00" * 3000, 16000)
        yield AudioChunk(b"\x02\x00" * 500, 16000)


class _LogGate:
    def begin(self) -> None:
        SndServer.log.append("begin")

    def end(self) -> None:
        SndServer.log.append("end")


def _reset() -> None:
    SndServer.log, SndServer.audio, SndServer.gate = [], bytearray(), None


def test_remote_sink_gets_the_whole_utterance_and_the_gate_ends_after_it_played() -> None:
    """AudioStart, every sample, AudioStop; the speaking gate ends only once the service has played."""
    _reset()
    with serving(SndServer) as port:
        Speaker(_Synth(), WyomingPlayback(f"tcp://127.0.0.1:{port}"), _LogGate()).say("Bonjour.")
    assert bytes(SndServer.audio) == b"\x01\x00" * 3000 + b"\x02\x00" * 500
    assert sorted(SndServer.log[:2]) == ["begin", "start 16000"]  # the service logs on its own thread
    assert SndServer.log[2:] == ["played", "end"]


def test_half_duplex_holds_while_the_remote_speaker_plays() -> None:
    """The gate is closed while the service receives the audio, and open again after its tail."""
    _reset()
    clock = SystemClock()
    gate = HalfDuplexGate(clock, tail=0.0)
    SndServer.gate = gate
    with serving(SndServer) as port:
        Speaker(_Synth(), WyomingPlayback(f"tcp://127.0.0.1:{port}"), gate).say("Bonjour.")
    chunks = [entry for entry in SndServer.log if entry.startswith("chunk")]
    assert chunks and set(chunks) == {"chunk speaking=True"}
    assert not gate.is_speaking


def test_unreachable_sound_service_is_one_sentence() -> None:
    """A closed port: a UserError naming the service (FallbackVoice then prints instead)."""
    with pytest.raises(UserError, match="ne répond pas"):
        WyomingPlayback(f"tcp://127.0.0.1:{closed_port()}").open(16000)


def test_play_voice_speaks_a_wyoming_tts_server_on_a_wyoming_sound_service(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`kinito play --tts-uri … --snd-uri …`: the server's tone reaches the satellite's speaker, the
    sentence is printed as well, and the gate is open again afterwards."""
    from assistant.commands.play import _voice
    from assistant.settings.play import settings_from
    from tests.voice.test_wyoming_tts import TONE, ToneServer

    _reset()
    gate = HalfDuplexGate(SystemClock(), tail=0.0)
    with serving(ToneServer) as tts, serving(SndServer) as snd:
        settings = settings_from(
            {"players": "Ana,Bruno", "tts_uri": f"tcp://127.0.0.1:{tts}", "snd_uri": f"tcp://127.0.0.1:{snd}"}
        )
        _voice(settings, gate).say("Ana prend une dose.")
    assert bytes(SndServer.audio) == TONE
    assert SndServer.log[0] == "start 22050" and SndServer.log[-1] == "played"
    assert "Ana prend une dose." in capsys.readouterr().out
    assert not gate.is_speaking


def test_satellite_microphone_says_its_loss_through_the_loop() -> None:
    """`--mic-uri` with no service behind it: the table hears "Je n'entends plus le micro"."""
    from assistant.runtime.hearing import satellite_microphone
    from assistant.speech import say

    MIC_LOST = say("mic_lost")

    said: list[str] = []

    class Loop:
        def say(self, text: str) -> None:
            said.append(text)
            source.close()

    source = satellite_microphone(f"tcp://127.0.0.1:{closed_port()}", SystemClock(), Loop())  # type: ignore[arg-type]
    assert _chunks_until_closed(source) == []
    assert said == [MIC_LOST]
