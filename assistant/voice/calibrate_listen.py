"""Calibrating a room, the listening part: one take per phrase asked, through the grammar recogniser,
until its final result or a time limit, with the audio's levels measured (voice.calibration)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from assistant.voice.audio import SAMPLE_RATE, Chunk
from assistant.voice.calibration import Take, dbfs
from assistant.voice.heard import Decoder, Heard

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
    origin: float | None = None
    found: Heard | None = None
    for chunk in chunks:
        origin = chunk.start if origin is None else origin
        pcm += chunk.pcm
        found = next((h for h in decoder.accept(chunk) if h.text), None)
        if found is not None or len(pcm) >= max_seconds * 2 * SAMPLE_RATE:
            break
    if found is None:
        found = next((h for h in decoder.flush() if h.text), None)
    quiet = dbfs(bytes(pcm[: 2 * int(QUIET_SECONDS * SAMPLE_RATE)]))
    if found is None or origin is None:
        return Take(asked, "", 0.0, 0.0, quiet, quiet)
    first = 2 * int(max(0.0, found.start - origin) * SAMPLE_RATE)
    last = 2 * int(max(0.0, found.end - origin) * SAMPLE_RATE)
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


def pick_phrases(phrases: Sequence[str], count: int, longest: int = 3) -> list[str]:
    """`count` phrases of at most `longest` words, spread over the grammar's list (its order groups
    the moves by kind: a score, a lift, a challenge...), so the takes sample several kinds of move."""
    short = [p for p in dict.fromkeys(phrases) if 0 < len(p.split()) <= longest and not p.startswith("[")]
    if count <= 0 or not short:
        return []
    if count >= len(short):
        return short
    return [short[i * len(short) // count] for i in range(count)]
