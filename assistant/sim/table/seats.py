"""A player's place as the speaker says it: "à ma gauche" is the next player clockwise (contracts)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from assistant.sim.phrasebank import Book


def seat_key(seating: Sequence[str], speaker: str, target: str) -> str:
    """The `seats` key of `target` seen from `speaker` ("left", "right2", "facing", "self")."""
    n = len(seating)
    steps = (seating.index(target) - seating.index(speaker)) % n
    if steps == 0:
        return "self"
    if n % 2 == 0 and steps == n // 2 and n > 2:
        return "facing"
    if steps <= n // 2:
        return "left" if steps == 1 else f"left{steps}"
    back = n - steps
    return "right" if back == 1 else f"right{back}"


def seat(book: Book, seating: Sequence[str], speaker: str, target: str, rng: random.Random) -> str:
    """One way to say `target`'s place from `speaker`'s (seating: the players still in, clockwise)."""
    return book.form("seats", seat_key(seating, speaker, target), rng)
