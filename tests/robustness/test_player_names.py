"""Item 8 (Q11): names the referee could confuse, with a game word or with each other,
are refused with a sentence saying why; the game words come from the grammar data."""

from __future__ import annotations

import pytest

from assistant.errors import UserError
from assistant.game import get_game
from assistant.settings.play import load_settings
from assistant.settings.table import game_words, table_config


@pytest.mark.parametrize(
    ("game", "players", "word"),
    [
        ("quinito", "Ana,Quinito,Chloé", "Quinito"),
        ("quinito", "Ana,Menteur,Chloé", "Menteur"),
        ("quinito", "Ana,Arbitre,Chloé", "Arbitre"),
        ("cinquillo", "Ana,Rey", "Rey"),
    ],
)
def test_item8_q11_a_name_that_is_a_game_word_is_refused(game: str, players: str, word: str) -> None:
    with pytest.raises(UserError, match=f"« {word} » est un mot du jeu"):
        table_config({"game": game, "players": players})


@pytest.mark.parametrize("players", ["Jean-Marc,Jean Marc,Ana", "Ana,Ana\u200b,Bruno", "Chloé,CHLOE,Bruno"])
def test_item8_q11_names_that_fold_to_one_key_are_refused(players: str) -> None:
    with pytest.raises(UserError, match="même nom"):
        table_config({"game": "quinito", "players": players})


def test_item8_the_wake_word_of_the_table_is_reserved_too() -> None:
    with pytest.raises(UserError, match="« Maître » est un mot du jeu"):
        load_settings({"players": "Ana,Maître,Chloé", "wake_word": "maître"}, cwd=None, home=None)


def test_item8_game_words_come_from_the_grammar_and_spare_ordinary_names() -> None:
    words = game_words(get_game("quinito"))
    assert {"quinito", "menteur", "arbitre"} <= words
    assert not {"ana", "bruno", "chloé", "david", "émile", "marc"} & words
    table_config({"game": "quinito", "players": "Ana,Bruno,Chloé,David,Émile"})  # still fine


@pytest.mark.parametrize("game", ["quinito", "cinquillo"])
@pytest.mark.parametrize("players", [("Ana", "Bruno", "Chloé"), ("Marc", "Jean-Luc", "Zoé", "Émile")])
def test_q11_game_words_read_from_the_tables_grammar_are_those_of_a_grammar_without_players(
    game: str, players: tuple[str, ...]
) -> None:
    """The name check reads the grammar the parser expands for the table (no second expansion); the
    phrases made from the players' names are left out, so the words are exactly those of the game's
    grammar expanded with no player at all."""
    from assistant.understanding.grammar import build, built, names_a_player
    from assistant.understanding.phrases import UNKNOWN, grammar_phrases

    alone = {w for p in grammar_phrases(build(get_game(game), (), "arbitre"), None) for w in p.split()} - {
        UNKNOWN
    }
    expected = frozenset({w for w in alone if len(w) > 2} | {"arbitre"})
    assert game_words(get_game(game), "arbitre", players) == expected
    assert any(names_a_player(p) for p in built(get_game(game), players).phrases)
    assert not any(names_a_player(p) for p in build(get_game(game), ()).phrases)
