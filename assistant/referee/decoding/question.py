"""The referee's one open question: what it asked the table and what an answer would do.

A value, not a flag: the next lines are read as a possible answer first (`Parse` in, a choice out),
and a question nobody answers while the table plays on ages out after a few lines (never stuck).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from assistant.core.events import Reason

Kind = Literal["new_game", "yes_no", "culprit", "opener", "readings"]
"""new_game: "oui" confirms a new game; yes_no: a game's yes/no (C8 abandon penalised?); culprit: who
said a breach (Q11) or who to charge; opener: who made the first move of the round (C3); readings:
which of two readings of a line was meant ("deux six")."""

LIFETIME: dict[Kind, int] = {"new_game": 0, "yes_no": 4, "culprit": 2, "opener": 6, "readings": 4}
"""How many further lines a question stays open while the table plays on (0: only the next one)."""


@dataclass(frozen=True)
class Reading:
    """One reading of a heard line: the commands it stands for."""

    value: int | None
    """The value it reads (a read-out's), or None."""
    commands: tuple[Any, ...]
    """The game commands this reading applies, in order."""


@dataclass(frozen=True)
class Question:
    """What the referee asked and waits to hear answered."""

    kind: Kind
    """Which question it is."""
    sentence: str
    """The question as said (said again at most once)."""
    reason: Reason | None = None
    """culprit: what the designated player is charged with."""
    amount: int = 1
    """culprit: what it costs them (doses or lives)."""
    guess: str | None = None
    """culprit: the player the referee would have charged, whom a spoken yes designates."""
    beneficiary: str | None = None
    """culprit: who receives the loss where the game gives it (L-V3: the player who caused it)."""
    yes: tuple[Any, ...] = ()
    """yes_no: the commands a spoken yes applies."""
    no: tuple[Any, ...] = ()
    """yes_no: the commands a spoken no applies."""
    held: tuple[str, ...] = ()
    """opener: the move lines heard before anyone said who made the first one (played once known)."""
    readings: tuple[Reading, ...] = ()
    """readings: the readings still standing, the likelier first."""
    asked: int = 1
    """How many times the sentence was said."""
    age: int = 0
    """Lines heard since it was asked without answering it."""

    def aged(self) -> Question | None:
        """The question one unanswering line later, or None once it has expired (dropped)."""
        if self.age >= LIFETIME[self.kind]:
            return None
        return replace(self, age=self.age + 1)

    def asked_again(self) -> Question:
        """The question once said again."""
        return replace(self, asked=self.asked + 1)

    @property
    def may_ask_again(self) -> bool:
        """No sentence more than twice."""
        return self.asked < 2
