"""The recogniser-damage model: seeded, bounded, and never drops a negation."""

from __future__ import annotations

import random

from assistant.sim.table.noise import KEEP, Noise, damage

LINE = "je te crois pas soixante-deux menteur"


def test_a_perfect_recogniser_changes_nothing() -> None:
    rng = random.Random(0)
    assert all(damage(LINE, rng, Noise.none()) == LINE for _ in range(50))


def test_a_lost_line_never_reaches_the_referee() -> None:
    assert damage(LINE, random.Random(0), Noise(lost_line=1.0)) is None


def test_the_same_seed_damages_the_same_way() -> None:
    noisy = Noise(0.1, 0.5, 0.5, 0.2, 0.5)
    first = [damage(LINE, random.Random(7), noisy) for _ in range(3)]
    again = [damage(LINE, random.Random(7), noisy) for _ in range(3)]
    assert first == again


def test_negations_survive_when_every_other_word_is_dropped() -> None:
    heard = damage(LINE, random.Random(1), Noise(0.0, 0.0, 0.0, 1.0, 0.0))
    assert heard is not None and set(heard.split()) == {"pas"} & KEEP


def test_hyphens_are_heard_as_spaces_and_homophones_replace_words() -> None:
    heard = damage("soixante-deux menteur", random.Random(3), Noise(0.0, 1.0, 0.0, 0.0, 1.0))
    assert heard is not None
    assert "-" not in heard and "menteur" not in heard.split()
