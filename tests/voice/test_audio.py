"""Audio in: WAV conversion to 16 kHz mono int16, and the microphone over a fake PortAudio stream."""

from __future__ import annotations

import itertools
import math
import threading
import time
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.core.clock import SystemClock
from assistant.errors import UserError
from assistant.testing.fake_stream import FakeStream
from assistant.voice.hear.audio import SAMPLE_RATE, Chunk, MicrophoneSource
from assistant.voice.hear.wavfile import WavSource, read_wav, write_wav


def _sine(rate: int, seconds: float, freq: float, channels: int, width: int) -> bytes:
    n = int(rate * seconds)
    values = [int(12000 * math.sin(2 * math.pi * freq * i / rate)) for i in range(n)]
    frames = bytearray()
    for v in values:
        for _ in range(channels):
            if width == 1:
                frames += bytes([(v >> 8) + 128])
            elif width == 2:
                frames += v.to_bytes(2, "little", signed=True)
            elif width == 3:
                frames += (v << 8).to_bytes(3, "little", signed=True)
            else:
                frames += (v << 16).to_bytes(4, "little", signed=True)
    return bytes(frames)


def _write(
    path: Path, rate: int, channels: int, width: int, seconds: float = 0.5, freq: float = 440.0
) -> Path:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(channels)
        wav.setsampwidth(width)
        wav.setframerate(rate)
        wav.writeframes(_sine(rate, seconds, freq, channels, width))
    return path


def _crossings(pcm: bytes) -> int:
    s = array("h", pcm)
    return sum(1 for a, b in itertools.pairwise(s) if (a < 0) != (b < 0))


@pytest.mark.parametrize(
    ("rate", "channels", "width"),
    [(22050, 2, 2), (8000, 1, 2), (44100, 2, 2), (16000, 1, 1), (48000, 1, 3), (11025, 1, 4)],
)
def test_read_wav_converts_any_format_to_16k_mono_keeping_pitch(
    tmp_path: Path, rate: int, channels: int, width: int
) -> None:
    """Any rate/channels/width gives 16 kHz mono int16 of the same duration and the same 440 Hz tone."""
    pcm = read_wav(_write(tmp_path / "in.wav", rate, channels, width))
    assert abs(len(pcm) / 2 - 0.5 * SAMPLE_RATE) <= 2
    # 440 Hz over 0.5 s crosses zero ~440 times: the resampler kept the frequency.
    assert abs(_crossings(pcm) - 440) <= 4
    peak = max(abs(v) for v in array("h", pcm))
    assert 10000 < peak <= 12100  # level kept (8-bit input is coarser)


def test_missing_or_non_wav_file_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="n'existe pas"):
        read_wav(tmp_path / "absent.wav")
    (tmp_path / "notes.txt").write_text("pas du son")
    with pytest.raises(UserError, match="pas un fichier WAV"):
        read_wav(tmp_path / "notes.txt")


def test_wav_source_chunks_cover_the_file_in_order_on_its_timeline(tmp_path: Path) -> None:
    pcm = bytes(range(256)) * 125  # 1 s at 16 kHz
    write_wav(tmp_path / "a.wav", pcm)
    chunks = list(WavSource(tmp_path / "a.wav", chunk_seconds=0.1, trailing_silence=0.5).chunks())
    assert b"".join(c.pcm for c in chunks) == pcm + bytes(16000)
    assert [round(c.start, 3) for c in chunks[:3]] == [0.0, 0.1, 0.2]
    assert all(c.at == pytest.approx(c.start + c.duration) for c in chunks)


def _take(chunks: Iterator[Chunk], seconds: float) -> bytes:
    got = b""
    for chunk in chunks:
        got += chunk.pcm
        if len(got) >= 2 * SAMPLE_RATE * seconds:
            break
    return got


def test_microphone_over_fake_stream_delivers_the_device_audio() -> None:
    """The callback only queues; chunks come out in order with the stream's samples."""
    pcm = array("h", range(-8000, 8000)).tobytes()  # 1 s of distinct samples
    opened: list[dict[str, Any]] = []

    def factory(**kwargs: Any) -> FakeStream:
        opened.append(kwargs)
        return FakeStream(**kwargs, pcm=pcm, speed=20.0)

    mic = MicrophoneSource(device="USB", stream_factory=factory)
    got = _take(mic.chunks(), 1.0)
    mic.close()
    assert got[: len(pcm)] == pcm
    assert opened[0]["samplerate"] == SAMPLE_RATE and opened[0]["channels"] == 1
    assert opened[0]["dtype"] == "int16" and opened[0]["device"] == "USB"


def test_lost_microphone_is_reported_and_retried_with_backoff() -> None:
    """A device that fails to open, then vanishes mid-stream, is reported each time, then heard again."""
    pcm = array("h", [1000] * 16000).tobytes()
    plan = [
        {"fail_on_open": True},
        {"fail_after": 0.3},
        {},
    ]
    streams: list[FakeStream] = []
    calls: list[int] = []

    def factory(**kwargs: Any) -> FakeStream:
        calls.append(1)
        stream = FakeStream(**kwargs, pcm=pcm, speed=50.0, **plan[min(len(calls) - 1, len(plan) - 1)])
        streams.append(stream)
        return stream

    lost: list[str] = []
    restored: list[bool] = []
    waits: list[float] = []
    mic = MicrophoneSource(
        stream_factory=factory,
        on_lost=lost.append,
        on_restored=lambda: restored.append(True),
        sleep=waits.append,
        backoff=(0.5, 1.0, 2.0),
        stall_seconds=1.0,
    )
    got = _take(mic.chunks(), 1.0)
    mic.close()
    assert len(got) >= 2 * 16000
    assert len(lost) == 2
    assert "ouverture" in lost[0]
    assert "arrêté" in lost[1]
    assert waits == [0.5, 0.5]  # first failure, then (audio flowed in between) first step again
    assert restored  # audio came back after the failures
    assert len(calls) == 3 and len(streams) == 2  # the first open raised, as PortAudio does
    assert streams[0].closed  # the vanished stream was closed before reopening


def test_silent_dead_device_is_detected_by_the_stall_timeout() -> None:
    """A stream that delivers nothing (unplugged without an error) is reported lost after stall_seconds."""

    class Mute(FakeStream):
        def start(self) -> None:
            self.active = True  # never calls back

    lost: list[str] = []
    done = threading.Event()

    def on_lost(why: str) -> None:
        lost.append(why)
        mic.close()
        done.set()

    mic = MicrophoneSource(stream_factory=Mute, on_lost=on_lost, stall_seconds=0.2, sleep=lambda s: None)
    assert list(mic.chunks()) == []
    assert done.is_set() and lost == ["plus de son"]


def test_microphone_chunks_carry_their_capture_time_not_their_consumption_time() -> None:
    """A recogniser running behind still sees when audio was captured (what the half-duplex gate
    judges): chunks queued while the consumer was busy keep their early timestamps."""
    clock = SystemClock()
    mic = MicrophoneSource(
        stream_factory=lambda **kw: FakeStream(**kw, pcm=bytes(32000), speed=20.0), clock=clock
    )
    chunks = mic.chunks()
    first = next(chunks)
    time.sleep(0.3)  # busy decoding: ~6 blocks pile up in the queue
    consumed = clock.now()
    later = [next(chunks) for _ in range(3)]
    mic.close()
    assert all(c.at < consumed - 0.1 for c in later)
    assert first.at <= later[0].at <= later[-1].at
