"""What Vosk's grammar mode does with speech that is not one phrase of the list, checked on the real
decoder (Korean model, espeak-ng speech) rather than assumed.

- Joined-up phrases come out joined: a grammar of single phrases still yields their chains
  ("안녕하세요 사과" from a list holding each alone), so a final can be two moves or a move and a
  phrase's end; the parser and PrefixJoiner see such chains.
- Off-grammar chatter is *not* kept out by the decoder when the model has no "[unk]" word: this
  Korean model has none (Recognizer then leaves it out of the list, and Vosk warns), and chatter
  comes out as grammar words. Only a model whose vocabulary has "[unk]" can answer "none of the
  phrases"; the French small model's vocabulary must be checked for it where it can be loaded
  (`kinito doctor`), and until then the parser's context and the confidence threshold are what
  keep chatter from becoming moves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.bench.recognizer import room_noise
from assistant.voice.hear.recognizer import UNKNOWN, Recognizer
from assistant.voice.hear.wavfile import pcm_chunks, read_wav

PHRASES = ["안녕하세요", "사과", "감사합니다"]
CHATTER = ("우리는 친구입니다", "맥주 한 잔 더 주세요", "정말 재미있는 게임이에요")
"""Sentences with none of the phrases' words (the vigilance bench's talk)."""


def _heard(model: Any, speak: Callable[[str], Path], text: str) -> list[str]:
    recognizer = Recognizer(model, [*PHRASES, UNKNOWN])
    pcm = room_noise(0.3) + read_wav(speak(text)) + room_noise(1.0, seed=3)
    out = [h.text for c in pcm_chunks(pcm, 0.05) for h in recognizer.accept(c)]
    return out + [h.text for h in recognizer.flush()]


def test_joined_up_phrases_come_out_as_one_chain(ko_model: Any, speak: Callable[[str], Path]) -> None:
    assert _heard(ko_model, speak, "안녕하세요 사과") == ["안녕하세요 사과"]
    assert _heard(ko_model, speak, "사과 감사합니다") == ["사과 감사합니다"]


def test_without_unk_in_the_model_chatter_comes_out_as_grammar_words(
    ko_model: Any, speak: Callable[[str], Path]
) -> None:
    assert ko_model.vosk_model_find_word(UNKNOWN) < 0  # this model has no garbage word
    assert UNKNOWN not in Recognizer(ko_model, [*PHRASES, UNKNOWN]).phrases
    heard = [text for sentence in CHATTER for text in _heard(ko_model, speak, sentence)]
    assert heard  # chatter is not rejected...
    assert {w for text in heard for w in text.split()} <= set(PHRASES)  # ...it becomes phrase words
