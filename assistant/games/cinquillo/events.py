"""What happened at a Cinquillo table, one frozen dataclass per fact. Standings are a fold over these."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.games.cinquillo.commands import Card


@dataclass(frozen=True)
class RoundDealt:
    """C2: a round is dealt; C3/C4 say who starts it."""

    round: int
    """1 for the first round of the match, then 2, 3..."""
    counts: tuple[int, ...]
    """Cards per player, in seating order."""
    stock: int
    """C2: cards left face down (2 players), else 0."""
    starter: str | None
    """C4: who must open (later rounds); None in round 1, where the 5 of oros decides (C3)."""
    fourteen: str | None = None
    """C2: with 3 players, who received 14 cards."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    """Simulation only: every hand, in seating order."""
    stock_cards: tuple[Card, ...] | None = None
    """Simulation only: the stock, top first."""


@dataclass(frozen=True)
class CardPlayed:
    """C3/C6: `player` laid `card`; in caprone the skipped cards are blocked."""

    player: str
    """Who played."""
    card: Card
    """The card laid."""
    blocked: tuple[Card, ...] = ()
    """C6: cards this play blocks for the rest of the round."""


@dataclass(frozen=True)
class Passed:
    """C3/C4: `player` could not play (or chose to, in referee mode) and passes."""

    player: str
    """Who passed."""


@dataclass(frozen=True)
class Drew:
    """C3: 2 players with a stock: the passer drew a card."""

    player: str
    """Who drew."""
    card: Card | None = None
    """The card, when known (simulation)."""


@dataclass(frozen=True)
class RoundWon:
    """C5/C6: the round is over; each winner scores `points`."""

    winners: tuple[str, ...]
    """C5: the first player out; C6: the players with the fewest cards (ties split)."""
    points: int
    """Points each winner scores (C6: a tie splits them, rounded down)."""
    counts: tuple[int, ...]
    """Cards left in each hand at the end, in seating order."""


@dataclass(frozen=True)
class MatchWon:
    """C7: the match is over."""

    winners: tuple[str, ...]
    """One name, or several for a draw (equal highest scores)."""


@dataclass(frozen=True)
class PlayerAbandoned:
    """C8: `player` left the match, which ends there."""

    player: str
    """Who left."""
    penalised: bool
    """Whether the others chose to penalise it (-20 XP)."""


@dataclass(frozen=True)
class CountCorrected:
    """C3: the table corrected `player`'s card count (C5: a count of 0 ends the round)."""

    player: str
    """Whose count."""
    count: int
    """The cards in that hand now."""


@dataclass(frozen=True)
class XpAwarded:
    """C8: the ranking change of one player at the end of a match."""

    player: str
    """Whose ranking changes."""
    amount: int
    """+10 x players for the winner, -10 for a loser, -20 for a penalised abandon."""


Event = (
    RoundDealt
    | CardPlayed
    | Passed
    | Drew
    | RoundWon
    | MatchWon
    | PlayerAbandoned
    | XpAwarded
    | CountCorrected
)

EVENT_TYPES: tuple[type[Event], ...] = (
    RoundDealt,
    CardPlayed,
    Passed,
    Drew,
    RoundWon,
    MatchWon,
    PlayerAbandoned,
    XpAwarded,
    CountCorrected,
)
"""Every Cinquillo event class, for the codec and the referee."""
