"""Opening the SQLite save file: for writing (created or migrated), or read-only (never written).

A file from a newer kinito is refused before anything is written to it. A read-only opening uses a
`mode=ro` URI and never migrates nor creates: a missing file reads as an empty save, and a file of an
older schema is read through a migrated copy in memory, the file itself untouched.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from assistant.store.protocol import StoreError
from assistant.store.schema import SCHEMA_VERSION, NewerSchema, create_or_migrate, version_of
from assistant.store.sqlite_errors import cannot_open, newer, no_folder, not_a_save, sentence


def _connect(target: str | Path, uri: bool = False) -> sqlite3.Connection:
    return sqlite3.connect(target, uri=uri, isolation_level=None, check_same_thread=False)


def _read_only_uri(path: Path) -> str:
    return f"{path.resolve().as_uri()}?mode=ro"


MAGIC = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


def check_header(path: Path) -> None:
    """Refuse a file that is not a SQLite database or comes from a newer schema, from its header
    alone (PRAGMA user_version is the big-endian integer at offset 60): no connection, nothing
    created beside it. An empty file is a new save."""
    try:
        with path.open("rb") as file:
            header = file.read(100)
    except OSError as error:
        raise StoreError(cannot_open(path)) from error
    if not header:
        return
    if len(header) < 100 or not header.startswith(MAGIC):
        raise StoreError(not_a_save(path))
    version = int.from_bytes(header[60:64], "big")
    if version > SCHEMA_VERSION:
        raise StoreError(newer(path, version))


def _settle(db: sqlite3.Connection) -> sqlite3.Connection:
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=2000")
    return db


def open_writable(path: Path, synchronous: str) -> sqlite3.Connection:
    """The file for writing, in WAL mode, created or brought to the current schema; StoreError else."""
    if path.is_dir():
        raise StoreError(cannot_open(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(no_folder(path.parent, error)) from None
    if path.exists():
        check_header(path)  # a newer or foreign file is refused before any write
    try:
        db = _connect(path)
    except sqlite3.Error as error:
        raise StoreError(sentence(error, path, writing=True)) from None
    try:
        db.execute("PRAGMA busy_timeout=2000")
        version, _ = version_of(db)
        if version > SCHEMA_VERSION:  # written in between by a newer kinito
            raise NewerSchema(version)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={synchronous}")
        create_or_migrate(db)
        return _settle(db)
    except NewerSchema as error:
        db.close()
        raise StoreError(newer(path, error.version)) from None
    except sqlite3.Error as error:
        db.close()
        raise StoreError(sentence(error, path, writing=True)) from None


def open_read_only(path: Path) -> sqlite3.Connection:
    """The file for reading only (mode=ro): nothing is created, migrated or written; StoreError else."""
    if path.is_dir():
        raise StoreError(cannot_open(path))
    if not path.exists():
        return _settle(_in_memory(None))
    check_header(path)
    try:
        db = _connect(_read_only_uri(path), uri=True)
    except sqlite3.Error as error:
        raise StoreError(sentence(error, path, writing=False)) from None
    try:
        db.execute("PRAGMA busy_timeout=2000")
        version, complete = version_of(db)
        if version > SCHEMA_VERSION:
            raise NewerSchema(version)
        if version < SCHEMA_VERSION or not complete:
            return _settle(_in_memory(db))  # an older file: read through a migrated copy
        return _settle(db)
    except NewerSchema as error:
        db.close()
        raise StoreError(newer(path, error.version)) from None
    except sqlite3.Error as error:
        db.close()
        raise StoreError(sentence(error, path, writing=False)) from None


def _in_memory(source: sqlite3.Connection | None) -> sqlite3.Connection:
    """A copy of `source` (or an empty save) in memory, at the current schema; `source` is closed."""
    memory = _connect(":memory:")
    if source is not None:
        try:
            source.backup(memory)
        finally:
            source.close()
    create_or_migrate(memory)
    return memory
