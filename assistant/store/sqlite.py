"""The SQLite save file: WAL journal, one transaction per accepted move, French errors on failure.

Durability: WAL with `synchronous=NORMAL` (the default here) survives a killed process, which is what
resume needs; `synchronous="FULL"` also survives a power cut, at the price of an fsync per move.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, cast

from assistant.paths import store_path
from assistant.store.lock import GameLocks
from assistant.store.protocol import (
    DamagedGame,
    Kind,
    Standing,
    Status,
    StoredEntry,
    StoredGame,
    StoreError,
    Winner,
)
from assistant.store.schema import SCHEMA, migrate

Synchronous = Literal["OFF", "NORMAL", "FULL"]


@dataclass(frozen=True)
class GameSummary:
    """One stored game without its moves (`kinito history`)."""

    id: int
    """The store's id for this game."""
    kind: Kind
    """The registered game's name."""
    config: dict[str, Any]
    """The table settings (a simulated game's include a "sim" object)."""
    status: Status
    """playing or finished."""
    winner: Winner
    """A name, a list for a draw, or None."""
    created_at: float
    """Wall-clock seconds when it started."""
    finished_at: float | None
    """Wall-clock seconds when it finished, or None."""
    moves: int
    """How many moves are stored."""


def default_db_path() -> Path:
    """$KINITO_DB, else the data folder's kinito.sqlite3 (assistant.paths); its folder created."""
    path = store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _sentence(error: sqlite3.Error, path: Path) -> str:
    """One French sentence for a SQLite failure."""
    text = str(error).lower()
    if "full" in text:
        return f"Le disque est plein : impossible d'enregistrer la partie dans {path}."
    if "readonly" in text or "read-only" in text or "read only" in text:
        return f"Le fichier de sauvegarde {path} est en lecture seule : la partie n'est pas enregistrée."
    if "unable to open" in text:
        return f"Impossible d'ouvrir le fichier de sauvegarde {path}."
    if "locked" in text or "busy" in text:
        return f"Le fichier de sauvegarde {path} est occupé par un autre programme."
    if "not a database" in text or "malformed" in text:
        return f"Le fichier {path} n'est pas une sauvegarde kinito lisible."
    return f"La sauvegarde {path} a échoué ({error})."


def _json_object(text: str) -> dict[str, Any]:
    """A game's settings: a JSON object, else ValueError."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"un objet JSON était attendu, pas {type(value).__name__}")
    return value


class SqliteStore:
    """GameStore over one SQLite file. Each public write is one transaction."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        wall_clock: Callable[[], float] = time.time,
        synchronous: Synchronous = "NORMAL",
        read_only: bool = False,
    ) -> None:
        self.path = Path(path)
        self._now = wall_clock
        self.locks = GameLocks(self.path)
        """The games this process referees (one process per game, `claim`)."""
        try:
            if read_only:
                uri = f"{self.path.resolve().as_uri()}?mode=ro"
                self._db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute(f"PRAGMA synchronous={synchronous}")
                self._db.executescript(SCHEMA)
                migrate(self._db)
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=2000")
        except sqlite3.Error as error:
            raise StoreError(_sentence(error, self.path)) from error
        except OSError as error:
            raise StoreError(
                f"Impossible de créer le dossier de la sauvegarde {self.path.parent}."
            ) from error

    def close(self) -> None:
        """Close the connection (the WAL is checkpointed by SQLite) and release the game locks."""
        self._db.close()
        self.locks.close()

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
        """One transaction: everything or nothing, and a StoreError in French on failure."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise StoreError(_sentence(error, self.path)) from error
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException as error:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise StoreError(_sentence(error, self.path)) from error
            raise

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise StoreError(_sentence(error, self.path)) from error

    def _check(self, game_id: int) -> None:
        if not self._read("SELECT 1 FROM games WHERE id = ?", (game_id,)):
            raise StoreError(f"Aucune partie numéro {game_id} dans la sauvegarde {self.path}.")

    def create_game(self, kind: Kind, config: Mapping[str, Any], entries: Sequence[StoredEntry] = ()) -> int:
        """A new game in status playing, with `entries` already in its log (one transaction); its id."""
        if not kind.strip():
            raise StoreError("Une partie doit nommer son jeu.")
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO games (kind, config, created_at) VALUES (?, ?, ?)",
                (kind, json.dumps(dict(config), ensure_ascii=False, sort_keys=True), self._now()),
            )
            game_id = int(cast(int, cursor.lastrowid))
            self._insert(db, game_id, 0, entries)
        self.claim(game_id)  # a new game is this process's: a --resume elsewhere must not take it over
        return game_id

    def append(self, game_id: int, entry: StoredEntry) -> None:
        """Persist one accepted move in its own transaction (seq = number of entries before it)."""
        self.extend(game_id, (entry,))

    def extend(self, game_id: int, entries: Sequence[StoredEntry]) -> None:
        """Persist several moves in one transaction: all or none."""
        with self._write() as db:
            found = db.execute(
                "SELECT (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game_id = ?) "
                "FROM games WHERE id = ?",
                (game_id, game_id),
            ).fetchone()
            if found is None:  # an unknown game: say so rather than lose the move silently
                raise StoreError(f"Aucune partie numéro {game_id} dans la sauvegarde {self.path}.")
            self._insert(db, game_id, int(found[0]), entries)

    def _insert(
        self, db: sqlite3.Connection, game_id: int, first: int, entries: Sequence[StoredEntry]
    ) -> None:
        """Entries as rows `first`, `first + 1`... of the game's log, with when they were saved and the
        words heard (inside a caller's transaction)."""
        now = self._now()
        rows = [
            (
                json.dumps(e.command, ensure_ascii=False, separators=(",", ":")),
                json.dumps(e.events, ensure_ascii=False, separators=(",", ":")),
            )
            for e in entries
        ]
        db.executemany(
            "INSERT INTO entries (game_id, seq, command, events) VALUES (?, ?, ?, ?)",
            [(game_id, first + i, command, events) for i, (command, events) in enumerate(rows)],
        )
        db.executemany(
            "INSERT INTO heard (game_id, seq, at, words) VALUES (?, ?, ?, ?)",
            [(game_id, first + i, now, e.heard) for i, e in enumerate(entries)],
        )

    def truncate(self, game_id: int, keep: int) -> None:
        """Undo: keep the first `keep` entries, drop the rest."""
        self._check(game_id)
        with self._write() as db:
            db.execute("DELETE FROM entries WHERE game_id = ? AND seq >= ?", (game_id, max(0, keep)))

    def load(self, game_id: int) -> StoredGame:
        """The game and its entries, oldest first."""
        rows = self._read(
            "SELECT id, kind, config, status, winner, created_at, finished_at FROM games WHERE id = ?",
            (game_id,),
        )
        if not rows:
            raise StoreError(f"Aucune partie numéro {game_id} dans la sauvegarde {self.path}.")
        gid, kind, config, status, winner, created_at, finished_at = rows[0]
        try:
            game = StoredGame(
                id=int(gid),
                kind=str(kind),
                config=_json_object(config),
                entries=(),
                status=status,
                winner=None if winner is None else json.loads(winner),
                created_at=float(created_at),
                finished_at=None if finished_at is None else float(finished_at),
            )
        except (ValueError, TypeError, RecursionError) as error:
            raise DamagedGame(game_id, None, str(error), None) from None
        return replace(game, entries=self._entries(game_id, 0, game))

    def entries_from(self, game_id: int, first: int) -> tuple[StoredEntry, ...]:
        """The game's entries from number `first` (0-based) on: what a reader that already holds the
        first ones needs to catch up (`kinito serve`), without reading the whole log again. A damaged
        row is a DamagedGame without a readable part (`load` gives it)."""
        return self._entries(game_id, max(0, first), None)

    def _entries(self, game_id: int, first: int, game: StoredGame | None) -> tuple[StoredEntry, ...]:
        rows = self._read(
            "SELECT e.command, e.events, h.words, h.at FROM entries e LEFT JOIN heard h"
            " ON h.game_id = e.game_id AND h.seq = e.seq WHERE e.game_id = ? AND e.seq >= ? ORDER BY e.seq",
            (game_id, first),
        )
        entries: list[StoredEntry] = []
        for number, (command, events, words, at) in enumerate(rows, start=first + 1):
            try:
                entries.append(StoredEntry(json.loads(command), json.loads(events), words, at))
            except (ValueError, TypeError, RecursionError) as error:
                cut = None if game is None else replace(game, entries=tuple(entries))
                raise DamagedGame(game_id, number, f"JSON illisible : {error}", cut) from None
        return tuple(entries)

    def latest_unfinished(self) -> int | None:
        """The most recently created game still playing, or None."""
        rows = self._read(
            "SELECT id FROM games WHERE status = 'playing' ORDER BY created_at DESC, id DESC LIMIT 1"
        )
        return int(rows[0][0]) if rows else None

    def finish(self, game_id: int, winner: Winner) -> None:
        """Mark the game finished, with its winner."""
        self._check(game_id)
        with self._write() as db:
            db.execute(
                "UPDATE games SET status = 'finished', finished_at = ?, winner = ? WHERE id = ?",
                (self._now(), None if winner is None else json.dumps(winner, ensure_ascii=False), game_id),
            )
        self.locks.release(game_id)

    def record_xp(self, game_id: int, changes: Mapping[str, int]) -> None:
        """C8: this game's XP changes; recording the same game again replaces them."""
        self._check(game_id)
        with self._write() as db:
            db.execute("DELETE FROM xp WHERE game_id = ?", (game_id,))
            db.executemany(
                "INSERT INTO xp (game_id, player, delta) VALUES (?, ?, ?)",
                [(game_id, player, int(delta)) for player, delta in changes.items()],
            )

    def leaderboard(self) -> list[Standing]:
        """C8: every player with XP, highest first, ties by name."""
        rows = self._read(
            "SELECT player, SUM(delta), COUNT(DISTINCT game_id) FROM xp GROUP BY player "
            "ORDER BY SUM(delta) DESC, player"
        )
        return [Standing(str(p), int(x), int(g)) for p, x, g in rows]

    def games(self) -> list[GameSummary]:
        """Every game with its number of moves, oldest first (`kinito history`)."""
        rows = self._read(
            "SELECT g.id, g.kind, g.config, g.status, g.winner, g.created_at, g.finished_at,"
            " (SELECT COUNT(*) FROM entries e WHERE e.game_id = g.id) FROM games g ORDER BY g.id"
        )
        return [
            GameSummary(
                int(gid),
                kind,
                json.loads(config),
                status,
                None if winner is None else json.loads(winner),
                float(created),
                None if finished is None else float(finished),
                int(moves),
            )
            for gid, kind, config, status, winner, created, finished, moves in rows
        ]

    def game_ids(self) -> list[int]:
        """Every game id, oldest first."""
        return [int(r[0]) for r in self._read("SELECT id FROM games ORDER BY id")]
