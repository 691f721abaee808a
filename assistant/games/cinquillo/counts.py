"""Card counts: the deal's (C2), and the table correcting one the referee heard wrong (C3).

The referee never sees the hands: a count is what the table says. Decisions (README "Arbitre"):
- A count is refused when it cannot be: below zero, or more cards than the hands can hold together
  (the 40 cards of C1 minus those on the table, in the stock and in the other hands as counted).
- A count of 0 means that player is out of cards: C5 (and C6) end the round there, as if the last
  card had been heard.
- In simulation the hands are known, so a count is never told.
"""

from __future__ import annotations

from assistant.core.game import Refused
from assistant.games.cinquillo.commands import Deal, SetCount
from assistant.games.cinquillo.deck import DECK
from assistant.games.cinquillo.events import CountCorrected
from assistant.games.cinquillo.state import CinquilloState


def most_cards(state: CinquilloState, player: str) -> int:
    """C1/C2: the most cards `player` can hold, given the table, the stock and the other counts."""
    seat = state.seat(player)
    others = sum(n for i, n in enumerate(state.counts) if i != seat)
    return len(DECK) - state.layout.cards_on_table() - state.stock_count - others


def corrected(state: CinquilloState, command: SetCount) -> CountCorrected:
    """C3: the event of a count correction, or `Refused` when that count cannot be."""
    if state.hands is not None:
        raise Refused("count_known", player=command.player)
    if command.count < 0:
        raise Refused("count_negative", player=command.player)
    most = most_cards(state, command.player)
    if command.count > most:
        raise Refused("count_too_many", player=command.player, count=command.count, most=most)
    return CountCorrected(command.player, command.count)


def check_deal_counts(state: CinquilloState, counts: tuple[int, ...], hand: int) -> str | None:
    """C2: 2 players get `hand` each, 4 get 10, 3 get 13 except one 14 that moves to the right."""
    n = len(counts)
    if n == 2 and counts != (hand, hand):
        raise Refused("two_hands", hand=hand)
    if n == 4 and counts != (10, 10, 10, 10):
        raise Refused("four_hands")
    if n != 3:
        return None
    if sorted(counts) != [13, 13, 14]:
        raise Refused("three_hands")
    holder = state.players[counts.index(14)]
    if state.fourteen is not None and holder != state.right_of(state.fourteen):
        raise Refused("fourteen_goes_right", player=state.right_of(state.fourteen))
    return holder


def check_hands(deal: Deal, stock: int) -> None:
    """C1/C2: the hands match the counts and, with the stock, hold the 40 cards once each."""
    hands = deal.hands or ()
    if tuple(len(h) for h in hands) != deal.counts:
        raise Refused("hands_mismatch")
    pile = deal.stock or ()
    if len(pile) != stock:
        raise Refused("stock_size", count=stock)
    every = [c for h in hands for c in h] + list(pile)
    if sorted(every) != sorted(DECK):
        raise Refused("whole_deck")
