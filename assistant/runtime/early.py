"""Issue 4: acting on a partial result as soon as it is already a complete, unambiguous move."""

from __future__ import annotations

from typing import Protocol

from assistant.referee.referee import Understander
from assistant.runtime.utterance import Utterance
from assistant.voice.heard import Heard


class Hearer(Protocol):
    """The live loop, as far as early moves need it."""

    def hear(self, utterance: Utterance) -> list[str]:
        """One utterance to the referee."""
        ...


class EarlyMoves:
    """Issue 4: a partial result that is already a complete, unambiguous move is acted on at once,
    without waiting for Vosk's end of utterance; its final result is then skipped.

    Use it as the Listener's `on_partial` and pass it to `from_heard`. Only the grammar recogniser's
    partials count (open-vocabulary ones are for vigilance); `enabled` is off while voices enrol.

    A partial is acted on only once the decoder has given the same text twice in a row (STABLE):
    Vosk's first guess at a word can be another phrase of the grammar ("deux deux" for the start of
    "soixante deux"), and a wrong move is worse than a late one (one more chunk, about 0.1 s).
    """

    def __init__(self, loop: Hearer, parser: Completer) -> None:
        self.loop = loop
        self.parser = parser
        self.enabled = True
        self._acted: str | None = None
        self._last: str | None = None  # the previous partial's text, to see that it holds

    def __call__(self, heard: Heard) -> None:
        if not self.enabled or heard.final or heard.mode != "grammar":
            return
        if self._acted is not None:
            if heard.text.startswith(self._acted):
                return  # the same utterance goes on: its move is made
            self._acted = None  # a new utterance began
        stable, self._last = heard.text == self._last, heard.text
        if not stable:
            return
        if self.parser.complete(heard.text) and self.parser.parse(heard.text).intent is not None:
            self._acted = heard.text
            self.loop.hear(Utterance(None, heard.text, heard.conf))

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
