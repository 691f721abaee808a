"""The synthesizer a setting names (`espeak` or `pyttsx3`), and how fast it starts speaking."""

from __future__ import annotations

import statistics
import time

from assistant.errors import UserError
from assistant.voice.speak.pyttsx3_tts import Pyttsx3Synthesizer
from assistant.voice.speak.tts import DEFAULT_RATE, Engine, EspeakSynthesizer, Synthesizer


def make_synthesizer(
    engine: Engine = "espeak", voice: str | None = None, rate: int = DEFAULT_RATE, volume: float = 1.0
) -> Synthesizer:
    """The synthesizer named `engine` (`espeak` or `pyttsx3`), with a French voice unless told."""
    if engine == "pyttsx3":
        return Pyttsx3Synthesizer(voice, rate, volume)
    if engine == "espeak":
        return EspeakSynthesizer(voice, rate, volume)
    raise UserError(f"Moteur de synthèse inconnu : {engine} (choisir espeak ou pyttsx3).")


def first_audio_ms(synthesizer: Synthesizer, text: str) -> float:
    """Milliseconds from handing `text` over to holding its first non-empty audio chunk."""
    start = time.perf_counter()
    chunks = synthesizer.synthesize(text)
    try:
        for chunk in chunks:
            if chunk.samples:
                return (time.perf_counter() - start) * 1000
        raise UserError(f"La synthèse n'a produit aucun son pour « {text} ».")
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()


def measure_first_audio(text: str, engine: Engine = "espeak", runs: int = 7) -> float:
    """Median text-to-first-audio time in ms over `runs`, after one warm-up (synthesizer built once)."""
    synthesizer = make_synthesizer(engine)
    first_audio_ms(synthesizer, text)
    return statistics.median(first_audio_ms(synthesizer, text) for _ in range(runs))
