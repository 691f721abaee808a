"""The SQLite save file: WAL journal, one transaction per heard line and per game end, French errors.

Durability: WAL with `synchronous=NORMAL` (the default here) survives a killed process, which is what
resume needs; `synchronous="FULL"` also survives a power cut, at the price of an fsync per move.
After each write the WAL is checkpointed into the file itself (assistant.store.checkpoint, off the
line's critical path), so deleting the `-wal` file (a cleanup script, a sync tool skipping it) cannot
take the game with it; a vanished WAL is noticed at the next write, folded at once and the file reopened.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, cast

from assistant.paths import store_path
from assistant.store.checkpoint import Checkpointer
from assistant.store.lock import GameLocks
from assistant.store.protocol import (
    DamagedGame,
    GameEnd,
    Kind,
    Results,
    Standing,
    Status,
    StoredEntry,
    StoredGame,
    StoreError,
    Winner,
    standings,
    unknown_game,
)
from assistant.store.sqlite_errors import sentence
from assistant.store.sqlite_open import open_read_only, open_writable

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
    results: Results = field(default_factory=dict)
    """Per player, the tallies given with the game's end (empty while playing)."""
    league: str | None = None
    """The league the table played in, or None."""
    damaged: str | None = None
    """Why the row cannot be read back (its settings or end are not valid JSON), else None."""


GAMES_QUERY = (
    "SELECT g.id, g.kind, g.config, g.status, g.winner, g.created_at, g.finished_at, g.results,"
    " g.league, (SELECT COUNT(*) FROM entries e WHERE e.game_id = g.id) FROM games g ORDER BY g.id"
)
"""Every game's row as `summary_of` reads it (the same SQL on SQLite and PostgreSQL)."""


def default_db_path() -> Path:
    """$KINITO_DB, else the data folder's kinito.sqlite3 (assistant.paths); its folder is created by
    the store that writes it, never by a reader."""
    return store_path()


MAX_ID = 2**63 - 1
"""The largest game number SQLite can hold; a larger one names no game."""


def _json_object(text: str) -> dict[str, Any]:
    """A game's settings: a JSON object, else ValueError."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"un objet JSON était attendu, pas {type(value).__name__}")
    return value


def _results(text: str | None) -> dict[str, dict[str, int]]:
    """A game's results column: per player, name -> integer; ValueError when it is not that."""
    if text is None:
        return {}
    results: dict[str, dict[str, int]] = {}
    for player, row in _json_object(text).items():
        if not isinstance(row, dict):
            raise ValueError(f"les résultats de {player} ne sont pas un objet JSON")
        results[str(player)] = {str(name): int(value) for name, value in row.items()}
    return results


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


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
        """`read_only`: a `mode=ro` reader that never creates, migrates or writes (history, export...)."""
        self.path = Path(path)
        self._now = wall_clock
        self._synchronous = synchronous
        self.read_only = read_only
        """Opened for reading only: every write raises StoreError."""
        self.league: str | None = None
        """The league new games are registered under when `create_game` names none (`--league`)."""
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

    def _unknown(self, game_id: int) -> StoreError:
        return unknown_game(game_id, str(self.path))

    def _check(self, game_id: int) -> None:
        if not 0 < game_id <= MAX_ID or not self._read("SELECT 1 FROM games WHERE id = ?", (game_id,)):
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
            cursor = db.execute(
                "INSERT INTO games (kind, config, created_at, league) VALUES (?, ?, ?, ?)",
                (
                    kind,
                    json.dumps(dict(config), ensure_ascii=False, sort_keys=True),
                    self._now(),
                    league or self.league,
                ),
            )
            game_id = int(cast(int, cursor.lastrowid))
            self._insert(db, game_id, 0, entries)
        self.claim(game_id)  # a new game is this process's: a --resume elsewhere must not take it over
        return game_id

    def append(self, game_id: int, entry: StoredEntry) -> None:
        """Persist one accepted move in its own transaction (seq = number of entries before it)."""
        self.extend(game_id, (entry,))

    def extend(
        self,
        game_id: int,
        entries: Sequence[StoredEntry],
        end: GameEnd | None = None,
        stored: int | None = None,
    ) -> None:
        """Persist several moves, and the game's end with them, in one transaction: all or none.
        With `stored` (the caller's count of the game's entries) no query precedes the insert: the first
        row goes in only after its predecessor, and the key refuses a count too low."""
        if stored is None:
            self._check(game_id)
        elif not 0 < game_id <= MAX_ID:
            raise self._unknown(game_id)
        try:
            with self._write() as db:
                first = stored
                if first is None:
                    (found,) = db.execute(
                        "SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game_id = ?", (game_id,)
                    ).fetchone()
                    first = int(found)
                self._insert(db, game_id, first, entries, checked=stored is not None)
                if end is not None:
                    self._end(db, game_id, end)
        except _OutOfStep:
            raise StoreError(
                f"La partie n° {game_id} de {self.path} n'a pas les {stored} coups attendus : rien n'est"
                " écrit (le prochain coup relit la sauvegarde)."
            ) from None
        if end is not None:
            self.locks.release(game_id)

    def _insert(
        self,
        db: sqlite3.Connection,
        game_id: int,
        first: int,
        entries: Sequence[StoredEntry],
        checked: bool = False,
    ) -> None:
        """Entries as rows `first`, `first + 1`... of the game's log, with when they were saved and the
        words heard (inside a caller's transaction). `checked`: refuse a `first` that leaves a gap or
        repeats a row (_OutOfStep), without a query before the insert."""
        now = self._now()
        rows = [(game_id, first + i, _dumps(e.command), _dumps(e.events)) for i, e in enumerate(entries)]
        if not rows:
            return
        if checked:
            cursor = db.execute(
                "INSERT OR IGNORE INTO entries (game_id, seq, command, events) SELECT ?, ?, ?, ?"
                " WHERE ?2 = 0 OR EXISTS (SELECT 1 FROM entries WHERE game_id = ?1 AND seq = ?2 - 1)",
                rows[0],
            )
            if cursor.rowcount != 1:
                raise _OutOfStep
            rows = rows[1:]
        try:
            db.executemany("INSERT INTO entries (game_id, seq, command, events) VALUES (?, ?, ?, ?)", rows)
        except sqlite3.IntegrityError:
            if checked:
                raise _OutOfStep from None
            raise
        db.executemany(
            "INSERT OR REPLACE INTO heard (game_id, seq, at, words) VALUES (?, ?, ?, ?)",
            [(game_id, first + i, now, e.heard) for i, e in enumerate(entries)],
        )

    def _end(self, db: sqlite3.Connection, game_id: int, end: GameEnd) -> None:
        """The game's winner and results (inside a caller's transaction)."""
        try:
            results = {str(p): {str(k): int(v) for k, v in row.items()} for p, row in end.results.items()}
            winner = None if end.winner is None else json.dumps(end.winner, ensure_ascii=False)
        except (TypeError, ValueError) as error:
            raise StoreError(
                f"La fin de la partie n° {game_id} ne peut pas être enregistrée ({error})."
            ) from None
        db.execute(
            "UPDATE games SET status = 'finished', finished_at = ?, winner = ?, results = ? WHERE id = ?",
            (self._now(), winner, json.dumps(results, ensure_ascii=False, sort_keys=True), game_id),
        )

    def truncate(self, game_id: int, keep: int) -> None:
        """Undo: keep the first `keep` entries, drop the rest; a finished game is playing again."""
        self._check(game_id)
        with self._write() as db:
            db.execute("DELETE FROM entries WHERE game_id = ? AND seq >= ?", (game_id, max(0, keep)))
            reopened = db.execute(
                "UPDATE games SET status = 'playing', finished_at = NULL, winner = NULL, results = NULL"
                " WHERE id = ? AND status = 'finished'",
                (game_id,),
            ).rowcount
        if reopened:  # another process may have taken it after its end; this one still writes its moves
            with suppress(StoreError):
                self.claim(game_id)

    def load(self, game_id: int) -> StoredGame:
        """The game and its entries, oldest first."""
        if not 0 < game_id <= MAX_ID:
            raise self._unknown(game_id)
        rows = self._read(
            "SELECT id, kind, config, status, winner, created_at, finished_at, results, league"
            " FROM games WHERE id = ?",
            (game_id,),
        )
        if not rows:
            raise self._unknown(game_id)
        gid, kind, config, status, winner, created_at, finished_at, results, league = rows[0]
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
                results=_results(results),
                league=None if league is None else str(league),
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

    def unfinished(self) -> list[int]:
        """Every game still playing, oldest first."""
        return [int(r[0]) for r in self._read("SELECT id FROM games WHERE status = 'playing' ORDER BY id")]

    def finish(self, game_id: int, end: GameEnd) -> None:
        """Mark the game finished with its winner and results, in one transaction."""
        self.extend(game_id, (), end)

    def results(self) -> list[Results]:
        """The results of every finished game, oldest first (a row that does not read is left out;
        `games` names it)."""
        found: list[Results] = []
        for (text,) in self._read("SELECT results FROM games WHERE status = 'finished' ORDER BY id"):
            try:
                found.append(_results(text))
            except (ValueError, TypeError, RecursionError):
                continue
        return found

    def leaderboard(self) -> list[Standing]:
        """C8: every player with an XP tally, highest first, ties by name."""
        return standings(self.results())

    def games(self) -> list[GameSummary]:
        """Every game with its number of moves, oldest first (`kinito history`); a row that does not
        read back is listed with why (`damaged`), never raised."""
        return [summary_of(row) for row in self._read(GAMES_QUERY)]

    def game_ids(self) -> list[int]:
        """Every game id, oldest first."""
        return [int(r[0]) for r in self._read("SELECT id FROM games ORDER BY id")]


class _OutOfStep(Exception):
    """The caller's count of stored entries is not the store's."""


def summary_of(row: tuple[Any, ...]) -> GameSummary:
    """One `games` row as history lists it; an unreadable one keeps its number and says why."""
    gid, kind, config, status, winner, created, finished, results, league, moves = row
    try:
        return GameSummary(
            int(gid),
            str(kind),
            _json_object(config),
            "finished" if status == "finished" else "playing",
            None if winner is None else json.loads(winner),
            float(created),
            None if finished is None else float(finished),
            int(moves),
            _results(results),
            None if league is None else str(league),
        )
    except (ValueError, TypeError, RecursionError) as error:
        why = f"valeur illisible : {str(error)[:60]}" if str(error) else "réglages, date ou fin illisibles"
        when = float(created) if isinstance(created, int | float) else 0.0
        return GameSummary(int(gid), str(kind), {}, "playing", None, when, None, int(moves), damaged=why)
