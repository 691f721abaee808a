"""Acting on a partial result as soon as it is already a complete, unambiguous move."""

from __future__ import annotations

from typing import Protocol

from assistant.referee.referee import Understander
from assistant.runtime.utterance import Utterance
from assistant.voice.hear.heard import Heard


class Hearer(Protocol):
    """The live loop, as far as early moves need it."""

    def hear(self, utterance: Utterance) -> list[str]:
        """One utterance to the referee."""
        ...


HOLD_SECONDS = 0.3
"""How long (audio) a complete partial must stay unchanged before it is acted on: longer than the
decoder's block (0.21 s of frames plus the chunk that carries it, measured 0.25 s), so that a first
guess is confirmed by the next block before anything happens."""


class EarlyMoves:
    """A partial result that is already a complete, unambiguous move is acted on at once,
    without waiting for Vosk's end of utterance; its final result is then skipped.

    Use it as the Listener's `on_partial` and pass it to `from_heard`. Only the grammar recogniser's
    partials count (open-vocabulary ones are for vigilance); `enabled` is off while voices enrol.

    A partial is acted on only once it has stayed the decoder's hypothesis for `hold` seconds of
    audio (HOLD_SECONDS): Vosk's first guess at a word can be another phrase of the grammar ("deux
    deux" for the start of "soixante deux", measured with the Korean model), and a wrong move is
    worse than a late one. Vosk revises its hypothesis once per decoding block (about 0.25 s with
    the Korean model, whatever the chunk size), so a guess that the next block overturns never
    holds that long. `hold=None` keeps the first rule (the same text passed twice
    in a row; the bench's "before").
    """

    def __init__(self, loop: Hearer, parser: Completer, hold: float | None = HOLD_SECONDS) -> None:
        self.loop = loop
        self.parser = parser
        self.hold = hold
        """Seconds of audio a complete partial must hold (None: the same text twice in a row)."""
        self.enabled = True
        self._acted: str | None = None
        self._last: str | None = None  # the current partial's text, to see that it holds
        self._since = 0.0  # and since when (audio seconds)

    def __call__(self, heard: Heard, at: float = 0.0) -> None:
        """A partial result, read after the chunk that ends at `at` seconds of audio."""
        if not self.enabled or heard.final or heard.mode != "grammar":
            return
        if self._acted is not None:
            if heard.text.startswith(self._acted):
                return  # the same utterance goes on: its move is made
            self._acted = None  # a new utterance began
        if not self._holds(heard.text, at):
            return
        if self.parser.complete(heard.text) and self.parser.parse(heard.text).intent is not None:
            self._acted = heard.text
            self.loop.hear(Utterance(None, heard.text, heard.conf))

    def _holds(self, text: str, at: float) -> bool:
        """The partial has stayed the same long enough (`hold`), or was passed twice (hold None)."""
        if self.hold is None:
            stable, self._last = text == self._last, text
            return stable
        if text != self._last:
            self._last, self._since = text, at
        return at - self._since >= self.hold

    def settled(self, final_text: str) -> bool:
        """A grammar final: True when its move was already made from a partial (skip it)."""
        acted, self._acted, self._last = self._acted, None, None
        if acted is None:
            return False
        said = acted.split()
        return final_text.split()[: len(said)] == said  # the same utterance, perhaps finished longer


class Completer(Understander, Protocol):
    """A parser that can tell a complete phrase from the start of a longer one."""

    def complete(self, text: str) -> bool:
        """Whether no longer phrase goes on from `text`."""
        ...
