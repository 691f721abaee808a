"""C1: the Spanish 40-card deck, walked exhaustively."""

from __future__ import annotations

import pytest

from assistant.games.cinquillo.commands import Card
from assistant.games.cinquillo.deck import (
    DECK,
    POSITION,
    RANK_ORDER,
    SUIT_ORDER,
    card_name,
    french_name,
    parse_card_id,
)


def test_c1_deck_has_forty_distinct_cards_in_four_suits_of_ten() -> None:
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    assert SUIT_ORDER == ("oros", "copas", "espadas", "bastos")
    for suit in SUIT_ORDER:
        assert [c.rank for c in DECK if c.suit == suit] == [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]


def test_c1_sequence_order_puts_sota_right_after_seven() -> None:
    assert RANK_ORDER == (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
    assert [POSITION[r] for r in RANK_ORDER] == list(range(10))
    assert POSITION[10] == POSITION[7] + 1


def test_c1_contract_spelling_round_trips_for_every_card() -> None:
    names = [card_name(card) for card in DECK]
    assert len(set(names)) == 40
    assert card_name(Card(5, "oros")) == "5-oros"
    assert card_name(Card(10, "copas")) == "sota-copas"
    assert card_name(Card(11, "espadas")) == "caballo-espadas"
    assert card_name(Card(12, "bastos")) == "rey-bastos"
    assert card_name(Card(1, "bastos")) == "1-bastos"
    for card in DECK:
        assert parse_card_id(card_name(card)) == card


@pytest.mark.parametrize("text", ["8-oros", "10-copas", "sota", "5-tréboles", "", "5oros"])
def test_c1_parse_card_id_rejects_what_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError):
        parse_card_id(text)


def test_c1_french_names_for_speech() -> None:
    assert french_name(Card(5, "oros")) == "cinq de deniers"
    assert french_name(Card(10, "copas")) == "valet de coupes"
    assert french_name(Card(11, "bastos")) == "cavalier de bâtons"
    assert french_name(Card(12, "espadas")) == "roi d'épées"
    assert french_name(Card(1, "oros")) == "as de deniers"
    assert len({french_name(card) for card in DECK}) == 40
