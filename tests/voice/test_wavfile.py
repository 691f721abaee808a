"""WAV input is mixed to mono and resampled by libsoxr, with a real anti-alias filter.

The existing format tests (tests/voice/test_audio.py) check every width, rate and channel count keeps
duration, pitch and level; these check what the hand-made filter did not: what lies above the new
Nyquist frequency is removed rather than folded back into speech frequencies.
"""

from __future__ import annotations

import wave
from array import array
from pathlib import Path

import numpy as np
import pytest

from assistant.voice.hear.audio import SAMPLE_RATE
from assistant.voice.hear.wavfile import read_wav, resample

RATE = 44100


def _tone(freq: float, seconds: float = 1.0, rate: int = RATE, level: float = 12000.0) -> array[int]:
    t = np.arange(int(rate * seconds)) / rate
    return array("h", np.round(level * np.sin(2 * np.pi * freq * t)).astype(np.int16).tobytes())


def _rms(samples: array[int]) -> float:
    values = np.asarray(samples, dtype=np.float64)[len(samples) // 10 : -len(samples) // 10]  # no edges
    return float(np.sqrt(np.mean(values**2)))


def _peak_hz(samples: array[int], rate: int = SAMPLE_RATE) -> float:
    spectrum = np.abs(np.fft.rfft(np.asarray(samples, dtype=np.float64)))
    return float(np.fft.rfftfreq(len(samples), 1 / rate)[int(np.argmax(spectrum))])


def test_a_tone_below_8_khz_keeps_its_level_and_frequency() -> None:
    out = resample(_tone(1000.0), RATE)
    assert len(out) == SAMPLE_RATE
    assert _peak_hz(out) == pytest.approx(1000.0, abs=2)
    assert _rms(out) == pytest.approx(_rms(_tone(1000.0)), rel=0.02)


def test_a_tone_above_8_khz_is_filtered_out_not_folded_back() -> None:
    """10 kHz cannot exist at 16 kHz: a linear interpolator folds it to 6 kHz; libsoxr removes it."""
    loud = _rms(_tone(10000.0))
    out = resample(_tone(10000.0), RATE)
    assert _rms(out) < loud / 100  # at least 40 dB down


def test_stereo_is_averaged(tmp_path: Path) -> None:
    left = np.asarray(_tone(440.0), dtype=np.int16)
    for right, expected in ((left, 1.0), (-left, 0.0)):
        path = tmp_path / "stereo.wav"
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(2)
            wav.setsampwidth(2)
            wav.setframerate(RATE)
            wav.writeframes(np.stack([left, right], axis=1).astype("<i2").tobytes())
        mono = array("h", read_wav(path))
        assert _rms(mono) == pytest.approx(expected * _rms(_tone(440.0)), rel=0.02, abs=2)


def test_same_rate_and_empty_input_pass_through() -> None:
    tone = _tone(440.0, rate=SAMPLE_RATE)
    assert resample(tone, SAMPLE_RATE) == tone
    assert resample(array("h"), RATE) == array("h")


def test_mono16_averages_channels_and_drops_a_partial_frame() -> None:
    """Wyoming chunks: interleaved stereo becomes mono int16; a cut-off last frame is not misread."""
    from assistant.voice.hear.wavfile import mono16

    frame = (100).to_bytes(2, "little", signed=True) + (300).to_bytes(2, "little", signed=True)
    assert mono16(frame * 2 + b"\x01", 2, 2) == (200).to_bytes(2, "little", signed=True) * 2
