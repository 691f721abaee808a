"""What a Cinquillo table can tell the referee (and what bots do), one frozen dataclass per move.

A card is a `Card(rank, suit)`: rank 1..7, 10 (sota), 11 (caballo), 12 (rey); suit one of oros,
copas, espadas, bastos (C1). Its contract spelling is "<rank>-<suit>" with sota/caballo/rey.
In referee mode the hands are unknown: the engine tracks the layout and each player's card count.
In simulation `Deal` carries the hands (recorded randomness) and `Draw` the drawn card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Suit = Literal["oros", "copas", "espadas", "bastos"]


@dataclass(frozen=True, order=True)
class Card:
    """One card of the Spanish 40-card deck (C1)."""

    rank: int
    """1..7, 10 sota, 11 caballo, 12 rey."""
    suit: Suit
    """oros, copas, espadas or bastos."""


@dataclass(frozen=True)
class Deal:
    """C2: a round is dealt. `hands` is known in simulation, else None and only `counts` are known."""

    counts: tuple[int, ...]
    """Cards per player, in seating order."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    """Simulation only: every player's hand, in seating order."""
    stock: tuple[Card, ...] | None = None
    """Simulation only (2 players): the face-down stock, top first."""


@dataclass(frozen=True)
class Play:
    """C3/C6: a player lays a card on the layout."""

    player: str
    """Who plays."""
    card: Card
    """The card laid."""


@dataclass(frozen=True)
class Pass:
    """C3: a player who cannot play passes (and draws with 2 players and a stock)."""

    player: str
    """Who passes."""


@dataclass(frozen=True)
class Draw:
    """C3: 2 players with a stock: the passer draws a card (known in simulation only)."""

    player: str
    """Who draws."""
    card: Card | None = None
    """The card drawn, when known."""


@dataclass(frozen=True)
class Abandon:
    """C8: a player leaves the match (loses 20 XP if the others penalise)."""

    player: str
    """Who leaves."""
    penalised: bool = True
    """Whether the others chose to penalise it."""


@dataclass(frozen=True)
class SetCount:
    """C3: the table corrects a player's card count (the referee never sees the hands: the count is
    what the table says)."""

    player: str
    """Whose count."""
    count: int
    """The cards in that hand now, as the table says."""


Command = Deal | Play | Pass | Draw | Abandon | SetCount
