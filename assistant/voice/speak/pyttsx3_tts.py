"""Text to speech through pyttsx3 (its espeak-ng driver, in process): the `--voice-engine pyttsx3`
synthesizer of voice.speak.tts."""

from __future__ import annotations

import contextlib
import io
import tempfile
import threading
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from assistant.errors import UserError
from assistant.voice.speak.tts import (
    CHUNK_FRAMES,
    DEFAULT_RATE,
    INSTALL_ESPEAK,
    AudioChunk,
    VoiceInfo,
    choose_voice,
)

_PYTTSX3_LOCK = threading.Lock()


def _pyttsx3_voices(engine: Any) -> list[VoiceInfo]:
    return [
        VoiceInfo(
            id=str(v.id),
            name=str(v.name or ""),
            languages=tuple(str(x).lower() for x in (v.languages or [])),
        )
        for v in engine.getProperty("voices")
    ]


class Pyttsx3Synthesizer:
    """pyttsx3 with its espeak-ng driver, headless: `save_to_file` to a temporary WAV, read in chunks."""

    def __init__(self, voice: str | None = None, rate: int = DEFAULT_RATE, volume: float = 1.0) -> None:
        try:
            import pyttsx3
        except ImportError as error:
            raise UserError("Le paquet Python pyttsx3 manque.", fix="pip install pyttsx3") from error
        try:
            self._engine: Any = pyttsx3.init("espeak")
        except (OSError, RuntimeError) as error:  # libespeak-ng.so missing or unusable
            raise UserError("espeak-ng ne démarre pas pour pyttsx3.", fix=INSTALL_ESPEAK) from error
        self._voice = choose_voice(_pyttsx3_voices(self._engine), voice)
        self._rate = rate
        self._volume = volume
        self._espeak: Any = None
        with contextlib.suppress(ImportError, OSError):
            from pyttsx3.drivers import _espeak

            self._espeak = _espeak

    @property
    def voice(self) -> str:
        """The pyttsx3 voice id in use, e.g. `roa/fr`."""
        return self._voice.id

    def _apply_settings(self) -> None:
        """Set voice, rate and volume for this utterance (the engine is one per process, shared).

        pyttsx3 2.99's espeak driver forwards properties to espeak-ng's asynchronous command queue,
        where changes after the first utterances get lost (measured: the rate stays stuck). So,
        when its ctypes module is there, set them directly between two espeak_Synchronize calls.
        """
        espeak = self._espeak
        if espeak is None:
            self._engine.setProperty("voice", self._voice.id)
            self._engine.setProperty("rate", self._rate)
            self._engine.setProperty("volume", self._volume)
            return
        espeak.Synchronize()
        espeak.SetVoiceByName(self._voice.id.encode("utf-8"))
        espeak.SetParameter(espeak.RATE, self._rate, 0)
        espeak.SetParameter(espeak.VOLUME, round(self._volume * 100), 0)
        espeak.Synchronize()

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        """Render `text` to a WAV file with pyttsx3, then yield it `CHUNK_FRAMES` at a time."""
        if not text.strip():
            return
        with tempfile.TemporaryDirectory(prefix="kinito-tts-") as tmp:
            path = Path(tmp) / "utterance.wav"
            with _PYTTSX3_LOCK:  # one engine per process: one utterance at a time
                self._apply_settings()
                self._engine.save_to_file(text, str(path))
                with contextlib.redirect_stdout(io.StringIO()):  # the driver prints "Audio saved to ..."
                    self._engine.runAndWait()
                    if self._espeak is not None:  # runAndWait may return before espeak-ng's thread ends
                        self._espeak.Synchronize()
            if not path.is_file():
                raise UserError(f"pyttsx3 n'a produit aucun son pour « {text} ».", fix=INSTALL_ESPEAK)
            with wave.open(str(path), "rb") as wav:
                rate = wav.getframerate()
                while frames := wav.readframes(CHUNK_FRAMES):
                    yield AudioChunk(frames, rate)
