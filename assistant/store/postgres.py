"""The save file on a PostgreSQL server (psycopg 3): several tables of one night writing to one place.

The same GameStore as SQLite: one transaction per heard line's moves and per game end, undo by
truncation, results per game, the same JSON in the same columns. The per-game lock is a session
advisory lock on the server (`pg_try_advisory_lock`), so a second kinito on the same game is refused
even from another machine; the server releases it when the connection ends (a killed process, or a
connection lost). When the server goes away the write fails (the referee keeps the game in memory and
tells the table once); the next write connects again, claims its games again and catches up.
The schema carries its version in `kinito_schema`; a newer one is refused.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import conninfo, errors

from assistant.store.protocol import StoredEntry, StoreError
from assistant.store.sql import OutOfStep, SqlStore, dumps

SCHEMA_VERSION = 3
"""The same version as the SQLite schema it mirrors (results and league in `games`)."""
_LOCK_SPACE = 0x4B494E49 << 32
"""The high half of kinito's advisory lock keys (the low half is the game id)."""
_SCHEMA = """
CREATE TABLE IF NOT EXISTS kinito_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION,
    status TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    winner TEXT,
    results TEXT,
    league TEXT
);
CREATE TABLE IF NOT EXISTS entries (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    command TEXT NOT NULL,
    events TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS heard (
    game_id BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    words TEXT,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, seq) REFERENCES entries(game_id, seq) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS games_status ON games(status, created_at);
CREATE INDEX IF NOT EXISTS games_league ON games(league, created_at)
"""


def is_postgres(target: str) -> bool:
    """Whether a --db / KINITO_DB value names a PostgreSQL server rather than a file."""
    return target.startswith(("postgresql://", "postgres://"))


def where(dsn: str) -> str:
    """The server and database of a DSN, without its password (what sentences show)."""
    try:
        parts = conninfo.conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "(adresse illisible)"
    host = str(parts.get("host") or "localhost")
    user = f"{parts['user']}@" if parts.get("user") else ""
    return f"postgresql://{user}{host}/{parts.get('dbname') or ''}"


def _sentence(error: psycopg.Error, dsn: str, writing: bool) -> str:
    """One French sentence for a server failure (from the SQLSTATE or the kind of error)."""
    server = where(dsn)
    fix = "vérifie l'adresse dans --db ou KINITO_DB (postgresql://utilisateur:motdepasse@hôte/base)"
    if isinstance(error, errors.InvalidPassword | errors.InvalidAuthorizationSpecification):
        return f"Le serveur {server} refuse l'utilisateur ou le mot de passe : {fix}."
    if isinstance(error, errors.InvalidCatalogName):
        return f"La base de données de {server} n'existe pas : crée-la (createdb) ou {fix}."
    if isinstance(error, errors.DiskFull):
        return f"Le disque du serveur {server} est plein : la partie n'est pas enregistrée."
    if isinstance(error, psycopg.OperationalError) and "password" in str(error).lower():
        return f"Le serveur {server} refuse l'utilisateur ou le mot de passe : {fix}."
    if isinstance(error, psycopg.OperationalError):
        return f"Le serveur {server} ne répond pas : vérifie qu'il tourne, ou {fix}."
    code = getattr(error, "sqlstate", None) or "?"
    if writing:
        return f"La partie n'est pas enregistrée sur {server} (erreur PostgreSQL {code})."
    return f"La sauvegarde sur {server} n'a pas pu être lue (erreur PostgreSQL {code})."


class PostgresStore(SqlStore):
    MARK = "%s"

    """GameStore on a PostgreSQL server; each public write is one transaction."""

    def __init__(
        self, dsn: str, *, wall_clock: Callable[[], float] = time.time, read_only: bool = False
    ) -> None:
        self.dsn = dsn
        self.path = where(dsn)
        """What sentences name (the server and database, never the password)."""
        self.read_only = read_only
        self.league: str | None = None
        self._now = wall_clock
        self.held: set[int] = set()
        """The games this process referees (advisory locks on this connection)."""
        try:
            self._db = psycopg.connect(dsn, autocommit=True, connect_timeout=5)
        except psycopg.Error as error:
            raise StoreError(_sentence(error, dsn, writing=False)) from None
        self._prepare()

    def _prepare(self) -> None:
        """The schema created (under a transaction lock: four tables may start at once) and its version
        checked: a newer server schema is refused before anything is written."""
        try:
            with self._db.transaction():
                if not self.read_only:
                    self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_SPACE,))
                    for statement in _SCHEMA.split(";"):
                        self._db.execute(statement)
                rows = self._db.execute("SELECT version FROM kinito_schema").fetchall()
                if not rows and not self.read_only:
                    self._db.execute("INSERT INTO kinito_schema VALUES (%s)", (SCHEMA_VERSION,))
        except errors.UndefinedTable:  # read-only on an empty database: nothing stored yet
            return
        except psycopg.Error as error:
            raise StoreError(_sentence(error, self.dsn, writing=not self.read_only)) from None
        version = int(rows[0][0]) if rows else SCHEMA_VERSION
        if version > SCHEMA_VERSION:
            self._db.close()
            raise StoreError(
                f"La base {self.path} vient d'une version plus récente de kinito (schéma {version}) : elle"
                " n'a pas été modifiée ; mets kinito à jour, ou choisis une autre base avec --db."
            )

    def close(self) -> None:
        """Close the connection (the server releases this process's game locks)."""
        self._db.close()
        self.held.clear()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def claim(self, game_id: int) -> None:
        """Referee this game in this process only (an advisory lock held by this connection)."""
        if game_id in self.held:
            return
        key = _LOCK_SPACE | (game_id & 0xFFFFFFFF)
        (taken,) = self._read("SELECT pg_try_advisory_lock(?)", (key,))[0]
        if not taken:
            raise StoreError(
                f"La partie n° {game_id} est déjà arbitrée par un autre kinito sur {self.path} :"
                " arrête-le d'abord, ou commence une nouvelle partie (kinito play sans --resume)."
            )
        self.held.add(game_id)

    def _release(self, game_id: int) -> None:
        if game_id in self.held:
            self._read("SELECT pg_advisory_unlock(?)", (_LOCK_SPACE | (game_id & 0xFFFFFFFF),))
            self.held.discard(game_id)

    def _connected(self) -> psycopg.Connection[Any]:
        """The connection, made again after the server went away; the games this process held are
        claimed again (StoreError when another process took one meanwhile)."""
        if not (self._db.closed or self._db.broken):
            return self._db
        try:
            self._db = psycopg.connect(self.dsn, autocommit=True, connect_timeout=5)
        except psycopg.Error as error:
            raise StoreError(_sentence(error, self.dsn, writing=False)) from None
        held, self.held = set(self.held), set()
        for game_id in sorted(held):
            self.claim(game_id)
        return self._db

    @contextmanager
    def _write(self) -> Iterator[psycopg.Connection[Any]]:
        if self.read_only:
            raise StoreError(
                f"La base {self.path} est ouverte en lecture seule : la partie n'est pas enregistrée."
            )
        db = self._connected()
        try:
            with db.transaction():
                yield db
        except OutOfStep:
            raise
        except psycopg.Error as error:
            raise StoreError(_sentence(error, self.dsn, writing=True)) from None

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._connected().execute(sql.replace("?", self.MARK), params).fetchall()
        except errors.UndefinedTable:
            return []
        except psycopg.Error as error:
            raise StoreError(_sentence(error, self.dsn, writing=False)) from None

    def _insert(
        self,
        db: psycopg.Connection[Any],
        game_id: int,
        first: int,
        entries: Sequence[StoredEntry],
        checked: bool = False,
    ) -> None:
        rows = [(game_id, first + i, dumps(e.command), dumps(e.events)) for i, e in enumerate(entries)]
        if not rows:
            return
        try:
            if checked:
                cursor = db.execute(
                    "INSERT INTO entries (game_id, seq, command, events) SELECT %s, %s, %s, %s"
                    " WHERE %s = 0 OR EXISTS (SELECT 1 FROM entries WHERE game_id = %s AND seq = %s)"
                    " ON CONFLICT DO NOTHING",
                    (*rows[0], first, game_id, first - 1),
                )
                if cursor.rowcount != 1:
                    raise OutOfStep
                rows = rows[1:]
            with db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO entries (game_id, seq, command, events) VALUES (%s, %s, %s, %s)", rows
                )
                now = self._now()
                cursor.executemany(
                    "INSERT INTO heard (game_id, seq, at, words) VALUES (%s, %s, %s, %s)"
                    " ON CONFLICT (game_id, seq) DO UPDATE SET at = EXCLUDED.at, words = EXCLUDED.words",
                    [(game_id, first + i, now, e.heard) for i, e in enumerate(entries)],
                )
        except errors.UniqueViolation:
            if checked:
                raise OutOfStep from None
            raise
        except errors.ForeignKeyViolation:
            raise self._unknown(game_id) from None
