"""`kinito transcribe FILE.wav --model DIR --game open --jsonl` (docs/command-line.md), as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.voice.conftest import to_stereo


def _kinito(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "assistant", *args], capture_output=True, text=True, timeout=240
    )


def test_transcribe_jsonl_prints_one_object_per_final(
    ko_model_dir: Path, speak: Callable[[str], Path], tmp_path: Path
) -> None:
    """Real Vosk over a 22050 Hz stereo WAV: JSON lines with text/start/end/conf/parse; 좋아요 heard."""
    wav = to_stereo(speak("좋아요"), tmp_path / "stereo.wav")
    done = _kinito("transcribe", str(wav), "--model", str(ko_model_dir), "--game", "open", "--jsonl")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines
    for obj in lines:
        assert set(obj) >= {"text", "start", "end", "conf", "parse"}
        assert 0.0 <= obj["start"] < obj["end"] <= 2.0
        assert 0.0 <= obj["conf"] <= 1.0
        assert obj["parse"]["text"] == obj["text"]
        assert {"intent", "score", "card", "violations"} <= set(obj["parse"])
    assert "좋아요" in " ".join(obj["text"] for obj in lines)


def test_transcribe_errors_are_one_sentence_with_a_fix(tmp_path: Path) -> None:
    """A missing file and a file that is no WAV: exit 2, one line on stderr, nothing on stdout."""
    (tmp_path / "notes.wav").write_text("pas du son")
    for name, expected in (("absent.wav", "n'existe pas"), ("notes.wav", "pas un fichier WAV")):
        done = _kinito("transcribe", str(tmp_path / name), "--jsonl")
        assert done.returncode == 2
        assert done.stdout == ""
        assert expected in done.stderr and "Pour corriger" in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
