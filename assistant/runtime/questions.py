"""Questions asked from outside the table (Home Assistant Assist): the referee answers, the game does
not move.

Only the wake-word commands that read the game are answered (`QUESTIONS`); anything else — a move, an
undo, a penalty — is refused, so a voice assistant elsewhere in the house cannot play for the table.
Answers are meant to be spoken by a voice assistant: at most `SPOKEN_LIMIT` characters, whole
sentences, never a file path (`spoken`); "les règles" gives the first sentences of the rules and
offers the topics. The referee answering is either one table configured like `kinito play` (a new
game) or `StoredTable`: the latest game stored in SQLite, folded once and then kept up to date with
the moves stored since (read without claiming it: the `kinito play` refereeing it keeps its lock;
nothing is written back).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from assistant import speech
from assistant.core.clock import SystemClock
from assistant.core.game import Entry, Log, Session, fold
from assistant.errors import UserError, tell
from assistant.referee.referee import Referee
from assistant.settings.play import resumed_table
from assistant.settings.table import TableConfig
from assistant.store.memory import MemoryStore
from assistant.store.opening import TableStore
from assistant.store.protocol import StoredEntry, decode_entries

LOG = logging.getLogger("kinito.serve")
QUESTIONS = frozenset({"standings", "whose_turn", "rules", "repeat"})
"""docs/command-line.md wake-word commands that only read the game."""
SPOKEN_LIMIT = 200
"""Characters an answer may hold: a sentence or two, as a voice assistant reads them out."""
_PUNCTUATION = re.compile(r"[^\w'’\- ]+")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")
_PATH = re.compile(r"(?<!\S)(?:[A-Za-z]:\\|~?/|\.{1,2}/)[^\s,;()«»]*")


def not_a_question() -> str:
    """The refusal of anything that is not a question about the game."""
    return speech.say("serve_not_a_question")


def spoken_form(text: str) -> str:
    """A typed or assistant-written sentence as a recogniser hands it over: lower case, no punctuation."""
    return " ".join(_PUNCTUATION.sub(" ", text.casefold().replace("’", "'")).split())


@dataclass(frozen=True)
class Answer:
    """What the referee says to a question."""

    text: str
    """The sentences, joined (at most SPOKEN_LIMIT characters, no path)."""
    handled: bool
    """False when the text is a refusal (no question of the game, or no game to ask about)."""


def spoken(lines: Sequence[str], offer: str = "", limit: int = SPOKEN_LIMIT) -> str:
    """The first whole sentences of `lines` that fit in `limit` characters, then `offer` when some
    were left out; paths are removed. A first sentence longer than the limit is cut at a word."""
    sentences = [s for line in lines for s in _SENTENCE_END.split(_PATH.sub("", line).strip()) if s]
    whole = " ".join(sentences)
    if len(whole) <= limit:
        return whole
    room = limit - (len(offer) + 1 if offer else 0)
    kept: list[str] = []
    for sentence in sentences:
        if len(" ".join([*kept, sentence])) > room:
            break
        kept.append(sentence)
    if not kept:
        kept = [sentences[0][: max(0, room - 1)].rsplit(" ", 1)[0] + "…"]
    return " ".join([*kept, offer] if offer else kept)[:limit]


def topics_offer(config: TableConfig) -> str:
    """ "Pour la suite, demande un sujet : ordre, défi…": as many topics as fit in half an answer."""
    names: list[str] = []
    for topic in config.module.topics(config.rules):
        if len(speech.say("serve_topics", topics=", ".join([*names, topic]))) > SPOKEN_LIMIT // 2:
            break
        names.append(topic)
    return speech.say("serve_topics", topics=", ".join(names)) if names else ""


class StoredTable:
    """The latest unfinished game of `store`, folded once, then caught up with the moves stored since
    (only the new rows are read and folded); another game, an undo or a damaged row rebuilds it."""

    def __init__(self, store: TableStore, live: TableConfig) -> None:
        self.store = store
        self.live = live
        self.folds = 0
        """Full folds of a stored log so far (the first one, then one per new game or undo)."""
        self._game_id: int | None = None
        self._referee: Referee | None = None
        self._last: StoredEntry | None = None
        self._count = 0

    def _build(self, game_id: int) -> Referee:
        stored = self.store.load(game_id)
        memory = MemoryStore()
        copy = memory.create_game(stored.kind, stored.config, stored.entries)
        table = resumed_table(stored.config, self.live)
        referee = Referee(table, SystemClock(), store=memory, resume_id=copy)
        self.folds += 1
        self._game_id, self._referee = game_id, referee
        self._count = len(stored.entries)
        self._last = stored.entries[-1] if stored.entries else None
        return referee

    def _catch_up(self, referee: Referee, new: Sequence[StoredEntry]) -> None:
        session: Session[Any, Any, Any] = referee.session
        entries = decode_entries(referee.book.codec, new)
        log = session.entries if isinstance(session.entries, Log) else Log(session.entries)
        state = session.state
        for entry in entries:
            log = log.appended(Entry(entry.command, entry.events))
            state = fold(session.game, entry.events, state)
        referee.session = Session(session.game, log, state)
        self._count += len(new)
        self._last = new[-1]

    def referee(self) -> Referee:
        """The referee of the latest unfinished game as it stands now."""
        game_id = self.store.latest_unfinished()
        if game_id is None:
            raise UserError(speech.say("serve_no_game"))
        referee = self._referee
        if referee is None or game_id != self._game_id:
            return self._build(game_id)
        tail = self.store.entries_from(game_id, self._count - 1)  # the last entry held, then the new
        if self._count == 0:
            new = tail
        elif tail[:1] == (self._last,):
            new = tail[1:]
        else:  # undone, or rewritten since
            return self._build(game_id)
        if new:
            try:
                self._catch_up(referee, new)
            except Exception:  # a row this code cannot decode or fold: the full read names it
                return self._build(game_id)
        return referee


class TableQuestions:
    """Answers questions about one table with a referee from `referee_for` (called per question)."""

    def __init__(self, referee_for: Callable[[], Referee]) -> None:
        self.referee_for = referee_for

    def warm(self) -> None:
        """Build the referee once (the stored game's one fold) before the first question."""
        try:
            self.referee_for()
        except UserError as error:
            tell(error.message)

    def answer(self, text: str) -> Answer:
        """The referee's answer to `text` ("le classement", "C'est à qui ?"), wake word optional."""
        try:
            referee = self.referee_for()
        except UserError as error:
            tell(error.message)  # the full sentence (with its file) stays on the terminal
            return Answer(spoken([error.message]), handled=False)
        words = spoken_form(text)
        wake = referee.config.wake_word
        if words.split(" ", 1)[0] != wake:
            words = f"{wake} {words}"
        intent = referee.parser.parse(words).intent
        if intent not in QUESTIONS:
            return Answer(not_a_question(), handled=False)
        lines = referee.hear(None, words)
        del referee.spoken[:]  # a served table is asked all night: what it said is not kept
        offer = topics_offer(referee.config) if intent == "rules" else ""
        return Answer(spoken(lines, offer), handled=bool(lines))
