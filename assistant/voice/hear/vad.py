"""Where the speech is: an energy voice-activity detector with an adaptive noise floor.

Over 16 kHz int16 PCM, frame by frame (20 ms; numpy, since several detectors see every chunk): a
frame is speech when its RMS level is `ratio` times above the room's noise floor (and above
`min_rms`). The floor follows the quiet frames (a slow running mean, re-seeded downwards at once), so
steady noise - a fan, white noise - stops counting as speech after a moment, where a fixed floor
measured webrtcvad flagging 99% of white noise.
`Segmenter` turns the frame decisions into speech segments with padding before and after.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from assistant.voice.hear.audio import SAMPLE_RATE

FRAME_SECONDS = 0.02
"""One decision per 20 ms."""


@dataclass(frozen=True)
class VadSettings:
    """How loud speech must be, and how much padding a segment gets."""

    ratio: float = 3.0
    """A frame is speech when its RMS exceeds the noise floor by this factor (about 10 dB)."""
    min_rms: float = 150.0
    """The lowest noise floor (int16 RMS): speech is then at least `ratio` times louder than this."""
    adapt: float = 0.05
    """Weight of each quiet frame in the noise floor's running mean."""
    pre_roll: float = 0.3
    """Seconds kept before the first speech frame (the recogniser needs the word's onset)."""
    hangover: float = 0.5
    """Seconds a segment goes on after the last speech frame (word endings, short pauses)."""


def frame_levels(pcm: bytes, step: int) -> list[float]:
    """RMS level of each whole `step`-byte frame of int16 PCM (len(pcm) a multiple of `step`)."""
    if not pcm:
        return []
    values = np.frombuffer(pcm, dtype=np.int16).astype(np.float64).reshape(-1, step // 2)
    return [float(v) for v in np.sqrt(np.mean(values * values, axis=1))]


class EnergyVad:
    """Frame-level speech decisions with an adaptive noise floor (stateful: feed audio in order)."""

    def __init__(self, settings: VadSettings | None = None) -> None:
        self.settings = settings or VadSettings()
        self.floor: float | None = None
        """The room's noise level (RMS), None before the first frame."""
        self._carry = b""

    def frames(self, pcm: bytes) -> list[bool]:
        """Speech (True) or not for each whole 20 ms frame of `pcm` (a remainder waits for more)."""
        data = self._carry + pcm
        step = 2 * int(FRAME_SECONDS * SAMPLE_RATE)
        whole = len(data) - len(data) % step
        self._carry = data[whole:]
        return [self._decide(level) for level in frame_levels(data[:whole], step)]

    def _decide(self, level: float) -> bool:
        s = self.settings
        if self.floor is None or level < self.floor:
            # Quieter than the floor: the floor comes down at once, but never below min_rms (digital
            # silence in a WAV would otherwise make the next room noise look like speech).
            self.floor = max(level, s.min_rms)
            return False
        speech = level > s.ratio * self.floor
        if not speech:
            self.floor += s.adapt * (level - self.floor)
        return speech

    def speech(self, pcm: bytes) -> bool:
        """Any speech frame in `pcm`."""
        return any(self.frames(pcm))


class Segmenter:
    """Frame decisions to segments: open at the first speech frame (minus pre-roll), closed after
    `hangover` seconds without speech. Times are on the audio's own timeline."""

    def __init__(self, settings: VadSettings | None = None) -> None:
        self.vad = EnergyVad(settings)
        self.settings = self.vad.settings
        self.active = False
        """A segment is open."""
        self._quiet = 0.0

    def update(self, pcm: bytes) -> tuple[bool, bool]:
        """Feed audio; (speech heard in it, a segment just closed)."""
        heard = False
        closed = False
        for speech in self.vad.frames(pcm):
            if speech:
                heard, self.active, self._quiet = True, True, 0.0
            elif self.active:
                self._quiet += FRAME_SECONDS
                if self._quiet >= self.settings.hangover:
                    self.active, closed = False, True
        return heard, closed
