"""The wheel and the sdist carry grammars/, and a fresh virtualenv runs kinito from anywhere.

`python -m build` makes the sdist, then the wheel from that sdist (so both are checked); the wheel is
installed with its dependencies into a new virtualenv, and `kinito demo --no-speech`, `kinito parse`
(the docs/command-line.md example), `kinito replay GAME --json` and `kinito doctor --json` run from a folder
outside the checkout, with nothing of the checkout on the path.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from assistant.scripts.replay_run import run_script
from assistant.scripts.script import load_script

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "tests" / "referee" / "games" / "q08_quinito_countered.txt"
GRAMMARS = sorted(p.name for p in (ROOT / "grammars").glob("*.yaml"))

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Installed:
    """The built distributions and the virtualenv the wheel went into."""

    wheel: Path
    """The .whl built from the sdist."""
    sdist: Path
    """The .tar.gz."""
    bin: Path
    """The virtualenv's bin/ folder (kinito and python)."""
    outside: Path
    """An empty working folder outside the checkout."""

    def run(self, program: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        """One of the virtualenv's programs, run from the folder outside the checkout."""
        return _run([str(self.bin / program), *args], self.outside, stdin)


def _run(command: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(HOME=str(cwd), KINITO_DB=str(cwd / "kinito.sqlite3"), XDG_DATA_HOME=str(cwd / "data"))
    return subprocess.run(
        command, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=600, check=False
    )


def _ok(done: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert done.returncode == 0, f"{done.args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    files = _ok(_run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], ROOT)).stdout
    for name in files.splitlines():  # the checkout as a fresh clone would have it, no build leftovers
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    dist = work / "dist"
    _ok(_run([sys.executable, "-m", "build", "--outdir", str(dist), str(source)], work))
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    _ok(_run([str(env_dir / "bin" / "python"), "-m", "pip", "install", str(wheel)], work))
    outside = work / "elsewhere"
    outside.mkdir()
    yield Installed(wheel, sdist, env_dir / "bin", outside)


def test_the_wheel_carries_the_grammars_and_every_module(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    assert {f"assistant/grammars/{g}" for g in GRAMMARS} <= names
    assert "assistant/py.typed" in names
    assert "assistant/voice/model/vosk-model-small-fr-0.22.sha256" in names
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assistant").rglob("*.py")}
    assert modules <= names, sorted(modules - names)
    assert not [n for n in names if n.startswith(("tests/", "grammars/", "models/"))]


def test_the_sdist_carries_the_grammars_at_the_root(installed: Installed) -> None:
    with tarfile.open(installed.sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    assert {f"grammars/{g}" for g in GRAMMARS} <= names
    assert {"setup.py", "pyproject.toml", "README.md"} <= names


def test_kinito_comes_from_the_virtualenv_not_the_checkout(installed: Installed) -> None:
    code = "import assistant.understanding.grammar_files as g; print(g.grammar_dir())"
    where = Path(_ok(installed.run("python", "-c", code)).stdout.strip())
    assert where.is_relative_to(installed.bin.parent) and where.name == "grammars", where


def test_parse_the_contract_example(installed: Installed) -> None:
    args = ("parse", "--game", "quinito", "--players", "Ana,Bruno", "--jsonl")
    parsed = json.loads(_ok(installed.run("kinito", *args, stdin="soixante deux\n")).stdout)
    assert parsed["text"] == "soixante deux"
    assert parsed["intent"] == "score" and parsed["score"] == 62 and parsed["violations"] == []


def test_demo_without_speech(installed: Installed) -> None:
    done = _ok(installed.run("kinito", "demo", "--no-speech"))
    assert "arbitre : Bruno prend une dose : bluff." in done.stdout
    assert "arbitre : Chloé prend une dose : mot interdit." in done.stdout  # vigilance: boire.yaml


def test_replay_matches_the_checkout(installed: Installed) -> None:
    shutil.copy(GAME, installed.outside / GAME.name)
    done = _ok(installed.run("kinito", "replay", GAME.name, "--json"))
    assert json.loads(done.stdout) == run_script(load_script(GAME)).outcome()


def test_doctor_finds_the_installed_grammars(installed: Installed) -> None:
    done = installed.run("kinito", "doctor", "--json")
    checks = {c["name"]: c for c in json.loads(done.stdout)["checks"]}
    assert checks["grammars"]["ok"], checks["grammars"]
    assert str(installed.bin.parent) in checks["grammars"]["detail"]
