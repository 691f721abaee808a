"""WAV files in and out, converted to what Vosk hears: 16 kHz, mono, signed 16-bit PCM.

Any sample rate, channel count and sample width (8, 16, 24, 32 bit integer PCM) is accepted. The
samples are decoded and the channels averaged with numpy, and the rate is converted by libsoxr
(`soxr`, the resampler of the SoX project): a real anti-alias filter, in C, instead of the linear
interpolation and moving average this module used to do by hand.
"""

from __future__ import annotations

import errno
import sys
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import soxr

from assistant.errors import UserError
from assistant.voice.hear.audio import SAMPLE_RATE, Chunk

_FIX = "donne un fichier WAV PCM (par exemple converti avec `sox entree.mp3 -r 16000 -c 1 sortie.wav`)."
QUALITY = "HQ"
"""libsoxr's "high quality" preset (its default): flat to 0.91 of Nyquist, far below a microphone's noise."""
Samples = npt.NDArray[np.int16]


def _to_int16(raw: bytes, width: int) -> Samples:
    """Little-endian samples of any integer width as int16 values (interleaved channels kept)."""
    if width == 2:
        return np.frombuffer(raw, dtype="<i2").astype(np.int16)
    if width == 1:  # 8-bit WAV is unsigned
        return (np.frombuffer(raw, dtype=np.uint8).astype(np.int16) - 128) << 8
    if width == 3:  # the top two bytes of each 24-bit sample
        triples = np.frombuffer(raw[: len(raw) // 3 * 3], dtype=np.uint8).reshape(-1, 3)
        high = triples[:, 2].view(np.int8).astype(np.int16) << 8
        return high | triples[:, 1].astype(np.int16)
    if width == 4:
        return (np.frombuffer(raw, dtype="<i4") >> 16).astype(np.int16)
    raise UserError(f"Largeur d'échantillon non prise en charge : {width * 8} bits.", _FIX)


def _mono(samples: Samples, channels: int) -> Samples:
    """Average the interleaved channels."""
    if channels == 1:
        return samples
    frames = samples[: len(samples) // channels * channels].reshape(-1, channels)
    total = np.zeros(len(frames), dtype=np.int32)
    for channel in range(channels):  # column by column: numpy sums a short axis slowly
        total += frames[:, channel]
    return (total // channels).astype(np.int16)


def mono16(raw: bytes, width: int, channels: int) -> bytes:
    """Interleaved integer PCM of any width as mono little-endian int16 bytes, at the same rate (a
    trailing incomplete frame is dropped)."""
    whole = raw[: len(raw) - len(raw) % (width * channels)] if width * channels > 0 else b""
    return _mono(_to_int16(whole, width), channels).astype("<i2").tobytes()


def resample(samples: array[int] | Samples, rate: int, target: int = SAMPLE_RATE) -> array[int]:
    """Mono int16 samples from `rate` to `target` Hz, through libsoxr."""
    values = np.asarray(samples, dtype=np.int16)
    if rate != target and len(values):
        values = soxr.resample(values, rate, target, quality=QUALITY)
    return array("h", values.astype(np.int16).tobytes())


def read_wav(path: str | Path) -> bytes:
    """The file's audio as 16 kHz mono little-endian int16 PCM; UserError when it is no usable WAV."""
    file = Path(path)
    if not file.exists():
        raise UserError(f"Le fichier {file} n'existe pas.", "vérifie le chemin du fichier WAV.")
    if not file.is_file():
        raise UserError(f"{file} n'est pas un fichier ordinaire (un dossier ou un périphérique).", _FIX)
    try:
        with wave.open(str(file), "rb") as wav:
            rate, channels, width = wav.getframerate(), wav.getnchannels(), wav.getsampwidth()
            raw = wav.readframes(wav.getnframes())
    except (wave.Error, EOFError):
        raise UserError(f"{file} n'est pas un fichier WAV lisible (en-tête absent ou abîmé).", _FIX) from None
    samples = resample(_mono(_to_int16(raw, width), channels), rate)
    if sys.byteorder == "big":
        samples.byteswap()
    return samples.tobytes()


def wav_writer(path: str | Path) -> wave.Wave_write:
    """`wave.open(path, "wb")`, the file created first: a path that cannot be written is a plain
    OSError here (wave's own open would leave a half-built writer that prints a traceback when it
    is collected)."""
    target = Path(path)
    if target.exists() and not target.is_file() and not target.is_char_device():
        raise OSError(errno.ESPIPE, "not a regular file", str(path))  # a FIFO would block, then not seek
    open(path, "wb").close()  # fails early and cleanly
    return wave.open(str(path), "wb")


def write_wav(path: str | Path, pcm: bytes, rate: int = SAMPLE_RATE) -> None:
    """Write mono little-endian int16 PCM as a WAV file."""
    with wav_writer(path) as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(pcm)


def pcm_chunks(pcm: bytes, chunk_seconds: float = 0.1, origin: float = 0.0) -> Iterator[Chunk]:
    """Cut 16 kHz mono int16 PCM into chunks timed on the audio's own timeline."""
    step = max(2, int(chunk_seconds * SAMPLE_RATE) * 2)
    for offset in range(0, len(pcm), step):
        piece = pcm[offset : offset + step]
        start = origin + offset / (2 * SAMPLE_RATE)
        yield Chunk(pcm=piece, start=start, at=start + len(piece) / (2 * SAMPLE_RATE))


class WavSource:
    """An AudioSource reading a WAV file of any format, as fast as it is consumed."""

    def __init__(self, path: str | Path, chunk_seconds: float = 0.1, trailing_silence: float = 0.0) -> None:
        self.pcm = read_wav(path) + bytes(2 * int(trailing_silence * SAMPLE_RATE))
        """The whole file, converted, plus `trailing_silence` seconds of zeros (lets endpointing fire)."""
        self.chunk_seconds = chunk_seconds
        """Length of each chunk handed out."""

    @property
    def duration(self) -> float:
        """Seconds of audio."""
        return len(self.pcm) / (2 * SAMPLE_RATE)

    def chunks(self) -> Iterator[Chunk]:
        """The file in order; the chunk times are positions in the file."""
        return pcm_chunks(self.pcm, self.chunk_seconds)

    def close(self) -> None:
        """Nothing to release."""
