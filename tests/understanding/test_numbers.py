"""French numbers: text2num reads them; french_number writes 0..99 the way Vosk spells them."""

from __future__ import annotations

import pytest
from text_to_num import text2num

from assistant.understanding.numbers import after_carrier, french_number, spoken_number


def test_french_number_round_trips_through_text2num() -> None:
    """0..99 written by french_number are read back by text2num (independent implementation)."""
    for n in range(100):
        assert text2num(french_number(n), "fr") == n
        assert "-" not in french_number(n)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("vingt trois", 23),
        ("soixante dix", 70),
        ("quatre vingt", 80),
        ("cent", 100),
        ("chut", None),
        ("trois six", None),
        ("zero", 0),
        ("", None),
        ("un deux trois quatre cinq six sept", None),
    ],
)
def test_spoken_number(text: str, value: int | None) -> None:
    """Q10: a whole line that is one number, else None (text2num alone would read "chut" as 8)."""
    assert spoken_number(text) == value


def test_after_carrier() -> None:
    """Q10: the carrier before a fantasy announcement is dropped; other lines are left alone."""
    assert after_carrier("j annonce vingt trois", ["j annonce", "je dis"]) == "vingt trois"
    assert after_carrier("vingt trois", ["j annonce"]) == "vingt trois"
