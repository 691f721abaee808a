"""A Wyoming TTS server speaks the referee's sentences; espeak-ng when it cannot."""

from __future__ import annotations

import asyncio
import io
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest
from wyoming.audio import AudioChunk as WyomingChunk
from wyoming.audio import AudioStart, AudioStop
from wyoming.error import Error
from wyoming.event import Event
from wyoming.server import AsyncEventHandler
from wyoming.tts import Synthesize

from assistant.testing.playback import RecordingPlayback
from assistant.voice.speak.playback import Speaker
from assistant.voice.speak.tts import AudioChunk
from assistant.voice.wyoming.tts import FallbackSynthesizer, WyomingSynthesizer
from tests.voice.wyoming_loopback import closed_port, serving, tone

TONE = tone()


class ToneServer(AsyncEventHandler):
    """Answers Synthesize with a short tone in two chunks, and remembers the texts asked."""

    heard: list[str] = []  # noqa: RUF012 -- shared by the handlers of one test

    async def handle_event(self, event: Event) -> bool:
        if not Synthesize.is_type(event.type):
            return True
        ToneServer.heard.append(Synthesize.from_event(event).text)
        half = len(TONE) // 4 * 2  # on a sample boundary
        await self.write_event(AudioStart(rate=22050, width=2, channels=1).event())
        for part in (TONE[:half], TONE[half:]):
            await self.write_event(WyomingChunk(rate=22050, width=2, channels=1, audio=part).event())
        await self.write_event(AudioStop().event())
        return False


class RefusingServer(AsyncEventHandler):
    """Answers every Synthesize with a Wyoming error."""

    async def handle_event(self, event: Event) -> bool:
        await self.write_event(Error(text="no voice").event())
        return False


class _Espeak:
    """Stands in for the espeak-ng fallback: one chunk of silence, and how often it was built."""

    voice = "espeak-test"
    built = 0

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        yield AudioChunk(b"\x00\x00" * 160, 16000)


def _fallback() -> _Espeak:
    _Espeak.built += 1
    return _Espeak()


def test_wyoming_server_speaks_the_sentence() -> None:
    """The server's AudioChunks come back as the project's chunks, in order, at the server's rate."""
    ToneServer.heard = []
    with serving(ToneServer) as port:
        chunks = list(WyomingSynthesizer(f"tcp://127.0.0.1:{port}").synthesize("Ana prend une dose."))
    assert ToneServer.heard == ["Ana prend une dose."]
    assert b"".join(c.samples for c in chunks) == TONE
    assert {c.rate for c in chunks} == {22050}


def test_wyoming_audio_goes_through_the_existing_playback_and_gate() -> None:
    """Speaker plays the remote voice like espeak-ng's: one utterance, the gate around it."""
    log: list[str] = []
    playback = RecordingPlayback(log=log)

    class Gate:
        def begin(self) -> None:
            log.append("begin")

        def end(self) -> None:
            log.append("end")

    with serving(ToneServer) as port:
        seconds = Speaker(WyomingSynthesizer(f"tcp://127.0.0.1:{port}"), playback, Gate()).say("Bonjour.")
    assert playback.utterances == [(22050, TONE)]
    assert log[0] == "open" and log[1] == "begin" and log[-2:] == ["close", "end"]
    assert seconds == pytest.approx(len(TONE) / 2 / 22050)


def test_unreachable_server_falls_back_to_espeak_and_says_so_once() -> None:
    """A closed port: every sentence is spoken by the fallback, built once, told once on stderr."""
    _Espeak.built = 0
    warn = io.StringIO()
    synth = FallbackSynthesizer(WyomingSynthesizer(f"tcp://127.0.0.1:{closed_port()}"), _fallback, warn)
    first = list(synth.synthesize("Ana prend une dose."))
    second = list(synth.synthesize("À Bruno."))
    assert first and second
    assert _Espeak.built == 1
    assert warn.getvalue().count("espeak-ng") == 1
    assert synth.voice == "espeak-test"


def test_server_error_falls_back_for_that_sentence() -> None:
    """A Wyoming Error event instead of audio: the sentence is still said, by the fallback."""
    warn = io.StringIO()
    with serving(RefusingServer) as port:
        synth = FallbackSynthesizer(WyomingSynthesizer(f"tcp://127.0.0.1:{port}"), _fallback, warn)
        chunks = list(synth.synthesize("Ana prend une dose."))
    assert chunks == [AudioChunk(b"\x00\x00" * 160, 16000)]
    assert "no voice" in warn.getvalue()


def test_working_server_never_builds_the_fallback() -> None:
    """While the server answers, espeak-ng is not started at all."""
    _Espeak.built = 0
    warn = io.StringIO()
    with serving(ToneServer) as port:
        synth = FallbackSynthesizer(WyomingSynthesizer(f"tcp://127.0.0.1:{port}"), _fallback, warn)
        assert b"".join(c.samples for c in synth.synthesize("Bonjour.")) == TONE
    assert _Espeak.built == 0 and warn.getvalue() == ""


def test_play_settings_choose_the_wyoming_voice_with_espeak_behind() -> None:
    """`kinito play --tts-uri`: the settings key reaches the synthesizer `_voice` plays through."""
    from assistant.commands.play import synthesizer
    from assistant.settings.play import settings_from

    settings = settings_from({"players": "Ana,Bruno", "tts_uri": f"tcp://127.0.0.1:{closed_port()}"})
    synth = synthesizer(settings)
    assert isinstance(synth, FallbackSynthesizer)
    assert synth.voice.startswith("wyoming:")


def test_no_event_loop_is_left_running() -> None:
    """Each sentence runs its own event loop and closes it (the voice thread has none of its own)."""
    with serving(ToneServer) as port:
        list(WyomingSynthesizer(f"tcp://127.0.0.1:{port}").synthesize("Bonjour."))
    with pytest.raises(RuntimeError):
        asyncio.get_running_loop()


def test_say_writes_the_wyoming_servers_audio(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`kinito say TEXT --tts-uri … --out F.wav`: the file holds the server's tone at its rate, and the
    summary names the server's voice as what spoke (not espeak, the fallback that did not)."""
    from assistant.cli import main

    out = tmp_path / "dire.wav"
    with serving(ToneServer) as port:
        assert main(["say", "Bonjour.", "--tts-uri", f"tcp://127.0.0.1:{port}", "--out", str(out)]) == 0
    assert "voix wyoming:défaut (serveur Wyoming)" in capsys.readouterr().out
    with wave.open(str(out), "rb") as wav:
        assert wav.getframerate() == 22050
        assert wav.readframes(wav.getnframes()) == TONE
