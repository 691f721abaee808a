"""The referee's table controls (commands_spoken.Table): pause and resume, the slowness clock (Q10), a
fault charged, undo, a new game and its undo. A mixin of `Referee`, so each module does one thing."""

from __future__ import annotations

from typing import Any

from assistant import speech
from assistant.core.clock import Clock
from assistant.core.events import Reason
from assistant.core.expectation import Expectation
from assistant.core.game import Session
from assistant.game import Rulebook
from assistant.referee import coach
from assistant.referee.conversation import Conversation
from assistant.referee.decoding.question import Question
from assistant.referee.saving import Saver
from assistant.settings.table import TableConfig


class Controls:
    """Pause, penalties, undo and new game over the Referee's session (its attributes below)."""

    config: TableConfig
    clock: Clock
    book: Rulebook[Any, Any]
    session: Session[Any, Any, Any]
    saver: Saver
    marks: list[int]
    talk: Conversation
    _since: float
    _before_restart: tuple[Session[Any, Any, Any], list[int], int | None] | None

    @property
    def state(self) -> Any:
        """The game state (the Referee's)."""
        return self.session.state

    def apply(self, commands: tuple[Any, ...], atomic: bool = True) -> list[str]:
        raise NotImplementedError

    def _start(self) -> list[str]:
        raise NotImplementedError

    def _settle(self, out: list[str], before: tuple[Expectation, ...] | None = None) -> list[str]:
        raise NotImplementedError

    def _prompt(self, before: tuple[Expectation, ...] | None, force: bool = False) -> list[str]:
        raise NotImplementedError

    def _sync(self) -> list[str]:
        raise NotImplementedError

    def _say(self, lines: list[str]) -> list[str]:
        raise NotImplementedError

    def expectations(self) -> tuple[Expectation, ...]:
        raise NotImplementedError

    def _mark(self, count: int) -> None:
        raise NotImplementedError

    @property
    def paused(self) -> bool:
        """Whether "arbitre pause" stopped the counting."""
        return self.talk.paused

    def pause(self) -> bool:
        """Stop counting (slowness, moves); False when already paused."""
        if self.talk.paused:
            return False
        self.talk.paused = True
        return True

    def unpause(self) -> bool:
        """Count again; Q10: the expected player's silence counts from now. False when not paused."""
        if not self.talk.paused:
            return False
        self.talk.paused = False
        self._since = self.clock.now()
        return True

    def ask_culprit(self, reason: Reason) -> None:
        """The next line may designate who is charged with `reason` ("Qui faut-il pénaliser ?")."""
        self.talk.open = Question("culprit", speech.say("who_penalty"), reason=reason)

    def apply_penalty(self, player: str, reason: str) -> list[str]:
        """Q10/Q11: charge a fault to `player` (nothing in a game without faults)."""
        return self.charge(player, reason)

    def charge(self, player: str, reason: str, amount: int = 1) -> list[str]:
        """Q10/Q11: the fault `reason` charged to `player` (nothing in a game without faults)."""
        fault = self.book.fault(player, reason, amount)
        if fault is None:
            return []
        return self.apply((fault,))

    def restart(self) -> list[str]:
        """new_game: the same table starts over (undoable until a move is made in the new game)."""
        ended = (
            coach.summary_lines(self.config, self.state, self.session.events) if self.session.entries else []
        )  # the game left behind
        self._before_restart = (self.session, list(self.marks), self.saver.game_id)
        saving = self._start()
        return [*ended, speech.say("new_game"), *saving, *self._settle([])]

    def undo(self) -> list[str]:
        """Drop the last heard line's moves (and the referee's own moves after them), say what was
        undone. After a resume the line boundaries are unknown: one move at a time."""
        entries = self.session.entries
        last = len(entries) - 1
        while last >= 0 and self.book.is_auto(entries[last].command):
            last -= 1
        if last < 0 and self._before_restart is not None:
            return self._game_back()
        if last < 0:
            return [speech.say("nothing_to_undo")]
        command = entries[last].command
        while self.marks and self.marks[-1] > last:
            self.marks.pop()
        if self.marks and not self.book.is_auto(entries[self.marks[-1]].command):
            last = self.marks.pop()
        self.session = self.session.undo(len(entries) - last)
        self.saver.undone(last)
        self._since = self.clock.now()
        saving = self._sync()
        return [speech.say("undone", what=self.book.describe(command)), *saving, *self._prompt(None)]

    def _game_back(self) -> list[str]:
        """Undo of a new game nobody has played yet: the previous game, as it was, goes on."""
        assert self._before_restart is not None
        session, marks, game_id = self._before_restart
        self._before_restart = None
        self.session, self.marks = session, marks
        if game_id is not None:
            self.saver.resumed(game_id, session)
        self._since = self.clock.now()
        return [speech.say("game_back"), *self._prompt(None, force=True)]

    def tick(self) -> list[str]:
        """Q10 slowness: the expected player stayed silent `slow` seconds (not while paused)."""
        now = self.clock.now()
        if self.talk.paused or self.config.slow is None:
            self._since = now
            return []
        if now - self._since < self.config.slow:
            return []
        self._since = now
        expect = self.expectations()[0]
        if expect.player is None or not expect.timed:
            return []
        count = len(self.session.entries)
        lines = self._say(self.charge(expect.player, "slowness"))
        self._mark(count)
        return lines
