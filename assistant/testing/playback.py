"""A playback that records instead of playing: what the referee said, as rate and PCM, and the call
order (the half-duplex gate may log into the same list)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RecordingPlayback:
    """Keeps everything in memory, for tests: each utterance's rate and bytes, and the call order."""

    utterances: list[tuple[int, bytes]] = field(default_factory=list)
    """(rate, PCM) of each finished utterance."""
    log: list[str] = field(default_factory=list)
    """Calls in order: "open", "write", "close" (a gate may append to the same list)."""

    def open(self, rate: int) -> None:
        """Start a new utterance."""
        self.log.append("open")
        self.utterances.append((rate, b""))

    def write(self, samples: bytes) -> None:
        """Add frames to the current utterance."""
        self.log.append("write")
        rate, pcm = self.utterances[-1]
        self.utterances[-1] = (rate, pcm + samples)

    def close(self) -> None:
        """End the utterance."""
        self.log.append("close")
