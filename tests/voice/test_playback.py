"""Playback: the Speaker holds the speaking gate around exactly the audible part."""

from __future__ import annotations

import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.errors import UserError
from assistant.testing.playback import RecordingPlayback
from assistant.voice.speak.playback import SoundDevicePlayback, Speaker, WavFilePlayback
from assistant.voice.speak.tts import AudioChunk


class _Gate:
    def __init__(self, log: list[str]) -> None:
        self.log = log

    def begin(self) -> None:
        self.log.append("begin")

    def end(self) -> None:
        self.log.append("end")


class _Synth:
    voice = "test"

    def __init__(self, chunks: list[AudioChunk]) -> None:
        self.chunks = chunks

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        yield from self.chunks


CHUNKS = [AudioChunk(b"\x10\x00" * 8000, 16000), AudioChunk(b"\x20\x00" * 8000, 16000)]


def test_gate_begins_before_first_chunk_and_ends_after_last() -> None:
    playback = RecordingPlayback()
    seconds = Speaker(_Synth(CHUNKS), playback, _Gate(playback.log)).say("x")
    assert playback.log == ["open", "begin", "write", "write", "close", "end"]
    assert seconds == pytest.approx(1.0)
    assert playback.utterances == [(16000, CHUNKS[0].samples + CHUNKS[1].samples)]


def test_gate_is_released_when_playback_fails_midway() -> None:
    class Broken(RecordingPlayback):
        def write(self, samples: bytes) -> None:
            raise UserError("plus de son")

    playback = Broken()
    with pytest.raises(UserError):
        Speaker(_Synth(CHUNKS), playback, _Gate(playback.log)).say("x")
    assert playback.log == ["open", "begin", "close", "end"]


def test_nothing_to_say_never_touches_gate_or_output() -> None:
    playback = RecordingPlayback()
    assert Speaker(_Synth([]), playback, _Gate(playback.log)).say("") == 0.0
    assert playback.log == []


def test_output_that_cannot_open_never_begins_the_gate() -> None:
    class NoDevice(RecordingPlayback):
        def open(self, rate: int) -> None:
            raise UserError("pas de sortie")

    playback = NoDevice()
    with pytest.raises(UserError):
        Speaker(_Synth(CHUNKS), playback, _Gate(playback.log)).say("x")
    assert playback.log == []


def test_wav_file_playback_writes_a_mono_16_bit_file(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "x.wav"
    Speaker(_Synth(CHUNKS), WavFilePlayback(out)).say("x")
    with wave.open(str(out)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate(), wav.getnframes()) == (
            1,
            2,
            16000,
            16000,
        )


def test_wav_file_playback_unwritable_path_is_one_sentence(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(UserError, match="Impossible d'écrire"):
        WavFilePlayback(blocker / "x.wav").open(16000)


def _has_output_device() -> bool:
    try:
        import sounddevice

        return any(d["max_output_channels"] > 0 for d in sounddevice.query_devices())
    except Exception:
        return False


@pytest.mark.skipif(_has_output_device(), reason="this machine has a sound output")
def test_no_sound_output_is_a_user_error_suggesting_out() -> None:
    with pytest.raises(UserError) as caught:
        SoundDevicePlayback().open(22050)
    assert "--out" in str(caught.value)


def test_real_half_duplex_gate_is_closed_exactly_while_speaking() -> None:
    from assistant.core.clock import FakeClock
    from assistant.voice.hear.duplex import HalfDuplexGate

    gate = HalfDuplexGate(FakeClock())
    seen: list[bool] = []

    class Spy(RecordingPlayback):
        def write(self, samples: bytes) -> None:
            seen.append(gate.is_speaking)
            super().write(samples)

    Speaker(_Synth(CHUNKS), Spy(), gate).say("x")
    assert seen == [True, True]
    assert not gate.is_speaking
