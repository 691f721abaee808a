"""Keeping the store in step with the game, without ever letting a failing disk stop the game.

When the save file refuses a write (disk full, read-only), the game goes on in memory, the table is
told once, and every later move tries again to write what the store lacks: nothing is lost as long
as the process lives, and once the disk recovers the log is complete again (a crash in between
resumes from the last move saved).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from assistant import speech
from assistant.core.codec import Codec
from assistant.core.game import Session
from assistant.store.protocol import GameStore, Kind, StoreError, encode_entry, record_results


class Saver:
    """Writes a session's log to a store, catching up after failures."""

    def __init__(self, store: GameStore | None, codec: Codec) -> None:
        self.store = store
        self.codec = codec
        self.game_id: int | None = None
        self._new: tuple[Kind, dict[str, Any]] | None = None  # a game still to create in the store
        self._rows = 0  # entries the store holds for this game, as far as we know
        self._good = 0  # how many of them are a prefix of the session's log
        self._failing = False
        self.heard: str | None = None
        """The line being heard ("Ana: soixante deux"): the moves it causes are saved with it."""
        self._words: dict[int, str | None] = {}  # entry index -> the line that caused it

    def start(self, kind: Kind, config: Mapping[str, Any]) -> list[str]:
        """A new game in the store; on failure it is played in memory and created at the next sync."""
        self.game_id, self._rows, self._good = None, 0, 0
        self._words = {}
        self._new = (kind, dict(config))
        if self.store is None:
            return []
        try:
            self._create()
        except StoreError as error:
            return self._failed(error)
        return self._recovered()

    def _create(self) -> int:
        """The game's id, creating it in the store if it is still only in memory (retried like any write)."""
        if self.game_id is None:
            assert self.store is not None and self._new is not None
            self.game_id = self.store.create_game(*self._new)
        return self.game_id

    def resumed(self, game_id: int, session: Session[Any, Any, Any]) -> None:
        """The game was rebuilt from the store: it holds exactly this session's log."""
        self.game_id, self._new = game_id, None
        self._rows = self._good = len(session.entries)
        self._words = dict.fromkeys(range(len(session.entries)))  # what was heard before is stored

    def undone(self, keep: int) -> None:
        """Only the first `keep` entries of the stored log still belong to the game."""
        self._good = min(self._good, keep)
        self._words = {i: words for i, words in self._words.items() if i < keep}

    def sync(
        self,
        session: Session[Any, Any, Any],
        winner: Any = None,
        results: Mapping[str, Mapping[str, int]] | None = None,
    ) -> list[str]:
        """Make the store hold exactly the session's log (and its end, with the game's own `results`
        per player); what to say about it."""
        if self.store is None or (self.game_id is None and self._new is None):
            return []
        for index in range(len(self._words), len(session.entries)):  # the keys are always 0..n-1
            self._words[index] = self.heard  # a new entry: caused by the line heard now
        try:
            game_id = self._create()
            if self._rows > self._good:
                self.store.truncate(game_id, self._good)
                self._rows = self._good
            missing = session.entries[self._good :]
            if missing:
                stored = [
                    replace(encode_entry(self.codec, e), heard=self._words.get(self._good + i))
                    for i, e in enumerate(missing)
                ]
                self.store.extend(game_id, stored)
                self._rows = self._good = len(session.entries)
            if winner is not None:
                self.store.finish(game_id, winner)
                record_results(self.store, game_id, results or {})
        except StoreError as error:
            return self._failed(error)
        return self._recovered()

    def _failed(self, error: StoreError) -> list[str]:
        if self._failing:
            return []
        self._failing = True
        return [error.message, speech.say("unsaved")]

    def _recovered(self) -> list[str]:
        if not self._failing:
            return []
        self._failing = False
        return [speech.say("saved_again")]
