"""Fixtures for the hearing tests: the real Vosk decoder with the Korean test model, on espeak-ng audio.

Audio is generated at test time into a temporary directory (nothing binary in the repo). Tests that
need espeak-ng, sox or the model skip with the reason when it is missing.
"""

from __future__ import annotations

import shutil
import subprocess
import wave
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

GRAMMAR = ["안녕하세요", "좋아요", "하나 둘 셋 넷"]
"""A Korean phrase list standing in for the game's French phrases (the test model is Korean)."""


@pytest.fixture(scope="session")
def ko_model(ko_model_dir: Path) -> Any:
    """The loaded model, shared by the session (loading takes seconds)."""
    from assistant.voice.model.loading import load_model

    return load_model(ko_model_dir)


def _espeak() -> str:
    exe = shutil.which("espeak-ng")
    if exe is None:
        pytest.skip("espeak-ng is not installed (apt-get install espeak-ng)")
    return exe


def pad(path: Path, before: float, after: float = 0.0) -> None:
    """Add silence around a mono 16-bit WAV, in place."""
    with wave.open(str(path), "rb") as wav:
        rate, frames = wav.getframerate(), wav.readframes(wav.getnframes())
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(bytes(2 * int(before * rate)) + frames + bytes(2 * int(after * rate)))


def to_stereo(source: Path, target: Path) -> Path:
    """The same audio on two channels (same rate)."""
    with wave.open(str(source), "rb") as wav:
        rate, mono = wav.getframerate(), array("h", wav.readframes(wav.getnframes()))
    both = array("h", bytes(4 * len(mono)))
    both[0::2] = mono
    both[1::2] = mono
    with wave.open(str(target), "wb") as wav:
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(both.tobytes())
    return target


@pytest.fixture(scope="session")
def speak(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """speak("안녕하세요") -> a 22050 Hz mono WAV of espeak-ng's Korean voice, 0.3 s of silence first."""
    exe = _espeak()
    folder = tmp_path_factory.mktemp("speech")
    made: dict[str, Path] = {}

    def make(text: str) -> Path:
        if text not in made:
            path = folder / f"utt{len(made)}.wav"
            subprocess.run([exe, "-v", "ko", "-w", str(path), text], check=True, capture_output=True)
            pad(path, 0.3)
            made[text] = path
        return made[text]

    return make


@pytest.fixture(scope="session")
def sox() -> str:
    """The sox executable (an independent resampler to make 8 kHz test files)."""
    exe = shutil.which("sox")
    if exe is None:
        pytest.skip("sox is not installed (apt-get install sox)")
    return exe


@pytest.fixture(scope="session")
def ko_play_model(ko_model_dir: Path) -> Any:
    """The Korean model loaded as `kinito play` loads it: once, with its endpoint rules (PLAY)."""
    from assistant.voice.hear.endpoint import PLAY, load_with_rules

    return load_with_rules(ko_model_dir, PLAY).model
