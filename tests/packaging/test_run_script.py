"""`./run play` installs only what playing needs; `sox` is for `./run test` alone.

The script runs from a copy, with stand-ins for dpkg-query (nothing installed), apt-get (records what it
is asked for) and the virtualenv's programs, so only its choice of system packages is exercised.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STUB = "#!/bin/sh\n{body}\n"


def _stub(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(STUB.format(body=body), encoding="utf-8")
    path.chmod(0o755)


def _stamp(spec: str) -> str:
    done = subprocess.run(
        ["bash", "-c", f"echo \".venv/.installed-$(echo \"{spec}\" | tr -c 'a-z' '_')\""],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A copy of ./run beside stand-ins: a ready virtualenv, no system package installed."""
    work = tmp_path / "clone"
    work.mkdir()
    shutil.copy2(ROOT / "run", work / "run")
    for name in ("pyproject.toml", "setup.py"):
        (work / name).write_text("", encoding="utf-8")
        os.utime(work / name, (0, 0))
    for name in ("python", "kinito", "ruff", "mypy"):
        _stub(work / ".venv" / "bin" / name, "exit 0")
    for spec in (".", ".[test]"):
        (work / _stamp(spec)).touch()
    fake = tmp_path / "bin"
    _stub(fake / "dpkg-query", "exit 1")
    _stub(fake / "apt-get", f'echo "$@" >> {tmp_path / "apt.log"}')
    return work


def _asked(checkout: Path, *args: str) -> list[str]:
    fake = checkout.parent / "bin"
    env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}"}
    done = subprocess.run(["bash", "./run", *args], cwd=checkout, env=env, capture_output=True, text=True)
    log = checkout.parent / "apt.log"
    if os.geteuid() != 0:  # not root: the script prints the install line instead of running apt-get
        lines = [x for x in done.stderr.splitlines() if "apt-get install" in x]
        return [pkg for line in lines for pkg in line.split("-y ", 1)[1].split()]
    assert done.returncode == 0, done.stderr
    installs = [x for x in log.read_text(encoding="utf-8").splitlines() if x.startswith("install")]
    log.unlink()
    return [pkg for line in installs for pkg in line.split()[3:]]  # install -y -qq PACKAGES...


def test_play_asks_for_speech_and_microphone_only(checkout: Path) -> None:
    assert _asked(checkout, "play") == ["espeak-ng", "libportaudio2"]


def test_other_commands_need_the_same(checkout: Path) -> None:
    assert _asked(checkout, "doctor") == ["espeak-ng", "libportaudio2"]


def test_test_adds_sox_the_board_browser_and_postgresql(checkout: Path) -> None:
    assert _asked(checkout, "test") == ["espeak-ng", "libportaudio2", "sox", "chromium", "postgresql"]
