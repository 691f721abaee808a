"""The endpoint rules `kinito play` uses, as a setting, and the one model load."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.errors import UserError
from assistant.voice.hear.endpoint import DEFAULT, PLAY, SHORT, load_with_rules, parse_rules


def test_the_endpoint_setting_names_a_rule_set_or_gives_three_durations() -> None:
    assert parse_rules(None) == PLAY
    assert parse_rules("play") == PLAY and parse_rules("model") == DEFAULT and parse_rules("short") == SHORT
    custom = parse_rules("0.4, 0.8, 1.2")
    assert (custom.rule2, custom.rule3, custom.rule4) == (0.4, 0.8, 1.2)
    assert custom.rule1 == PLAY.rule1 and custom.max_utterance == PLAY.max_utterance


@pytest.mark.parametrize("text", ["fast", "0.5,0.4,1.0", "0.3,0.6", "0,0.5,1", "a,b,c"])
def test_a_bad_endpoint_setting_is_one_sentence_with_a_fix(text: str) -> None:
    with pytest.raises(UserError, match="endpoint"):
        parse_rules(text)


def test_play_rules_sit_between_the_split_prone_and_the_model_rules() -> None:
    """0.25 s split a phrase at a 330 ms pause; the model's 0.5 s is ~190 ms slower."""
    assert SHORT.rule2 < PLAY.rule2 < DEFAULT.rule2
    assert PLAY.rule3 < DEFAULT.rule3 and PLAY.rule4 < DEFAULT.rule4


def test_the_model_is_loaded_once_with_the_rules_and_the_load_is_timed(ko_model_dir: Path) -> None:
    loaded = load_with_rules(ko_model_dir, PLAY)
    conf = (loaded.path / "conf" / "model.conf").read_text()
    assert "--endpoint.rule2.min-trailing-silence=0.35" in conf
    assert loaded.load_s > 0.05  # timed around the real load, not after it (the old bench read 0.0)
    assert loaded.model.vosk_model_find_word("안녕하세요") >= 0
