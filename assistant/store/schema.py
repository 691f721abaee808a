"""The save file's tables, and the migration of an older file to the current version.

`heard` was added after the first files were written (it is created when an older file is opened): when
each move was saved and the words that caused it, beside `entries` so the log itself is unchanged.
Schema 3 keeps a game's end in one row: `games.results` (JSON, per player the game's tallies) replaces
the `xp` table of schema 2, and `games.league` names the league a table played in.
"""

from __future__ import annotations

import json
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
_ENTRIES_TABLE = """
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    command TEXT NOT NULL,
    events TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
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
_V3 = """
ALTER TABLE games ADD COLUMN results TEXT;
ALTER TABLE games ADD COLUMN league TEXT;
CREATE INDEX IF NOT EXISTS games_league ON games(league, created_at);
"""
SCHEMA_VERSION = 3
"""PRAGMA user_version of a file this code writes. 1 (or 0): the first version, whose `games.kind`
carried a CHECK naming the two games; 2: the kind is plain data (any registered game); 3: a game's end
in one row (`results`, `league`), no `xp` table."""


class NewerSchema(Exception):
    """The file was written by a newer kinito: nothing here may read or change it."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version
        """The file's PRAGMA user_version."""


def version_of(db: sqlite3.Connection) -> tuple[int, bool]:
    """The file's schema version and whether it is complete at it: kinito's tables all there (a file
    of this version may lack `heard`, added before versions counted it). Reads only."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return version, {"games", "entries", "heard"} <= names


def check_version(db: sqlite3.Connection) -> int:
    """The file's version; NewerSchema when this code cannot know its tables (before any write)."""
    version, _ = version_of(db)
    if version > SCHEMA_VERSION:
        raise NewerSchema(version)
    return version


def create_or_migrate(db: sqlite3.Connection) -> None:
    """A new file gets the current schema, an older one is brought to it, in one transaction each."""
    version, complete = version_of(db)
    if version > SCHEMA_VERSION:
        raise NewerSchema(version)
    if complete and version == SCHEMA_VERSION:
        return
    has_games = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").fetchone()
    db.execute("PRAGMA foreign_keys=OFF")  # rebuilding `games` must not cascade to its entries
    db.execute("BEGIN IMMEDIATE")
    try:
        if not has_games:
            db.execute(_GAMES_TABLE)
            _script(db, _ENTRIES_TABLE + _V3)
        else:
            _migrate(db, version)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    finally:
        db.execute("PRAGMA foreign_keys=ON")


def _script(db: sqlite3.Connection, script: str) -> None:
    """Each statement inside the caller's transaction (executescript would commit it)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Schema 1 or 2 -> 3, inside the caller's transaction; the data is kept as it is."""
    (table_sql,) = db.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'games'"
    ).fetchone()
    if "CHECK (kind IN" in table_sql:
        # SQLite's documented table rebuild: new table, copy, drop the old one, rename the new one
        db.execute(_GAMES_TABLE.replace("EXISTS games (", "EXISTS games_v2 ("))
        db.execute(
            "INSERT INTO games_v2 (id, kind, config, created_at, finished_at, status, winner) "
            "SELECT id, kind, config, created_at, finished_at, status, winner FROM games"
        )
        db.execute("DROP TABLE games")
        db.execute("ALTER TABLE games_v2 RENAME TO games")
    _script(db, _ENTRIES_TABLE)
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    if "results" not in columns:
        _script(db, _V3)
    has_xp = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'xp'").fetchone()
    if has_xp:
        results: dict[int, dict[str, dict[str, int]]] = {}
        for game_id, player, delta in db.execute("SELECT game_id, player, delta FROM xp ORDER BY game_id"):
            results.setdefault(int(game_id), {})[str(player)] = {"xp": int(delta)}
        db.executemany(
            "UPDATE games SET results = ? WHERE id = ?",
            [(json.dumps(r, ensure_ascii=False, sort_keys=True), gid) for gid, r in results.items()],
        )
        db.execute("DROP TABLE xp")
