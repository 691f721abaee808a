"""Cinquillo's half of the referee, what the decoder asks it: C1, a card a line names and a rank no
Spanish deck has."""

from __future__ import annotations

from assistant.game import Parse, get_game
from assistant.games.cinquillo.book import SUIT_WORDS, CinquilloBook


def book() -> CinquilloBook:
    module = get_game("cinquillo")
    made = module.rulebook(module.rules({"players": "Ana,Bruno,Chloé"}))
    assert isinstance(made, CinquilloBook)
    return made


def test_C1_ranks_no_spanish_deck_has_are_told_so() -> None:
    said = book().misnamed(["huit", "de", "deniers"])
    assert said == "Il n'y a pas de huit dans un jeu espagnol."
    queen = book().misnamed(["dame", "de", "coupes"])
    assert queen == "Il n'y a pas de dame dans un jeu espagnol : sota, caballo ou rey."
    assert book().misnamed(["il", "est", "huit", "heures"]) is None
    assert book().misnamed(["huit", "de", "la", "coupe"]) is not None  # a suit within the next three words
    assert book().misnamed(["huit", "mais", "pas", "du", "tout", "deniers"]) is None


def test_C1_suit_words_are_said_in_spanish_and_in_french_singular_or_plural() -> None:
    assert {"oros", "deniers", "denier", "copas", "coupes", "coupe"} <= SUIT_WORDS
    assert {"espadas", "épées", "épée", "bastos", "bâtons", "bâton"} <= SUIT_WORDS
    assert len(SUIT_WORDS) == 12


def test_C1_the_card_a_line_names_is_the_piece_the_decoder_compares() -> None:
    played = Parse("cinq de deniers", "play", {"rank": "5", "suit": "oros"})
    assert book().said_piece(played) == "5-oros"
    assert book().said_piece(Parse("je passe", "pass")) is None
