"""Questions asked from outside the table (Home Assistant Assist, issue 14): the referee answers, the
game does not move.

Only the wake-word commands that read the game are answered (`QUESTIONS`); anything else — a move, an
undo, a penalty — is refused, so a voice assistant elsewhere in the house cannot play for the table.
The referee is rebuilt for every question: either one table configured like `kinito play` (a new
game), or the latest game stored in SQLite, read without claiming it (the `kinito play` refereeing
it keeps its lock; nothing is written back).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from assistant.core.clock import SystemClock
from assistant.errors import UserError
from assistant.referee.referee import Referee
from assistant.settings.play import resumed_table
from assistant.settings.table import TableConfig
from assistant.store.memory import MemoryStore
from assistant.store.sqlite import SqliteStore

QUESTIONS = frozenset({"standings", "whose_turn", "rules", "repeat"})
"""contracts.md wake-word commands that only read the game."""
NOT_A_QUESTION = "Je réponds seulement aux questions : les scores, c'est à qui, les règles."
_PUNCTUATION = re.compile(r"[^\w'’\- ]+")


def spoken_form(text: str) -> str:
    """A typed or assistant-written sentence as a recogniser hands it over: lower case, no punctuation."""
    return " ".join(_PUNCTUATION.sub(" ", text.casefold().replace("’", "'")).split())


@dataclass(frozen=True)
class Answer:
    """What the referee says to a question."""

    text: str
    """The sentences, joined."""
    handled: bool
    """False when the text is a refusal (no question of the game, or no game to ask about)."""


def stored_referee(store: SqliteStore, live: TableConfig) -> Referee:
    """The latest unfinished stored game, folded in memory (read only: no claim, no write)."""
    game_id = store.latest_unfinished()
    if game_id is None:
        raise UserError(f"Aucune partie en cours dans {store.path}.", fix="kinito play (une partie)")
    stored = store.load(game_id)
    memory = MemoryStore()
    copy = memory.create_game(stored.kind, stored.config, stored.entries)
    return Referee(resumed_table(stored.config, live), SystemClock(), store=memory, resume_id=copy)


class TableQuestions:
    """Answers questions about one table with a referee from `referee_for` (called per question)."""

    def __init__(self, referee_for: Callable[[], Referee]) -> None:
        self.referee_for = referee_for

    def answer(self, text: str) -> Answer:
        """The referee's answer to `text` ("les scores", "C'est à qui ?"), wake word optional."""
        try:
            referee = self.referee_for()
        except UserError as error:
            return Answer(error.message, handled=False)
        words = spoken_form(text)
        wake = referee.config.wake_word
        if words.split(" ", 1)[0] != wake:
            words = f"{wake} {words}"
        if referee.parser.parse(words).intent not in QUESTIONS:
            return Answer(NOT_A_QUESTION, handled=False)
        lines = referee.hear(None, words)
        return Answer(" ".join(lines), handled=bool(lines))
