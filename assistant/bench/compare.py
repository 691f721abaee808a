"""`kinito bench --compare`: alternative implementations side by side, in one run, where a design is at stake.

- recogniser: one open-vocabulary recogniser vs grammar + open (DualRecognizer) vs grammar only (rtf each);
- speech out: espeak-ng streaming vs pyttsx3 (text to first audio);
- parser: exact phrases vs near misses (fuzzy snapping), vigilance (Q11) on vs off;
- engine: decide + evolve alone vs through Session.apply (history kept);
- store: SQLite synchronous=NORMAL (default) vs FULL vs in memory, for the referee's p99;
- undo as a game grows (Session.undo refolds the whole history: linear in the game's length).
"""

from __future__ import annotations

import time
from typing import Any

from assistant.bench import measures, voice

TARGETS: dict[str, tuple[float, str]] = {
    "parse_p99_us": (2000.0, "<="),
    "referee_p99_ms": (50.0, "<="),
    "engine_moves_per_s": (50_000.0, ">="),
    "tts_first_audio_ms": (250.0, "<="),
    "vosk_rtf": (0.3, "<="),
    "endpoint_ms": (400.0, "<="),
    "speech_to_audio_early_ms": (300.0, "<="),
    "speech_to_audio_final_ms": (700.0, "<="),
    "vigilance_rtf": (0.25, "<="),
    "peak_rss_mb": (800.0, "<="),
    "speech_to_audio_paced_final_ms": (250.0, "<="),
    "speech_to_audio_paced_final_one_core_ms": (250.0, "<="),
    "serve_answer_ms": (50.0, "<="),
    "serve_answer_after_move_ms": (50.0, "<="),
}
"""Targets: key -> (bound, direction); end of speech to first audio at a microphone's pace, within
250 ms on the machine's cores and on one."""


def targets(results: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """{key: {"target", "met"}}; `met` is None when the figure could not be measured."""
    out: dict[str, dict[str, Any]] = {}
    for key, (bound, direction) in TARGETS.items():
        value = results.get(key)
        met = None if value is None else (value <= bound if direction == "<=" else value >= bound)
        out[key] = {"target": bound, "direction": direction, "met": met}
    return out


def session_moves_per_s(moves: int = 20_000, seed: int = 0) -> float:
    """The same bot moves as engine_moves_per_s, applied through Session.apply (entries tuple grows)."""
    from assistant.core.game import Session
    from assistant.game import SimOptions, default_module
    from assistant.sim.runner import bot_games

    module = default_module()
    driver = module.simulation(module.rules({"players": list(measures.PLAYERS)}), SimOptions())
    games = bot_games(driver, moves, seed, longest=500)  # a realistic game length, then a new game
    began = time.process_time()
    for played in games:
        session = Session.start(driver.game)
        for _state, command in played:
            session = session.apply(command)
    spent = time.process_time() - began
    return moves / spent if spent > 0 else float("inf")


def compare(quick: bool, vosk: dict[str, Any]) -> dict[str, Any]:
    """Every comparison above; `vosk` is the result of voice.vosk_figures (its model is loaded once)."""
    out: dict[str, Any] = {
        "recognizer_rtf": {
            "open": vosk.get("vosk_rtf_open"),
            "dual_grammar_plus_open": vosk.get("vosk_rtf_dual"),
            "grammar_only": vosk.get("vosk_rtf_grammar"),
            "model": vosk.get("vosk_model"),
        }
    }
    out["tts_first_audio_ms"] = {
        engine: voice.tts_first_audio(quick, engine).get("tts_first_audio_ms")
        for engine in ("espeak", "pyttsx3")
    }
    fuzzy = measures.parse_latency(quick)["parse_p99_us_by_kind"]
    plain = measures.parse_latency(quick, vigilance=False)
    out["parse_p99_us"] = {
        "exact_grammar_phrases": fuzzy["grammar"],
        "corpus": fuzzy["corpus"],
        "near_misses_fuzzy": fuzzy["typo"],
        "vigilance_off_all_lines": plain["parse_p99_us"],
    }
    out["engine_moves_per_s"] = {
        "decide_evolve": measures.engine_throughput(quick)["engine_moves_per_s_drinking"],
        "session_apply": round(session_moves_per_s(10_000 if quick else 50_000)),
    }
    out["referee_p99_ms_by_store"] = {
        kind: measures.referee_latency(quick, store_kind=kind)["referee_p99_ms"]
        for kind in ("sqlite", "sqlite-full", "memory")
    }
    out["referee_undo_ms_by_entries"] = measures.undo_latency(quick)
    return out
