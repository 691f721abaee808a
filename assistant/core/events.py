"""Events shared by every game and read by the referee without knowing which game it runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Unit = Literal["dose", "sip", "life"]
Reason = str
"""Why a penalty is called, as docs/command-line.md names it: each game declares its own reasons (bluff,
wrong_lift...); the table's faults below are the referee's, whatever the game."""
FaultReason = Literal["slowness", "forbidden_word", "name_called", "fault"]
"""Q10/Q11: the faults the referee itself calls (slowness, a forbidden word, a name, "pénalité pour")."""


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
    """Why, as named in docs/command-line.md."""
    beneficiary: str | None = None
    """L-V3: the player who receives the life instead of it being discarded."""
