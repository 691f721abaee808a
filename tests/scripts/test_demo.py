"""`kinito demo`: the scripted game runs through the real referee, prints its transcript, writes a WAV."""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

from assistant.scripts.demo_game import demo_script
from assistant.scripts.replay_run import run_script

ROOT = Path(__file__).resolve().parents[2]


def test_demo_covers_the_showcased_rules() -> None:
    """Q6 bluff, Q9 quinito attack, Q11 forbidden word, Q6 wrong lift, and the rules question answered."""
    referee = run_script(demo_script())
    outcome = referee.outcome()
    assert [(p["player"], p["reason"]) for p in outcome["penalties"]] == [
        ("Bruno", "bluff"),
        ("Chloé", "quinito"),
        ("Chloé", "forbidden_word"),
        ("Chloé", "wrong_lift"),
    ]
    assert outcome["totem"] == ["Chloé"]
    assert any("défi" in line for line in outcome["spoken"])  # the rules question
    assert 5 <= len(outcome["players"]) <= 8


def test_demo_command_prints_transcript_and_writes_wav(tmp_path: Path) -> None:
    """`kinito demo --no-speech --out FILE.wav`: transcript on stdout, the whole demo in one WAV."""
    out = tmp_path / "demo.wav"
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "demo", "--no-speech", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Ana : soixante deux" in lines
    assert "    arbitre : Bruno prend une dose : bluff." in lines
    assert "    arbitre : Chloé prend une dose : mot interdit." in lines
    with wave.open(str(out), "rb") as wav:
        seconds = wav.getnframes() / wav.getframerate()
        assert wav.getnchannels() == 1 and wav.getsampwidth() == 2
    assert seconds > 20  # every line spoken, not just one
