"""Q2/Q3: the 21 Quinito scores and their order, as data.

Decisions (docs/rules.md is silent on them):
- V-11-high moves 11 just under 21 (above 66).
- V-65 / L-V7 make 65 a second quinito: it then ranks just under 21 (above every double).
- "chance" (L-V6) ranks as 31 when checking an announcement against the dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Literal

from assistant.games.quinito.commands import Score

SCORES: tuple[int, ...] = (
    31, 32, 41, 42, 43, 51, 52, 53, 54, 61, 62, 63, 64, 65, 11, 22, 33, 44, 55, 66, 21,
)  # fmt: skip
"""Q3: the 21 legal scores, lowest to highest (base order)."""

DOUBLES: frozenset[int] = frozenset({11, 22, 33, 44, 55, 66})
"""Q3: the six doubles."""

CHANCE: Literal["chance"] = "chance"
"""L-V6: the announcement that is true only for 31."""


def from_dice(a: int, b: int) -> int:
    """Q2: the higher die gives the tens, the lower the units (2 and 6 read 62)."""
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError(f"a die shows 1..6, not {a} and {b}")
    return max(a, b) * 10 + min(a, b)


def is_double(score: int) -> bool:
    """Q3: 11, 22, ... 66."""
    return score in DOUBLES


def is_legal(score: object) -> bool:
    """Q2: one of the 21 values two dice can read (bools and "chance" are not)."""
    return isinstance(score, int) and not isinstance(score, bool) and score in _LEGAL


_LEGAL = frozenset(SCORES)


@lru_cache(maxsize=4)
def order(aces_high: bool = False, sixty_five: bool = False) -> tuple[int, ...]:
    """Q3, V-11-high, V-65/L-V7: the 21 scores lowest to highest. The only copy of the order: the
    rules (QuinitoConfig.order), the grammar's checks and the spoken rules all read it from here."""
    values = list(SCORES)
    if aces_high:
        values.remove(11)
        values.insert(values.index(21), 11)
    if sixty_five:
        values.remove(65)
        values.insert(values.index(21), 65)
    return tuple(values)


def rank(score: Score, ranks: Mapping[int, int]) -> int:
    """Q3, L-V6: the rank of a score in a table's `ranks`; "chance" ranks as 31."""
    if score == CHANCE:
        return ranks[31]
    if not is_legal(score):
        raise ValueError(f"{score!r} is not a Quinito score")
    assert isinstance(score, int)
    return ranks[score]


def covers(dice: int, announced: Score, ranks: Mapping[int, int]) -> bool:
    """Q6/L3/L-V6: the dice make the announcement true (at least as high; "chance" only for 31)."""
    if announced == CHANCE:
        return dice == 31
    return rank(dice, ranks) >= rank(announced, ranks)


def outcomes() -> dict[int, int]:
    """Q2: how many of the 36 ordered throws read each score (doubles 1, others 2)."""
    counts: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            value = from_dice(a, b)
            counts[value] = counts.get(value, 0) + 1
    return counts
