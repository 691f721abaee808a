"""Which store a `--db` / `KINITO_DB` / `kinito.toml` value names: a SQLite file (the default), or a
PostgreSQL server (`postgresql://...`, several tables of one night writing to one place)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

from assistant.paths import store_path
from assistant.store.protocol import GameStore, StoredEntry
from assistant.store.sql import GameSummary


class TableStore(GameStore, Protocol):
    """A store a table referees into: a GameStore that names itself, locks games, and closes."""

    @property
    def path(self) -> object:
        """What sentences name: the file, or the server and database (never a password)."""
        ...

    def claim(self, game_id: int) -> None:
        """Referee this game in this process only; StoreError when another process does."""
        ...

    def close(self) -> None:
        """Release the locks and the connection."""
        ...

    def games(self) -> list[GameSummary]:
        """Every game without its moves, oldest first (`kinito history`, leagues)."""
        ...

    def game_ids(self) -> list[int]:
        """Every game id, oldest first."""
        ...

    def entries_from(self, game_id: int, first: int) -> tuple[StoredEntry, ...]:
        """The game's entries from number `first` (0-based) on (`kinito serve` catching up)."""
        ...


def is_server(target: str) -> bool:
    """Whether the value names a PostgreSQL server rather than a file."""
    return target.startswith(("postgresql://", "postgres://"))


def store_target(db: str | None) -> str:
    """The value in force: the setting, else $KINITO_DB as written (a URL survives), else the file."""
    if db:
        return db
    return os.environ.get("KINITO_DB") or str(store_path())


def open_store(db: str | None, read_only: bool = False, league: str | None = None) -> TableStore:
    """The store `db` names (None: KINITO_DB, then the data folder's file); the games it creates are
    registered under `league` (None: no league)."""
    target = store_target(db)
    store: TableStore
    if is_server(target):
        from assistant.store.postgres import PostgresStore

        store = postgres = PostgresStore(target, read_only=read_only)
        postgres.league = league
        return store
    from assistant.store.sqlite import SqliteStore

    store = sqlite = SqliteStore(Path(target).expanduser(), read_only=read_only)
    sqlite.league = league
    return store
