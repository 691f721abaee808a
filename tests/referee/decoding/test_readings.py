"""The decoder's readings of a line, from text (pure): negation, protest, dice, the two readings of
"deux six" (Q2/Q4), corrections, fillers, two moves, ranks no Spanish deck has (C1)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistant.referee.decoding import readings
from assistant.referee.decoding.question import LIFETIME, Question
from assistant.referee.decoding.words import DIE_WORDS

FACES = {1: "un", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six"}


def test_C3_a_card_in_a_negation_is_no_move() -> None:
    assert readings.negated("j'ai pas le cinq de coupes")
    assert readings.negated("je n'ai plus de deniers")
    assert not readings.negated("je passe")
    assert not readings.negated("cinq de deniers")


def test_Q6_a_protest_is_about_what_was_said() -> None:
    assert readings.protest("non j'avais dit soixante trois")
    assert not readings.protest("six deux")


@given(st.integers(1, 6), st.integers(1, 6))
def test_Q2_two_die_words_are_read_in_the_order_said(a: int, b: int) -> None:
    assert readings.dice(f"{FACES[a]} {FACES[b]}") == (a, b)
    assert readings.dice_words(f"il y a {FACES[a]} {FACES[b]}") == f"{FACES[a]} {FACES[b]}"


@given(st.integers(3, 6))
def test_Q4_deux_x_reads_as_the_double_or_as_the_dice(face: int) -> None:
    text = f"deux {FACES[face]}"
    assert readings.readout_values(text, face * 11) == (face * 11, face * 10 + 2)
    assert readings.readout_values(f"{FACES[face]} deux", face * 10 + 2) == (face * 10 + 2,)


def test_Q4_numbers_said_as_numbers_have_one_reading() -> None:
    assert readings.readout_values("cinquante quatre", 54) == (54,)
    assert readings.dice("cinquante quatre") is None
    assert readings.dice("six deux six deux") is None


def test_a_correction_gives_what_replaces_the_move() -> None:
    fixed = readings.correction("ah non pardon le quatre de deniers")
    assert fixed is not None and fixed.rest == "quatre de deniers"
    assert readings.correction("le quatre de deniers") is None
    assert readings.correction("non j'ai pas le quatre") is None


def test_Q8_filler_before_an_answer_is_dropped() -> None:
    assert readings.without_fillers("le dernier c'est celui en face") == "celui en face"
    assert readings.without_fillers("celui en face") is None


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


def test_C1_ranks_no_spanish_deck_has() -> None:
    assert readings.missing_rank("huit de deniers") == "huit"
    assert readings.missing_rank("dame de coupes") == "dame"
    assert readings.missing_rank("il est huit heures") is None


def test_C8_an_abandon_without_the_wake_word_is_heard() -> None:
    assert readings.abandons("j'abandonne")
    assert not readings.abandons("je n'abandonne pas")


def test_die_words_cover_every_face() -> None:
    assert set(DIE_WORDS.values()) == {1, 2, 3, 4, 5, 6}


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
