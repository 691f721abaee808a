"""`kinito say`: French speech to a WAV file with either engine; no speaker gives one sentence."""

from __future__ import annotations

import array
import shutil
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from assistant.cli import main

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")
TEXT = "Marc prend une dose."


def _read(path: Path) -> tuple[float, float, bytes]:
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        pcm = wav.readframes(wav.getnframes())
        seconds = wav.getnframes() / wav.getframerate()
    samples = array.array("h", pcm)
    rms = (sum(s * s for s in samples) / max(1, len(samples))) ** 0.5
    return seconds, rms, pcm


def _espeak_pcm(voice: str, rate: int = 170) -> bytes:
    out = subprocess.run(
        ["espeak-ng", "--stdout", "-b", "1", "-v", voice, "-s", str(rate), "-a", "100", TEXT],
        capture_output=True,
        check=True,
    ).stdout
    return out[44:]


@needs_espeak
@pytest.mark.parametrize("engine", ["espeak", "pyttsx3"])
def test_say_out_writes_french_speech(
    engine: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "dose.wav"
    assert main(["say", TEXT, "--out", str(out), "--engine", engine]) == 0
    seconds, rms, pcm = _read(out)
    assert 1 <= seconds <= 10
    assert rms > 300  # not silence
    french, english = _espeak_pcm("roa/fr"), _espeak_pcm("en")
    if engine == "espeak":  # a fresh espeak-ng run is deterministic: the very French audio
        assert pcm == french
    else:  # in-process libespeak-ng carries prosody state between utterances (a few % of length)
        assert abs(len(pcm) - len(french)) < abs(len(pcm) - len(english))
    assert "voix roa/fr" in capsys.readouterr().out


@needs_espeak
def test_say_voice_and_rate_flags(tmp_path: Path) -> None:
    out = tmp_path / "be.wav"
    assert main(["say", TEXT, "--out", str(out), "--voice", "fr-be", "--rate", "120"]) == 0
    assert _read(out)[2] == _espeak_pcm("roa/fr-be", 120)


@needs_espeak
def test_say_unknown_voice_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["say", TEXT, "--out", str(tmp_path / "x.wav"), "--voice", "klingon"]) == 2
    assert "klingon" in capsys.readouterr().err


def _has_output_device() -> bool:
    try:
        import sounddevice

        return any(d["max_output_channels"] > 0 for d in sounddevice.query_devices())
    except Exception:
        return False


@needs_espeak
@pytest.mark.skipif(_has_output_device(), reason="this machine has a sound output")
def test_say_without_sound_device_fails_in_one_sentence_suggesting_out() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "say", TEXT], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "--out" in done.stderr and "sortie audio" in done.stderr
