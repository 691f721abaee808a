"""The decoder's readings of a line, from text (pure): negation, protest, corrections, fillers, two
moves, an abandon (C8). What one game reads in a line is tested with the game (tests/games/)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistant.referee.decoding import readings
from assistant.referee.decoding.question import LIFETIME, Question


def test_C3_a_card_in_a_negation_is_no_move() -> None:
    assert readings.negated("j'ai pas le cinq de coupes")
    assert readings.negated("je n'ai plus de deniers")
    assert not readings.negated("je passe")
    assert not readings.negated("cinq de deniers")


def test_Q6_a_protest_is_about_what_was_said() -> None:
    assert readings.protest("non j'avais dit soixante trois")
    assert not readings.protest("six deux")


def test_a_correction_gives_what_replaces_the_move() -> None:
    fixed = readings.correction("ah non pardon le quatre de deniers")
    assert fixed is not None and fixed.rest == "quatre de deniers"
    assert readings.correction("le quatre de deniers") is None
    assert readings.correction("non j'ai pas le quatre") is None


def test_Q8_filler_before_an_answer_is_dropped() -> None:
    assert readings.without_fillers("le dernier c'est celui en face") == "celui en face"
    assert readings.without_fillers("celui en face") is None


def test_Q2_a_game_reads_its_values_in_the_words_left_without_fillers() -> None:
    assert readings.heard("ah euh c'est six deux") == ["six", "deux"]
    assert readings.heard("il y a six deux") == ["il", "y", "a", "six", "deux"]


@given(
    st.lists(
        st.sampled_from(["menteur", "y", "a", "soixante", "quatre", "j'accepte"]), min_size=2, max_size=6
    )
)
def test_splits_cut_at_every_word_boundary_and_keep_every_word(words: list[str]) -> None:
    text = " ".join(words)
    cuts = readings.splits(text)
    assert len(cuts) == len(words) - 1
    assert all(f"{a} {b}" == text for a, b in cuts)


def test_C8_an_abandon_without_the_wake_word_is_heard() -> None:
    assert readings.abandons("j'abandonne")
    assert not readings.abandons("je n'abandonne pas")


@given(st.sampled_from(sorted(LIFETIME)))
def test_every_question_expires_while_the_table_plays_on(kind: str) -> None:
    question: Question | None = Question(kind, "?")  # type: ignore[arg-type]
    for _ in range(10):
        assert question is not None
        question = question.aged()
        if question is None:
            break
    assert question is None
    assert not Question("culprit", "?").asked_again().may_ask_again


def test_before_negation_keeps_what_was_said_before_it() -> None:
    """C3/Q5: the words before the first negation, where a whole move is a move made."""
    assert (
        readings.before_negation("hop cinquante-quatre j'ai même pas regardé")
        == "hop cinquante quatre j'ai même"
    )
    assert readings.before_negation("j'ai pas le cinq de coupes") == "j'ai"
    assert readings.before_negation("je n'ai plus rien") == "je"
    assert readings.before_negation("six de deniers") == "six de deniers"
