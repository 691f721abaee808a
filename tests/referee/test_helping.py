""" "arbitre aide" lists what may be said now, derived from the game's grammar
(each intent's `awaiting`) and the table's rules (`unspoken`), each move with one example that the
parser reads as that move."""

from __future__ import annotations

import pytest

from assistant.game import get_game
from assistant.games import GAMES
from assistant.referee.helping import quoted, sayable
from assistant.responses import section
from assistant.understanding.grammar import moments
from assistant.understanding.parser import Parser


@pytest.mark.parametrize("game", GAMES)
def test_every_help_example_parses_to_its_move(game: str) -> None:
    parser = Parser(get_game(game), ("Ana", "Bruno", "Chloé"))
    examples = section(get_game(game).responses, "say")
    assert examples, game
    for intent, example in examples.items():
        assert intent in moments(get_game(game)), (game, intent)
        assert parser.parse(example, moments(get_game(game))[intent]).intent == intent, (game, example)


def test_L3_the_pass_is_listed_in_the_family_edition_only() -> None:
    family = get_game("quinito").rules({"players": "Ana,Bruno,Chloé", "edition": "family"})
    drinking = get_game("quinito").rules({"players": "Ana,Bruno,Chloé"})
    assert "je passe" in sayable(get_game("quinito"), "response", family.unspoken)  # type: ignore[attr-defined]
    assert "je passe" not in sayable(get_game("quinito"), "response", drinking.unspoken)  # type: ignore[attr-defined]
    assert "défi" not in sayable(get_game("quinito"), "announce", family.unspoken)  # type: ignore[attr-defined]


def test_C3_no_draw_is_listed_without_a_stock() -> None:
    three = get_game("cinquillo").rules({"players": "Ana,Bruno,Chloé"})
    two = get_game("cinquillo").rules({"players": "Ana,Bruno"})
    assert "je pioche" not in sayable(get_game("cinquillo"), "play", three.unspoken)  # type: ignore[attr-defined]
    assert "je pioche" in sayable(get_game("cinquillo"), "play", two.unspoken)  # type: ignore[attr-defined]


def test_examples_are_joined_as_french_lists() -> None:
    assert quoted(["je passe"]) == "« je passe »"
    assert quoted(["a", "b", "c"]) == "« a », « b » ou « c »"
