"""What a recogniser hands over (a final or partial result, its words and timings) and the Decoder
Protocol every recogniser of the voice path implements: the data types, apart from Vosk."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

from assistant.voice.hear.audio import Chunk

Mode = Literal["grammar", "open"]
"""Which recogniser heard a result: grammar-constrained or open vocabulary."""


@dataclass(frozen=True)
class Word:
    """One recognised word."""

    word: str
    """The word as the model spells it."""
    start: float
    """Seconds, on the audio source's timeline."""
    end: float
    """Seconds, on the audio source's timeline."""
    conf: float
    """Vosk's posterior confidence, 0..1."""


@dataclass(frozen=True)
class Heard:
    """What the recogniser heard: a final result or a partial one."""

    text: str
    """The words, space-separated, lower case as the model spells them."""
    start: float
    """Seconds of the first word (source timeline); for a partial without words, of the utterance."""
    end: float
    """Seconds of the last word's end."""
    conf: float
    """Mean word confidence, 0..1 (1.0 for a partial, which Vosk does not rate)."""
    words: tuple[Word, ...] = ()
    """Per-word timings and confidences."""
    final: bool = True
    """False for a partial result (the utterance goes on)."""
    mode: Mode = "open"
    """Which recogniser heard it: grammar-constrained or open vocabulary."""
    confident: bool = True
    """conf reached the recogniser's threshold; if not, the referee asks the table to repeat."""
    voice: tuple[float, ...] | None = None
    """The speaker's x-vector (Vosk's "spk"), on finals when a speaker model is loaded."""

    def to_json(self) -> dict[str, Any]:
        """The transcript fields of `kinito transcribe`."""
        return {
            "text": self.text,
            "start": round(self.start, 3),
            "end": round(self.end, 3),
            "conf": self.conf,
        }


class Decoder(Protocol):
    """What the listener drives: a Recognizer or a DualRecognizer."""

    def accept(self, chunk: Chunk) -> list[Heard]:
        """Feed audio; the finals it completed."""
        ...

    def partials(self) -> list[Heard]:
        """The current partial results (non-empty ones)."""
        ...

    def flush(self) -> list[Heard]:
        """End of audio: the finals still pending."""
        ...

    def reset(self) -> None:
        """Forget the utterance in progress."""
        ...
