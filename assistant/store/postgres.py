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

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import psycopg
from psycopg import conninfo, errors

from assistant.store.protocol import (
    DamagedGame,
    GameEnd,
    Kind,
    Results,
    Standing,
    StoredEntry,
    StoredGame,
    StoreError,
    standings,
    unknown_game,
)
from assistant.store.sqlite import GAMES_QUERY, GameSummary, summary_of

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
MAX_ID = 2**63 - 1
"""The largest game number a BIGINT holds."""


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


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class _OutOfStep(Exception):
    """The caller's count of stored entries is not the server's."""


class PostgresStore:
    """GameStore on a PostgreSQL server; each public write is one transaction."""

    def __init__(
        self, dsn: str, *, wall_clock: Callable[[], float] = time.time, read_only: bool = False
    ) -> None:
        self.dsn = dsn
        self.path = where(dsn)
        """What sentences name (the server and database, never the password)."""
        self.read_only = read_only
        self.league: str | None = None
        """The league new games are registered under when `create_game` names none (`--league`)."""
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
        (taken,) = self._read("SELECT pg_try_advisory_lock(%s)", (key,))[0]
        if not taken:
            raise StoreError(
                f"La partie n° {game_id} est déjà arbitrée par un autre kinito sur {self.path} :"
                " arrête-le d'abord, ou commence une nouvelle partie (kinito play sans --resume)."
            )
        self.held.add(game_id)

    def _release(self, game_id: int) -> None:
        if game_id in self.held:
            self._read("SELECT pg_advisory_unlock(%s)", (_LOCK_SPACE | (game_id & 0xFFFFFFFF),))
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
        except _OutOfStep:
            raise
        except psycopg.Error as error:
            raise StoreError(_sentence(error, self.dsn, writing=True)) from None

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._connected().execute(sql, params).fetchall()
        except errors.UndefinedTable:
            return []
        except psycopg.Error as error:
            raise StoreError(_sentence(error, self.dsn, writing=False)) from None

    def _unknown(self, game_id: int) -> StoreError:
        return unknown_game(game_id, str(self.path))

    def _check(self, game_id: int) -> None:
        if not 0 < game_id <= MAX_ID or not self._read("SELECT 1 FROM games WHERE id = %s", (game_id,)):
            raise self._unknown(game_id)

    def create_game(
        self,
        kind: Kind,
        config: Mapping[str, Any],
        entries: Sequence[StoredEntry] = (),
        league: str | None = None,
    ) -> int:
        """A new game in status playing, with `entries` already in its log (one transaction); its id."""
        if not kind.strip():
            raise StoreError("Une partie doit nommer son jeu.")
        with self._write() as db:
            row = db.execute(
                "INSERT INTO games (kind, config, created_at, league) VALUES (%s, %s, %s, %s) RETURNING id",
                (
                    kind,
                    json.dumps(dict(config), ensure_ascii=False, sort_keys=True),
                    self._now(),
                    league or self.league,
                ),
            ).fetchone()
            assert row is not None
            game_id = int(row[0])
            self._insert(db, game_id, 0, entries)
        self.claim(game_id)
        return game_id

    def append(self, game_id: int, entry: StoredEntry) -> None:
        """One move in its own transaction."""
        self.extend(game_id, (entry,))

    def extend(
        self,
        game_id: int,
        entries: Sequence[StoredEntry],
        end: GameEnd | None = None,
        stored: int | None = None,
    ) -> None:
        """Several moves, and the game's end with them, in one transaction (see GameStore.extend)."""
        if stored is None:
            self._check(game_id)
        elif not 0 < game_id <= MAX_ID:
            raise self._unknown(game_id)
        try:
            with self._write() as db:
                first = stored
                if first is None:
                    row = db.execute(
                        "SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game_id = %s", (game_id,)
                    ).fetchone()
                    first = int(row[0]) if row else 0
                self._insert(db, game_id, first, entries, checked=stored is not None)
                if end is not None:
                    self._end(db, game_id, end)
        except _OutOfStep:
            raise StoreError(
                f"La partie n° {game_id} de {self.path} n'a pas les {stored} coups attendus : rien n'est"
                " écrit (le prochain coup relit la sauvegarde)."
            ) from None
        if end is not None:
            self._release(game_id)

    def _insert(
        self,
        db: psycopg.Connection[Any],
        game_id: int,
        first: int,
        entries: Sequence[StoredEntry],
        checked: bool = False,
    ) -> None:
        rows = [(game_id, first + i, _dumps(e.command), _dumps(e.events)) for i, e in enumerate(entries)]
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
                    raise _OutOfStep
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
                raise _OutOfStep from None
            raise
        except errors.ForeignKeyViolation:
            raise self._unknown(game_id) from None

    def _end(self, db: psycopg.Connection[Any], game_id: int, end: GameEnd) -> None:
        results = {str(p): {str(k): int(v) for k, v in row.items()} for p, row in end.results.items()}
        db.execute(
            "UPDATE games SET status = 'finished', finished_at = %s, winner = %s, results = %s WHERE id = %s",
            (
                self._now(),
                None if end.winner is None else json.dumps(end.winner, ensure_ascii=False),
                json.dumps(results, ensure_ascii=False, sort_keys=True),
                game_id,
            ),
        )

    def truncate(self, game_id: int, keep: int) -> None:
        """Undo: keep the first `keep` entries; a finished game is playing again."""
        self._check(game_id)
        with self._write() as db:
            db.execute("DELETE FROM entries WHERE game_id = %s AND seq >= %s", (game_id, max(0, keep)))
            db.execute(
                "UPDATE games SET status = 'playing', finished_at = NULL, winner = NULL, results = NULL"
                " WHERE id = %s AND status = 'finished'",
                (game_id,),
            )

    def load(self, game_id: int) -> StoredGame:
        """The game and its entries, oldest first."""
        if not 0 < game_id <= MAX_ID:
            raise self._unknown(game_id)
        rows = self._read(
            "SELECT id, kind, config, status, winner, created_at, finished_at, results, league"
            " FROM games WHERE id = %s",
            (game_id,),
        )
        if not rows:
            raise self._unknown(game_id)
        gid, kind, config, status, winner, created_at, finished_at, results, league = rows[0]
        try:
            settings = json.loads(config)
            if not isinstance(settings, dict):
                raise ValueError("un objet JSON était attendu")
            game = StoredGame(
                int(gid), str(kind), settings, (), status, None if winner is None else json.loads(winner),
                float(created_at), None if finished_at is None else float(finished_at),
                {} if results is None else json.loads(results), league,
            )  # fmt: skip
        except (ValueError, TypeError) as error:
            raise DamagedGame(game_id, None, str(error), None) from None
        found = self._read(
            "SELECT e.command, e.events, h.words, h.at FROM entries e LEFT JOIN heard h"
            " ON h.game_id = e.game_id AND h.seq = e.seq WHERE e.game_id = %s ORDER BY e.seq",
            (game_id,),
        )
        entries: list[StoredEntry] = []
        for number, (command, events, words, at) in enumerate(found, start=1):
            try:
                entries.append(StoredEntry(json.loads(command), json.loads(events), words, at))
            except (ValueError, TypeError) as error:
                raise DamagedGame(
                    game_id, number, f"JSON illisible : {error}", replace(game, entries=tuple(entries))
                ) from None
        return replace(game, entries=tuple(entries))

    def latest_unfinished(self) -> int | None:
        """The most recently created game still playing, or None."""
        rows = self._read(
            "SELECT id FROM games WHERE status = 'playing' ORDER BY created_at DESC, id DESC LIMIT 1"
        )
        return int(rows[0][0]) if rows else None

    def unfinished(self) -> list[int]:
        """Every game still playing, oldest first."""
        return [int(r[0]) for r in self._read("SELECT id FROM games WHERE status = 'playing' ORDER BY id")]

    def finish(self, game_id: int, end: GameEnd) -> None:
        """Mark the game finished with its winner and results."""
        self.extend(game_id, (), end)

    def results(self) -> list[Results]:
        """The results of every finished game, oldest first (unreadable rows left out)."""
        found: list[Results] = []
        for (text,) in self._read("SELECT results FROM games WHERE status = 'finished' ORDER BY id"):
            try:
                value = json.loads(text) if text is not None else {}
                found.append({str(p): {str(k): int(v) for k, v in row.items()} for p, row in value.items()})
            except (ValueError, TypeError, AttributeError):
                continue
        return found

    def leaderboard(self) -> list[Standing]:
        """C8: every player with an XP tally, highest first, ties by name."""
        return standings(self.results())

    def games(self) -> list[GameSummary]:
        """Every game with its number of moves, oldest first (`kinito history`); a row that does not
        read back is listed with why (`damaged`), never raised."""
        return [summary_of(row) for row in self._read(GAMES_QUERY)]

    def entries_from(self, game_id: int, first: int) -> tuple[StoredEntry, ...]:
        """The game's entries from number `first` (0-based) on (`kinito serve` catching up)."""
        found = self._read(
            "SELECT e.command, e.events, h.words, h.at FROM entries e LEFT JOIN heard h"
            " ON h.game_id = e.game_id AND h.seq = e.seq WHERE e.game_id = %s AND e.seq >= %s ORDER BY e.seq",
            (game_id, max(0, first)),
        )
        entries: list[StoredEntry] = []
        for number, (command, events, words, at) in enumerate(found, start=max(0, first) + 1):
            try:
                entries.append(StoredEntry(json.loads(command), json.loads(events), words, at))
            except (ValueError, TypeError) as error:
                raise DamagedGame(game_id, number, f"JSON illisible : {error}", None) from None
        return tuple(entries)

    def game_ids(self) -> list[int]:
        """Every game id, oldest first."""
        return [int(r[0]) for r in self._read("SELECT id FROM games ORDER BY id")]
