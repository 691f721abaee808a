"""One referee per game: a lock per game id, held as long as the process that plays it lives.

SQLite's own locks cover a whole database file and only for the length of a transaction, so they
cannot say "game 5 is being refereed". The lock here is a POSIX record lock (`fcntl.lockf`) on one
byte of a file next to the database, `<db>.lock`, at the offset of the game id: one lock per game,
taken without waiting, and released by the kernel when the process ends, even by SIGKILL, so a crash
never leaves a stale lock behind.

POSIX record locks belong to a process: a second `GameLocks` on the same file in the same process
shares them, and closing it releases them all. A process opens one store per database.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


class GameLocks:
    """The game locks of one database, taken by this process."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".lock")
        """The lock file next to the database."""
        self._fd: int | None = None
        self.held: set[int] = set()
        """The games this process holds."""

    def claim(self, game_id: int) -> bool:
        """Take game `game_id`'s lock without waiting; False when another process holds it."""
        if game_id in self.held:
            return True
        if self._fd is None:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.lockf(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, game_id)
        except OSError:
            return False
        self.held.add(game_id)
        return True

    def release(self, game_id: int) -> None:
        """Let another process referee this game (it is finished, or this process stops)."""
        if self._fd is not None and game_id in self.held:
            fcntl.lockf(self._fd, fcntl.LOCK_UN, 1, game_id)
            self.held.discard(game_id)

    def close(self) -> None:
        """Release every lock of this process on the file."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self.held.clear()
