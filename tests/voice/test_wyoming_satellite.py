"""A real wyoming-satellite (the PyPI package, run as its users run it): kinito connects as Home
Assistant does (`run-satellite` on one connection), hears the satellite's microphone and speaks back
on the satellite's speaker."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.core.clock import SystemClock
from assistant.voice.hear.duplex import HalfDuplexGate
from assistant.voice.hear.listener import Listener
from assistant.voice.hear.recognizer import Recognizer
from assistant.voice.hear.wavfile import WavSource
from assistant.voice.speak.playback import Speaker
from assistant.voice.speak.tts import AudioChunk
from assistant.voice.wyoming.satellite import WyomingSatellite
from tests.voice.conftest import GRAMMAR
from tests.voice.wyoming_loopback import closed_port

pytest.importorskip("wyoming_satellite")
PLAYER = Path(__file__).with_name("raw_wav_player.py")
WAIT = 60.0
"""Seconds the whole exchange may take before the test gives up."""
SND_RATE = 22050


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _wait_for(check: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False


class KoreanVoice:
    """espeak-ng's Korean voice (kinito's own synthesizers speak French only), from a WAV."""

    voice = "ko"

    def __init__(self, speak: Callable[[str], Path]) -> None:
        self.speak = speak

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        """The WAV espeak-ng made of `text`, in pieces as a synthesizer yields them."""
        with wave.open(str(self.speak(text)), "rb") as w:
            rate, frames = w.getframerate(), w.readframes(w.getnframes())
        for offset in range(0, len(frames), 4096):
            yield AudioChunk(frames[offset : offset + 4096], rate)


@pytest.fixture
def satellite(speak: Callable[[str], Path], tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """wyoming-satellite on 127.0.0.1: its microphone plays "안녕하세요", its speaker writes a file."""
    wav = speak("안녕하세요")
    with wave.open(str(wav), "rb") as w:
        rate = w.getframerate()
    out = tmp_path / "speaker.raw"
    out.touch()
    port = closed_port()
    command = [
        sys.executable, "-m", "wyoming_satellite",
        "--uri", f"tcp://127.0.0.1:{port}", "--name", "table", "--no-zeroconf",
        "--mic-command", f"{sys.executable} {PLAYER} {wav}", "--mic-command-rate", str(rate),
        "--snd-command", f"sh -c 'cat >> {out}'", "--snd-command-rate", str(SND_RATE),
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert _wait_for(lambda: _listening(port) or process.poll() is not None, 30)
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
        yield f"tcp://127.0.0.1:{port}", out
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def test_kinito_hears_a_real_satellite_and_speaks_back_on_its_speaker(
    satellite: tuple[str, Path], ko_model: Any, speak: Callable[[str], Path], tmp_path: Path
) -> None:
    """The satellite streams only after run-satellite; its words reach the recogniser; the answer sent
    on the same connection is played by the satellite's --snd-command (heard back from the file)."""
    uri, out = satellite
    link = WyomingSatellite(uri, backoff=(0.2, 0.5), clock=SystemClock())
    guard = threading.Timer(WAIT, link.close)
    guard.start()
    gate = HalfDuplexGate(SystemClock())
    heard: list[str] = []
    hello = threading.Event()

    def listen() -> None:  # as kinito play does, all along: it ends when the link is closed
        for item in Listener(link, Recognizer(ko_model, GRAMMAR), gate):
            heard.append(item.text)
            if item.text == "안녕하세요":
                hello.set()

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    try:
        assert hello.wait(WAIT), heard
        seconds = Speaker(KoreanVoice(speak), link.playback(), gate).say("좋아요")
    finally:
        link.close()
        guard.cancel()
        listener.join(WAIT)
    assert seconds > 0.3
    expected = int(0.8 * seconds * SND_RATE * 2)
    assert _wait_for(lambda: out.stat().st_size >= expected, 20), out.stat().st_size
    played = tmp_path / "played.wav"
    with wave.open(str(played), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SND_RATE)
        w.writeframes(out.read_bytes())
    back = [h.text for h in Listener(WavSource(played, trailing_silence=1.0), Recognizer(ko_model, GRAMMAR))]
    assert "좋아요" in back
