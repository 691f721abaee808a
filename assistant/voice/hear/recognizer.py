"""Vosk behind a small API: chunks in, `Heard` results out (finals and partials, with word timings).

Two modes: grammar (the phrase list the understanding layer derives from the game state, switched
with `set_phrases` when the state changes) and open vocabulary (vigilance: forbidden words, names).
`voice.hear.dual.DualRecognizer` runs one of each on the same audio; `voice.model.loading` loads the models.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from assistant.voice.hear.audio import SAMPLE_RATE, Chunk
from assistant.voice.hear.heard import Heard, Mode, Word
from assistant.voice.model.loading import in_vocabulary

log = logging.getLogger(__name__)


UNKNOWN = "[unk]"
"""Vosk's garbage word: lets a grammar recogniser say "none of the phrases" (when the model has it)."""


class _Stream:
    """One vosk.KaldiRecognizer and the timeline bookkeeping of the audio fed to it."""

    def __init__(self, vosk_recognizer: Any) -> None:
        self.vosk = vosk_recognizer
        self.fed = 0.0
        """Seconds fed to Vosk: its word times are on this timeline."""
        self.segments: list[tuple[float, float]] = []
        """(fed seconds, source time) at each jump of the source timeline."""
        self.used = False
        """Audio was fed since the last reset."""


GRAMMAR_CACHE = 16
"""Compiled grammars kept per recogniser (A state change reuses its grammar)."""


class Recognizer:
    """One vosk.KaldiRecognizer: grammar mode when given phrases, open vocabulary otherwise.

    Grammar switching at no cost: Vosk compiles a grammar when it is set (26 ms measured),
    and setting one restarts the decoder anyway; so each phrase list gets its own KaldiRecognizer,
    compiled once and kept (up to GRAMMAR_CACHE lists), and a switch back to a list already seen
    only resets that recogniser.
    """

    def __init__(
        self,
        model: Any,
        phrases: Sequence[str] | None = None,
        *,
        threshold: float = 0.6,
        partial_words: bool = False,
        speaker_model: Any = None,
    ) -> None:
        self.model = model
        self.threshold = threshold
        """Below this mean word confidence a result is marked not `confident`."""
        self.speaker_model = speaker_model
        """A vosk.SpkModel: finals then carry the speaker's x-vector (`Heard.voice`)."""
        self.partial_words = partial_words
        self.mode: Mode = "open"
        self.phrases: tuple[str, ...] = ()
        self.compiled = 0
        """Grammars compiled so far (a switch to a cached one compiles nothing)."""
        self._grammars: OrderedDict[tuple[str, ...], tuple[_Stream, tuple[str, ...]]] = OrderedDict()
        self._open: _Stream | None = None
        self._stream = self._open_stream() if phrases is None else _Stream(None)
        if phrases is not None:
            self.set_phrases(phrases)

    def _new_vosk(self, grammar: str | None = None) -> Any:
        import vosk

        if grammar is None:
            recognizer = vosk.KaldiRecognizer(self.model, SAMPLE_RATE)
        else:
            recognizer = vosk.KaldiRecognizer(self.model, SAMPLE_RATE, grammar)
        recognizer.SetWords(True)
        recognizer.SetPartialWords(self.partial_words)
        if self.speaker_model is not None:
            recognizer.SetSpkModel(self.speaker_model)
        return recognizer

    def _open_stream(self) -> _Stream:
        if self._open is None:
            self._open = _Stream(self._new_vosk())
        return self._open

    def _enter(self, stream: _Stream) -> None:
        """Make `stream` the current one, clean: a switch drops the utterance in progress."""
        if stream is not self._stream and stream.used:
            _clear(stream.vosk)
            stream.used = False
        self._stream = stream

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """Switch to a grammar of these phrases (None: open vocabulary). Takes effect at once."""
        if phrases is None:
            self._enter(self._open_stream())
            self.mode, self.phrases = "open", ()
            return
        key = tuple(phrases)
        cached = self._grammars.get(key)
        if cached is None:
            cached = self._compile(key)
            self._grammars[key] = cached
            while len(self._grammars) > GRAMMAR_CACHE:
                self._grammars.popitem(last=False)
        self._grammars.move_to_end(key)
        stream, kept = cached
        self._enter(stream)
        self.mode, self.phrases = "grammar", kept

    def _compile(self, phrases: tuple[str, ...]) -> tuple[_Stream, tuple[str, ...]]:
        kept, dropped = in_vocabulary(self.model, [p for p in phrases if p != UNKNOWN])
        if dropped:
            log.info("%d phrases with words unknown to the model dropped, e.g. %r", len(dropped), dropped[0])
        if not kept:
            raise ValueError("no phrase of the grammar is in the model's vocabulary")
        grammar = [*kept, UNKNOWN] if self.model.vosk_model_find_word(UNKNOWN) >= 0 else kept
        self.compiled += 1
        return _Stream(self._new_vosk(json.dumps(grammar, ensure_ascii=False))), tuple(kept)

    def _source_time(self, t: float) -> float:
        for fed, origin in reversed(self._stream.segments):
            if t >= fed:
                return origin + (t - fed)
        return t

    def _heard(self, raw: str, final: bool) -> Heard | None:
        data = json.loads(raw)
        text = (data.get("text") if final else data.get("partial")) or ""
        items = data.get("result" if final else "partial_result") or []
        words = tuple(
            Word(
                word=str(w["word"]),
                start=self._source_time(float(w["start"])),
                end=self._source_time(float(w["end"])),
                conf=float(w.get("conf", 1.0)),
            )
            for w in items
        )
        words = tuple(w for w in words if w.word != UNKNOWN) if self.mode == "grammar" else words
        text = " ".join(t for t in text.split() if t != UNKNOWN)
        if not text:
            return None
        conf = sum(w.conf for w in words) / len(words) if words and final else 1.0
        start = words[0].start if words else self._source_time(self._stream.fed)
        end = words[-1].end if words else self._source_time(self._stream.fed)
        spk = data.get("spk") if final else None
        voice = tuple(float(x) for x in spk) if isinstance(spk, list) and spk else None
        return Heard(text, start, end, conf, words, final, self.mode, conf >= self.threshold, voice)

    def accept(self, chunk: Chunk) -> list[Heard]:
        """Feed one chunk; the final result it completed (endpoint reached), if any."""
        stream = self._stream
        if not stream.segments or abs(self._source_time(stream.fed) - chunk.start) > 1e-3:
            stream.segments.append((stream.fed, chunk.start))
        stream.fed += chunk.duration
        stream.used = True
        if stream.vosk.AcceptWaveform(chunk.pcm):
            heard = self._heard(stream.vosk.Result(), final=True)
            return [heard] if heard else []
        return []

    def partials(self) -> list[Heard]:
        """The utterance in progress, if any words are hypothesised yet."""
        heard = self._heard(self._stream.vosk.PartialResult(), final=False)
        return [heard] if heard else []

    def flush(self) -> list[Heard]:
        """End of audio: force the final result of what is pending."""
        heard = self._heard(self._stream.vosk.FinalResult(), final=True)
        return [heard] if heard else []

    def reset(self) -> None:
        """Drop the utterance in progress (after the half-duplex gate closed)."""
        _clear(self._stream.vosk)
        self._stream.used = False


def _clear(recognizer: Any) -> None:
    """Drop a KaldiRecognizer's utterance in progress.

    Vosk's Reset() alone keeps audio it buffered but had not decoded yet, which then surfaces in
    the next result (measured: a half-heard word leaked); finishing the utterance first and
    throwing the result away drops it.
    """
    recognizer.FinalResult()
    recognizer.Reset()
