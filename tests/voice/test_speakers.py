"""Voice attribution (Q11): a breach is charged by voice only when the match is confident."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from assistant.voice.hear.voiceprints import SpeakerBook, cosine


def _voice(seed: int, size: int = 128) -> list[float]:
    rng = random.Random(seed)
    return [rng.gauss(0.0, 1.0) for _ in range(size)]


def _near(vector: list[float], noise: float, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [x + rng.gauss(0.0, noise) for x in vector]


def test_q11_each_enrolled_voice_is_recognised_from_a_noisy_sample() -> None:
    voices = {name: _voice(i) for i, name in enumerate(["Ana", "Bruno", "Chloé", "David"])}
    book = SpeakerBook()
    for name, voice in voices.items():
        for k in range(3):
            book.enrol(name, _near(voice, 0.3, 100 + k))
    for name, voice in voices.items():
        found = book.identify(_near(voice, 0.5, 999))
        assert found.player == name, (name, found)


def test_q11_an_unknown_voice_is_not_charged_to_anyone() -> None:
    book = SpeakerBook()
    book.enrol("Ana", _voice(1))
    book.enrol("Bruno", _voice(2))
    assert book.identify(_voice(3)).player is None


def test_q11_two_similar_prints_are_too_close_to_call() -> None:
    ana = _voice(1)
    book = SpeakerBook(threshold=0.5, margin=0.1)
    book.enrol("Ana", ana)
    book.enrol("Anne", _near(ana, 0.05, 7))  # twins: the margin cannot be met
    found = book.identify(_near(ana, 0.05, 8))
    assert found.player is None and found.similarity > 0.9


def test_nobody_enrolled_or_a_broken_vector_names_nobody() -> None:
    book = SpeakerBook()
    assert book.identify(_voice(1)).player is None
    book.enrol("Ana", _voice(1))
    assert book.identify([0.0] * 128).player is None
    assert book.identify([1.0] * 3).player is None
    with pytest.raises(ValueError):
        book.enrol("Ana", [1.0] * 3)


@given(st.lists(st.floats(-10, 10, allow_nan=False), min_size=2, max_size=16))
def test_cosine_of_a_vector_with_itself_is_one(vector: list[float]) -> None:
    assume(sum(x * x for x in vector) > 1e-6)
    assert cosine(vector, vector) == pytest.approx(1.0)
