"""Q2/Q3 coach: the chance that one throw of two dice makes at least a score, in the table's order.

Pure arithmetic over the engine's own tables: the table's `QuinitoConfig.order` (Q3, V-11-high, V-65,
L-V7, from `scores.order`) and `scores.outcomes()` (how many of the 36 ordered throws read each
value). Exact: a Fraction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from assistant.games.quinito.commands import Score
from assistant.games.quinito.scores import CHANCE, is_legal, order, outcomes

THROWS = 36
"""Q1/Q2: two six-sided dice, told apart, give 36 equally likely throws."""


@dataclass(frozen=True)
class Odds:
    """How likely one throw is to make at least `score`."""

    score: Score
    """The score to reach (a Q3 value, or "chance" of L-V6)."""
    throws: int
    """How many of the 36 throws make it."""

    @property
    def chance(self) -> Fraction:
        """The exact probability, throws / 36."""
        return Fraction(self.throws, THROWS)

    @property
    def percent(self) -> int:
        """The probability in whole per cent (n/36 never falls half-way, so rounding has no tie)."""
        return round(self.chance * 100)


def at_least(score: Score, ranking: Sequence[int] = order()) -> Odds:
    """Q3, V-11-high, V-65, L-V7, L-V6: the odds that one throw reads `score` or higher in the order
    this table plays; "chance" is made only by 31. ValueError for anything that is no score."""
    counts = outcomes()
    if score == CHANCE:
        return Odds(score, counts[31])
    if not is_legal(score):
        raise ValueError(f"{score!r} is not a Quinito score")
    return Odds(score, sum(counts[value] for value in ranking[ranking.index(score) :]))
