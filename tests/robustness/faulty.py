"""`python -m tests.robustness.faulty ARGS...`: the real `kinito` command line with store faults injected.

The faults come from the environment variable KINITO_FAULTS, a JSON object:

- `{"fail": {"create_game": 2}}`: the first 2 calls of SqliteStore.create_game fail as a full disk does;
- `{"kill_after": "create_game"}`: SIGKILL this process right after a game's creation was committed;
- `{"kill_after": "Pass"}`: SIGKILL it right after a write holding an entry whose command is a `Pass`
  was committed (the Draw the same heard line causes goes in that write).

The kills land exactly between two transactions of the referee, where a random kill rarely does.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from assistant.cli import main
from assistant.store.protocol import GameEnd, StoredEntry
from assistant.store.sqlite import SqliteStore

ROOT = Path(__file__).resolve().parents[2]


def kinito_process(args: Sequence[str], faults: dict[str, Any] | None = None) -> subprocess.Popen[str]:
    """`kinito ARGS` in a real process, pipes on stdin/stdout/stderr, with `faults` injected."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "KINITO_FAULTS": json.dumps(faults or {})}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.robustness.faulty", *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _install(faults: dict[str, Any]) -> None:
    failures: dict[str, int] = dict(faults.get("fail", {}))
    kill_after = faults.get("kill_after")
    original_create: Callable[..., int] = SqliteStore.create_game
    original_extend: Callable[..., None] = SqliteStore.extend

    def failing(name: str) -> None:
        if failures.get(name, 0) > 0:
            failures[name] -= 1
            raise sqlite3.OperationalError("database or disk is full")

    def create_game(self: SqliteStore, kind: str, config: Any, entries: Sequence[StoredEntry] = ()) -> int:
        with self._write():  # the failure goes through the store's own error handling
            failing("create_game")
        game_id = original_create(self, kind, config, entries)
        if kill_after == "create_game":
            os.kill(os.getpid(), signal.SIGKILL)
        return game_id

    def extend(
        self: SqliteStore,
        game_id: int,
        entries: Sequence[StoredEntry],
        end: GameEnd | None = None,
        stored: int | None = None,
    ) -> None:
        with self._write():
            failing("extend")
        original_extend(self, game_id, entries, end, stored)
        if any(isinstance(e.command, dict) and e.command.get("type") == kill_after for e in entries):
            os.kill(os.getpid(), signal.SIGKILL)

    SqliteStore.create_game = create_game  # type: ignore[method-assign]
    SqliteStore.extend = extend  # type: ignore[method-assign]


if __name__ == "__main__":
    # A job a shell starts in the background inherits SIGINT ignored, and so would this child: it
    # stands for kinito in a terminal's foreground, where Ctrl-C arrives as KeyboardInterrupt.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    _install(json.loads(os.environ.get("KINITO_FAULTS", "{}")))
    raise SystemExit(main())
