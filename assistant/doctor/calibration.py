"""Calibrating a room, the pure part: from the takes the table said and the noise
measured around them, what was heard right, the room's noise level, and a confidence threshold.

`kinito calibrate` (commands.calibrate) asks for the phrases and listens (doctor.listen);
everything here is numbers in, numbers out.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistant.settings.table import DEFAULT_CONFIRM
from assistant.voice.hear.vad import frame_levels

SILENCE_DBFS = -120.0
"""The level given to digital silence (log of zero): finite, below any microphone's noise."""
THRESHOLD_RANGE = (0.3, 0.9)
"""Suggestions are clamped here: below 0.3 the referee would act on mumbles, above 0.9 it would ask
to repeat nearly every clear line."""
MARGIN = 0.1
"""Without a wrong take to bound it, the suggestion sits this far under the lowest right take."""
NOISY_SNR_DB = 15.0
"""Under this speech-to-noise ratio the report says the room is noisy for the ear."""
SETTING = "confirm_below"
"""The kinito.toml key the suggestion is for (TableConfig.confirm_below)."""


@dataclass(frozen=True)
class Take:
    """One phrase asked of the table and what the grammar recogniser heard."""

    asked: str
    """The phrase shown to the table."""
    heard: str
    """The final result's text ("" when nothing was heard before the take's time ran out)."""
    conf: float
    """Mean word confidence of the final result, 0..1 (0 when nothing was heard)."""
    min_conf: float
    """Lowest word confidence of the final result, 0..1 (0 when nothing was heard)."""
    quiet_dbfs: float
    """RMS level of the quiet before speaking (the take's first ~0.5 s), dBFS."""
    speech_dbfs: float
    """RMS level of the heard words' span (the quiet's level when nothing was heard), dBFS."""

    @property
    def right(self) -> bool:
        """The recogniser heard the phrase asked (case and spacing aside)."""
        return bool(self.heard) and self.heard.split() == self.asked.lower().split()


@dataclass(frozen=True)
class Calibration:
    """The room's figures and the suggested threshold."""

    takes: tuple[Take, ...]
    noise_dbfs: float
    """The room's noise: median quiet level over the takes."""
    speech_dbfs: float
    """Median speech level over the takes that heard something."""
    snr_db: float
    """speech_dbfs - noise_dbfs."""
    suggested: float
    """The confidence threshold suggested for `confirm_below`."""

    @property
    def right(self) -> int:
        """How many takes were heard right."""
        return sum(t.right for t in self.takes)

    def to_json(self) -> dict[str, Any]:
        """The JSON of `kinito calibrate --json`."""
        return {
            "takes": [
                {
                    "asked": t.asked,
                    "heard": t.heard,
                    "right": t.right,
                    "conf": round(t.conf, 3),
                    "min_conf": round(t.min_conf, 3),
                    "quiet_dbfs": round(t.quiet_dbfs, 1),
                    "speech_dbfs": round(t.speech_dbfs, 1),
                }
                for t in self.takes
            ],
            "right": self.right,
            "noise_dbfs": round(self.noise_dbfs, 1),
            "speech_dbfs": round(self.speech_dbfs, 1),
            "snr_db": round(self.snr_db, 1),
            "setting": SETTING,
            "suggested": self.suggested,
        }


def dbfs(pcm: bytes) -> float:
    """RMS level of 16-bit PCM in dB relative to full scale (SILENCE_DBFS for silence or no audio)."""
    whole = pcm[: len(pcm) - len(pcm) % 2]
    rms = frame_levels(whole, len(whole))[0] if whole else 0.0
    return max(SILENCE_DBFS, 20 * math.log10(rms / 32768)) if rms > 0 else SILENCE_DBFS


def suggest(takes: Sequence[Take]) -> float:
    """The threshold that best splits the right takes from the wrong ones, rounded to 0.05.

    Decision: halfway between the lowest mean confidence of a right take and the highest of a wrong
    take that heard something (a take that heard nothing has no confidence to split on); with no
    wrong take, MARGIN under the lowest right one; with no right take, the default (DEFAULT_CONFIRM),
    since nothing says where right lines sit. Always clamped to THRESHOLD_RANGE. When the two overlap
    the halfway point is still given: the room is too noisy for any threshold to split them, which
    the take list and the SNR show.
    """
    rights = [t.conf for t in takes if t.right]
    wrongs = [t.conf for t in takes if t.heard and not t.right]
    if not rights:
        value = DEFAULT_CONFIRM
    elif not wrongs:
        value = min(rights) - MARGIN
    else:
        value = (min(rights) + max(wrongs)) / 2
    low, high = THRESHOLD_RANGE
    return round(min(high, max(low, round(value * 20) / 20)), 2)


def calibrate(takes: Sequence[Take]) -> Calibration:
    """The room's figures from its takes (at least one)."""
    if not takes:
        raise ValueError("no take to calibrate from")
    noise = statistics.median(t.quiet_dbfs for t in takes)
    spoken = [t.speech_dbfs for t in takes if t.heard] or [t.speech_dbfs for t in takes]
    speech = statistics.median(spoken)
    return Calibration(tuple(takes), noise, speech, speech - noise, suggest(takes))
