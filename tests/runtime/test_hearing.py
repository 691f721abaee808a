"""`kinito play`'s voice path as assembled by runtime.hearing, on the real Korean decoder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.bench.voicepath import STAND_IN, table_audio
from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.runtime.hearing import Ears, hearing
from assistant.runtime.live import from_heard
from assistant.settings.table import table_config
from assistant.voice.hear.endpoint import PLAY, load_with_rules
from assistant.voice.hear.heard import Heard
from assistant.voice.hear.wavfile import pcm_chunks
from tests.referee.fakes import ListSource, Said


@pytest.fixture(scope="module")
def ko_play_model(ko_model_dir: Path) -> Any:
    """The Korean model loaded as `kinito play` loads it (PLAY endpoint rules, one copy)."""
    return load_with_rules(ko_model_dir, PLAY).model


def _play(model: Any, pcm: bytes, ears: Ears) -> tuple[Referee, Said, list[tuple[float, str]]]:
    """The bench's table ("soixante deux", then "menteur") through the whole path, early moves on."""
    referee = Referee(table_config({"players": "Ana,Bruno,Chloé", "confirm": "off"}), FakeClock())
    said = Said()
    source = ListSource(list(pcm_chunks(pcm, ears.chunk)))
    path = hearing(
        model, referee, referee.parser, said, lambda _loop: source, None, None, stand_in=STAND_IN, ears=ears
    )  # type: ignore[arg-type]
    seen: list[tuple[float, str]] = []
    early = path.early

    def watch(heard: Heard, at: float) -> None:
        if heard.mode == "grammar":
            seen.append((at, heard.text))
        early(heard, at)

    path.listener.on_partial = watch
    for utterance in from_heard(path.listener, referee.parser, dual=True, early=early):
        path.loop.hear(utterance)
    return referee, said, seen


def test_the_decoders_first_guess_deux_deux_is_never_announced(ko_play_model: Any, tmp_path: Path) -> None:
    """Q5 / Q10: the Korean decoder's partials for "soixante deux" begin with "deux deux" (a whole
    phrase: an announcement of 22); the early-move rule lets it pass, Ana announces 62 and Bruno's
    "menteur" is answered, with no fault."""
    pcm, _end = table_audio("ko", tmp_path)
    referee, said, seen = _play(ko_play_model, pcm, Ears())
    assert "deux deux" in [text for _at, text in seen]  # the premise: the wrong guess was there
    assert referee.penalties() == [], referee.spoken
    assert said.lines == ["Combien sous le gobelet ?"]
    assert referee.state.cups[0].announced == 62 and referee.state.cups[0].announcer == "Ana"


def test_the_first_landings_path_hears_the_same_table(ko_play_model: Any, tmp_path: Path) -> None:
    """The bench's "before" really runs the old rules: the same outcome, by the older path."""
    pcm, _end = table_audio("ko", tmp_path)
    referee, said, _seen = _play(ko_play_model, pcm, Ears(quiet=None, early_hold=None, chunk=0.1))
    assert referee.penalties() == [] and said.lines == ["Combien sous le gobelet ?"]
