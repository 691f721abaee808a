"""Leftover words (leftovers.py): they lower a clear move's confidence, and veto it only when they show
the game words mean something else ("leftover words lower the confidence; they do not veto
a clear frame", and precision first).

The rule tests build pieces by hand (no grammar); the parser tests use lines written for these tests,
none of them a corpus line.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.game import get_game
from assistant.understanding.leftovers import LEFTOVER_FACTOR, Piece, lowered, vetoed
from assistant.understanding.parser import Parser

MARKERS = frozenset({"un", "le", "la", "au", "de", "chez", "mon"})
OPENERS = frozenset({"pas", "que", "qu", "si"})


def piece(text: str, role: str, legal: bool = True, known: bool = False) -> Piece:
    return Piece(tuple(text.split()), role, legal, known)


MOVE = piece("je prends", "move")
SCORE = piece("quarante deux", "number")


@cache
def quinito() -> Parser:
    return Parser(get_game("quinito"), ("Ana", "Bruno", "Chloé", "David"), vigilance=True)


@cache
def cinquillo() -> Parser:
    return Parser(get_game("cinquillo"), ("Ana", "Bruno", "Chloé"), vigilance=False)


def test_an_interjection_around_a_move_lowers_it_without_veto() -> None:
    """Otherwise clause: one unknown word before or after a move keeps it."""
    assert not vetoed([piece("boum", "unknown"), SCORE], MARKERS, OPENERS)
    assert not vetoed([MOVE, piece("volontiers", "unknown")], MARKERS, OPENERS)
    assert lowered(1.0, 2) == pytest.approx(LEFTOVER_FACTOR**2)
    assert lowered(1.0, 10) == lowered(1.0, 3)


def test_rule_1_a_hedge_vetoes() -> None:
    """Rule 1: a question, an alternative or reported speech makes the line no move."""
    assert vetoed([piece("qui a", "hedge"), piece("le six de coupe", "move")], MARKERS, OPENERS)


def test_rule_2_a_noun_phrase_about_something_else_vetoes() -> None:
    """Rule 2: a marker and a word no phrase of the move knows ("je prends un verre")."""
    assert vetoed([MOVE, piece("un", "other"), piece("verre", "unknown")], MARKERS, OPENERS)
    assert not vetoed([MOVE, piece("le", "other"), piece("gobelet", "unknown", known=True)], MARKERS, OPENERS)
    assert vetoed([MOVE, piece("chez", "unknown"), piece("toi", "other")], MARKERS, OPENERS)


def test_rule_3_a_number_used_as_a_quantity_vetoes() -> None:
    """Rule 3: "quarante deux ans", "au quarante deux"; "là" (keyed "la") alone does not count."""
    assert vetoed([SCORE, piece("ans", "unknown")], MARKERS, OPENERS)
    assert vetoed([piece("au", "other"), SCORE], MARKERS, OPENERS)
    assert vetoed([piece("de", "other"), piece("la", "other"), SCORE], MARKERS, OPENERS)
    assert not vetoed([piece("alors", "other"), piece("la", "other"), SCORE], MARKERS, OPENERS)


def test_rule_4_an_illegal_number_among_unknown_words_vetoes() -> None:
    """Rule 4 (Q10 stays for clear announcements): "vingt trois" among unknown words is no move."""
    assert vetoed([piece("paye", "unknown"), piece("vingt trois", "number", legal=False)], MARKERS, OPENERS)
    assert not vetoed([piece("vingt trois", "number", legal=False)], MARKERS, OPENERS)


def test_rule_5_a_one_word_move_among_unknown_words_vetoes() -> None:
    """Rule 5: "je suis contre" is an opinion, "contre" alone a move."""
    assert vetoed([piece("suis", "unknown"), piece("contre", "move")], MARKERS, OPENERS)
    assert not vetoed([piece("contre", "move")], MARKERS, OPENERS)


def test_rule_6_a_negated_or_subordinated_move_vetoes() -> None:
    """Rule 6: "je prends pas", "je crois pas qu'il viendra"."""
    assert vetoed([MOVE, piece("pas", "unknown")], MARKERS, OPENERS)
    assert vetoed([MOVE, piece("qu", "unknown"), piece("il", "other")], MARKERS, OPENERS)


def test_rule_7_a_long_tail_after_the_move_vetoes() -> None:
    """Rule 7: two unknown words after the last move phrase, the sentence goes on about something else."""
    assert vetoed([MOVE, piece("venir", "unknown"), piece("samedi", "unknown")], MARKERS, OPENERS)
    assert not vetoed([piece("vraiment", "unknown"), piece("bon", "unknown"), MOVE], MARKERS, OPENERS)


NONSENSE = st.text(alphabet="bkrtvz", min_size=5, max_size=8)
"""Words no grammar list holds (no vowel): an interjection, a nickname, a garbled carrier."""
MOVES = (
    ("soixante deux", "score"),
    ("je soulève", "challenge"),
    ("j'accepte", "accept"),
    ("changement de sens", "reverse"),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(word=NONSENSE, move=st.sampled_from(MOVES), before=st.booleans())
def test_an_unknown_word_next_to_a_move_keeps_it_with_less_confidence(
    word: str, move: tuple[str, str], before: bool
) -> None:
    """An unknown word does not veto a clear frame; it lowers its confidence (after a
    number it is a unit, rule 3: only before it)."""
    before = before or move[1] == "score"
    line = f"{word} {move[0]}" if before else f"{move[0]} {word}"
    parse = quinito().parse(line)
    assert parse.intent == move[1], line
    assert parse.confidence == pytest.approx(LEFTOVER_FACTOR)


@pytest.mark.parametrize(
    ("parser", "text"),
    [
        (cinquillo, "qui a le sept de bâtons"),
        (cinquillo, "quelqu'un a le roi d'épée"),
        (cinquillo, "t'as le trois de coupe toi"),
        (quinito, "tu crois que je prends"),
        (quinito, "il a dit je soulève"),
        (quinito, "soixante deux ou soixante trois"),
    ],
)
def test_questions_and_reported_speech_give_no_move(parser: object, text: str) -> None:
    """Rule 1: a question about a card or a move is no play ("qui a le six de coupe")."""
    assert callable(parser)
    assert parser().parse(text).intent is None


@pytest.mark.parametrize(
    ("parser", "text", "intent"),
    [
        (cinquillo, "le quatre de coupe euh non attends", None),
        (quinito, "je soulève euh non attends voir", None),
        (quinito, "je crois pas non", "challenge"),
        (quinito, "double cinq pardon", "score"),
    ],
)
def test_a_correction_with_no_new_value_takes_the_move_back(
    parser: object, text: str, intent: str | None
) -> None:
    """frames.py rule 3: "non attends" after a move with nothing new is no move; a lone "non" confirms."""
    assert callable(parser)
    assert parser().parse(text).intent == intent


def test_the_clause_of_boire_is_the_breach_and_the_move_counts() -> None:
    """Q11: "je contre et tu vas boire" is a counter and a forbidden word; a noun phrase still vetoes."""
    parse = quinito().parse("je contre et tu vas boire")
    assert parse.intent == "counter"
    assert [v.rule for v in parse.violations] == ["forbidden_word"]
    chatter = quinito().parse("je prends un verre et on boit")
    assert chatter.intent is None
    assert [v.rule for v in chatter.violations] == ["forbidden_word"]


@pytest.mark.parametrize("text", ["je reprends le gobelet", "tu rencontres qui"])
def test_a_word_built_on_a_grammar_word_is_never_snapped(text: str) -> None:
    """near_miss.py: "reprends" is another word than "prends", no garbled one."""
    assert quinito().parse(text).intent is None


@pytest.mark.parametrize(
    ("parser", "text"),
    [
        (quinito, "c'est quoi menteur"),
        (quinito, "elle l'a relancé"),
        (quinito, "il l'a soulevé"),
        (cinquillo, "ouais c'est moi qui l'ai"),
    ],
)
def test_a_question_or_a_move_told_in_the_third_person_gives_no_move(parser: object, text: str) -> None:
    """Rule 1, hedges of grammars/commands.yaml: "c'est quoi", "il l'a", "elle l'a" (precision first)."""
    assert callable(parser)
    assert parser().parse(text).intent is None


@pytest.mark.parametrize("text", ["je vote passe", "je rate contre", "je date contre"])
def test_a_one_word_move_among_unknown_words_is_never_snapped_to_a_whole_phrase(text: str) -> None:
    """Rule 5 then near_miss.py: the vetoed line is no "je te contre" once its unknown word is swapped."""
    assert quinito().parse(text).intent is None


@pytest.mark.parametrize(
    ("text", "intent"), [("t'ns un menteur", "challenge"), ("t'ds un menteur", "challenge")]
)
def test_a_garbled_letter_in_a_vetoed_line_is_still_snapped(text: str, intent: str) -> None:
    """near_miss.py: one letter away from the phrase's word is a garbled word, not another word (Q4)."""
    assert quinito().parse(text).intent == intent


@pytest.mark.parametrize(
    "text", ["d'accord c'est moi", "je crois pas à ma gauche", "oui je te crois c'est moi"]
)
def test_a_seat_with_a_move_that_takes_no_target_gives_no_move(text: str) -> None:
    """frames.py rule 6: "c'est moi" or a seat said with an accept or a challenge is about something else."""
    assert quinito().parse(text).intent is None


def test_a_seat_with_a_special_still_fills_its_target() -> None:
    """Q8: the seat is the attack's target; the new rule 6 guard leaves targeted moves alone."""
    parse = quinito().parse("quinito à ma gauche")
    assert parse.intent == "quinito"
