"""The Cinquillo table as frozen data: the layout, the hands (or their counts), the scores.

Seating and turns (docs/command-line.md): `players` lists the table clockwise and play always goes clockwise
(the book's `direction` is 1). C4's "the player to the RIGHT of the previous starter" is the previous seat
clockwise, i.e. the player seated just before the previous starter; C2's 14-card hand moves the same
way. In referee mode the hands are unknown (`hands is None`): only counts are tracked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from assistant.core.expectation import Expectation
from assistant.core.game import Refused
from assistant.games.cinquillo.commands import Card, Suit
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import (
    DECK,
    FIVE,
    FIVE_OF_OROS,
    POSITION,
    RANK_ORDER,
    SUIT_ORDER,
)

Phase = Literal["deal", "play", "draw", "over"]
Row = tuple[int, int]
"""A suit's row on the table: (lowest rank, highest rank) laid, in C1 sequence order."""


@dataclass(frozen=True)
class Layout:
    """C3/C6: the cards on the table, one row per suit, and (caprone) the blocked cards."""

    rows: tuple[Row | None, ...] = (None, None, None, None)
    """Per suit in `SUIT_ORDER`: the row's (low, high) ranks, or None while the suit is not open."""
    blocked: frozenset[Card] = frozenset()
    """C6: cards skipped by a caprone play; they can never be played this round."""

    def row(self, suit: Suit) -> Row | None:
        """The row of `suit`, or None."""
        return self.rows[SUIT_ORDER.index(suit)]

    @property
    def empty(self) -> bool:
        """Whether no card has been laid this round."""
        return all(r is None for r in self.rows)

    def on_table(self, card: Card) -> bool:
        """Whether `card` lies on the table (inside its row and not blocked)."""
        row = self.row(card.suit)
        if row is None or card in self.blocked:
            return False
        return POSITION[row[0]] <= POSITION[card.rank] <= POSITION[row[1]]

    def cards_on_table(self) -> int:
        """How many cards lie on the table (blocked ones stay in hands)."""
        spans = sum(POSITION[r[1]] - POSITION[r[0]] + 1 for r in self.rows if r is not None)
        return spans - len(self.blocked)

    def refusal(self, card: Card, caprone: bool, first_round: bool) -> Refused | None:
        """C3/C4/C6: why `card` cannot be laid now (a reason code with the card, its suit and the
        row), or None when it can."""
        if self.empty:
            if first_round and card != FIVE_OF_OROS:
                return Refused("first_round_opening")
            if card.rank != FIVE:
                return Refused("round_opening")
            return None
        row = self.row(card.suit)
        if row is None:
            if card.rank == FIVE:
                return None
            return Refused("five_first", card=card, suit=card.suit)
        if card in self.blocked:
            return Refused("blocked", card=card)
        if self.on_table(card):
            return Refused("on_table", card=card)
        low, high = POSITION[row[0]], POSITION[row[1]]
        at = POSITION[card.rank]
        if caprone or at in (low - 1, high + 1):
            return None
        return Refused("not_next", card=card, suit=card.suit, row=row)

    def playable(self, card: Card, caprone: bool, first_round: bool) -> bool:
        """Whether `card` may be laid now (`refusal` without building the refusal)."""
        if self.empty:
            return card == FIVE_OF_OROS if first_round else card.rank == FIVE
        row = self.row(card.suit)
        if row is None:
            return card.rank == FIVE
        at, low, high = POSITION[card.rank], POSITION[row[0]], POSITION[row[1]]
        return at in (low - 1, high + 1) or (caprone and not low <= at <= high)

    def after(self, card: Card) -> tuple[Layout, tuple[Card, ...]]:
        """C6: the layout once `card` is laid, and the cards that play blocks (none in original)."""
        index = SUIT_ORDER.index(card.suit)
        row = self.rows[index]
        at = POSITION[card.rank]
        if row is None:
            new_row: Row = (card.rank, card.rank)
            skipped: range = range(0)
        elif at > POSITION[row[1]]:
            new_row, skipped = (row[0], card.rank), range(POSITION[row[1]] + 1, at)
        else:
            new_row, skipped = (card.rank, row[1]), range(at + 1, POSITION[row[0]])
        blocked = tuple(Card(RANK_ORDER[i], card.suit) for i in skipped)
        rows = (*self.rows[:index], new_row, *self.rows[index + 1 :])
        return Layout(rows, self.blocked | frozenset(blocked)), blocked

    def exhausted(self) -> bool:
        """C6: every card is on the table or blocked, so nobody can play whatever the hands."""
        return self.cards_on_table() + len(self.blocked) == len(DECK)


@dataclass(frozen=True)
class CinquilloState:
    """One Cinquillo match at any moment; implements `assistant.core.view.TableView`."""

    config: CinquilloConfig
    """The table settings (players, mode, hand, target)."""
    phase: Phase = "deal"
    """deal (a round must be dealt), play, draw (C3: the passer draws), over."""
    round: int = 0
    """Rounds dealt so far (the current one while playing)."""
    current: str | None = None
    """Whose turn it is; None between rounds, or in round 1 of referee mode before the 5 of oros."""
    starter: str | None = None
    """C3/C4: who started this round (round 1: whoever laid the 5 of oros)."""
    fourteen: str | None = None
    """C2: with 3 players, who holds the 14-card hand this round."""
    counts: tuple[int, ...] = ()
    """Cards in each hand, in seating order."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    """Simulation only: every hand; None in referee mode."""
    stock: tuple[Card, ...] | None = None
    """Simulation only: the stock, top first."""
    stock_count: int = 0
    """C2/C3: cards left in the stock (2 players)."""
    layout: Layout = field(default_factory=Layout)
    """The cards on the table."""
    passes: int = 0
    """Passes in a row since the last card laid (C6: a full turn of passes ends a caprone round)."""
    points: tuple[int, ...] = ()
    """C5/C6/C7: match points, in seating order."""
    winners: tuple[str, ...] | None = None
    """C7: the match winner, or several for a draw; None while the match goes on."""
    abandoned: str | None = None
    """C8: who left the match, if anyone."""
    penalised: bool = False
    """C8: whether the abandon is penalised."""
    xp: tuple[int, ...] = ()
    """C8: ranking changes awarded at the end of the match, in seating order."""

    @classmethod
    def start(cls, config: CinquilloConfig) -> CinquilloState:
        """The state before the first deal."""
        zeros = tuple(0 for _ in config.players)
        return cls(config, counts=zeros, points=zeros, xp=zeros)

    @property
    def players(self) -> tuple[str, ...]:
        """Seating order, clockwise."""
        return self.config.players

    @property
    def winner(self) -> str | list[str] | None:
        """C7: the match winner, a list of names for a draw, or None while it goes on."""
        if self.winners is None:
            return None
        return self.winners[0] if len(self.winners) == 1 else list(self.winners)

    @property
    def caprone(self) -> bool:
        """C6: whether this table plays caprone."""
        return self.config.mode == "caprone"

    @property
    def first_round(self) -> bool:
        """C3: the first round opens with the 5 of oros."""
        return self.round == 1

    def standings(self) -> dict[str, dict[str, int | bool]]:
        """Per player: cards in hand, match points, XP change once the match is over."""
        return {
            name: {"cards": self.counts[i], "points": self.points[i], "xp": self.xp[i]}
            for i, name in enumerate(self.players)
        }

    def expecting(self) -> Expectation:
        """What the table must do next: deal, play (or pass), draw, or nothing (over)."""
        if self.phase == "play":
            return Expectation("play", self.current)
        if self.phase == "draw":
            return Expectation("draw", self.current)
        return Expectation(self.phase)

    def expecting_all(self) -> tuple[Expectation, ...]:
        """One table, one thing awaited at a time."""
        return (self.expecting(),)

    def seat(self, player: str) -> int:
        """A player's index in seating order; ValueError when unknown."""
        return self.players.index(player)

    def left_of(self, player: str) -> str:
        """The next player clockwise (whose turn follows `player`'s)."""
        return self.players[(self.seat(player) + 1) % len(self.players)]

    def right_of(self, player: str) -> str:
        """C2/C4: the previous player clockwise, seated to `player`'s right."""
        return self.players[(self.seat(player) - 1) % len(self.players)]

    def hand(self, player: str) -> tuple[Card, ...] | None:
        """Simulation only: `player`'s hand."""
        return None if self.hands is None else self.hands[self.seat(player)]

    def legal_cards(self, player: str) -> tuple[Card, ...]:
        """Simulation only: the cards `player` may lay now (empty when the hand is unknown)."""
        held = self.hand(player) or ()
        return tuple(c for c in held if self.layout.playable(c, self.caprone, self.first_round))
