"""A GameStore in a few dicts, for tests and for simulations run without --db."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.store.protocol import Kind, Standing, StoredEntry, StoredGame, StoreError, Winner


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
    xp: dict[str, int] = field(default_factory=dict)
    """C8 changes recorded for this game."""


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
            raise StoreError(f"Aucune partie numéro {game_id} dans la sauvegarde en mémoire.") from None

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

    def extend(self, game_id: int, entries: Sequence[StoredEntry]) -> None:
        """Several moves at once (all or none: each is JSON-checked before any is kept)."""
        game = self._get(game_id)
        copies = [
            StoredEntry(
                json.loads(json.dumps(e.command)), json.loads(json.dumps(e.events)), e.heard, self._now()
            )
            for e in entries
        ]
        game.entries.extend(copies)

    def truncate(self, game_id: int, keep: int) -> None:
        """Undo: keep the first `keep` entries."""
        game = self._get(game_id)
        del game.entries[max(0, keep) :]

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
        )

    def latest_unfinished(self) -> int | None:
        """The most recently created game still playing."""
        playing = [gid for gid, game in self._games.items() if game.finished_at is None]
        return max(playing, key=lambda gid: (self._games[gid].created_at, gid)) if playing else None

    def finish(self, game_id: int, winner: Winner) -> None:
        """Mark the game finished."""
        game = self._get(game_id)
        game.winner = copy.deepcopy(winner)
        game.finished_at = self._now()

    def record_xp(self, game_id: int, changes: Mapping[str, int]) -> None:
        """C8: this game's XP changes; recording again replaces."""
        self._get(game_id).xp = {player: int(delta) for player, delta in changes.items()}

    def leaderboard(self) -> list[Standing]:
        """C8: highest XP first, ties by name."""
        xp: dict[str, int] = {}
        games: dict[str, int] = {}
        for game in self._games.values():
            for player, delta in game.xp.items():
                xp[player] = xp.get(player, 0) + delta
                games[player] = games.get(player, 0) + 1
        return [Standing(p, xp[p], games[p]) for p in sorted(xp, key=lambda p: (-xp[p], p))]

    def game_ids(self) -> list[int]:
        """Every game id, oldest first."""
        return sorted(self._games)
