"""Test helpers for the board: a `kinito play --input text --board` subprocess, and a real headless
chromium (Debian's, driven by Playwright without downloading any browser)."""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""How the system chromium is launched (a fresh --user-data-dir is added by the persistent context)."""
WAIT_SECONDS = 30.0
"""Bounded waits for the subprocess (its start, its exit)."""
URL_LINE = re.compile(r"tableau sur (http://\S+)")


def chromium_path() -> str | None:
    """Debian's chromium (`./run test` installs it as root), or another system chromium."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@contextlib.contextmanager
def browser_page(width: int, height: int) -> Iterator[Any]:
    """A page of a real headless chromium at `width`×`height`; skips only when none can run here."""
    path = chromium_path()
    if path is None:
        pytest.skip(
            "chromium is not installed and could not be (./run test installs it with apt-get as root)"
        )
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is a test dependency: ./run test"
    )
    with sync_api.sync_playwright() as driver, tempfile.TemporaryDirectory() as profile:
        context = driver.chromium.launch_persistent_context(
            profile,
            executable_path=path,
            headless=True,
            args=list(CHROMIUM_ARGS),
            viewport={"width": width, "height": height},
        )
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def free_port() -> int:
    """A port nobody listens on right now, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PlayProcess:
    """`kinito play --input text --no-speech --board 127.0.0.1:PORT` on a table, fed line by line."""

    def __init__(self, workdir: Path, players: str, *flags: str) -> None:
        self.port = free_port()
        self.out = (workdir / "play.out").open("w", encoding="utf-8")
        command = [sys.executable, "-m", "assistant", "play", "--input", "text", "--no-speech"]
        command += ["--players", players, "--db", str(workdir / "games.sqlite"), "--slow", "off"]
        command += ["--board", f"127.0.0.1:{self.port}", *flags]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=self.out,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            cwd=workdir,
            env=env,
        )
        self.errors: queue.Queue[str] = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()
        self.url = self._wait_url()

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.errors.put(line)
        self.errors.put("")

    def _wait_url(self) -> str:
        while True:
            try:
                line = self.errors.get(timeout=WAIT_SECONDS)
            except queue.Empty:
                raise AssertionError(f"no board address printed: {''.join(self.stderr)}") from None
            self.stderr.append(line)
            if not line:
                raise AssertionError(f"kinito play ended early: {''.join(self.stderr)}")
            found = URL_LINE.search(line)
            if found:
                return found.group(1)

    def say(self, line: str) -> None:
        """One typed line ("Ana: soixante deux")."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def close(self) -> int:
        """End the input; the game ends and the process exits (killed after a bounded wait)."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            return self.process.wait(timeout=WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait(timeout=WAIT_SECONDS)
        finally:
            self.out.close()
