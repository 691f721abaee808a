"""Events shared by every game and read by the referee without knowing which game it runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Unit = Literal["dose", "sip", "life"]
Reason = Literal[
    "bluff",
    "wrong_lift",
    "quinito",
    "quinito_countered",
    "defi",
    "everyone_sips",
    "fantasy_announcement",
    "slowness",
    "forbidden_word",
    "name_called",
    "fault",
]
REASONS: tuple[Reason, ...] = get_args(Reason)
"""Every penalty reason, in contracts.md order."""


@dataclass(frozen=True)
class PenaltyCalled:
    """A player takes a penalty (Q6, Q9, Q10, L3...). Standings are a fold over these."""

    player: str
    """Who takes it."""
    amount: int
    """How many units."""
    unit: Unit
    """dose, sip (V-51) or life (family edition)."""
    reason: Reason
    """Why, as named in contracts.md."""
    beneficiary: str | None = None
    """L-V3: the player who receives the life instead of it being discarded."""
