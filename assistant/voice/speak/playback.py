"""Playing synthesised speech: a speaker (sounddevice), a WAV file, or a recorder for tests.

`Speaker` joins a `Synthesizer` to a `Playback` and, when given one, a `SpeakingGate` (the
half-duplex gate of `assistant.voice.hear.duplex` that deafens the microphone while the assistant talks):
the gate opens just before the first chunk is played and closes after the last one, even on error.
"""

from __future__ import annotations

import wave
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from assistant.errors import UserError, os_reason, shorten
from assistant.voice.speak.tts import AudioChunk, Synthesizer

NO_OUTPUT = "Aucune sortie audio n'est disponible sur cette machine."
FIX_NO_OUTPUT = 'brancher un haut-parleur, ou écrire un fichier : kinito say "…" --out parole.wav'


class SpeakingGate(Protocol):
    """What playback needs from the half-duplex gate: told when speech starts and stops."""

    def begin(self) -> None:
        """The assistant starts speaking."""
        ...

    def end(self) -> None:
        """The assistant has stopped speaking."""
        ...


class Playback(Protocol):
    """Where audio goes: opened at a sample rate, fed PCM, closed when the utterance is over."""

    def open(self, rate: int) -> None:
        """Get ready for mono 16-bit PCM at `rate` Hz; raise UserError when impossible."""
        ...

    def write(self, samples: bytes) -> None:
        """Play (or store) these frames; may block until they are queued."""
        ...

    def close(self) -> None:
        """Finish the utterance (drain what is queued) and release the output."""
        ...


class SoundDevicePlayback:
    """The default (or a chosen) sound output, through PortAudio's sounddevice."""

    def __init__(self, device: int | str | None = None) -> None:
        self._device = device
        self._stream: Any = None

    def open(self, rate: int) -> None:
        """Open a blocking raw output stream; no output device gives one sentence, not a trace."""
        try:
            import sounddevice
        except OSError as error:  # the PortAudio library itself is missing
            raise UserError(
                "La bibliothèque PortAudio manque.", fix="sudo apt-get install libportaudio2"
            ) from error
        try:
            stream = sounddevice.RawOutputStream(
                samplerate=rate, channels=1, dtype="int16", device=self._device
            )
            stream.start()
        except (sounddevice.PortAudioError, ValueError) as error:
            raise UserError(NO_OUTPUT, fix=FIX_NO_OUTPUT) from error
        self._stream = stream

    def write(self, samples: bytes) -> None:
        """Queue frames on the stream (blocks while PortAudio's buffer is full)."""
        self._stream.write(samples)

    def close(self) -> None:
        """Let the stream drain, then close it."""
        if self._stream is not None:
            self._stream.stop()
            self._stream.close()
            self._stream = None


class WavFilePlayback:
    """Writes each utterance to a WAV file (mono, 16-bit), replacing what was there."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._wav: wave.Wave_write | None = None

    def open(self, rate: int) -> None:
        """Create the file; an unwritable path is a UserError."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            from assistant.voice.hear.wavfile import wav_writer

            wav = wav_writer(self.path)  # kept open until close()
        except OSError as error:
            raise UserError(f"Impossible d'écrire {shorten(self.path)} : {os_reason(error)}.") from None
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        self._wav = wav

    def write(self, samples: bytes) -> None:
        """Append frames to the file."""
        assert self._wav is not None, "open() first"
        self._wav.writeframes(samples)

    def close(self) -> None:
        """Finalise the WAV header."""
        if self._wav is not None:
            self._wav.close()
            self._wav = None


class NullPlayback:
    """Plays nothing (a silent referee)."""

    def open(self, rate: int) -> None:
        """Nothing to open."""

    def write(self, samples: bytes) -> None:
        """Drop the frames."""

    def close(self) -> None:
        """Nothing to close."""


class Speaker:
    """Says text aloud: synthesize, play, and hold the speaking gate for exactly the audible part."""

    def __init__(
        self, synthesizer: Synthesizer, playback: Playback, gate: SpeakingGate | None = None
    ) -> None:
        self.synthesizer = synthesizer
        self.playback = playback
        self.gate = gate

    def say(self, text: str) -> float:
        """Speak `text`; returns the seconds of audio played (0.0 for empty text)."""
        return self.play(self.synthesizer.synthesize(text))

    def play(self, chunks: Iterable[AudioChunk]) -> float:
        """Play ready-made chunks; the gate's begin() precedes the first, its end() follows the last."""
        seconds = 0.0
        opened = False
        try:
            for chunk in chunks:
                if not opened:
                    self.playback.open(chunk.rate)
                    opened = True
                    if self.gate is not None:
                        self.gate.begin()
                self.playback.write(chunk.samples)
                seconds += chunk.seconds
        finally:
            if opened:
                try:
                    self.playback.close()
                finally:
                    if self.gate is not None:
                        self.gate.end()
        return seconds
