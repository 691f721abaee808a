"""Measure the recogniser on this machine: real-time factors and end-of-speech-to-final delay.

`measure(model_path, wav_path)` is what `kinito bench` reports as `vosk_rtf` and `endpoint_ms`.
"""

from __future__ import annotations

import random
import time
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from assistant.rss import peak_rss_mb
from assistant.voice.hear.audio import SAMPLE_RATE
from assistant.voice.hear.dual import DualRecognizer
from assistant.voice.hear.endpoint import DEFAULT, SHORT, EndpointRules, describe, tuned_model
from assistant.voice.hear.heard import Decoder, Heard
from assistant.voice.hear.recognizer import Recognizer
from assistant.voice.hear.vad import frame_levels
from assistant.voice.hear.wavfile import pcm_chunks, read_wav
from assistant.voice.model.loading import load_model


def speech_end(pcm: bytes, frame_seconds: float = 0.01, ratio: float = 0.05) -> float:
    """Seconds at which the last frame louder than `ratio` of the loudest frame ends (energy VAD)."""
    step = max(1, int(frame_seconds * SAMPLE_RATE))
    whole = len(pcm) - len(pcm) % (2 * step)
    levels = frame_levels(pcm[:whole], 2 * step) + frame_levels(pcm[whole:], len(pcm) - whole)
    if not levels:
        return 0.0
    floor = max(100.0, ratio * max(levels))
    loud = [i for i, level in enumerate(levels) if level > floor]
    return ((loud[-1] + 1) * step / SAMPLE_RATE) if loud else 0.0


def room_noise(seconds: float, level: int = 40, seed: int = 1) -> bytes:
    """Quiet, deterministic noise: a real microphone never delivers digital zeros."""
    rng = random.Random(seed)
    return array("h", (rng.randint(-level, level) for _ in range(int(seconds * SAMPLE_RATE)))).tobytes()


def real_time_factor(decoder: Decoder, pcm: bytes, chunk_seconds: float = 0.1) -> tuple[float, float]:
    """(wall, cpu) seconds of decoding per second of audio, finals included."""
    seconds = len(pcm) / (2 * SAMPLE_RATE)
    wall, cpu = time.perf_counter(), time.process_time()
    for chunk in pcm_chunks(pcm, chunk_seconds):
        decoder.accept(chunk)
    decoder.flush()
    return (time.perf_counter() - wall) / seconds, (time.process_time() - cpu) / seconds


def endpoint_delay(
    model: Any, pcm: bytes, end: float, step: float = 0.02, phrases: Sequence[str] | None = None
) -> float | None:
    """Milliseconds from the end of speech to the final result, feeding `step`-second chunks.

    The audio that had to follow the speech before Vosk declared the endpoint, plus the time the
    deciding AcceptWaveform call took. None when no endpoint fired before the audio ran out.
    """
    recognizer = Recognizer(model, phrases)
    for chunk in pcm_chunks(pcm, step):
        began = time.perf_counter()
        finals = recognizer.accept(chunk)
        spent = time.perf_counter() - began
        chunk_end = chunk.start + chunk.duration
        if finals and chunk_end >= end:
            return round(1000 * (chunk_end - end + spent), 1)
    return None


def early_delay(
    model: Any, pcm: bytes, end: float, phrases: Sequence[str], step: float = 0.02
) -> float | None:
    """Milliseconds from the end of speech to the first grammar partial that already holds a whole
    phrase: when the referee's early moves can act, before Vosk's endpoint. None if never."""
    recognizer = Recognizer(model, phrases)
    wanted = {tuple(p.split()) for p in phrases}
    for chunk in pcm_chunks(pcm, step):
        began = time.perf_counter()
        finals = recognizer.accept(chunk)
        partials = recognizer.partials()
        spent = time.perf_counter() - began
        heard = [tuple(h.text.split()) for h in (*finals, *partials)]
        if any(words in wanted for words in heard):
            return round(1000 * (chunk.start + chunk.duration - end + spent), 1)
    return None


def measure(
    model_path: str | Path,
    wav_path: str | Path,
    phrases: Sequence[str] | None = None,
    tuned: EndpointRules = SHORT,
    model: Any = None,
) -> dict[str, Any]:
    """Real-time factors (open, grammar, dual) and endpoint delays (model's rules vs `tuned`).

    `rtf` is the open-vocabulary wall-clock real-time factor (the costlier mode), `endpoint_ms` the
    grammar-mode delay with the tuned rules (the moves recogniser, on the referee's latency path).
    Without `phrases`, the grammar is the open transcript (one phrase). Loads the model twice (the
    tuned rules live in a second model directory): peak_rss_mb counts both.
    """
    loaded = time.perf_counter()
    model = model if model is not None else load_model(model_path)
    load_s = time.perf_counter() - loaded
    speech = read_wav(wav_path)
    end = speech_end(speech)
    pcm = speech + room_noise(2.5)  # trailing "silence": every endpoint rule can fire
    real_time_factor(Recognizer(model), pcm[: 2 * SAMPLE_RATE])  # warm-up: first decode pages the graph in
    open_rec = Recognizer(model)
    rtf_open, cpu_open = real_time_factor(open_rec, pcm)
    heard = " ".join(h.text for h in transcript(model, pcm))
    grammar = list(phrases) if phrases else [heard or "[unk]"]
    rtf_grammar, cpu_grammar = real_time_factor(Recognizer(model, grammar), pcm)
    rtf_dual, cpu_dual = real_time_factor(DualRecognizer(model, grammar), pcm)
    default_ms = endpoint_delay(model, pcm, end)
    default_grammar_ms = endpoint_delay(model, pcm, end, phrases=grammar)
    tuned_model_ = load_model(tuned_model(model_path, tuned)) if tuned != DEFAULT else model
    tuned_ms = endpoint_delay(tuned_model_, pcm, end)
    tuned_grammar_ms = endpoint_delay(tuned_model_, pcm, end, phrases=grammar)
    early_ms = early_delay(model, pcm, end, grammar)
    return {
        "early_ms": early_ms,
        "rtf": round(rtf_open, 4),
        "endpoint_ms": tuned_grammar_ms,
        "endpoint_ms_grammar_default": default_grammar_ms,
        "endpoint_ms_grammar_tuned": tuned_grammar_ms,
        "rtf_open": round(rtf_open, 4),
        "rtf_grammar": round(rtf_grammar, 4),
        "rtf_dual": round(rtf_dual, 4),
        "cpu_rtf_open": round(cpu_open, 4),
        "cpu_rtf_grammar": round(cpu_grammar, 4),
        "cpu_rtf_dual": round(cpu_dual, 4),
        "endpoint_ms_open_default": default_ms,
        "endpoint_ms_open_tuned": tuned_ms,
        "endpoint_rules_tuned": describe(tuned),
        "speech_end_s": round(end, 3),
        "audio_s": round(len(speech) / (2 * SAMPLE_RATE), 3),
        "heard": heard,
        "model_load_s": round(load_s, 2),
        "peak_rss_mb": peak_rss_mb(),
    }


def transcript(model: Any, pcm: bytes) -> list[Heard]:
    """The open-vocabulary finals of `pcm` (no gate, no source: a plain loop)."""
    recognizer = Recognizer(model)
    out: list[Heard] = []
    for chunk in pcm_chunks(pcm):
        out.extend(recognizer.accept(chunk))
    return out + recognizer.flush()
