"""Calibrating a room: the pure part (takes and levels in, a threshold out)."""

from __future__ import annotations

import math
from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.doctor.calibration import (
    MARGIN,
    SILENCE_DBFS,
    THRESHOLD_RANGE,
    Take,
    calibrate,
    dbfs,
    suggest,
)
from assistant.doctor.listen import pick_phrases
from assistant.settings.table import DEFAULT_CONFIRM

confs = st.floats(min_value=0.0, max_value=1.0)


def take(asked: str, heard: str, conf: float, quiet: float = -60.0, speech: float = -20.0) -> Take:
    return Take(asked, heard, conf, conf, quiet, speech)


def test_a_take_is_right_when_the_words_asked_were_heard() -> None:
    assert take("Soixante  deux", "soixante deux", 0.9).right
    assert not take("soixante deux", "soixante", 0.9).right
    assert not take("menteur", "", 0.0).right


def test_halfway_between_the_lowest_right_and_the_highest_wrong() -> None:
    takes = [take("a", "a", 0.9), take("b", "b", 0.7), take("c", "x", 0.4), take("d", "y", 0.3)]
    assert suggest(takes) == pytest.approx(0.55)  # (0.7 + 0.4) / 2


def test_without_a_wrong_take_a_margin_under_the_lowest_right_one() -> None:
    assert suggest([take("a", "a", 0.95), take("b", "b", 0.8)]) == pytest.approx(0.8 - MARGIN)


def test_without_a_right_take_the_default() -> None:
    assert suggest([take("a", "x", 0.5), take("b", "", 0.0)]) == pytest.approx(DEFAULT_CONFIRM)


def test_nothing_heard_has_no_confidence_to_split_on() -> None:
    assert suggest([take("a", "a", 0.8), take("b", "", 0.0)]) == suggest([take("a", "a", 0.8)])


@given(st.lists(st.tuples(st.booleans(), confs), min_size=1, max_size=12))
def test_the_suggestion_stays_in_range(pairs: list[tuple[bool, float]]) -> None:
    takes = [take("a", "a" if ok else "b", c) for ok, c in pairs]
    low, high = THRESHOLD_RANGE
    assert low <= suggest(takes) <= high


@given(st.lists(confs, min_size=1, max_size=6), st.lists(confs, min_size=1, max_size=6))
def test_separable_takes_are_split_by_the_suggestion(rights: list[float], wrongs: list[float]) -> None:
    """When every right take is clearly above every wrong one, inside the range, the threshold lets
    the right ones through and stops the wrong ones."""
    low, high = THRESHOLD_RANGE
    rights = [low + (high - low) * (0.6 + 0.4 * c) for c in rights]
    wrongs = [low + (high - low) * 0.4 * c for c in wrongs]
    takes = [take("a", "a", c) for c in rights] + [take("a", "b", c) for c in wrongs]
    threshold = suggest(takes)
    assert max(wrongs) < threshold <= min(rights)


def test_room_figures_are_medians_and_their_difference() -> None:
    takes = [
        take("a", "a", 0.9, quiet=-62.0, speech=-20.0),
        take("b", "b", 0.9, quiet=-50.0, speech=-30.0),
        take("c", "", 0.0, quiet=-58.0, speech=-58.0),
    ]
    result = calibrate(takes)
    assert result.noise_dbfs == -58.0
    assert result.speech_dbfs == -25.0  # the take that heard nothing has no speech level
    assert result.snr_db == pytest.approx(33.0)
    assert result.right == 2
    assert result.to_json()["setting"] == "confirm_below"


def test_no_take_is_an_error() -> None:
    with pytest.raises(ValueError):
        calibrate([])


def test_dbfs_of_full_scale_silence_and_a_known_level() -> None:
    assert dbfs(array("h", [32767, -32767] * 100).tobytes()) == pytest.approx(0.0, abs=0.01)
    assert dbfs(array("h", [3277, -3277] * 100).tobytes()) == pytest.approx(-20.0, abs=0.01)
    assert dbfs(bytes(400)) == SILENCE_DBFS
    assert dbfs(b"") == SILENCE_DBFS


@given(st.lists(st.integers(-32768, 32767), max_size=200))
def test_dbfs_is_finite_and_at_most_a_little_over_full_scale(samples: list[int]) -> None:
    level = dbfs(array("h", samples).tobytes())
    assert math.isfinite(level) and SILENCE_DBFS <= level <= 0.01


def test_phrases_take_each_kind_of_move_in_turn_two_words_first() -> None:
    scores = ["soixante deux", "trente et un", "j'annonce trente et un", "a b c d"]
    lifts = ["menteur", "je soulève", "menteur"]
    others = ["[unk]", "trois"]
    assert pick_phrases([scores, lifts, others], 3) == ["soixante deux", "je soulève", "trois"]
    assert pick_phrases([scores, lifts, others], 10) == [
        "soixante deux",
        "je soulève",
        "trois",
        "trente et un",
        "menteur",
    ]
    assert pick_phrases([scores, lifts], 0) == []
    assert pick_phrases([], 3) == []
