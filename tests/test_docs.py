"""The commands shown in the README and in docs/ work as shown.

Every `./run …` or `kinito …` command in a shell block, and every `kinito …` in inline code, is
checked: its subcommand exists and takes every flag shown (`--help`). The ones that need no
microphone, model or network are also run, in a throw-away home, and must end with exit 0.
Links between the docs must point at files that exist, and no doc cites a path outside the
repository.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))

RUNNABLE = ("demo", "rules", "variants", "replay", "parse", "history", "leaderboard", "settings")
"""Subcommands that run here as shown (no microphone, no model, no network)."""

TYPED_GAME = "Ana: soixante deux\nBruno: menteur\ntable: cinq trois\n"
"""What a first-timer types into `play --input text` in the README's example."""


def _shell_commands(text: str) -> list[str]:
    commands: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip()
            if line.startswith(("./run ", "kinito ")):
                commands.append(line)
    return commands


def _inline_commands(text: str) -> list[str]:
    return [span.replace("\\|", "|") for span in re.findall(r"`(kinito [^`]+)`", text)]


def _documented(inline: bool = True) -> list[tuple[str, str]]:
    """(doc, command) for every command of a shell block and, with `inline`, of inline code whose
    subcommand is a word (not a placeholder such as `MOT`)."""
    found: list[tuple[str, str]] = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        commands = _shell_commands(text) + (_inline_commands(text) if inline else [])
        for command in commands:
            words = _words(command)
            if words and re.fullmatch(r"[a-z]+", words[0]):
                found.append((path.name, command))
    return found


def _words(command: str) -> list[str]:
    """The kinito arguments of a documented command (`./run` is `kinito` in the project's virtualenv)."""
    words = shlex.split(command.split(" < ", 1)[0])
    return words[1:]


def _subcommand(words: list[str]) -> list[str]:
    if words[:1] == ["model"] and len(words) > 1 and not words[1].startswith("-"):
        return words[:2]
    return words[:1]


@functools.cache
def _help(subcommand: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "assistant", *subcommand, "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def _alternatives(words: list[str]) -> list[list[str]]:
    """`model download / install / verify` is several commands."""
    if words[:1] == ["model"] and "/" in words:
        return [["model", w] for w in words[1:] if w != "/"]
    return [words]


@pytest.mark.parametrize(("doc", "command"), _documented())
def test_every_documented_command_exists_with_its_flags(doc: str, command: str) -> None:
    if command.startswith("./run test"):  # the test command itself: ./run handles its flags
        run = (ROOT / "run").read_text(encoding="utf-8")
        assert all(f'"{w}"' in run for w in _words(command)[1:] if w.startswith("--")), command
        return
    for words in _alternatives(_words(command)):
        sub = _subcommand(words)
        result = _help(tuple(sub))
        assert result.returncode == 0, f"{doc}: {command}: {result.stderr}"
        for word in words:
            for flag in word.strip("[]").split("|"):
                flag = flag.split("=", 1)[0].strip("[]")
                if flag.startswith("--"):
                    assert flag in result.stdout, f"{doc}: {command}: {flag} is no flag of {' '.join(sub)}"


def _runnable() -> list[tuple[str, str]]:
    keep: list[tuple[str, str]] = []
    for doc, command in _documented(inline=False):
        words = _words(command)
        if not words or words[0] not in RUNNABLE or any(w.isupper() or "[" in w or "|" in w for w in words):
            continue
        keep.append((doc, command))
    return keep


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
    )
    env.pop("KINITO_DB", None)
    return env


@pytest.mark.parametrize(("doc", "command"), _runnable())
def test_every_documented_command_that_runs_here_ends_well(
    doc: str, command: str, home: dict[str, str]
) -> None:
    words = _words(command)
    stdin = None
    if " < " in command:
        stdin = "soixante deux\nje soulève\ncinq de deniers\n"
    result = subprocess.run(
        [sys.executable, "-m", "assistant", *words],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=home,
    )
    assert result.returncode == 0, f"{doc}: {command}: {result.stderr[-2000:]}"


def test_the_readmes_typed_game_is_refereed_as_shown(home: dict[str, str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "assistant", "play", "--input", "text", "--players", "Ana,Bruno,Chloé"],
        input=TYPED_GAME,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=home,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = [line for line in readme.splitlines() if line.startswith("arbitre : ")]
    assert shown, "the README shows the referee's lines of its first game"
    said = [line for line in result.stdout.splitlines() if line.startswith("arbitre : ")]
    assert said == shown


LINK = re.compile(r"\]\(([^)#]+)(#[^)]*)?\)")


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_links_point_inside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "../shared" not in text and "/work/" not in text
    for target, _anchor in LINK.findall(text):
        if target.startswith(("http://", "https://")):
            continue
        assert (path.parent / target).exists(), f"{path.name} links to {target}, which does not exist"


def test_the_readme_stays_short() -> None:
    assert len((ROOT / "README.md").read_bytes()) <= 10 * 1024


NOTEBOOK = re.compile(r"\b[Ii]ssue \d+|\blandings?\b|\.\./shared/|/work/shared")
"""A lab notebook's words (a tracker's issue numbers, "landings") or a path outside the repository."""


def test_no_file_cites_the_tracker_or_a_path_outside_the_repository() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    found: list[str] = []
    for name in tracked.stdout.split():
        path = ROOT / name
        if name == "tests/test_docs.py" or path.suffix in {".png", ".sqlite3", ".wav", ".zip"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        found += [f"{name}: {m.group(0)}" for m in NOTEBOOK.finditer(text)]
    assert found == []
