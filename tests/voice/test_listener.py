"""The hearing pipeline: WAV files of other formats, the microphone over a fake stream, and the
half-duplex gate (the assistant does not hear itself)."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.bench.recognizer import room_noise
from assistant.core.clock import FakeClock
from assistant.testing.fake_stream import FakeStream
from assistant.voice.hear.audio import MicrophoneSource
from assistant.voice.hear.duplex import HalfDuplexGate
from assistant.voice.hear.heard import Heard
from assistant.voice.hear.listener import Listener
from assistant.voice.hear.recognizer import Recognizer
from assistant.voice.hear.wavfile import WavSource, read_wav, write_wav
from tests.voice.conftest import GRAMMAR, to_stereo


def test_wav_22050_stereo_and_8k_are_resampled_and_heard(
    ko_model: Any, speak: Callable[[str], Path], sox: str, tmp_path: Path
) -> None:
    """espeak-ng's 22050 Hz audio, on two channels, and resampled to 8 kHz by sox: 안녕하세요 heard."""
    mono = speak("안녕하세요")
    stereo = to_stereo(mono, tmp_path / "stereo.wav")
    low = tmp_path / "8k.wav"
    subprocess.run([sox, str(mono), "-r", "8000", str(low)], check=True)
    for path in (stereo, low):
        texts = [
            h.text for h in Listener(WavSource(path, trailing_silence=1.0), Recognizer(ko_model, GRAMMAR))
        ]
        assert texts == ["안녕하세요"], path.name


def test_microphone_path_with_fake_stream_hears_the_phrase(
    ko_model: Any, speak: Callable[[str], Path]
) -> None:
    """MicrophoneSource over FakeStream (4x real time) -> Listener -> a final 안녕하세요, with partials."""
    pcm = read_wav(speak("안녕하세요"))
    mic = MicrophoneSource(stream_factory=lambda **kw: FakeStream(**kw, pcm=pcm + room_noise(2.0), speed=4.0))
    watchdog = threading.Timer(30.0, mic.close)  # never hang the suite
    watchdog.start()
    partials: list[tuple[Heard, float]] = []
    listener = Listener(mic, Recognizer(ko_model, GRAMMAR), on_partial=lambda h, at: partials.append((h, at)))
    try:
        first = next(iter(listener))
    finally:
        watchdog.cancel()
        mic.close()
    assert first.text == "안녕하세요" and first.final
    assert partials and not partials[0][0].final
    times = [at for _h, at in partials]
    assert times == sorted(times) and times[-1] <= first.end + 2.0  # audio times of the chunks read


def test_own_speech_fed_back_while_speaking_yields_nothing(
    ko_model: Any, speak: Callable[[str], Path], tmp_path: Path
) -> None:
    """The assistant's own speech fed back into its microphone while it speaks yields nothing, and
    what a player says after the tail is heard alone (the recogniser was reset: nothing leaks)."""
    own = read_wav(speak("안녕하세요"))
    player = read_wav(speak("좋아요"))
    own_s = len(own) / 32000
    path = tmp_path / "table.wav"
    write_wav(path, own + room_noise(0.5) + player + room_noise(1.5))
    clock = FakeClock()
    gate = HalfDuplexGate(clock, tail=0.3)
    gate.begin()  # chunk times (`at`) are file positions: the clock follows the same timeline
    clock.advance(own_s)
    gate.end()
    listener = Listener(WavSource(path), Recognizer(ko_model, GRAMMAR), gate)
    assert [h.text for h in listener] == ["좋아요"]
    assert listener.stats.dropped >= int(own_s / 0.1) and listener.stats.resets == 1
    # Control: with the gate open the whole time, the assistant's words are heard too.
    ungated = [h.text for h in Listener(WavSource(path), Recognizer(ko_model, GRAMMAR))]
    assert ungated[0] == "안녕하세요"


def test_gate_closing_mid_utterance_discards_the_half_heard_words(
    ko_model: Any, speak: Callable[[str], Path], tmp_path: Path
) -> None:
    """A player's phrase cut by the assistant starting to speak is dropped, not finalised later."""
    player = read_wav(speak("안녕하세요"))  # one word, 0.3 s to ~1.6 s
    path = tmp_path / "cut.wav"
    write_wav(path, player + room_noise(2.0))
    clock = FakeClock(0.9)  # the assistant speaks from 0.9 s (mid-word) to 2.9 s
    gate = HalfDuplexGate(clock, tail=0.3)
    gate.begin()
    clock.advance(2.0)
    gate.end()
    heard = list(Listener(WavSource(path), Recognizer(ko_model, GRAMMAR), gate))
    assert heard == []
