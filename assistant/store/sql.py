"""What the SQLite and PostgreSQL stores share: the same tables, the same reading of a row, the same
write sequence. A backend gives its connection, its transaction, its insert of the log's rows and its
per-game lock; the SQL here is written with `?` and each backend's `MARK` stands in for it.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

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

MAX_ID = 2**63 - 1
"""The largest game number both backends hold (a 64-bit integer); a larger one names no game."""


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
"""Every game's row as `summary_of` reads it."""
_UNREADABLE = (ValueError, TypeError, AttributeError, RecursionError)
"""What reading a damaged JSON column can raise."""


def json_object(text: str) -> dict[str, Any]:
    """A game's settings: a JSON object, else ValueError."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"un objet JSON était attendu, pas {type(value).__name__}")
    return value


def results_of(text: str | None) -> dict[str, dict[str, int]]:
    """A game's results column: per player, name -> integer; ValueError when it is not that."""
    if text is None:
        return {}
    results: dict[str, dict[str, int]] = {}
    for player, row in json_object(text).items():
        if not isinstance(row, dict):
            raise ValueError(f"les résultats de {player} ne sont pas un objet JSON")
        results[str(player)] = {str(name): int(value) for name, value in row.items()}
    return results


def dumps(value: object) -> str:
    """A command or events column: compact JSON."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def summary_of(row: tuple[Any, ...]) -> GameSummary:
    """One `games` row as history lists it; an unreadable one keeps its number and says why."""
    gid, kind, config, status, winner, created, finished, results, league, moves = row
    try:
        return GameSummary(
            int(gid),
            str(kind),
            json_object(config),
            "finished" if status == "finished" else "playing",
            None if winner is None else json.loads(winner),
            float(created),
            None if finished is None else float(finished),
            int(moves),
            results_of(results),
            None if league is None else str(league),
        )
    except _UNREADABLE as error:
        why = f"valeur illisible : {str(error)[:60]}" if str(error) else "réglages, date ou fin illisibles"
        when = float(created) if isinstance(created, int | float) else 0.0
        return GameSummary(int(gid), str(kind), {}, "playing", None, when, None, int(moves), damaged=why)


class OutOfStep(Exception):
    """The caller's count of stored entries is not the store's."""


class SqlStore(ABC):
    """The GameStore of both SQL backends; each public write is one transaction."""

    MARK: ClassVar[str] = "?"
    """The backend's parameter placeholder."""
    path: object
    """What sentences name: the file, or the server and database."""
    read_only: bool
    league: str | None
    """The league new games are registered under when `create_game` names none (`--league`)."""
    _now: Callable[[], float]

    @abstractmethod
    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query (written with `?`), a French StoreError on failure."""

    @abstractmethod
    def _write(self) -> AbstractContextManager[Any]:
        """One transaction yielding the connection: everything or nothing, a French StoreError."""

    @abstractmethod
    def _insert(
        self, db: Any, game_id: int, first: int, entries: Sequence[StoredEntry], checked: bool = False
    ) -> None:
        """Entries as rows `first`, `first + 1`... of the game's log, with when they were saved and the
        words heard (inside `_write`). `checked`: refuse a `first` that leaves a gap or repeats a row
        (OutOfStep), without a query before the insert."""

    @abstractmethod
    def claim(self, game_id: int) -> None:
        """Referee this game in this process only; StoreError when another process already does."""

    @abstractmethod
    def _release(self, game_id: int) -> None:
        """The game's lock let go (its end is stored)."""

    def _exec(self, db: Any, sql: str, params: tuple[Any, ...]) -> Any:
        """One statement of this file's SQL (written with `?`) on the backend's connection."""
        return db.execute(sql if self.MARK == "?" else sql.replace("?", self.MARK), params)

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
        """A new game in status playing, with `entries` already in its log (one transaction); its id.
        The game is this process's: a --resume elsewhere must not take it over."""
        if not kind.strip():
            raise StoreError("Une partie doit nommer son jeu.")
        settings = json.dumps(dict(config), ensure_ascii=False, sort_keys=True)
        with self._write() as db:
            (found,) = self._exec(
                db,
                "INSERT INTO games (kind, config, created_at, league) VALUES (?, ?, ?, ?) RETURNING id",
                (kind, settings, self._now(), league or self.league),
            ).fetchone()
            game_id = int(found)
            self._insert(db, game_id, 0, entries)
        self.claim(game_id)
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
                    (found,) = self._exec(
                        db, "SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game_id = ?", (game_id,)
                    ).fetchone()
                    first = int(found)
                self._insert(db, game_id, first, entries, checked=stored is not None)
                if end is not None:
                    self._end(db, game_id, end)
        except OutOfStep:
            raise StoreError(
                f"La partie n° {game_id} de {self.path} n'a pas les {stored} coups attendus : rien n'est"
                " écrit (le prochain coup relit la sauvegarde)."
            ) from None
        if end is not None:
            self._release(game_id)

    def _end(self, db: Any, game_id: int, end: GameEnd) -> None:
        """The game's winner and results (inside a caller's transaction)."""
        try:
            results = {str(p): {str(k): int(v) for k, v in row.items()} for p, row in end.results.items()}
            winner = None if end.winner is None else json.dumps(end.winner, ensure_ascii=False)
        except (TypeError, ValueError) as error:
            raise StoreError(
                f"La fin de la partie n° {game_id} ne peut pas être enregistrée ({error})."
            ) from None
        self._exec(
            db,
            "UPDATE games SET status = 'finished', finished_at = ?, winner = ?, results = ? WHERE id = ?",
            (self._now(), winner, json.dumps(results, ensure_ascii=False, sort_keys=True), game_id),
        )

    def truncate(self, game_id: int, keep: int) -> None:
        """Undo: keep the first `keep` entries, drop the rest; a finished game is playing again."""
        self._check(game_id)
        with self._write() as db:
            self._exec(db, "DELETE FROM entries WHERE game_id = ? AND seq >= ?", (game_id, max(0, keep)))
            reopened = self._exec(
                db,
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
                config=json_object(config),
                entries=(),
                status=status,
                winner=None if winner is None else json.loads(winner),
                created_at=float(created_at),
                finished_at=None if finished_at is None else float(finished_at),
                results=results_of(results),
                league=None if league is None else str(league),
            )
        except _UNREADABLE as error:
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
            except _UNREADABLE as error:
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
                found.append(results_of(text))
            except _UNREADABLE:
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
