"""C1: the Spanish 40-card deck, as data.

Suits and ranks are tables the tests walk exhaustively; every other module reads the sequence order
(1 2 3 4 5 6 7 sota caballo rey) from `RANKS` and never does arithmetic on rank numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.games.cinquillo.commands import Card, Suit


@dataclass(frozen=True)
class SuitName:
    """C1: one suit and how it is said."""

    suit: Suit
    """The contract spelling (Spanish): oros, copas, espadas, bastos."""
    french: str
    """The French name, plural as in "cinq de deniers"."""


@dataclass(frozen=True)
class RankName:
    """C1: one rank and how it is said."""

    rank: int
    """The number on the card: 1..7, 10 (sota), 11 (caballo), 12 (rey)."""
    spanish: str
    """The contract spelling: "1".."7", "sota", "caballo", "rey"."""
    french: str
    """The French name: "as", "deux"... "sept", "valet", "cavalier", "roi"."""


SUITS: tuple[SuitName, ...] = (
    SuitName("oros", "deniers"),
    SuitName("copas", "coupes"),
    SuitName("espadas", "épées"),
    SuitName("bastos", "bâtons"),
)
"""C1: the four suits, in the order the layout lists them."""

RANKS: tuple[RankName, ...] = (
    RankName(1, "1", "as"),
    RankName(2, "2", "deux"),
    RankName(3, "3", "trois"),
    RankName(4, "4", "quatre"),
    RankName(5, "5", "cinq"),
    RankName(6, "6", "six"),
    RankName(7, "7", "sept"),
    RankName(10, "sota", "valet"),
    RankName(11, "caballo", "cavalier"),
    RankName(12, "rey", "roi"),
)
"""C1: the ten ranks in sequence order (a row grows along this tuple)."""

SUIT_ORDER: tuple[Suit, ...] = tuple(s.suit for s in SUITS)
"""The suits alone, in layout order."""

RANK_ORDER: tuple[int, ...] = tuple(r.rank for r in RANKS)
"""The ranks alone, in sequence order."""

POSITION: dict[int, int] = {r.rank: i for i, r in enumerate(RANKS)}
"""C1: a rank's place in the sequence (1 -> 0, 7 -> 6, sota -> 7, rey -> 9)."""

FIVE = 5
"""C3: the rank that opens a suit."""

DECK: tuple[Card, ...] = tuple(Card(r.rank, s.suit) for s in SUITS for r in RANKS)
"""C1: the 40 cards, suit by suit, each in sequence order."""

FIVE_OF_OROS = Card(FIVE, "oros")
"""C3: the card that opens the first round."""

_SUIT_BY_NAME = {s.suit: s for s in SUITS}
_RANK_BY_NUMBER = {r.rank: r for r in RANKS}
_RANK_BY_SPANISH = {r.spanish: r for r in RANKS}


def suit_french(suit: Suit) -> str:
    """C1: "deniers", "coupes", "épées" or "bâtons"."""
    return _SUIT_BY_NAME[suit].french


def rank_french(rank: int) -> str:
    """C1: "as", "deux"... "valet", "cavalier", "roi"."""
    return _RANK_BY_NUMBER[rank].french


def card_name(card: Card) -> str:
    """C1: the contract spelling "<rank>-<suit>", e.g. "5-oros", "sota-copas"."""
    return f"{_RANK_BY_NUMBER[card.rank].spanish}-{card.suit}"


def parse_card_id(text: str) -> Card:
    """C1: the inverse of `card_name`; raises ValueError on anything else."""
    rank_text, sep, suit_text = text.strip().lower().partition("-")
    if not sep or rank_text not in _RANK_BY_SPANISH or suit_text not in _SUIT_BY_NAME:
        raise ValueError(f"not a card: {text!r}")
    return Card(_RANK_BY_SPANISH[rank_text].rank, _SUIT_BY_NAME[suit_text].suit)


def of_suit(suit: Suit) -> str:
    """The suit after "de", elided before a vowel: "de coupes", "d'épées"."""
    name = suit_french(suit)
    return f"d'{name}" if name[0] in "aeéiou" else f"de {name}"


def french_name(card: Card) -> str:
    """C1: the card as spoken, e.g. "cinq de deniers", "valet de coupes", "as d'épées"."""
    return f"{rank_french(card.rank)} {of_suit(card.suit)}"


def is_card(card: Card) -> bool:
    """C1: whether `card` belongs to the deck (rank and suit both valid)."""
    return card.rank in POSITION and card.suit in _SUIT_BY_NAME


def definite(card: Card) -> str:
    """The card with its French article: "le cinq de deniers", "l'as d'épées"."""
    name = french_name(card)
    return f"l'{name}" if name.startswith("as ") else f"le {name}"


def row_words(row: tuple[int, int]) -> str:
    """A suit's row on the table in words: "s'arrête au cinq", "va du quatre au sept", "va de l'as au
    sept"."""
    if row[0] == row[1]:
        return f"s'arrête au {rank_french(row[0])}"
    low = rank_french(row[0])
    return f"va {'de l' + chr(39) if low == 'as' else 'du '}{low} au {rank_french(row[1])}"
