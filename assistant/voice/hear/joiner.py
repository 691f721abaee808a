"""A final result that is only the start of a longer phrase waits for the rest.

Endpoint rules short enough to answer quickly sometimes end an utterance at a pause inside a
phrase: "soixante … deux" comes out as two finals. "soixante" alone is a phrase of the announce
grammar (a fantasy number, Q10), so acting on it would charge a fault. `PrefixJoiner` wraps the
decoder: a grammar final that is a strict word-prefix of a longer phrase of the current grammar is
held. If no speech follows within `hold` seconds of audio after it came out, and `after_word`
seconds after its last word (energy VAD, or a partial result), it is released as it was; if speech
follows, it waits for the next grammar final (at most `max_wait`), and when the two make a phrase
they are merged into one final, else both come out in order. While a final is held, grammar
partials carry it in front, so early moves see "soixante deux" and act on the whole phrase.

Time is the audio's own (chunk timeline), so WAV files and fake clocks give the same decisions.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace

from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.heard import Decoder, Heard
from assistant.voice.hear.vad import EnergyVad, VadSettings

HOLD_SECONDS = 0.4
"""How long after it came out a prefix final waits for speech to follow. A split final comes once
the endpoint rule's trailing silence (0.35 s with PLAY) has passed; in the split measured on the
Korean model (tests/voice/test_joiner.py) the continuation began 0.1 s after the final, and its
first partial only 0.7 s after that - hence the energy detector rather than the partials."""
AFTER_WORD_SECONDS = 1.2
"""And at least this long after the prefix's last word: the final may come out early (voice.hear.quiet_end
ends an utterance QUIET_SECONDS after the speech), while a hesitation inside "soixante … deux" was measured
at 0.9 s; with Vosk's own rules alone the final came 0.6-0.9 s after the word, hold included about
this much."""
MAX_WAIT_SECONDS = 2.5
"""Once speech follows, the longest wait for its final (then the prefix comes out alone)."""


@functools.lru_cache(maxsize=32)
def strict_prefixes(phrases: tuple[str, ...]) -> frozenset[str]:
    """Every proper word-prefix of a phrase ("soixante" of "soixante deux"), once per phrase list."""
    out: set[str] = set()
    for phrase in phrases:
        words = phrase.split()
        out.update(" ".join(words[:i]) for i in range(1, len(words)))
    return frozenset(out)


class PrefixJoiner:
    """A Decoder (and phrase sink) that holds prefix finals and merges a split phrase."""

    def __init__(
        self,
        decoder: Decoder,
        phrases: Sequence[str] = (),
        hold: float = HOLD_SECONDS,
        max_wait: float = MAX_WAIT_SECONDS,
        vad: VadSettings | None = None,
        after_word: float = AFTER_WORD_SECONDS,
    ) -> None:
        self.decoder = decoder
        self.hold = hold
        """Seconds of quiet after a prefix final came out before it is released alone."""
        self.max_wait = max_wait
        """Seconds after a prefix final came out before it is released, whatever follows."""
        self.after_word = after_word
        """Seconds after the prefix's last word before it is released alone (when no speech follows)."""
        self.merged = 0
        """Split phrases put back together so far."""
        self.held_count = 0
        """Finals held so far."""
        self._phrases: frozenset[str] = frozenset()
        self._prefixes: frozenset[str] = frozenset()
        self._held: Heard | None = None
        self._since = 0.0
        self._followed = False
        self._vad = EnergyVad(vad)
        self._now = 0.0
        self.use_phrases(phrases)

    def use_phrases(self, phrases: Sequence[str]) -> None:
        """The grammar in force (what the decoder was given), without switching the decoder."""
        key = tuple(phrases)
        self._phrases = frozenset(key)
        self._prefixes = strict_prefixes(key)

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Switch the decoder's grammar (it must be a phrase sink) and follow it."""
        sink = getattr(self.decoder, "set_phrases", None)
        if sink is None:
            raise TypeError("the wrapped decoder takes no phrases")
        sink(phrases)
        self.use_phrases(phrases)

    @property
    def holding(self) -> Heard | None:
        """The final waiting for its continuation, if any."""
        return self._held

    def _take(self, heard: Heard) -> list[Heard]:
        """One grammar final: merged with the held one, held itself, or passed on."""
        out: list[Heard] = []
        if self._held is not None:
            joined = f"{self._held.text} {heard.text}"
            if joined in self._phrases or joined in self._prefixes:
                heard = _merge(self._held, heard)
                self.merged += 1
            else:
                out.append(self._held)
            self._held = None
        if heard.text in self._prefixes:
            self._held, self._since, self._followed = heard, self._now, False
            self.held_count += 1
        else:
            out.append(heard)
        return out

    def _sort(self, finals: list[Heard]) -> list[Heard]:
        out: list[Heard] = []
        for heard in finals:
            out.extend(self._take(heard) if heard.mode == "grammar" else [heard])
        return out

    def accept(self, chunk: Chunk) -> list[Heard]:
        """Decode the chunk; release a held final once its wait is over."""
        self._now = chunk.start + chunk.duration
        speech = self._vad.speech(chunk.pcm)
        out = self._sort(self.decoder.accept(chunk))
        held = self._held
        if held is None:
            return out
        if not self._followed and self._now > self._since:
            self._followed = speech or any(p.mode == "grammar" for p in self.decoder.partials())
        waited = self._now - self._since
        if self._followed:
            over = waited >= self.max_wait
        else:
            over = waited >= self.hold and self._now - held.end >= self.after_word
        if over:
            self._held = None
            out.append(held)
        return out

    def partials(self) -> list[Heard]:
        """The decoder's partials; a grammar partial follows the held final in one text."""
        partials = self.decoder.partials()
        held = self._held
        if held is None:
            return partials
        return [
            replace(p, text=f"{held.text} {p.text}", start=held.start, words=held.words + p.words)
            if p.mode == "grammar"
            else p
            for p in partials
        ]

    def flush(self) -> list[Heard]:
        """End of audio: the pending finals, a held one included."""
        out = self._sort(self.decoder.flush())
        if self._held is not None:
            out.append(self._held)
            self._held = None
        return out

    def reset(self) -> None:
        """Forget the utterance in progress (the assistant speaks): a held final is dropped with it."""
        self._held = None
        self.decoder.reset()


def _merge(first: Heard, second: Heard) -> Heard:
    """One final of two halves: both texts and words, the lower confidence."""
    words = first.words + second.words
    conf = min(first.conf, second.conf)
    return replace(
        second,
        text=f"{first.text} {second.text}",
        start=first.start,
        words=words,
        conf=conf,
        confident=first.confident and second.confident,
        voice=second.voice or first.voice,
    )
