"""A stand-in language at the Vosk boundary: French phrases heard through another language's model.

The French model cannot be fetched everywhere (not here), yet the voice path (endpointing, early
moves, split phrases, grammar switches, the referee's answer) should run on a real decoder. `StandIn`
maps each French word to a word of the loaded model ("soixante" -> "안녕하세요"): phrase lists are
translated on the way in (phrases with an unmapped word are left out), results back on the way out.
Tests and `kinito bench` speak the translated words with espeak-ng in the model's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Protocol

from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.heard import Decoder, Heard
from assistant.voice.hear.recognizer import UNKNOWN


class PhraseDecoder(Decoder, Protocol):
    """A Decoder that also takes phrase lists (Recognizer, DualRecognizer, PrefixJoiner...)."""

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Decode only these phrases from now on."""
        ...


class StandIn:
    """Translates phrases to the model's words and results back to French (a Decoder and a sink)."""

    def __init__(self, decoder: PhraseDecoder, words: Mapping[str, str]) -> None:
        self.decoder = decoder
        self.words = dict(words)
        """French word -> model word."""
        self.back = {v: k for k, v in self.words.items()}
        """Model word -> French word."""

    @staticmethod
    def translate(phrases: Sequence[str], words: Mapping[str, str]) -> list[str]:
        """The phrases whose every word is mapped, in the model's words ([unk] kept)."""
        out = [" ".join(words[w] for w in p.split()) for p in phrases if _mapped(p, words)]
        return [*out, UNKNOWN] if UNKNOWN in phrases else out

    def _french(self, heard: Heard) -> Heard:
        text = " ".join(self.back.get(w, w) for w in heard.text.split())
        words = tuple(replace(w, word=self.back.get(w.word, w.word)) for w in heard.words)
        return replace(heard, text=text, words=words)

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Switch the decoder to the translated phrases."""
        self.decoder.set_phrases(self.translate(phrases, self.words))

    def accept(self, chunk: Chunk) -> list[Heard]:
        return [self._french(h) for h in self.decoder.accept(chunk)]

    def partials(self) -> list[Heard]:
        return [self._french(h) for h in self.decoder.partials()]

    def flush(self) -> list[Heard]:
        return [self._french(h) for h in self.decoder.flush()]

    def reset(self) -> None:
        self.decoder.reset()


def _mapped(phrase: str, words: Mapping[str, str]) -> bool:
    parts = phrase.split()
    return bool(parts) and all(w in words for w in parts)
