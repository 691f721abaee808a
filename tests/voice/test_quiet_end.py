"""The utterance ended on the quiet after speech, unless a longer phrase may follow."""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from assistant.bench.recognizer import room_noise, speech_end
from assistant.voice.hear.audio import SAMPLE_RATE, Chunk
from assistant.voice.hear.endpoint import PLAY, load_with_rules
from assistant.voice.hear.heard import Heard
from assistant.voice.hear.quiet_end import QUIET_SECONDS, QuietEnd
from assistant.voice.hear.recognizer import Recognizer
from assistant.voice.hear.wavfile import pcm_chunks, read_wav

PHRASES = ("soixante", "soixante deux", "menteur", "deux deux")


class Hypothesis:
    """A grammar decoder whose partial is set by the test; flush() hands it out as the final."""

    def __init__(self, phrases: Sequence[str]) -> None:
        self.phrases = tuple(phrases)
        self.partial = ""
        self.flushed = 0

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        self.phrases = tuple(phrases or ())

    def accept(self, chunk: Chunk) -> list[Heard]:
        return []

    def partials(self) -> list[Heard]:
        return [Heard(self.partial, 0.0, 0.0, 1.0, final=False, mode="grammar")] if self.partial else []

    def flush(self) -> list[Heard]:
        self.flushed += 1
        text, self.partial = self.partial, ""
        return [Heard(text, 0.0, 0.0, 0.9, mode="grammar")] if text else []

    def reset(self) -> None:
        self.partial = ""


def _tone(seconds: float) -> bytes:
    return array("h", (int(4000 * math.sin(i / 4)) for i in range(int(SAMPLE_RATE * seconds)))).tobytes()


def _ends(decoder: Hypothesis, partial: str, quiet_after: float = 1.0) -> list[tuple[float, str]]:
    """Room noise, 0.5 s of "speech" (a tone), then quiet; the partial reads `partial` from the tone on."""
    ender = QuietEnd(decoder)
    out = []
    pcm = room_noise(0.5) + _tone(0.5) + room_noise(quiet_after, seed=2)
    for chunk in pcm_chunks(pcm, 0.05):
        if chunk.start >= 0.5:
            decoder.partial = decoder.partial or partial
        out += [(round(chunk.start + chunk.duration, 2), h.text) for h in ender.accept(chunk)]
    return out


def test_a_phrase_nothing_longer_continues_ends_after_the_quiet() -> None:
    """ "menteur" then QUIET_SECONDS of silence: the final comes then, not at Vosk's endpoint."""
    out = _ends(Hypothesis(PHRASES), "menteur")
    assert len(out) == 1 and out[0][1] == "menteur"
    assert 1.0 + QUIET_SECONDS <= out[0][0] <= 1.0 + QUIET_SECONDS + 0.1


def test_a_phrase_a_longer_one_continues_is_left_to_vosk() -> None:
    """Q10: "soixante" alone is a fantasy number; "soixante deux" may be on its way: no end here."""
    decoder = Hypothesis(PHRASES)
    assert _ends(decoder, "soixante") == [] and decoder.flushed == 0


def test_no_hypothesis_no_end() -> None:
    """Noise the grammar hears as nothing ([unk]) is not ended here (each end restarts Vosk's
    feature pipeline)."""
    decoder = Hypothesis(PHRASES)
    assert _ends(decoder, "") == [] and decoder.flushed == 0


def test_speech_that_goes_on_is_not_ended() -> None:
    decoder = Hypothesis(PHRASES)
    ender = QuietEnd(decoder)
    decoder.partial = "menteur"
    out = [h for c in pcm_chunks(room_noise(0.3) + _tone(2.0), 0.05) for h in ender.accept(c)]
    assert out == [] and ender.ended == 0


def test_the_real_decoder_hears_the_phrase_at_the_quiet_long_before_its_endpoint(
    ko_model_dir: Path, speak: Callable[[str], Path]
) -> None:
    """The Korean decoder, play's endpoint rules: the final at the quiet is the same text, and comes
    earlier on the audio timeline than Vosk's own endpoint (audio seconds, no wall clock)."""
    model: Any = load_with_rules(ko_model_dir, PLAY).model
    said = read_wav(speak("감사합니다"))
    end = 0.5 + speech_end(said)
    pcm = room_noise(0.5) + said + room_noise(2.0, seed=4)
    grammar = ["감사합니다", "안녕하세요 사과", "사과 사과", "[unk]"]

    def first_final(decoder: Any) -> tuple[float, str]:
        for chunk in pcm_chunks(pcm, 0.05):
            finals = decoder.accept(chunk)
            if finals:
                return chunk.start + chunk.duration, finals[0].text
        return math.inf, ""

    vosk_at, vosk_text = first_final(Recognizer(model, grammar))
    quiet_at, quiet_text = first_final(QuietEnd(Recognizer(model, grammar)))
    assert vosk_text == quiet_text == "감사합니다"
    assert quiet_at <= end + QUIET_SECONDS + 0.15 < vosk_at
