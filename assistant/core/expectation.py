"""What a game waits for next: the one source of "what may be said now".

The engine's state produces Expectations; the referee maps speech to commands with them, asks for
what is missing, counts slowness (Q10) where they say so, and switches the recogniser's phrase list
to the grammar intents that name the awaited moment. Each game names its own moments (`awaiting`);
"over" is every game's last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Awaiting = str
"""A game's name for a moment of play ("announce", "play"...), declared by the game's state."""
OVER = "over"
"""The moment every game ends in."""


@dataclass(frozen=True)
class Expectation:
    """The next thing the game needs, and from whom."""

    awaiting: Awaiting
    """What kind of move is expected (the game's name for it)."""
    player: str | None = None
    """Who is expected to make it (None: anyone at the table)."""
    other: str | None = None
    """The other party: the announcer being answered, the attacker, ..."""
    part: int = 0
    """Q13: which of the parts of the table the game runs at once this is about (0: the first)."""
    bound: bool = field(default=False, compare=False)
    """Only `player` may make this move: another known speaker is told it is not their turn."""
    timed: bool = field(default=False, compare=False)
    """Q10: the expected player's silence counts as slowness (where the table counts it).

    `bound` and `timed` follow from `awaiting` (the game sets them), so equality ignores them."""
