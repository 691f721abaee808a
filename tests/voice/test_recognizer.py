"""The real Vosk decoder (Korean test model) on espeak-ng speech: grammar and open modes, partials,
word confidences and timings, endpointing, and the dual recogniser."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.bench.recognizer import endpoint_delay, room_noise, speech_end
from assistant.voice.hear.dual import DualRecognizer
from assistant.voice.hear.endpoint import DEFAULT, SHORT, rewrite_conf, tuned_model
from assistant.voice.hear.heard import Heard
from assistant.voice.hear.recognizer import Recognizer
from assistant.voice.hear.wavfile import pcm_chunks, read_wav
from assistant.voice.model.loading import load_model
from tests.voice.conftest import GRAMMAR

GRAMMAR_WORDS = {w for phrase in GRAMMAR for w in phrase.split()}


def _decode(recognizer: Any, pcm: bytes, origin: float = 0.0) -> tuple[list[Heard], list[Heard]]:
    """(finals from accept, i.e. endpointed; finals from flush)."""
    finals: list[Heard] = []
    for chunk in pcm_chunks(pcm, 0.1, origin):
        finals += recognizer.accept(chunk)
    return finals, recognizer.flush()


def _everything(recognizer: Any, pcm: bytes) -> list[Heard]:
    finals, rest = _decode(recognizer, pcm)
    return finals + rest


def test_grammar_mode_hears_the_phrase_and_only_grammar_words(
    ko_model: Any, speak: Callable[[str], Path]
) -> None:
    """The phrase list constrains Vosk: 안녕하세요 is heard exactly; open mode hears other words."""
    pcm = read_wav(speak("안녕하세요")) + room_noise(1.5)
    finals, rest = _decode(Recognizer(ko_model, GRAMMAR), pcm)
    assert [h.text for h in finals + rest] == ["안녕하세요"]
    assert finals and finals[0].mode == "grammar" and finals[0].final
    open_finals, open_rest = _decode(Recognizer(ko_model), pcm)
    open_words = {w.word for h in open_finals + open_rest for w in h.words}
    assert open_words and not open_words <= GRAMMAR_WORDS  # without the grammar, other words come out


def test_open_mode_words_confidences_and_timestamps(ko_model: Any, speak: Callable[[str], Path]) -> None:
    """Open vocabulary hears 좋아요; confidences in [0, 1]; times inside the speech, on the source
    timeline (origin 10 s)."""
    speech = read_wav(speak("좋아요"))
    finals, rest = _decode(Recognizer(ko_model), speech + room_noise(1.5), origin=10.0)
    heard = finals + rest
    assert "좋아요" in " ".join(h.text for h in heard)
    end = speech_end(speech)
    for h in heard:
        assert h.words and 0.0 <= h.conf <= 1.0
        assert h.conf == sum(w.conf for w in h.words) / len(h.words)
        for w in h.words:
            assert 0.0 <= w.conf <= 1.0
            assert 10.0 + 0.3 - 0.25 <= w.start < w.end <= 10.0 + end + 0.25
        assert h.start == h.words[0].start and h.end == h.words[-1].end
        assert h.confident == (h.conf >= 0.6)  # the default threshold


def test_partials_appear_before_the_final_and_endpoint_fires_in_trailing_silence(
    ko_model: Any, speak: Callable[[str], Path]
) -> None:
    """Partials come while the phrase is spoken; the final comes from accept() (endpointing), not
    from the end-of-file flush, once enough trailing silence has been heard."""
    recognizer = Recognizer(ko_model, GRAMMAR)
    events: list[tuple[str, str, float]] = []
    for chunk in pcm_chunks(read_wav(speak("안녕하세요")) + room_noise(2.0), 0.1):
        for h in recognizer.accept(chunk):
            events.append(("final", h.text, chunk.start))
        for h in recognizer.partials():
            assert not h.final
            events.append(("partial", h.text, chunk.start))
    kinds = [k for k, _, _ in events]
    assert "final" in kinds and "partial" in kinds
    assert kinds.index("partial") < kinds.index("final")
    first_partial = next(t for k, _, t in events if k == "partial")
    assert first_partial < 1.6  # before the speech ends (0.3 s silence + ~1.3 s speech)
    assert recognizer.flush() == []


def test_set_phrases_switches_the_grammar(ko_model: Any, speak: Callable[[str], Path]) -> None:
    """When the game state changes the grammar changes: a phrase no longer allowed is not heard."""
    pcm = read_wav(speak("안녕하세요")) + room_noise(1.5)
    recognizer = Recognizer(ko_model, ["좋아요", "하나 둘 셋 넷"])
    first = [h.text for h in _everything(recognizer, pcm)]
    assert "안녕하세요" not in first
    recognizer.set_phrases(GRAMMAR)
    assert [h.text for h in _everything(recognizer, pcm)] == ["안녕하세요"]


def test_dual_recognizer_reports_both_modes(ko_model: Any, speak: Callable[[str], Path]) -> None:
    dual = DualRecognizer(ko_model, GRAMMAR)
    heard = _everything(dual, read_wav(speak("안녕하세요")) + room_noise(1.5))
    assert {h.mode for h in heard} == {"grammar", "open"}
    assert [h.text for h in heard if h.mode == "grammar"] == ["안녕하세요"]


def test_tuned_endpointing_gives_the_final_sooner(
    ko_model: Any, ko_model_dir: Path, speak: Callable[[str], Path], tmp_path: Path
) -> None:
    """SHORT rules (model.conf rewritten in a linked copy) end the utterance sooner than the defaults."""
    conf = rewrite_conf((ko_model_dir / "conf" / "model.conf").read_text(), SHORT)
    assert "--endpoint.rule2.min-trailing-silence=0.25" in conf
    assert "--endpoint.rule2.min-trailing-silence=0.5" not in conf
    assert tuned_model(ko_model_dir, DEFAULT) == ko_model_dir.resolve()
    tuned_dir = tuned_model(ko_model_dir, SHORT, cache=tmp_path)
    assert (tuned_dir / "am").is_symlink()
    assert (ko_model_dir / "conf" / "model.conf").read_text() != conf  # installed model untouched
    speech = read_wav(speak("안녕하세요"))
    pcm, end = speech + room_noise(2.5), speech_end(speech)
    default_ms = endpoint_delay(ko_model, pcm, end)
    tuned_ms = endpoint_delay(load_model(tuned_dir), pcm, end)
    assert default_ms is not None and tuned_ms is not None
    assert tuned_ms < default_ms - 100


def test_a_grammar_seen_before_is_not_compiled_again(ko_model: Any, speak: Callable[[str], Path]) -> None:
    """Switching back to a phrase list reuses its compiled recogniser, and it still hears."""
    other = ["좋아요", "하나 둘 셋 넷"]
    recognizer = Recognizer(ko_model, GRAMMAR)
    recognizer.set_phrases(other)
    recognizer.set_phrases(GRAMMAR)
    recognizer.set_phrases(other)
    assert recognizer.compiled == 2
    recognizer.set_phrases(GRAMMAR)
    assert recognizer.phrases == tuple(GRAMMAR)
    pcm = read_wav(speak("안녕하세요")) + room_noise(1.5)
    assert [h.text for h in _everything(recognizer, pcm)] == ["안녕하세요"]


def test_a_switch_drops_the_utterance_in_progress(ko_model: Any, speak: Callable[[str], Path]) -> None:
    """As Vosk's SetGrammar did: half an utterance heard before a switch never reaches a final,
    even when the grammar comes back later."""
    speech = read_wav(speak("안녕하세요"))
    recognizer = Recognizer(ko_model, GRAMMAR)
    for chunk in pcm_chunks(speech[: len(speech) // 2], 0.1):
        recognizer.accept(chunk)
    recognizer.set_phrases(["좋아요"])
    recognizer.set_phrases(GRAMMAR)
    assert recognizer.flush() == []
    assert recognizer.partials() == []


def test_open_and_grammar_timelines_stay_apart_across_switches(
    ko_model: Any, speak: Callable[[str], Path]
) -> None:
    """Word times stay on the source timeline after switching to a cached grammar (origin 20 s)."""
    recognizer = Recognizer(ko_model, GRAMMAR)
    _decode(recognizer, room_noise(1.0))
    recognizer.set_phrases(["좋아요"])
    recognizer.set_phrases(GRAMMAR)
    speech = read_wav(speak("안녕하세요"))
    finals, rest = _decode(recognizer, speech + room_noise(1.5), origin=20.0)
    words = [w for h in finals + rest for w in h.words]
    assert words and all(20.0 <= w.start < w.end <= 20.0 + speech_end(speech) + 0.25 for w in words)
