"""WAV files in and out, converted to what Vosk hears: 16 kHz, mono, signed 16-bit PCM.

Pure Python (stdlib `wave` and `array`): `audioop` is deprecated and numpy is not a dependency.
Any sample rate, channel count and sample width (8, 16, 24, 32 bit integer PCM) is accepted.
"""

from __future__ import annotations

import sys
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path

from assistant.errors import UserError
from assistant.voice.audio import SAMPLE_RATE, Chunk

_FIX = "donnez un fichier WAV PCM (par exemple converti avec `sox entree.mp3 -r 16000 -c 1 sortie.wav`)."


def _to_int16(raw: bytes, width: int) -> array[int]:
    """Samples of any integer width as native int16 values (interleaved channels kept)."""
    if width == 2:
        out = array("h", raw)
        if sys.byteorder == "big":
            out.byteswap()
        return out
    if width == 1:  # 8-bit WAV is unsigned
        return array("h", ((b - 128) << 8 for b in raw))
    if width == 3:
        return array(
            "h",
            (int.from_bytes(raw[i + 1 : i + 3], "little", signed=True) for i in range(0, len(raw), 3)),
        )
    if width == 4:
        wide = array("i", raw)
        if sys.byteorder == "big":
            wide.byteswap()
        return array("h", (v >> 16 for v in wide))
    raise UserError(f"Largeur d'échantillon non prise en charge : {width * 8} bits.", _FIX)


def _mono(samples: array[int], channels: int) -> array[int]:
    """Average the interleaved channels."""
    if channels == 1:
        return samples
    count = len(samples) // channels
    return array("h", (sum(samples[i * channels : (i + 1) * channels]) // channels for i in range(count)))


def _smooth(samples: array[int], ratio: float) -> array[int]:
    """A crude anti-alias low-pass before downsampling: moving average over about `ratio` samples."""
    span = int(ratio)
    if span < 2:
        # 3-tap [1, 2, 1] / 4 is enough for the mild ratios (22.05 or 24 -> 16 kHz).
        n = len(samples)
        if n < 3:
            return samples
        out = array("h", samples)
        for i in range(1, n - 1):
            out[i] = (samples[i - 1] + 2 * samples[i] + samples[i + 1]) >> 2
        return out
    acc = 0
    out = array("h", bytes(2 * len(samples)))
    for i, v in enumerate(samples):
        acc += v
        if i >= span:
            acc -= samples[i - span]
        out[i] = acc // min(i + 1, span)
    return out


def resample(samples: array[int], rate: int, target: int = SAMPLE_RATE) -> array[int]:
    """Linear-interpolation resampling of mono int16 samples from `rate` to `target` Hz."""
    if rate == target or not samples:
        return samples
    ratio = rate / target
    if ratio > 1.0:
        samples = _smooth(samples, ratio)
    n_out = int(len(samples) / ratio)
    last = len(samples) - 1
    out = array("h", bytes(2 * n_out))
    for j in range(n_out):
        pos = j * ratio
        i = int(pos)
        if i >= last:
            out[j] = samples[last]
            continue
        frac = pos - i
        a = samples[i]
        out[j] = int(a + (samples[i + 1] - a) * frac)
    return out


def read_wav(path: str | Path) -> bytes:
    """The file's audio as 16 kHz mono little-endian int16 PCM; UserError when it is no usable WAV."""
    file = Path(path)
    if not file.is_file():
        raise UserError(f"Le fichier {file} n'existe pas.", "vérifiez le chemin du fichier WAV.")
    try:
        with wave.open(str(file), "rb") as wav:
            rate, channels, width = wav.getframerate(), wav.getnchannels(), wav.getsampwidth()
            raw = wav.readframes(wav.getnframes())
    except (wave.Error, EOFError) as error:
        raise UserError(f"{file} n'est pas un fichier WAV lisible ({error}).", _FIX) from None
    samples = resample(_mono(_to_int16(raw, width), channels), rate)
    if sys.byteorder == "big":
        samples.byteswap()
    return samples.tobytes()


def write_wav(path: str | Path, pcm: bytes, rate: int = SAMPLE_RATE) -> None:
    """Write mono little-endian int16 PCM as a WAV file."""
    with wave.open(str(path), "wb") as wav:
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
