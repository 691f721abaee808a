"""A GameStore in a few dicts, for tests and for simulations run without --db."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.store.protocol import (
    GameEnd,
    Kind,
    Results,
    Standing,
    StoredEntry,
    StoredGame,
    StoreError,
    Winner,
    standings,
    unknown_game,
)


@dataclass
class _Game:
    kind: Kind
    """The registered game's name."""
    config: dict[str, Any]
    """The table settings (a deep copy, JSON-checked)."""
    created_at: float
    """Creation time."""
    entries: list[StoredEntry] = field(default_factory=list)
    """The log."""
    winner: Winner = None
    """Set by finish."""
    finished_at: float | None = None
    """Set by finish."""
    results: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per player, the tallies given with the game's end."""


class MemoryStore:
    """GameStore held in memory; behaves like SqliteStore (same errors, same ordering)."""

    def __init__(self, wall_clock: Callable[[], float] | None = None) -> None:
        self._games: dict[int, _Game] = {}
        self._tick = 0.0
        self._now = wall_clock if wall_clock is not None else self._counter

    def _counter(self) -> float:
        self._tick += 1.0
        return self._tick

    def _get(self, game_id: int) -> _Game:
        try:
            return self._games[game_id]
        except KeyError:
            raise unknown_game(game_id, "en mémoire") from None

    def create_game(self, kind: Kind, config: Mapping[str, Any], entries: Sequence[StoredEntry] = ()) -> int:
        """A new game in status playing, with `entries` already in its log; returns its id (1, 2, ...)."""
        if not kind.strip():
            raise StoreError("Une partie doit nommer son jeu.")
        game_id = len(self._games) + 1
        self._games[game_id] = _Game(kind, json.loads(json.dumps(dict(config))), self._now())
        self.extend(game_id, entries)
        return game_id

    def append(self, game_id: int, entry: StoredEntry) -> None:
        """Keep a JSON copy of the move (so later mutation by the caller cannot change the log)."""
        self.extend(game_id, (entry,))

    def extend(
        self,
        game_id: int,
        entries: Sequence[StoredEntry],
        end: GameEnd | None = None,
        stored: int | None = None,
    ) -> None:
        """Several moves at once, and the game's end with them (all or none: each is JSON-checked
        before any is kept)."""
        game = self._get(game_id)
        if stored is not None and stored != len(game.entries):
            raise StoreError(
                f"La partie n° {game_id} a {len(game.entries)} coups enregistrés, pas {stored} :"
                " rien n'est écrit."
            )
        copies = [
            StoredEntry(
                json.loads(json.dumps(e.command)), json.loads(json.dumps(e.events)), e.heard, self._now()
            )
            for e in entries
        ]
        ending = None if end is None else _checked(end)
        game.entries.extend(copies)
        if ending is not None:
            game.winner, game.results = ending
            game.finished_at = self._now()

    def truncate(self, game_id: int, keep: int) -> None:
        """Undo: keep the first `keep` entries; a finished game is playing again."""
        game = self._get(game_id)
        del game.entries[max(0, keep) :]
        game.winner, game.results, game.finished_at = None, {}, None

    def load(self, game_id: int) -> StoredGame:
        """A snapshot of the game."""
        game = self._get(game_id)
        return StoredGame(
            id=game_id,
            kind=game.kind,
            config=copy.deepcopy(game.config),
            entries=tuple(copy.deepcopy(game.entries)),
            status="playing" if game.finished_at is None else "finished",
            winner=copy.deepcopy(game.winner),
            created_at=game.created_at,
            finished_at=game.finished_at,
            results=copy.deepcopy(game.results),
        )

    def unfinished(self) -> list[int]:
        """Every game still playing, oldest first."""
        return [gid for gid in sorted(self._games) if self._games[gid].finished_at is None]

    def latest_unfinished(self) -> int | None:
        """The most recently created game still playing."""
        playing = [gid for gid, game in self._games.items() if game.finished_at is None]
        return max(playing, key=lambda gid: (self._games[gid].created_at, gid)) if playing else None

    def finish(self, game_id: int, end: GameEnd) -> None:
        """Mark the game finished with its winner and results."""
        self.extend(game_id, (), end)

    def results(self) -> list[Results]:
        """The results of every finished game, oldest first."""
        return [
            copy.deepcopy(self._games[gid].results)
            for gid in sorted(self._games)
            if self._games[gid].finished_at is not None
        ]

    def leaderboard(self) -> list[Standing]:
        """C8: highest XP first, ties by name."""
        return standings(self.results())

    def game_ids(self) -> list[int]:
        """Every game id, oldest first."""
        return sorted(self._games)


def _checked(end: GameEnd) -> tuple[Winner, dict[str, dict[str, int]]]:
    """The end as plain JSON data (a copy), refused like SQLite would refuse it."""
    try:
        winner = json.loads(json.dumps(end.winner))
        results = {str(p): {str(k): int(v) for k, v in row.items()} for p, row in end.results.items()}
    except (TypeError, ValueError) as error:
        raise StoreError(f"La fin de partie ne peut pas être enregistrée ({error}).") from None
    return winner, results
