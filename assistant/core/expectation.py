"""What a game waits for next: the referee maps speech to commands with it and asks for what is missing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Awaiting = Literal[
    # Quinito
    "announce",  # `player` holds the cup (has thrown) and must announce (or show a special throw)
    "response",  # `player` must accept, lift (or pass, family edition) the announcement of `other`
    "reveal",  # the cup is lifted: the table must read out the dice value
    "attack_target",  # Q9: `player` threw a quinito and must name whom they attack
    "counter_or_submit",  # Q9: `player` is attacked by `other`: counter or take the double dose
    "counter_throw",  # Q9: `player` counters and must read out each throw
    "defi_players",  # Q8: `player` threw 31 and must name two racers
    "defi_loser",  # Q8: the table must say which racer finished last
    "redemption_throw",  # L-V5: `player` may throw up to three times to make a 21
    # Cinquillo
    "deal",  # a round must be dealt
    "play",  # `player` must play a card, or pass (and draw)
    "draw",  # C3: `player` passed with a stock and must draw
    # Both
    "over",  # the game is over
]


@dataclass(frozen=True)
class Expectation:
    """The next thing the game needs, and from whom."""

    awaiting: Awaiting
    """What kind of move is expected."""
    player: str | None = None
    """Who is expected to make it (None: anyone at the table)."""
    other: str | None = None
    """The other party: the announcer being answered, the attacker, ..."""
    cup: int = 0
    """Q13: which cup this is about."""
