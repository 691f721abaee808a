"""The grammar recogniser for moves and the open one for vigilance, on the same audio."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.background import BackgroundDecoder
from assistant.voice.hear.gated import GatedDecoder
from assistant.voice.hear.heard import Decoder, Heard
from assistant.voice.hear.quiet_end import GrammarDecoder, QuietEnd
from assistant.voice.hear.recognizer import Recognizer
from assistant.voice.hear.vad import VadSettings


class DualRecognizer:
    """A grammar recogniser for moves and an open one for vigilance, fed the same chunks.

    With `vad` the open recogniser only decodes speech segments (voice.hear.gated); with
    `quiet`, the grammar recogniser's utterances also end on that much silence after a whole phrase
    (voice.hear.quiet_end).

    With `background` (what `kinito play` does) the open recogniser decodes in its own thread
    (voice.hear.background): the moves recogniser never waits for it; its finals come out of a later
    `accept`, put in audio order (by start time) among the moves recogniser's, so that a forbidden
    word is heard by the referee before a move said after it in the same batch."""

    def __init__(
        self,
        model: Any,
        phrases: Sequence[str],
        *,
        threshold: float = 0.6,
        speaker_model: Any = None,
        vad: VadSettings | None = None,
        quiet: float | None = None,
        background: bool = False,
    ) -> None:
        grammar = Recognizer(model, phrases, threshold=threshold)
        self.moves: GrammarDecoder = grammar if quiet is None else QuietEnd(grammar, quiet)
        """Grammar mode: the phrases a move may take now."""
        vigilance = Recognizer(model, None, threshold=threshold, speaker_model=speaker_model)
        gated: Decoder = vigilance if vad is None else GatedDecoder(vigilance, vad)
        self.background = BackgroundDecoder(gated) if background else None
        """The vigilance recogniser's thread, when it has one."""
        self.vigilance: Decoder = gated if self.background is None else self.background
        """Open vocabulary: forbidden words, names, anything else (with the speaker's voice, if known)."""

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """The game state changed: switch the moves grammar."""
        self.moves.set_phrases(phrases)

    def accept(self, chunk: Chunk) -> list[Heard]:
        return _in_audio_order(self.moves.accept(chunk), self.vigilance.accept(chunk))

    def partials(self) -> list[Heard]:
        """The moves recogniser's partials only: nothing reads the open one's (early moves and the
        joiner look at grammar partials), and asking Vosk for them each chunk costs CPU."""
        return self.moves.partials()

    def flush(self) -> list[Heard]:
        return _in_audio_order(self.moves.flush(), self.vigilance.flush())

    def reset(self) -> None:
        self.moves.reset()
        self.vigilance.reset()


def _in_audio_order(moves: list[Heard], vigilance: list[Heard]) -> list[Heard]:
    """Both recognisers' finals by start time (a lagging vigilance final before a later move)."""
    if not vigilance:
        return moves
    return sorted(moves + vigilance, key=lambda h: h.start)
