"""Cinquillo's half of the referee, what the decoder asks it: C1, a card a line names and a rank no
Spanish deck has; C3, what a line makes in a given state."""

from __future__ import annotations

from dataclasses import replace

from assistant.core.expectation import Expectation
from assistant.game import Moves, Parse, Reply, get_game
from assistant.games.cinquillo.book import SUIT_WORDS, CinquilloBook
from assistant.games.cinquillo.commands import Card, Pass, Play
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.state import CinquilloState, Layout


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


def _playing(players: str, rows: tuple[tuple[int, int] | None, ...], caprone: bool = False) -> CinquilloState:
    """Round 2 in referee mode, the first player to lay, with these rows on the table."""
    names = tuple(players.split(","))
    config = CinquilloConfig(names, mode="caprone" if caprone else "original")
    start = CinquilloState.start(config)
    return replace(start, phase="play", round=2, current=names[0], starter=names[0], layout=Layout(rows))


def _decide(state: CinquilloState, parse: Parse, who: str | None) -> object:
    module = get_game("cinquillo")
    made = module.rulebook(state.config)
    assert isinstance(made, CinquilloBook)
    return made.decide(parse, who, Expectation("play", state.current), state)


def test_C3_a_card_said_by_its_suit_alone_is_the_one_card_its_row_takes() -> None:
    """C3: "le ... de deniers", its rank lost: the oros row runs from the as to the seven, so only the
    sota fits; a row with two open ends, a row not open and caprone (C6) are asked, never guessed."""
    suit_only = Parse("je pose le de deniers", "play", {"suit": "oros"})
    up_only = _playing("Ana,Bruno,Chloé", ((1, 7), None, None, None))
    assert _decide(up_only, suit_only, "Ana") == Moves((Play("Ana", Card(10, "oros")),))
    unclear = Reply("Je n'ai pas compris : quelle carte ?")
    assert _decide(_playing("Ana,Bruno,Chloé", ((5, 5), None, None, None)), suit_only, "Ana") == unclear
    assert _decide(_playing("Ana,Bruno,Chloé", (None, (5, 5), None, None)), suit_only, "Ana") == unclear
    caprone = _playing("Ana,Bruno,Chloé", ((1, 7), None, None, None), caprone=True)
    assert _decide(caprone, suit_only, "Ana") == unclear


def test_C3_the_passer_saying_the_draw_the_referee_made_is_no_move() -> None:
    """C3, two players with a stock: after Bruno's pass the referee drew for him; his "je pioche" is
    no second pass (no command), while Ana's own "je pioche" is her pass."""
    state = replace(_playing("Ana,Bruno", ((5, 5), None, None, None)), passes=1)
    drawing = Parse("je pioche", "draw")
    assert _decide(state, drawing, "Bruno") == Moves(())
    assert _decide(state, drawing, "Ana") == Moves((Pass("Ana"),))
    assert _decide(replace(state, passes=0), drawing, "Bruno") == Reply("Ce n'est pas à toi, c'est à Ana.")
