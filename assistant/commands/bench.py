"""`kinito bench [--json] [--quick] [--compare] [--skip-vosk] [--soak HOURS]`: measure the project here.

Prints one JSON object with the keys of contracts.md (`parse_p50_us`, `parse_p99_us`, `referee_p99_ms`,
`engine_moves_per_s`, `tts_first_audio_ms`, `vosk_rtf`, `endpoint_ms`, `peak_rss_mb`), repetitions and
details in extra keys, and `targets` (issue 6). With --json, stdout is that JSON only (progress on stderr).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.bench import measures, voice
from assistant.bench.compare import compare, targets
from assistant.bench.serve import serve_latency
from assistant.rss import peak_rss_mb

HELP = "Mesurer les performances sur cette machine."
log = logging.getLogger("kinito.bench")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--json, --quick, --compare, --skip-vosk, --soak."""
    parser.add_argument("--json", action="store_true", help="imprimer seulement l'objet JSON")
    parser.add_argument("--quick", action="store_true", help="moins de répétitions (intégration continue)")
    parser.add_argument("--compare", action="store_true", help="mesurer aussi les variantes côte à côte")
    parser.add_argument("--skip-vosk", action="store_true", help="ne pas mesurer Vosk (valeurs null)")
    parser.add_argument(
        "--soak", type=float, metavar="HEURES", help="au lieu du banc : une fête simulée de HEURES heures"
    )


def _step(name: str, call: Callable[[], dict[str, Any]], results: dict[str, Any]) -> dict[str, Any]:
    began = time.perf_counter()
    print(f"bench: {name}…", file=sys.stderr, flush=True)
    part = call()
    results.update(part)
    results.setdefault("bench_seconds", {})[name] = round(time.perf_counter() - began, 1)
    return part


def bench(quick: bool = False, with_compare: bool = False, vosk: bool = True) -> dict[str, Any]:
    """Every figure, in the order of contracts.md."""
    results: dict[str, Any] = {"quick": quick}
    _step("parse", lambda: measures.parse_latency(quick), results)
    _step("referee", lambda: measures.referee_latency(quick), results)
    _step("engine", lambda: measures.engine_throughput(quick), results)
    _step("serve", lambda: serve_latency(quick), results)
    _step("tts", lambda: voice.tts_first_audio(quick), results)
    skipped = {"vosk_rtf": None, "endpoint_ms": None, "vosk_model": None, "vosk_audio": None}
    recognizer = _step("vosk", lambda: voice.vosk_figures(quick) if vosk else skipped, results)
    unmeasured: dict[str, Any] = {**dict.fromkeys(VOICE_PATH_KEYS), "voice_path": None}
    path = _step("voice path", lambda: voice_path(quick) if vosk else unmeasured, results)
    if with_compare:
        results["compare"] = _step("compare", lambda: {"compare": compare(quick, recognizer)}, results)[
            "compare"
        ]
    results["bench_peak_rss_mb"] = peak_rss_mb()
    after = (path.get("voice_path") or {}).get("after") or {}
    results["peak_rss_mb"] = after.get("peak_rss_mb") or results["bench_peak_rss_mb"]
    results["targets"] = targets(results)
    return results


VOICE_PATH_KEYS = (
    "speech_to_audio_early_ms",
    "speech_to_audio_final_ms",
    "vigilance_rtf",
    "vosk_model_load_s",
)
"""contracts.md voice-path keys taken from the `after` run (peak_rss_mb too, when measured)."""


def voice_path(quick: bool) -> dict[str, Any]:
    """Issue 14: the voice path before and after, each in a child process, side by side in one run;
    the contract keys are the `after` figures (what `kinito play` does now)."""
    from assistant.bench import voicepath

    runs = {name: voicepath.in_child(name, quick) for name in voicepath.RUN_TOGETHER}
    after = runs["after"]
    out: dict[str, Any] = {key: after.get(key) for key in VOICE_PATH_KEYS}
    out["voice_path"] = runs
    return out


def run(args: argparse.Namespace) -> int:
    """Measure and print."""
    if args.soak is not None:
        from assistant.bench.soak import PARTY, soak

        with tempfile.TemporaryDirectory() as tmp:
            report = soak(10**9, Path(tmp) / "soak.sqlite3", hours=args.soak, noise=PARTY)
        print(json.dumps(report.to_json(), ensure_ascii=False))
        return 1 if report.problems else 0
    results = bench(args.quick, args.compare, not args.skip_vosk)
    if args.json:
        sys.stdout.write(json.dumps(results, ensure_ascii=False) + "\n")
        return 0
    for key in ("parse_p50_us", "parse_p99_us", "referee_p99_ms", "engine_moves_per_s"):
        print(f"{key:22} {results[key]}")
    for key in ("tts_first_audio_ms", "vosk_rtf", "endpoint_ms", *VOICE_PATH_KEYS, "peak_rss_mb"):
        print(f"{key:22} {results[key]}")
    for key, target in results["targets"].items():
        verdict = {True: "atteint", False: "MANQUÉ", None: "non mesuré"}[target["met"]]
        print(f"objectif {key} {target['direction']} {target['target']}: {verdict}")
    if "compare" in results:
        print(json.dumps(results["compare"], ensure_ascii=False, indent=2))
    return 0
