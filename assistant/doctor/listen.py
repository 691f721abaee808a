"""Calibrating a room, the listening part: one take per phrase asked, through the grammar recogniser,
until its final result or a time limit, with the audio's levels measured (doctor.calibration)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from assistant.doctor.calibration import Take, dbfs
from assistant.voice.hear.audio import SAMPLE_RATE, Chunk
from assistant.voice.hear.heard import Decoder, Heard

QUIET_SECONDS = 0.5
"""The take's first half second is the room's quiet (the table reads the phrase before saying it)."""
MAX_TAKE_SECONDS = 8.0
"""Seconds of audio after which a take ends with nothing heard (a bounded loop)."""


def listen_take(
    chunks: Iterator[Chunk], decoder: Decoder, asked: str, max_seconds: float = MAX_TAKE_SECONDS
) -> Take:
    """Feed chunks to the decoder until its first final result with words, or `max_seconds` of audio
    (or the end of the chunks): the take, with the quiet's and the speech's levels."""
    decoder.reset()
    pcm = bytearray()
    found: Heard | None = None
    for chunk in chunks:
        # Stamped on the take's own audio (a device's timeline follows the clock, not the samples).
        here = Chunk(chunk.pcm, start=len(pcm) / (2 * SAMPLE_RATE), at=chunk.at)
        pcm += chunk.pcm
        found = next((h for h in decoder.accept(here) if h.text), None)
        if found is not None or len(pcm) >= max_seconds * 2 * SAMPLE_RATE:
            break
    if found is None:
        found = next((h for h in decoder.flush() if h.text), None)
    quiet = dbfs(bytes(pcm[: 2 * int(QUIET_SECONDS * SAMPLE_RATE)]))
    if found is None:
        return Take(asked, "", 0.0, 0.0, quiet, quiet)
    first = 2 * int(max(0.0, found.start) * SAMPLE_RATE)
    last = 2 * int(max(0.0, found.end) * SAMPLE_RATE)
    speech = dbfs(bytes(pcm[first:last])) if last > first else quiet
    low = min((w.conf for w in found.words), default=found.conf)
    return Take(asked, found.text, found.conf, low, quiet, speech)


def listen_takes(
    chunks: Iterator[Chunk],
    decoder: Decoder,
    phrases: Sequence[str],
    ask: Callable[[str], None],
    heard: Callable[[Take], None],
    max_seconds: float = MAX_TAKE_SECONDS,
) -> list[Take]:
    """For each phrase: ask for it, listen to one take, report it."""
    takes: list[Take] = []
    for phrase in phrases:
        ask(phrase)
        take = listen_take(chunks, decoder, phrase, max_seconds)
        heard(take)
        takes.append(take)
    return takes


def pick_phrases(groups: Sequence[Sequence[str]], count: int, longest: int = 3) -> list[str]:
    """`count` phrases of at most `longest` words, one group after the other (a group per kind of
    move: an announcement, a reveal, a challenge...) so the takes sample several kinds, the shortest first
    within a group (two words before one: a single word is a thin take); no phrase twice, never the
    garbage word."""
    short = [
        sorted(
            dict.fromkeys(p for p in g if 0 < len(p.split()) <= longest and not p.startswith("[")),
            key=lambda p: (abs(len(p.split()) - 2), len(p)),
        )
        for g in groups
    ]
    picked: dict[str, None] = {}
    for rank in range(max((len(g) for g in short), default=0)):
        for group in short:
            if len(picked) < count and rank < len(group):
                picked.setdefault(group[rank], None)
    return list(picked)
