"""The SQLite save file: WAL journal, one transaction per heard line and per game end, French errors.

Durability: WAL with `synchronous=NORMAL` (the default here) survives a killed process, which is what
resume needs; `synchronous="FULL"` also survives a power cut, at the price of an fsync per move.
After each write the WAL is checkpointed into the file itself (assistant.store.checkpoint, off the
line's critical path), so deleting the `-wal` file (a cleanup script, a sync tool skipping it) cannot
take the game with it; a vanished WAL is noticed at the next write, folded at once and the file reopened.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from assistant.paths import store_path
from assistant.store.checkpoint import Checkpointer
from assistant.store.lock import GameLocks
from assistant.store.protocol import StoredEntry, StoreError
from assistant.store.sql import OutOfStep, SqlStore, dumps
from assistant.store.sqlite_errors import sentence
from assistant.store.sqlite_open import open_read_only, open_writable

Synchronous = Literal["OFF", "NORMAL", "FULL"]


def default_db_path() -> Path:
    """$KINITO_DB, else the data folder's kinito.sqlite3 (assistant.paths); its folder is created by
    the store that writes it, never by a reader."""
    return store_path()


class SqliteStore(SqlStore):
    """GameStore over one SQLite file. Each public write is one transaction."""

    path: Path

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        wall_clock: Callable[[], float] = time.time,
        synchronous: Synchronous = "NORMAL",
        read_only: bool = False,
    ) -> None:
        """`read_only`: a `mode=ro` reader that never creates, migrates or writes (history, export...)."""
        self.path = Path(path)
        self._now = wall_clock
        self._synchronous = synchronous
        self.read_only = read_only
        """Opened for reading only: every write raises StoreError."""
        self.league: str | None = None
        self.locks = GameLocks(self.path)
        """The games this process referees (one process per game, `claim`)."""
        self._db = open_read_only(self.path) if read_only else open_writable(self.path, synchronous)
        self._wal = self.path.with_name(self.path.name + "-wal")
        self._folder = None if read_only else Checkpointer(self.path, synchronous)

    def close(self) -> None:
        """Close the connection (the WAL is checkpointed by SQLite) and release the game locks."""
        if self._folder is not None:
            self._folder.close()
        self._db.close()
        self.locks.close()

    def settle(self) -> None:
        """Wait until every write so far is folded from the WAL into the file itself."""
        if self._folder is not None:
            self._folder.settle()

    def claim(self, game_id: int) -> None:
        """Referee this game in this process only; StoreError when another process already does."""
        try:
            claimed = self.locks.claim(game_id)
        except OSError as error:
            raise StoreError(
                f"Impossible de verrouiller la partie n° {game_id} ({error.strerror})."
            ) from None
        if not claimed:
            raise StoreError(
                f"La partie n° {game_id} est déjà arbitrée par un autre kinito sur {self.path} :"
                " arrête-le d'abord, ou commence une nouvelle partie (kinito play sans --resume)."
            )

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: everything or nothing, and a StoreError in French on failure; then the WAL
        is folded into the file (a deleted -wal loses nothing)."""
        if self.read_only:
            raise StoreError(
                f"Le fichier de sauvegarde {self.path} est ouvert en lecture seule : la partie n'est pas"
                " enregistrée."
            )
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise StoreError(sentence(error, self.path, writing=True)) from error
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException as error:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise StoreError(sentence(error, self.path, writing=True)) from error
            raise
        self._fold_wal()

    def _fold_wal(self) -> None:
        """Have the committed transaction folded into the file (a thread does it); when the -wal file
        vanished, fold it here at once and reopen, since SQLite writes to a file nobody would read."""
        if self._folder is None:
            return
        if self._wal.exists():
            self._folder.poke()
            return
        self._folder.close()  # its connection holds the vanished WAL too
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()
            self._db = open_writable(self.path, self._synchronous)
        except (sqlite3.Error, StoreError):
            pass  # committed already; the next write tries again
        self._folder = Checkpointer(self.path, self._synchronous)

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise StoreError(sentence(error, self.path, writing=False)) from error

    def _insert(
        self,
        db: sqlite3.Connection,
        game_id: int,
        first: int,
        entries: Sequence[StoredEntry],
        checked: bool = False,
    ) -> None:
        now = self._now()
        rows = [(game_id, first + i, dumps(e.command), dumps(e.events)) for i, e in enumerate(entries)]
        if not rows:
            return
        if checked:
            cursor = db.execute(
                "INSERT OR IGNORE INTO entries (game_id, seq, command, events) SELECT ?, ?, ?, ?"
                " WHERE ?2 = 0 OR EXISTS (SELECT 1 FROM entries WHERE game_id = ?1 AND seq = ?2 - 1)",
                rows[0],
            )
            if cursor.rowcount != 1:
                raise OutOfStep
            rows = rows[1:]
        try:
            db.executemany("INSERT INTO entries (game_id, seq, command, events) VALUES (?, ?, ?, ?)", rows)
        except sqlite3.IntegrityError:
            if checked:
                raise OutOfStep from None
            raise
        db.executemany(
            "INSERT OR REPLACE INTO heard (game_id, seq, at, words) VALUES (?, ?, ?, ?)",
            [(game_id, first + i, now, e.heard) for i, e in enumerate(entries)],
        )

    def _release(self, game_id: int) -> None:
        self.locks.release(game_id)
