"""The end of an utterance decided from the room's quiet, not only by Vosk's rules.

With the Korean model, Vosk's endpoint rules hand out the final result 0.8-0.9 s after the speech
ends even with rule2 at 0.35 s (measured: trailing silence is counted on decoded frames, which lag
the audio by a decoding block and the network's right context), while `FinalResult()` called 0.1 to
0.5 s after the end gives the same text in about 11 ms. `QuietEnd` wraps the grammar recogniser:
once the energy VAD has heard speech and then `quiet` seconds of silence, and the decoder's current
hypothesis is no start of a longer phrase, it ends the utterance itself, and the final result (not
the partial) says what was said. A hypothesis that a longer phrase may continue ("soixante",
"je passe") or an empty one is left to Vosk's rules; a prefix final that still comes out is held by
`voice.hear.joiner.PrefixJoiner`. Requiring a whole phrase as the partial, as first planned, waited out
the decoder's lag: on the bench's "menteur" the partial read "deux menteur" (no phrase) for 0.4 s
after the speech, while the final at the quiet was "menteur" (measured).

`FinalResult()` restarts Vosk's feature pipeline (its i-vector adaptation begins again); the
bench's table and the split-phrase test are heard right after it.

Time is the audio's own (chunk timeline), so WAV files and fake clocks give the same decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.heard import Decoder, Heard
from assistant.voice.hear.joiner import strict_prefixes
from assistant.voice.hear.vad import FRAME_SECONDS, EnergyVad, VadSettings

QUIET_SECONDS = 0.10
"""Silence after speech before the utterance is taken as over. A phrase that may go on ("je passe",
"soixante") is never ended here, so this only has to outlast the quiet inside one word (a stop
consonant's closure). The decoder's hypothesis during a hesitation is not always the prefix, so a
prefix final can still come out early: voice.hear.joiner then holds it AFTER_WORD_SECONDS after its word
(without that, 0.15 s charged a fault in the split-phrase test of tests/voice/test_joiner.py). The
bench's table measured the final about 0.21 s after the end of speech with 0.15 s (0.05 s chunks),
0.11 s with 0.10 s (0.02 or 0.05 s chunks), against 0.9 s on Vosk's rules; the split phrase is still
one announcement at 0.02, 0.05 and 0.1 s chunks (tests/voice/test_joiner.py)."""


class GrammarDecoder(Decoder, Protocol):
    """A grammar recogniser: a Decoder that says which phrases it decodes (voice.hear.recognizer)."""

    @property
    def phrases(self) -> tuple[str, ...]:
        """The phrases of its current grammar."""
        ...

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """Switch its grammar."""
        ...


class QuietEnd:
    """A Decoder that ends the utterance after `quiet` seconds of silence, unless a longer phrase
    may follow."""

    def __init__(
        self, decoder: GrammarDecoder, quiet: float = QUIET_SECONDS, vad: VadSettings | None = None
    ) -> None:
        self.decoder = decoder
        self.quiet = quiet
        """Seconds of silence after speech before a whole phrase ends the utterance."""
        self.ended = 0
        """Utterances ended here (Vosk's own rules ended the others)."""
        self._vad = EnergyVad(vad)
        self._spoke = False
        self._silent = 0.0

    @property
    def phrases(self) -> tuple[str, ...]:
        """The wrapped recogniser's phrases."""
        return self.decoder.phrases

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """Switch the wrapped recogniser's grammar."""
        self.decoder.set_phrases(phrases)

    def _listen(self, pcm: bytes) -> None:
        for speech in self._vad.frames(pcm):
            if speech:
                self._spoke, self._silent = True, 0.0
            else:
                self._silent += FRAME_SECONDS

    def _may_end(self) -> bool:
        """The decoder has a hypothesis, and it is no start of a longer phrase ("soixante")."""
        partial = self.decoder.partials()
        return bool(partial) and partial[0].text not in strict_prefixes(self.decoder.phrases)

    def accept(self, chunk: Chunk) -> list[Heard]:
        """Decode the chunk; end the utterance here when the quiet after a whole phrase is long enough."""
        self._listen(chunk.pcm)
        finals = self.decoder.accept(chunk)
        if finals:
            self._spoke = False
            return finals
        if self._spoke and self._silent >= self.quiet and self._may_end():
            self._spoke = False
            self.ended += 1
            return self.decoder.flush()
        return []

    def partials(self) -> list[Heard]:
        """The wrapped recogniser's partials."""
        return self.decoder.partials()

    def flush(self) -> list[Heard]:
        """End of audio."""
        self._spoke = False
        return self.decoder.flush()

    def reset(self) -> None:
        """Forget the utterance in progress."""
        self._spoke = False
        self.decoder.reset()
