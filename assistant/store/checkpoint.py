"""Folding the WAL into the save file after each write, off the heard line's critical path.

A committed transaction lives in the `-wal` file until a checkpoint copies it into the database file;
SQLite does that every 1,000 pages, so a whole evening can live in the WAL alone, and a cleanup script
or a sync tool that deletes `-wal` takes the evening with it at the next crash. Here a thread with its
own connection checkpoints (PASSIVE) after every write, so the file itself holds every line a few
milliseconds after it was said; the store's writer notices a vanished WAL itself (`SqliteStore`).
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import suppress
from pathlib import Path

from assistant.threads import leave_ctrl_c


class Checkpointer:
    """One thread folding the WAL of one database file after each `poke`."""

    def __init__(self, path: Path, synchronous: str) -> None:
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout=2000")
        self._db.execute(f"PRAGMA synchronous={synchronous}")
        self._due = threading.Condition()
        self._asked = 0  # pokes received
        self._done = 0  # pokes whose checkpoint has run
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="kinito-checkpoint", daemon=True)
        self._thread.start()

    def poke(self) -> None:
        """A write was committed: fold it into the file soon."""
        with self._due:
            self._asked += 1
            self._due.notify_all()

    def settle(self, timeout: float = 10.0) -> bool:
        """Wait until every write poked so far is folded into the file; False on timeout."""
        with self._due:
            wanted = self._asked
            return self._due.wait_for(lambda: self._done >= wanted or self._stopping, timeout)

    def _run(self) -> None:
        leave_ctrl_c()
        while True:
            with self._due:
                self._due.wait_for(lambda: self._asked > self._done or self._stopping)
                if self._stopping:
                    return
                asked = self._asked
            with suppress(sqlite3.Error):  # busy or failing disk: the next write pokes again
                self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            with self._due:
                self._done = asked
                self._due.notify_all()

    def close(self) -> None:
        """Stop the thread (after the checkpoint in progress) and close its connection."""
        with self._due:
            self._stopping = True
            self._due.notify_all()
        self._thread.join(timeout=10)
        self._db.close()
