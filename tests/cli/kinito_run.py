"""Test helper: the real `kinito` command (`python -m assistant`) in a child process, with chosen
arguments, stdin, folder and PATH, and a clean environment (its own HOME and XDG folders)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLAIN_PATH = "/usr/bin:/bin"
"""A PATH without kinito on it (a clone after `./run`, the virtualenv not activated)."""


def kinito(
    args: Sequence[str],
    home: Path,
    stdin: bytes | str = b"",
    cwd: Path | None = None,
    path: str = PLAIN_PATH,
    env: Mapping[str, str] | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """Run kinito with `args`; its stdout and stderr as text."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "assistant", *args],
        input=data,
        capture_output=True,
        cwd=cwd or home,
        env={
            "PATH": path,
            "HOME": str(home),
            "PYTHONPATH": str(ROOT),
            "PYTHONIOENCODING": "utf-8",
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_CACHE_HOME": str(home / "cache"),
            **(env or {}),
        },
        timeout=timeout,
        check=False,
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode("utf-8", errors="replace"),
        done.stderr.decode("utf-8", errors="replace"),
    )
