"""Vigilance on speech only: the open recogniser decodes the speech segments, not the room.

The open-vocabulary recogniser (forbidden words, names: Q11) cost 86% of listening when it decoded
every chunk. `GatedDecoder` feeds it only the segments the energy VAD finds (voice.hear.vad), with
`pre_roll` seconds before each segment's first speech frame and `hangover` seconds after its last;
when a segment closes the utterance is finished at once (flush), so no word waits for an endpoint
that the skipped audio will never bring. The recogniser's word times stay on the source timeline
(Recognizer maps the jumps).
"""

from __future__ import annotations

from collections import deque

from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.heard import Decoder, Heard
from assistant.voice.hear.vad import Segmenter, VadSettings


class GatedDecoder:
    """A Decoder that passes only speech segments (with padding) to the decoder it wraps."""

    def __init__(self, decoder: Decoder, settings: VadSettings | None = None) -> None:
        self.decoder = decoder
        self.segmenter = Segmenter(settings)
        self.seconds_in = 0.0
        """Audio seen."""
        self.seconds_fed = 0.0
        """Audio passed to the decoder (the rest was skipped as silence)."""
        self.segments = 0
        """Speech segments opened."""
        self._before: deque[Chunk] = deque()

    def _keep(self, chunk: Chunk) -> None:
        """Remember the last `pre_roll` seconds of skipped audio (the next word's onset)."""
        self._before.append(chunk)
        while sum(c.duration for c in self._before) - self._before[0].duration >= (
            self.segmenter.settings.pre_roll
        ):
            self._before.popleft()

    def _feed(self, chunk: Chunk) -> list[Heard]:
        self.seconds_fed += chunk.duration
        return self.decoder.accept(chunk)

    def accept(self, chunk: Chunk) -> list[Heard]:
        """Decode the chunk if it belongs to a speech segment; a closing segment gives its finals."""
        self.seconds_in += chunk.duration
        was_active = self.segmenter.active
        heard, closed = self.segmenter.update(chunk.pcm)
        if not was_active and not heard:
            self._keep(chunk)
            return []
        out: list[Heard] = []
        if not was_active:
            self.segments += 1
            for before in self._before:
                out += self._feed(before)
            self._before.clear()
        out += self._feed(chunk)
        if closed:
            out += self.decoder.flush()
        return out

    def partials(self) -> list[Heard]:
        """The decoder's partials while a segment is open."""
        return self.decoder.partials() if self.segmenter.active else []

    def flush(self) -> list[Heard]:
        """End of audio."""
        return self.decoder.flush()

    def reset(self) -> None:
        """Forget the utterance in progress."""
        self.decoder.reset()
        self._before.clear()

    @property
    def share_fed(self) -> float:
        """Fraction of the audio the decoder was given."""
        return self.seconds_fed / self.seconds_in if self.seconds_in else 0.0
