"""Grammar switching at no cost: the recogniser's phrase list follows what the game awaits
(`GrammarSwitch`, one list made per awaited state), and a switch asked from any thread applies in the
hearing thread (`SwitchingDecoder`)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from assistant.core.expectation import Expectation
from assistant.game import GameModule
from assistant.understanding.grammar import respellings
from assistant.understanding.phrases import adapt_to_vocabulary, phrases_for
from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.heard import Decoder, Heard

log = logging.getLogger(__name__)


class PhraseSink(Protocol):
    """A recogniser whose grammar can be switched (Recognizer, DualRecognizer, SwitchingDecoder)."""

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Decode only these phrases from now on."""
        ...


class SwitchingDecoder:
    """A Decoder whose phrase switches, asked from any thread, apply in the hearing thread.

    Vosk's recogniser must not be reconfigured while it decodes: `set_phrases` only records the new
    list, and the next `accept` applies it before feeding audio.
    """

    def __init__(self, decoder: Decoder, sink: PhraseSink) -> None:
        self.decoder = decoder
        self.sink = sink
        self.switches = 0
        """Grammar switches applied so far."""
        self._lock = threading.Lock()
        self._pending: list[str] | None = None

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Switch the grammar at the next chunk."""
        with self._lock:
            self._pending = list(phrases)

    def _apply(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, None
        if pending is not None:
            try:
                self.sink.set_phrases(pending)
            except ValueError as error:  # no phrase in the model's vocabulary: keep the previous grammar
                log.warning("grammar switch refused: %s", error)
                return
            self.switches += 1

    def accept(self, chunk: Chunk) -> list[Heard]:
        """Apply a pending grammar, then decode the chunk."""
        self._apply()
        return self.decoder.accept(chunk)

    def partials(self) -> list[Heard]:
        """The decoder's partial results."""
        return self.decoder.partials()

    def flush(self) -> list[Heard]:
        """The decoder's pending finals."""
        return self.decoder.flush()

    def reset(self) -> None:
        """Forget the utterance in progress."""
        self.decoder.reset()


class GrammarSwitch:
    """Sets the recogniser's phrases for what the game awaits, each time that changes."""

    def __init__(
        self,
        sink: PhraseSink,
        module: GameModule[Any, Any],
        players: Sequence[str],
        wake_word: str = "arbitre",
        has_word: Callable[[str], bool] | None = None,
    ) -> None:
        self.sink = sink
        self.module = module
        self.players = tuple(players)
        self.wake_word = wake_word
        self.has_word = has_word
        """The model's vocabulary test: phrases are respelled to fit it (None: taken as they are)."""
        self.awaiting: tuple[str, ...] | None = None
        """What the current phrase list was made for."""
        self._made: dict[tuple[str, ...], list[str]] = {}

    def phrases(self, expectations: Sequence[Expectation]) -> list[str]:
        """Every phrase one of the expectations allows, fitted to the model's vocabulary.

        Made once per awaited state (17 ms measured), then taken from the cache."""
        key = tuple(e.awaiting for e in expectations)
        if key not in self._made:
            self._made[key] = self._make(expectations)
        return self._made[key]

    def _make(self, expectations: Sequence[Expectation]) -> list[str]:
        found: dict[str, None] = {}
        for expect in expectations:
            for phrase in phrases_for(self.module, expect.awaiting, self.players, self.wake_word):
                found.setdefault(phrase, None)
        if self.has_word is None:
            return list(found)
        adapted, _back = adapt_to_vocabulary(found, self.has_word, respellings(self.module))
        return adapted

    def update(self, expectations: Sequence[Expectation]) -> bool:
        """Switch the phrases if what is awaited changed; True when it did."""
        awaiting = tuple(e.awaiting for e in expectations)
        if awaiting == self.awaiting:
            return False
        self.awaiting = awaiting
        self.sink.set_phrases(self.phrases(expectations))
        return True


def respellings_for(
    module: GameModule[Any, Any],
    players: Sequence[str],
    wake_word: str,
    has_word: Callable[[str], bool],
) -> dict[str, str]:
    """The respelling map of every phrase of the game (the Parser maps what Vosk writes back)."""
    phrases = phrases_for(module, None, players, wake_word)
    _adapted, back = adapt_to_vocabulary(phrases, has_word, respellings(module))
    return back
