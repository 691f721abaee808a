"""Q2/Q4: a read-out as a Quinito table says it, from the line's words (pure): two dice named face by
face, the two readings of "deux six", the words that mark a line as the dice read out."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistant.games.quinito import readout

FACES = {1: "un", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six"}


@given(st.integers(1, 6), st.integers(1, 6))
def test_Q2_two_die_words_are_read_in_the_order_said(a: int, b: int) -> None:
    assert readout.dice([FACES[a], FACES[b]]) == (a, b)
    assert readout.dice_words(["il", "y", "a", FACES[a], FACES[b]]) == f"{FACES[a]} {FACES[b]}"


@given(st.integers(3, 6))
def test_Q4_deux_x_reads_as_the_double_or_as_the_dice(face: int) -> None:
    assert readout.readout_values(["deux", FACES[face]], face * 11) == (face * 11, face * 10 + 2)
    assert readout.readout_values([FACES[face], "deux"], face * 10 + 2) == (face * 10 + 2,)


def test_Q4_numbers_said_as_numbers_have_one_reading() -> None:
    assert readout.readout_values(["cinquante", "quatre"], 54) == (54,)
    assert readout.dice(["cinquante", "quatre"]) is None
    assert readout.dice(["six", "deux", "six", "deux"]) is None
    assert readout.dice_words(["soixante", "deux"]) is None


def test_Q2_die_words_cover_every_face() -> None:
    assert set(readout.FACES.values()) == {1, 2, 3, 4, 5, 6}
    assert readout.FACES["as"] == readout.FACES["un"] == 1


def test_Q6_a_read_out_says_so() -> None:
    assert readout.readout_marked(["y", "a", "soixante", "quatre"])
    assert readout.readout_marked(["montre", "quatre", "un"])
    assert not readout.readout_marked(["soixante", "quatre"])
