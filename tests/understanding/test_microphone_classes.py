"""What a microphone at a table delivers beyond one clean move a line (clauses.py), from lines written
here: a remark after a move, a turn claimed first, a verb and its object, two moves in one line, a move
named in a negation, and chatter that must stay no move (precision first)."""

from __future__ import annotations

from functools import cache

import pytest

from assistant.understanding.parser import Parser

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]


@cache
def parser(game: str) -> Parser:
    return Parser(game, PLAYERS)


def said(game: str, text: str) -> dict[str, object]:
    out = parser(game).parse(text).to_json()
    del out["text"], out["violations"]
    return out


@pytest.mark.parametrize(
    ("text", "intent", "score"),
    [
        ("soixante deux et tu vas voir", "score", 62),
        ("quarante et un et tu me dois un café", "score", 41),
        ("je soulève et t'es mort", "challenge", None),
        ("soixante cinq tu vas pleurer", "score", 65),
        ("menteur t'as rien du tout", "challenge", None),
        ("je passe on verra bien", "pass", None),
    ],
)
def test_q6_a_move_then_a_remark_is_the_move(text: str, intent: str, score: int | None) -> None:
    parse = said("quinito", text)
    assert (parse["intent"], parse["score"]) == (intent, score)


@pytest.mark.parametrize(
    "text",
    [
        "je passe chez toi après",
        "je peux pas venir samedi",
        "je passe te voir lundi",
        "soixante deux ans et toujours là",
        "je prends un verre et tu me rejoins",
    ],
)
def test_q6_talk_around_game_words_is_still_no_remark(text: str) -> None:
    assert said("quinito", text)["intent"] is None


def test_q4_a_garbled_last_word_is_no_remark() -> None:
    assert said("quinito", "six et deum")["score"] == 62  # the near miss reads "six et deux"


def test_c3_a_card_then_a_remark_is_the_card() -> None:
    assert said("cinquillo", "je pose le cinq de deniers et c'est à toi de voir")["card"] == "5-oros"


@pytest.mark.parametrize(
    ("game", "text", "intent"),
    [
        ("quinito", "c'est moi j'accepte", "accept"),
        ("quinito", "c'est à moi je soulève", "challenge"),
        ("quinito", "c'est mon tour cinquante trois", "score"),
        ("cinquillo", "c'est moi le cinq de deniers", "play"),
        ("cinquillo", "à moi je passe", "pass"),
        ("quinito", "bon c'est moi je soulève", "challenge"),
    ],
)
def test_a_turn_claimed_before_the_move_is_dropped(game: str, text: str, intent: str) -> None:
    assert said(game, text)["intent"] == intent


def test_q4_a_skip_word_first_negates_nothing() -> None:
    assert said("quinito", "plus soixante deux")["score"] == 62


@pytest.mark.parametrize("text", ["d'accord c'est moi", "oui je te crois c'est moi", "c'est moi"])
def test_q11_c_est_moi_alone_or_after_an_accept_is_no_accept(text: str) -> None:
    assert said("quinito", text)["intent"] is None


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("je contre ton truc", "counter"),
        ("je contre ton attaque", "counter"),
        ("j'accepte ton annonce", "accept"),
        ("j'accepte ton soixante deux", "accept"),
        ("je prends ton cinquante et un", "accept"),
    ],
)
def test_q6_q9_a_move_verb_with_its_object_is_the_move_alone(text: str, intent: str) -> None:
    parse = said("quinito", text)
    assert (parse["intent"], parse["score"]) == (intent, None)  # the number accepted is no announcement
    assert "moves" not in parse


@pytest.mark.parametrize("text", ["je prends ton verre", "j'accepte ton chien", "je prends ta place"])
def test_a_move_verb_with_an_object_of_no_game_is_no_move(text: str) -> None:
    assert said("quinito", text)["intent"] is None


@pytest.mark.parametrize(
    ("game", "text", "moves"),
    [
        ("quinito", "j'accepte soixante quatre", [("accept", None), ("score", 64)]),
        ("quinito", "menteur il y a cinquante deux", [("challenge", None), ("score", 52)]),
        ("quinito", "je relance soixante trois", [("reroll", None), ("score", 63)]),
        ("quinito", "j'accepte quinito à ma gauche", [("accept", None), ("quinito", 21)]),
        ("cinquillo", "je pioche et je passe", [("draw", None), ("pass", None)]),
        ("quinito", "j'accepte je relance trente deux", [("accept", None), ("reroll", None), ("score", 32)]),
    ],
)
def test_q6_two_moves_in_one_line_come_in_order(
    game: str, text: str, moves: list[tuple[str, int | None]]
) -> None:
    parse = said(game, text)
    listed = parse["moves"]
    assert isinstance(listed, list)
    assert [(m["intent"], m.get("score")) for m in listed] == moves
    assert parse["intent"] == moves[0][0]  # the first also at the top level, as before


def test_q6_two_moves_keep_the_second_ones_target() -> None:
    second = said("quinito", "j'accepte quinito à ma gauche")["moves"]
    assert isinstance(second, list) and second[1]["position"] == "left"


@pytest.mark.parametrize(
    "text", ["j'accepte ou je soulève", "soixante deux soixante trois", "je contre pas", "menteur menteur"]
)
def test_q6_no_second_move_without_an_order_the_game_allows(text: str) -> None:
    assert "moves" not in said("quinito", text)


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("cinquillo", "j'ai pas le cinq de coupes"),
        ("cinquillo", "je n'ai pas le six d'épées"),
        ("cinquillo", "j'ai plus de sept de bâtons"),
        ("quinito", "j'ai pas soixante deux"),
        ("quinito", "c'est pas soixante cinq"),
    ],
)
def test_c6_a_card_or_score_named_in_a_negation_is_no_move(game: str, text: str) -> None:
    assert said(game, text)["intent"] is None


def test_c6_a_negated_card_then_a_move_is_that_move() -> None:
    assert said("cinquillo", "j'ai pas le cinq de coupes je passe")["intent"] == "pass"


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("quinito", "c'est à qui"),
        ("quinito", "à qui de jouer"),
        ("cinquillo", "c'est à qui"),
        ("quinito", "il bluffe encore"),
        ("quinito", "elle a menti c'est sûr"),
        ("quinito", "si j'annonce soixante deux tu me crois"),
        ("quinito", "si tu soulèves tu prends une dose"),
        ("quinito", "cinquante deux c'est plus fort que quarante et un"),
        ("cinquillo", "c'est pas toi qui as le sept de coupes"),
    ],
)
def test_chatter_is_no_move(game: str, text: str) -> None:
    assert said(game, text)["intent"] is None


def test_whose_turn_still_with_the_wake_word() -> None:
    assert said("quinito", "arbitre c'est à qui")["intent"] == "whose_turn"
