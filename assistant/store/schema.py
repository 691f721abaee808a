"""The save file's tables, and the migration of an older file to the current version.

`heard` was added after the first files were written (it is created when an older file is opened): when
each move was saved and the words that caused it, beside `entries` so the log itself is unchanged.
"""

from __future__ import annotations

import sqlite3

_GAMES_TABLE = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    created_at REAL NOT NULL,
    finished_at REAL,
    status TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    winner TEXT
)
"""
SCHEMA = (
    _GAMES_TABLE
    + """;
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    command TEXT NOT NULL,
    events TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS xp (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player TEXT NOT NULL,
    delta INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_status ON games(status, created_at);
CREATE TABLE IF NOT EXISTS heard (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    at REAL NOT NULL,
    words TEXT,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, seq) REFERENCES entries(game_id, seq) ON DELETE CASCADE
) WITHOUT ROWID;
"""
)
SCHEMA_VERSION = 2
"""PRAGMA user_version of a file this code wrote. 1 (or 0): the first landing, whose `games.kind`
carried a CHECK naming the two games; 2: the kind is plain data (any registered game)."""


def migrate(db: sqlite3.Connection) -> None:
    """Bring an older save file to SCHEMA_VERSION in one transaction (the data is kept as it is)."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version >= SCHEMA_VERSION:
        return
    (table_sql,) = db.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'games'"
    ).fetchone()
    db.execute("PRAGMA foreign_keys=OFF")  # rebuilding `games` must not cascade to its entries
    db.execute("BEGIN IMMEDIATE")
    try:
        if "CHECK (kind IN" in table_sql:
            # SQLite's documented table rebuild: new table, copy, drop the old one, rename the new one
            db.execute(_GAMES_TABLE.replace("EXISTS games (", "EXISTS games_v2 ("))
            db.execute(
                "INSERT INTO games_v2 (id, kind, config, created_at, finished_at, status, winner) "
                "SELECT id, kind, config, created_at, finished_at, status, winner FROM games"
            )
            db.execute("DROP TABLE games")
            db.execute("ALTER TABLE games_v2 RENAME TO games")
            db.execute("CREATE INDEX IF NOT EXISTS games_status ON games(status, created_at)")
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    finally:
        db.execute("PRAGMA foreign_keys=ON")
