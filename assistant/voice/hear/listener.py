"""The hearing pipeline: audio source -> half-duplex gate -> recogniser(s) -> final results.

listener = Listener(MicrophoneSource(), Recognizer(model, phrases), gate, on_partial=early)
for heard in listener:       # finals, in order; partials go to `on_partial(heard, at)`
    referee.hear(heard)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from assistant.voice.hear.audio import AudioSource
from assistant.voice.hear.duplex import HalfDuplexGate
from assistant.voice.hear.heard import Decoder, Heard

log = logging.getLogger(__name__)


@dataclass
class ListenerStats:
    """Counters for `kinito doctor`/bench and the tests."""

    chunks: int = 0
    """Chunks read from the source."""
    dropped: int = 0
    """Chunks dropped by the half-duplex gate."""
    resets: int = 0
    """Times the recogniser was reset after the gate reopened."""


class Listener:
    """Iterate to hear the table: yields final `Heard` results; partials go to `on_partial`.

    `on_partial(heard, at)` gets the partials after every chunk that completed no final, with the
    audio time the chunk ends at (so that a consumer can time how long a hypothesis holds); with
    `changes_only`, only when a recogniser's hypothesis changed (the first way)."""

    def __init__(
        self,
        source: AudioSource,
        decoder: Decoder,
        gate: HalfDuplexGate | None = None,
        *,
        on_partial: Callable[[Heard, float], None] | None = None,
        changes_only: bool = False,
    ) -> None:
        self.source = source
        self.decoder = decoder
        self.gate = gate
        self.on_partial = on_partial
        self.changes_only = changes_only
        self.stats = ListenerStats()
        self._last_partial: dict[str, str] = {}

    def _partials(self, at: float) -> None:
        if self.on_partial is None:
            return
        for heard in self.decoder.partials():
            if self.changes_only and self._last_partial.get(heard.mode) == heard.text:
                continue
            self._last_partial[heard.mode] = heard.text
            self.on_partial(heard, at)

    def __iter__(self) -> Iterator[Heard]:
        deaf = False
        try:
            for chunk in self.source.chunks():
                self.stats.chunks += 1
                if self.gate is not None and not self.gate.open(chunk.at):
                    self.stats.dropped += 1
                    if not deaf:
                        # The assistant started speaking: what was half-heard is abandoned.
                        self.decoder.reset()
                        self._last_partial.clear()
                        deaf = True
                    continue
                if deaf:
                    self.decoder.reset()
                    self.stats.resets += 1
                    deaf = False
                finals = self.decoder.accept(chunk)
                if finals:
                    self._last_partial.clear()
                    yield from finals
                if not any(h.mode == "grammar" for h in finals):  # a lagging open final ends no move
                    self._partials(chunk.start + chunk.duration)
            yield from self.decoder.flush()
        finally:
            self.source.close()

    def close(self) -> None:
        """Stop listening (the iteration ends at the source's next chunk)."""
        self.source.close()
