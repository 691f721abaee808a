"""What the referee and the simulator need from a save file: the GameStore Protocol and its records.

The store holds JSON only. A game's `Codec` turns its commands and events into JSON on the way in
(`encode_entry`) and back into frozen dataclasses on the way out (`decode_entries`), so the store
knows nothing about any game's rules. The move history is the save file (docs/architecture.md): undo truncates
its tail, resume folds it again (`resume`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple, Protocol

from assistant.core.codec import JSON, Codec
from assistant.core.game import CHECKPOINT_EVERY, Entry, Game, Session, fold
from assistant.errors import UserError

Kind = str
"""A registered game's name (assistant.game): data to the store, never a schema constraint."""
Status = Literal["playing", "finished"]
Winner = str | list[str] | None


class StoreError(UserError):
    """A write or read the save file refused (disk full, read-only file...): one French sentence.

    The caller keeps the Session it had before the failed write, so the game in memory is never
    corrupted: a move that could not be saved is a move not made.
    """


def unknown_game(game_id: int, where: str) -> StoreError:
    """The one sentence for a game number the save file `where` does not hold (every store says it)."""
    return StoreError(f"Aucune partie numéro {game_id} dans la sauvegarde {where}.")


class DamagedGame(StoreError):
    """A stored game whose settings or one of whose entries cannot be read back (bad JSON, an event
    this code does not know, values its rules refuse). Nothing is changed in the store."""

    def __init__(self, game_id: int, entry: int | None, why: str, readable: StoredGame | None) -> None:
        where = "ses réglages sont illisibles" if entry is None else f"son coup n° {entry} est illisible"
        super().__init__(f"La partie n° {game_id} est abîmée : {where} ({why}).")
        self.game_id = game_id
        """The damaged game."""
        self.entry = entry
        """The first unreadable entry, 1-based; None when the game's settings are unreadable."""
        self.readable = readable
        """The game cut before that entry (None when nothing can be resumed: settings unreadable)."""


Results = Mapping[str, Mapping[str, int]]
"""Per player, a finished game's own tallies: Cinquillo `{"Ana": {"xp": 40}}` (C8), Quinito
`{"Ana": {"doses": 3, "sips": 0}}`."""


@dataclass(frozen=True)
class StoredEntry:
    """One line of the save file, as JSON: an accepted command and its events."""

    command: JSON
    """The command, as its game's codec encodes it."""
    events: JSON
    """The list of events it caused, encoded likewise."""
    heard: str | None = None
    """The line heard that caused it, "SPEAKER: words" (None: a silence, a simulation, or not kept)."""
    at: float | None = field(default=None, compare=False)
    """Wall-clock seconds when the store saved it; set by the store (None in files older than this).
    Not part of the entry's identity: the same move saved twice is the same move."""


@dataclass(frozen=True)
class StoredGame:
    """A game as the store holds it, entries still encoded (decode with the game's codec)."""

    id: int
    """The store's id for this game."""
    kind: Kind
    """The registered game's name."""
    config: dict[str, Any]
    """The table settings as a JSON object (players, edition, variants... and, for simulations, sim)."""
    entries: tuple[StoredEntry, ...]
    """Every accepted move, oldest first."""
    status: Status
    """playing, or finished once `finish` was called."""
    winner: Winner
    """The winner given to `finish` (a name, a list for a draw), else None."""
    created_at: float
    """Wall-clock seconds since the epoch when the game was created."""
    finished_at: float | None
    """Wall-clock seconds when it finished, or None."""
    results: Results = field(default_factory=dict)
    """Per player, the tallies given with the game's end (empty while playing)."""
    league: str | None = None
    """The league the table played in, or None."""


@dataclass(frozen=True)
class GameEnd:
    """How a game ended: stored with its last moves in one transaction (or alone, `finish`)."""

    winner: Winner
    """A name, a list of names for a draw, or None when the game names none."""
    results: Results = field(default_factory=dict)
    """Per player, the game's tallies; the leaderboard sums them across games."""


class Standing(NamedTuple):
    """One line of the XP leaderboard (C8); unpacks as (player, xp, games)."""

    player: str
    """The player's name as configured."""
    xp: int
    """The sum of the "xp" tallies of this player's finished games."""
    games: int
    """How many finished games gave this player an "xp" tally."""


def standings(results: Sequence[Results], tally: str = "xp") -> list[Standing]:
    """The ranking by one tally summed over games' results, highest first, ties by name (C8)."""
    total: dict[str, int] = {}
    games: dict[str, int] = {}
    for result in results:
        for player, tallies in result.items():
            if tally in tallies:
                total[player] = total.get(player, 0) + int(tallies[tally])
                games[player] = games.get(player, 0) + 1
    return [Standing(p, total[p], games[p]) for p in sorted(total, key=lambda p: (-total[p], p))]


def totals(results: Sequence[Results]) -> dict[str, dict[str, int]]:
    """Per player, every tally summed over games' results (players and tallies sorted by name)."""
    summed: dict[str, dict[str, int]] = {}
    for result in results:
        for player, tallies in result.items():
            row = summed.setdefault(player, {})
            for name, value in tallies.items():
                row[name] = row.get(name, 0) + int(value)
    return {p: dict(sorted(summed[p].items())) for p in sorted(summed)}


class GameStore(Protocol):
    """A save file for games: one transaction per heard line's moves and per game end, undo by
    truncation, a leaderboard summed from the games' results (C8)."""

    def create_game(self, kind: Kind, config: Mapping[str, Any], entries: Sequence[StoredEntry] = ()) -> int:
        """A new game in status playing, with `entries` already in its log (all or nothing); its id."""
        ...

    def append(self, game_id: int, entry: StoredEntry) -> None:
        """Persist one accepted move in its own transaction; raises StoreError and stores nothing."""
        ...

    def extend(
        self,
        game_id: int,
        entries: Sequence[StoredEntry],
        end: GameEnd | None = None,
        stored: int | None = None,
    ) -> None:
        """Persist several moves in ONE transaction (a heard line that made several moves), and with
        `end` the game's end in the same transaction: all or nothing; raises StoreError.
        `stored` is how many entries the game already holds when the caller knows it (no query for it;
        a wrong count is refused, never written as a gap)."""
        ...

    def truncate(self, game_id: int, keep: int) -> None:
        """Undo: keep the first `keep` entries, drop the rest; a finished game is playing again."""
        ...

    def load(self, game_id: int) -> StoredGame:
        """The game and its entries; raises StoreError for an unknown id."""
        ...

    def latest_unfinished(self) -> int | None:
        """The most recently created game still playing (for `kinito play --resume`), or None."""
        ...

    def unfinished(self) -> list[int]:
        """Every game still playing, oldest first (`kinito play --resume N` may name any)."""
        ...

    def finish(self, game_id: int, end: GameEnd) -> None:
        """Mark the game finished with its winner and results, in one transaction (finishing again
        replaces them)."""
        ...

    def results(self) -> list[Results]:
        """The results of every finished game, oldest first."""
        ...

    def leaderboard(self) -> list[Standing]:
        """C8: every player with an XP tally, highest first (ties by name)."""
        ...


def encode_entry(codec: Codec, entry: Entry[Any, Any]) -> StoredEntry:
    """A Session entry as the store keeps it."""
    return StoredEntry(codec.encode(entry.command), codec.encode(list(entry.events)))


def decode_entries(codec: Codec, entries: Sequence[StoredEntry]) -> tuple[Entry[Any, Any], ...]:
    """The inverse of `encode_entry`, for a whole log."""
    return tuple(Entry(codec.decode(e.command), tuple(codec.decode(e.events))) for e in entries)


GameFactory = Callable[[StoredGame], tuple[Game[Any, Any, Any], Codec]]
"""Builds a game's rules and codec from its stored kind and config."""


def resume(store: GameStore, game_id: int, game_factory: GameFactory) -> Session[Any, Any, Any]:
    """Rebuild a game's Session from its save file: the state folds back to what it was at the last
    stored move (after a crash, `kinito play --resume`). DamagedGame names the first entry that does
    not decode or fold."""
    stored = store.load(game_id)
    game, codec = game_factory(stored)
    return checked_session(stored, game, codec)


def checked_session(stored: StoredGame, game: Game[Any, Any, Any], codec: Codec) -> Session[Any, Any, Any]:
    """The stored game's Session, each entry checked to decode and fold as it is folded (one pass:
    the check is the fold); DamagedGame at the first entry that does not."""
    state = game.initial()
    entries: list[Entry[Any, Any]] = []
    checkpoints: list[tuple[int, Any]] = []
    for index, stored_entry in enumerate(stored.entries):
        try:
            (entry,) = decode_entries(codec, (stored_entry,))
            state = fold(game, entry.events, state)
        except Exception as error:  # the file is data from outside: whatever a damaged entry raises
            cut = replace(stored, entries=stored.entries[:index])
            raise DamagedGame(stored.id, index + 1, f"{type(error).__name__}: {error}", cut) from None
        entries.append(entry)
        if (index + 1) % CHECKPOINT_EVERY == 0:
            checkpoints.append((index + 1, state))
    return Session(game, tuple(entries), state, tuple(checkpoints))


def readable_entries(
    stored: StoredGame, game: Game[Any, Any, Any], codec: Codec
) -> tuple[Entry[Any, Any], ...]:
    """The decoded log, each entry checked to decode and fold; DamagedGame at the first that does not."""
    return tuple(checked_session(stored, game, codec).entries)


__all__ = [
    "DamagedGame",
    "GameEnd",
    "GameFactory",
    "GameStore",
    "Kind",
    "Results",
    "Standing",
    "Status",
    "StoreError",
    "StoredEntry",
    "StoredGame",
    "Winner",
    "checked_session",
    "decode_entries",
    "encode_entry",
    "readable_entries",
    "resume",
    "standings",
    "totals",
    "unknown_game",
]
