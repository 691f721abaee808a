"""Keeping the store in step with the game, without ever letting a failing disk stop the game.

The moves one heard line causes (a penalty and the move of "soixante deux je bois", a move and the
deal it triggers) are written in ONE transaction when the line is over (`line` ... `line_done`), and a
game's end goes with its last moves: a kill can never leave half a line, nor a finished game without
its end. When the save file refuses a write (disk full, read-only), the game goes on in memory, the
table is told once, and every later line tries again to write what the store lacks: nothing is lost
as long as the process lives, and once the disk recovers the log is complete again (a crash in
between resumes from the last line saved).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from assistant import speech
from assistant.core.codec import Codec
from assistant.core.game import Session
from assistant.store.ending import game_end
from assistant.store.protocol import GameEnd, GameStore, Kind, StoreError, encode_entry

Ending = Callable[[Any], GameEnd | None]
"""A game state's end (winner and results) once it has one, else None."""


class Saver:
    """Writes a session's log to a store, catching up after failures."""

    def __init__(self, store: GameStore | None, codec: Codec, ending: Ending = game_end) -> None:
        self.store = store
        self.codec = codec
        self.ending = ending
        """How a state's end is read (the winner and each player's tallies)."""
        self.game_id: int | None = None
        self._new: tuple[Kind, dict[str, Any]] | None = None  # a game still to create in the store
        self._rows: int | None = 0  # entries the store holds for this game (None: unknown, ask it)
        self._good = 0  # how many of them are a prefix of the session's log
        self._ended = False  # whether the store holds this game's end
        self._failing = False
        self.heard: str | None = None
        """The line being heard ("Ana: soixante deux"): the moves it causes are saved with it."""
        self._words: dict[int, str | None] = {}  # entry index -> the line that caused it
        self._due: Session[Any, Any, Any] | None = None  # what the line heard so far made, unsaved

    def start(self, kind: Kind, config: Mapping[str, Any]) -> list[str]:
        """A new game in the store; on failure it is played in memory and created at the next sync."""
        saying = self._flush()
        self.game_id, self._rows, self._good, self._ended = None, 0, 0, False
        self._words = {}
        self._new = (kind, dict(config))
        if self.store is None:
            return saying
        try:
            self._create()
        except StoreError as error:
            return saying + self._failed(error)
        return saying + self._recovered()

    def _create(self) -> int:
        """The game's id, creating it in the store if it is still only in memory (retried like any write)."""
        if self.game_id is None:
            assert self.store is not None and self._new is not None
            self.game_id = self.store.create_game(*self._new)
        return self.game_id

    def resumed(self, game_id: int, session: Session[Any, Any, Any]) -> list[str]:
        """The game was rebuilt from the store, which holds exactly this session's log; a game whose
        state already has a winner (a kill between its last move and its end) is finished now."""
        self._flush()
        self.game_id, self._new = game_id, None
        self._rows = self._good = len(session.entries)
        self._ended = False
        self._words = dict.fromkeys(range(len(session.entries)))  # what was heard before is stored
        if self.ending(session.state) is None:
            return []
        return self.sync(session)

    def undone(self, keep: int) -> None:
        """Only the first `keep` entries of the stored log still belong to the game."""
        self._good = min(self._good, keep)
        self._words = {i: words for i, words in self._words.items() if i < keep}

    def line(self, heard: str) -> None:
        """A heard line begins: its moves wait for `line_done`, to be written in one transaction."""
        self.heard = heard
        self._due = None

    def line_done(self) -> list[str]:
        """The line is over: write what it made (one transaction); what to say about saving."""
        try:
            return self._flush()
        finally:
            self.heard = None

    def _flush(self) -> list[str]:
        due, self._due = self._due, None
        return [] if due is None else self._write(due)

    def sync(self, session: Session[Any, Any, Any]) -> list[str]:
        """Make the store hold exactly the session's log and, once its state has one, its end; while a
        line is heard, at the line's end. What to say about it."""
        if self.store is None or (self.game_id is None and self._new is None):
            return []
        for index in range(len(self._words), len(session.entries)):  # the keys are always 0..n-1
            self._words[index] = self.heard  # a new entry: caused by the line heard now
        if self.heard is not None:
            self._due = session
            return []
        return self._write(session)

    def _write(self, session: Session[Any, Any, Any]) -> list[str]:
        assert self.store is not None
        try:
            game_id = self._create()
            if self._rows is None or self._rows > self._good:
                self.store.truncate(game_id, self._good)
                self._rows, self._ended = self._good, False
            end = self.ending(session.state) if not self._ended else None
            missing = session.entries[self._good :]
            if missing:
                stored = [
                    replace(encode_entry(self.codec, e), heard=self._words.get(self._good + i))
                    for i, e in enumerate(missing)
                ]
                try:
                    self.store.extend(game_id, stored, end=end, stored=self._rows)
                except StoreError:
                    self._rows = None  # maybe out of step: the next write asks the store
                    raise
                self._rows = self._good = len(session.entries)
            elif end is not None:
                self.store.finish(game_id, end)
            self._ended = self._ended or end is not None
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
