"""The vigilance recogniser in a thread of its own (voice.hear.background): the moves path never waits for
it, its finals keep their audio order and times, and a forbidden word (Q11) is still charged to the
one who said it - with the real Korean model on espeak-ng speech through the microphone path."""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from assistant.bench.recognizer import room_noise
from assistant.bench.voicepath import STAND_IN
from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.runtime.hearing import hearing
from assistant.runtime.live import from_heard
from assistant.runtime.utterance import Utterance
from assistant.settings.table import table_config
from assistant.testing.fake_stream import FakeStream
from assistant.voice.hear.audio import Chunk, MicrophoneSource
from assistant.voice.hear.background import YIELD_NICE, BackgroundDecoder
from assistant.voice.hear.dual import DualRecognizer
from assistant.voice.hear.heard import Heard
from assistant.voice.hear.vad import VadSettings
from assistant.voice.hear.wavfile import pcm_chunks, read_wav
from tests.voice.conftest import GRAMMAR


class Blocked:
    """A Decoder that decodes nothing until `release` is set, then gives one final per chunk."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.log: list[str] = []

    def accept(self, chunk: Chunk) -> list[Heard]:
        self.release.wait(30.0)
        self.log.append(f"chunk {chunk.start:.1f}")
        return [Heard(f"mot {chunk.start:.1f}", chunk.start, chunk.start + chunk.duration, 1.0)]

    def partials(self) -> list[Heard]:
        return []

    def flush(self) -> list[Heard]:
        self.log.append("flush")
        return []

    def reset(self) -> None:
        self.log.append("reset")


def _chunks(n: int) -> list[Chunk]:
    return list(pcm_chunks(bytes(3200 * n), 0.1))


def test_accept_returns_while_the_worker_is_stuck_and_nothing_is_lost() -> None:
    """The caller is never held by the worker: ten chunks go in while it decodes none; once it is
    free, every final comes out, in audio order, reset where it was asked."""
    blocked = Blocked()
    background = BackgroundDecoder(blocked)
    chunks = _chunks(10)
    out = [h for c in chunks[:5] for h in background.accept(c)]
    background.reset()
    out += [h for c in chunks[5:] for h in background.accept(c)]
    assert out == [] and blocked.log == []  # all ten were taken while nothing was decoded
    blocked.release.set()
    out += background.flush()
    assert [h.text for h in out] == [f"mot {c.start:.1f}" for c in chunks]
    assert blocked.log[5] == "reset" and blocked.log[-1] == "flush"
    assert background.dropped == 0 and background.most_behind >= 10


def test_a_full_queue_drops_its_oldest_chunks_and_counts_them() -> None:
    blocked = Blocked()
    background = BackgroundDecoder(blocked, capacity=3)
    for chunk in _chunks(10):
        background.accept(chunk)
    blocked.release.set()
    texts = [h.text for h in background.flush()]
    assert background.dropped >= 6  # the worker may have taken the first chunk before blocking
    assert texts[-3:] == ["mot 0.7", "mot 0.8", "mot 0.9"]  # the newest are kept


def test_the_worker_ends_after_the_flush_and_starts_again() -> None:
    blocked = Blocked()
    blocked.release.set()
    background = BackgroundDecoder(blocked)
    for _ in range(2):
        out = background.accept(_chunks(1)[0]) + background.flush()
        assert [h.text for h in out] == ["mot 0.0"]
        assert background._thread is None  # the worker let go after the flush


def test_dual_recognizer_with_a_vigilance_thread_hears_both(
    ko_model: Any, speak: Callable[[str], Path]
) -> None:
    """The real model: the grammar final and the open one, the open one from its thread."""
    dual = DualRecognizer(ko_model, GRAMMAR, vad=VadSettings(), background=True)
    assert isinstance(dual.vigilance, BackgroundDecoder)
    pcm = room_noise(1.0, level=300) + read_wav(speak("안녕하세요")) + room_noise(1.5, level=300, seed=6)
    finals = [h for c in pcm_chunks(pcm, 0.05) for h in dual.accept(c)] + dual.flush()
    assert {h.mode for h in finals} == {"grammar", "open"}
    assert [h.text for h in finals if h.mode == "grammar"] == ["안녕하세요"]
    assert all(a.start <= b.start for a, b in itertools.pairwise(finals))


class ClosesOn:
    """A Voice that keeps its lines and closes the microphone once it said `last`."""

    def __init__(self, last: str) -> None:
        self.last = last
        self.lines: list[str] = []
        self.mic: MicrophoneSource | None = None

    def say(self, text: str) -> float:
        self.lines.append(text)
        if text == self.last and self.mic is not None:
            self.mic.close()
        return 0.0


def test_q11_a_forbidden_word_heard_by_the_vigilance_thread_is_charged_to_its_speaker(
    ko_play_model: Any, speak: Callable[[str], Path]
) -> None:
    """Q11 through `kinito play`'s path (drinking edition, vigilance thread, microphone over a fake
    stream at twice real time): Ana announces 62, Bruno lifts, then someone says the forbidden verb
    ("bois", said as 좋아요). The referee asks who said it, with no penalty charged on a guess; the
    answer charges Chloé, and the log keeps the line that caused it."""
    words = {**STAND_IN, "bois": "좋아요"}
    pcm = room_noise(0.5, level=300)
    for line in ("soixante deux", "menteur", "bois"):
        said = read_wav(speak(" ".join(words[w] for w in line.split())))
        pcm += said + room_noise(1.5, level=300, seed=len(pcm) % 97)
    pcm += room_noise(3.0, level=300, seed=3)
    table = table_config({"players": "Ana,Bruno,Chloé", "confirm": "off"})
    # The open model hears espeak-ng's 좋아요 with a confidence of about 0.44 (measured).
    referee = Referee(replace(table, confirm_below=0.3), FakeClock())
    voice = ClosesOn("Qui a dit ça ?")
    mic = MicrophoneSource(stream_factory=lambda **kw: FakeStream(**kw, pcm=pcm, speed=2.0))
    voice.mic = mic
    watchdog = threading.Timer(120.0, mic.close)  # never hang the suite
    watchdog.start()
    try:
        path = hearing(
            ko_play_model, referee, referee.parser, voice, lambda _loop: mic, None, None, stand_in=words
        )  # type: ignore[arg-type]
        for utterance in from_heard(path.listener, referee.parser, dual=True, early=path.early):
            path.loop.hear(utterance)
    finally:
        watchdog.cancel()
        mic.close()
    assert voice.lines[0] == "Combien sous le gobelet ?" and "Qui a dit ça ?" in voice.lines, voice.lines
    assert referee.state.cups[0].announced == 62 and referee.penalties() == []
    path.loop.hear(Utterance(None, "arbitre c'est Chloé"))
    charged = {"player": "Chloé", "amount": 1, "unit": "dose", "reason": "forbidden_word"}
    assert referee.penalties() == [charged]


class Niceness(Blocked):
    """A Blocked decoder that notes the scheduling priority of the thread decoding each chunk."""

    def __init__(self) -> None:
        super().__init__()
        self.release.set()
        self.nice: list[int] = []

    def accept(self, chunk: Chunk) -> list[Heard]:
        self.nice.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        return super().accept(chunk)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice values are Linux's")
def test_the_worker_runs_below_the_hearing_thread() -> None:
    """On one core the moves recogniser goes first: the worker decodes at a lower priority than the
    thread that feeds it (which keeps its own)."""
    before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    decoder = Niceness()
    background = BackgroundDecoder(decoder)
    for chunk in _chunks(3):
        background.accept(chunk)
    background.flush()
    assert decoder.nice and all(n == min(19, before + YIELD_NICE) for n in decoder.nice)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == before
