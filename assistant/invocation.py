"""How the person at the keyboard runs kinito here, decided in this one module, so that every fix hint
names a command that works.

Hints are written once, as `kinito model download`. In a clone where `kinito` is not on the PATH
(after `./run`, the virtualenv is not activated), the same command is `./run model download`; installed
(pipx, pip, an activated virtualenv), it is `kinito model download`. `runnable` rewrites a hint for
the machine it runs on; `python_command` does the same for a Python module (`python -m sounddevice`).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The clone's root when kinito runs from a clone (it holds `run` and `pyproject.toml`)."""
INSTALLED = "kinito"
"""The console script of an installed kinito."""
_COMMAND = re.compile(r"(?<![\w./-])kinito(?= [a-z-]|$)")
"""`kinito` as a command word: followed by a subcommand or an option (not `kinito.toml`)."""
_TICKED = re.compile(r"`kinito(?=[ `])")
"""`kinito …` between backticks, inside a sentence."""


def _shown(path: Path, cwd: Path) -> str:
    """`path` as the person types it from `cwd`: `./run` at the clone's root or below it, else the
    whole path."""
    try:
        relative = os.path.relpath(path, cwd)
    except ValueError:  # another drive (Windows)
        return str(path)
    return str(path) if relative.startswith("..") else f"./{relative}"


def launcher_for(root: Path, on_path: str | None, cwd: Path) -> str:
    """The command that starts kinito: `kinito` when it is on the PATH, else the clone's `./run`
    (from `cwd`), else `python3 -m assistant` with this interpreter."""
    if on_path:
        return INSTALLED
    if (root / "run").is_file() and (root / "pyproject.toml").is_file():
        return _shown(root / "run", cwd)
    return f"{sys.executable} -m assistant"


@functools.lru_cache(maxsize=1)
def launcher() -> str:
    """The command that starts kinito on this machine, from the current folder (cached per process)."""
    return launcher_for(ROOT, shutil.which(INSTALLED), Path.cwd())


def runnable(hint: str, start: str | None = None) -> str:
    """A fix hint (`kinito model download`, or an action naming kinito commands) with each kinito
    command written as it runs here; `start` replaces `launcher()` (tests)."""
    word = launcher() if start is None else start
    return hint if word == INSTALLED else _COMMAND.sub(lambda _: word, hint)


def in_sentence(sentence: str, start: str | None = None) -> str:
    """A sentence whose kinito commands are between backticks (« lance `kinito model download` »),
    with those written as they run here; the word kinito elsewhere is left alone."""
    word = launcher() if start is None else start
    return sentence if word == INSTALLED else _TICKED.sub(lambda _: f"`{word}", sentence)


def python_command(module: str, start: str | None = None) -> str:
    """`python -m MODULE` with the Python that has kinito's packages: the clone's `.venv/bin/python`
    when kinito runs through `./run`, else this interpreter."""
    word = launcher() if start is None else start
    if word != INSTALLED and not word.endswith("-m assistant"):
        python = Path(word).parent / ".venv" / "bin" / "python"
        return f"{python if python.is_absolute() else os.path.normpath(python)} -m {module}"
    return f"{sys.executable} -m {module}"
