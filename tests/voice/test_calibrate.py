"""`kinito calibrate`: the Korean model hears the table (espeak-ng speech of the
stand-in words, fed through a fake microphone stream with quiet and a little noise around it)."""

from __future__ import annotations

import argparse
import json
import math
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from assistant.bench.recognizer import room_noise
from assistant.bench.voicepath import STAND_IN
from assistant.cli import main
from assistant.commands import calibrate
from assistant.doctor import calibration
from assistant.doctor.calibration import THRESHOLD_RANGE, Take
from assistant.invocation import runnable
from assistant.testing.fake_stream import FakeStream
from assistant.voice.hear.wavfile import read_wav

ASKED = ["deux deux", "menteur", "soixante deux"]
"""What the command asks for with the stand-in words (the game's moves it can hear, two words first)."""


def test_calibrate_reports_takes_noise_and_a_suggestion(
    ko_model_dir: Path, speak: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each phrase asked is said once after a quiet moment: heard right, confidences in 0..1, the
    room's noise under the speech, a suggestion in range; the prompts go to stderr."""
    pcm = b""
    for i, phrase in enumerate(ASKED):
        korean = " ".join(STAND_IN[w] for w in phrase.split())
        pcm += room_noise(1.0, seed=10 + i) + read_wav(speak(korean)) + room_noise(2.0, seed=20 + i)

    def factory(**kwargs: Any) -> FakeStream:
        return FakeStream(**kwargs, pcm=pcm, speed=4.0)

    args = argparse.Namespace(model=str(ko_model_dir), game="quinito", phrases=3, device=None, json=True)
    assert calibrate.run(args, stream_factory=factory, stand_in=STAND_IN) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert [t["asked"] for t in report["takes"]] == ASKED
    assert [t["heard"] for t in report["takes"]] == ASKED
    assert report["right"] == len(ASKED)
    for t in report["takes"]:
        assert 0.0 <= t["min_conf"] <= t["conf"] <= 1.0
    assert math.isfinite(report["noise_dbfs"]) and report["noise_dbfs"] < report["speech_dbfs"]
    assert report["snr_db"] > 0
    low, high = THRESHOLD_RANGE
    assert low <= report["suggested"] <= high
    assert report["setting"] == "confirm_below"
    assert "Dis : « menteur »" in err


def test_the_report_ends_with_the_setting_line_for_kinito_toml(capsys: pytest.CaptureFixture[str]) -> None:
    """A noisy room: the figures, the warning, then a line kinito.toml reads as it is."""
    takes = [
        Take("menteur", "menteur", 0.8, 0.7, -40.0, -30.0),
        Take("deux", "trois", 0.5, 0.4, -42.0, -31.0),
    ]
    calibrate._report(calibration.calibrate(takes))
    lines = capsys.readouterr().out.splitlines()
    assert "bruyante" in lines[1]
    assert tomllib.loads(lines[-1]) == {"confirm_below": 0.65}


def test_without_a_model_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder with no Vosk model: one sentence naming it and the fix, no traceback."""
    empty = tmp_path / "vide"
    empty.mkdir()
    code = main(["calibrate", "--model", str(empty)])
    err = capsys.readouterr().err
    assert code != 0
    assert "n'est pas un modèle Vosk" in err and runnable("kinito model download") in err
    assert "Traceback" not in err


@pytest.mark.parametrize("healthy", [True, False])
def test_doctor_listen_calibrates_only_when_play_could_start(
    healthy: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`kinito doctor --listen --json`: one JSON object, the calibration in it when the checks pass;
    no listening when a blocking check failed."""
    from assistant.commands import doctor as doctor_command
    from assistant.doctor.checks import Check

    check = Check("model", healthy, "le modèle", None if healthy else "kinito model download")
    monkeypatch.setattr(doctor_command, "run_checks", lambda **_kw: [check])
    asked: list[argparse.Namespace] = []

    def listen_room(args: argparse.Namespace) -> calibration.Calibration:
        asked.append(args)
        return calibration.calibrate([Take("menteur", "menteur", 0.8, 0.7, -60.0, -25.0)])

    monkeypatch.setattr(calibrate, "listen_room", listen_room)
    code = main(["doctor", "--listen", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == (0 if healthy else 1) and report["ok"] is healthy
    assert ("calibration" in report) is healthy and len(asked) == int(healthy)
    if healthy:
        assert report["calibration"]["suggested"] == 0.7  # 0.8 - MARGIN
