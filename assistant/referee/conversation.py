"""The referee's conversation state: one open question, the pause, and what was just settled. One
home for what the referee remembers between lines besides the game itself."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.game.parse import Parse
from assistant.referee.decoding.echoes import Settled
from assistant.referee.decoding.question import Question
from assistant.referee.missed import Missed

STRAYED = 60
"""Lines after a named line the referee could not place during which a fault it would charge a speaker
for what they said is asked, not charged (docs/measurements.md)."""

VALUES = 4
"""Values of moves made that the conversation keeps (`Conversation.values`)."""
PROTEST_WINDOW = 6
"""Lines after a value was said or settled during which a named protest or "oui" saying it again is
no new move ("j'avais dit soixante-cinq" after the read-out and a lift)."""


@dataclass
class Conversation:
    """What the referee remembers of the talk (the game's state is the engine's)."""

    open: Question | None = None
    """The question the referee asked and still waits to hear answered."""
    paused: bool = False
    """Whether "arbitre pause" stopped the counting (and the moves)."""
    line: int = 0
    """How many lines were heard (numbers the lines for `settled` and `answered`)."""
    settled: Settled | None = None
    """The last value read out or shown, to tell an echo from a new move."""
    answered: tuple[str, int] | None = None
    """The player the last answered question designated, and on which line (a repeat is no move)."""
    refused_turn: tuple[str, Parse, int] | None = None
    """The last named move refused as out of turn (speaker, parse, line): if the next seat plays on
    after it, the line the referee missed is inferred (missed.py)."""
    doubt: int = -1_000
    """The last line that showed the referee may have lost the thread (a move it could not place, a
    refusal, a missed turn inferred): a charge resting on a line nobody is attributed to shortly after
    is held and asked (decoding/doubt.py)."""
    strayed: int = -1_000
    """The last line from a named speaker that the referee could not place (a move out of the turn it
    counts, one it did not understand, one the rules refuse): its count of the game may be off, so a
    fault it would charge that speaker for what they said shortly after is asked (listening.commit)."""
    inferred: frozenset[str] = frozenset()
    """The players whose moves the referee placed on a step nobody said (a missed turn, a reading
    changed, a seat taken up), the speaker aside, until the next charge: a charge falling on one of
    them rests on that step, so it is asked, named or not (decoding/doubt.py)."""
    unplaced: int = 0
    """Move lines in a row from unattributed voices that the game could not take (missed.stuck)."""
    moved: tuple[str | None, int | None] | None = None
    """The intent and value of the last line whose move was made (a line saying the same that the
    game cannot take is an echo of it, not a sign of a lost thread)."""
    values: tuple[tuple[int, int], ...] = ()
    """The values said by the last lines whose moves were made, with their lines (at most VALUES): the
    same value said again in a protest ("j'avais dit soixante-cinq") or a "oui" is no new move."""
    said: int = -1_000
    """The last line the referee answered aloud (its last words, `Referee.last`, are about that line)."""
    took: int = -1_000
    """The last line the game took a move from (a correction on the next line amends that move)."""
    heard_move: bool = False
    """The last line heard was a move of the game (not a command, not talk), whether or not the rules
    took it: a stray or refused move does not close "Qui a dit ça ?", only play or talk does."""
    unfit: tuple[str | None, Parse, int] | None = None
    """The last move line nothing unheard made fit (speaker, parse, line): the next line may show
    what the table did (unseen.py)."""
    missed: Missed | None = None
    """Turns inferred as missed whose other readings a later move may still show (missed.py)."""
    early: tuple[tuple[str | None, str], ...] = ()
    """Moves heard while the game waited for an answer only the table can give (who won the lot,
    C2): the table is playing on, so they are played once the answer comes (listening.early)."""

    def strayed_lately(self) -> bool:
        """Whether a named line shortly before (STRAYED lines) showed the referee may have missed part
        of the game: a fault it would charge a speaker for what they said (Q10, an announcement not
        higher than the one it counts) may rest on an announcement the table has left behind."""
        return self.line - self.strayed <= STRAYED

    def made_value(self, value: int | None, line: int) -> None:
        """A move saying `value` was made on `line`."""
        if value is not None:
            self.values = (*self.values, (value, line))[-VALUES:]

    def said_lately(self, value: int | None, window: int) -> bool:
        """Whether a move made within `window` lines, or the value last settled, said `value`."""
        if value is None:
            return False
        settled = [(self.settled.value, self.settled.line)] if self.settled is not None else []
        kept = (*self.values, *settled)
        return any(v == value and self.line - at <= window for v, at in kept)
