"""What the referee's decoder asks a game about the lines it hears, beside the parse: the `Hearing` half
of every `Rulebook`.

The conversation is decoded, not obeyed (docs/architecture.md): the referee keeps the readings of a line,
asks when two stay close, tells an echo from a new move. The mechanics are the referee's; what a line
means in one game is the game's, asked through these hooks. Two families:

- values a table announces and then reads out (Q2-Q10: a claim waiting to be shown, a read-out, the
  announcement standing, what a charge relied on). A game that answers `said_value` words the decoder's
  sentences about values in its own responses file (`VALUE_SENTENCES`);
- pieces a line names (C1), and a piece the game does not have.

Every default is a game with neither: the decoder then applies the game's moves as decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from assistant.core.expectation import Expectation
from assistant.game.parse import Parse

S = TypeVar("S")
"""The game's state."""
C = TypeVar("C")
"""The game's command type."""

VALUE_SENTENCES = (
    "relied_said",
    "relied_value",
    "two_readings",
    "readout_or_announce",
    "rethrow",
    "protest",
    "fantasy_asked",
    "fantasy_asked_invalid",
)
"""The decoder's sentences about values, each worded by the game that says values (its responses file's
`sentences`): what a charge relied on ({heard}: the value as the line said it, {value}: as the game
says it), the two readings of a line, a value from the claimer while a claim waits, a double thrown
again, a protest, a fantasy announcement from a voice nobody is attributed to ({to_beat})."""


class Hearing(Generic[S, C]):
    """The decoder's questions to one game; each default answers for a game without the concept."""

    showing_moments: frozenset[str] = frozenset()
    """Moments (`Expectation.awaiting`) when a value said is what the table has just shown (a throw, a
    read-out): never taken for an echo of the value settled before it."""
    waiting_moments: frozenset[str] = frozenset()
    """Moments when the game waits for an answer only the table gives, not for a move (who won
    the lot, C2): moves heard then are kept and played once it comes."""
    speaker_faults: frozenset[str] = frozenset()
    """Penalty reasons a line costs its own speaker (Q10): from a voice nobody is attributed to, asked
    about before they are charged."""

    def said_value(self, parse: Parse) -> int | None:
        """The value a line says (an announcement, a read-out), or None."""
        return None

    def as_value(self, parse: Parse, value: int) -> Parse:
        """The line as if it read out `value` (the read-out that would confirm a claim); unchanged by
        default."""
        return parse

    def value_of(self, command: C) -> int | None:
        """The value a player's command says (an announcement, a claim shown), or None: an echo repeats
        the value just settled."""
        return None

    def value_words(self, value: int) -> str:
        """A value as said aloud; its digits by default."""
        return str(value)

    def value_readings(self, words: Sequence[str], value: int) -> tuple[int, ...]:
        """Every value a read-out may mean, the parser's `value` first (Q4: two readings of one line);
        `words` are the line's words without the table's fillers. One by default."""
        return (value,)

    def read_words(self, words: Sequence[str]) -> str | None:
        """The words a read-out said its value with, when it named it piece by piece (Q2), said back
        before the value (`relied_said`); None by default (`words`: as for `value_readings`)."""
        return None

    def reads_out(self, words: Sequence[str]) -> bool:
        """Whether the line says it reads what is shown (`words`: as for `value_readings`); never by
        default."""
        return False

    def claimed(self, expect: Expectation, state: S) -> int | None:
        """Q8: the value the player `expect.other` claimed and the table has not shown yet, while the
        game waits for it to be shown; None by default."""
        return None

    def standing(self, expect: Expectation, state: S) -> int | None:
        """The value standing at this moment (the announcement to beat), or None (the default)."""
        return None

    def said_piece(self, parse: Parse) -> object | None:
        """C1: the piece of the game a line names, or None (the default)."""
        return None

    def misnamed(self, words: Sequence[str]) -> str | None:
        """C1: what to say to a line that names a piece the game does not have (`words`: the line's
        words), or None (the default)."""
        return None
