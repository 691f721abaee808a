"""`kinito bench [--json] [--quick] [--compare] [--skip-vosk] [--cold-cache] [--soak HOURS]`: measure here.

Prints one JSON object with the keys of docs/command-line.md (`parse_p50_us`, `parse_p99_us`,
`referee_p99_ms`,
`engine_moves_per_s`, `tts_first_audio_ms`, `vosk_rtf`, `endpoint_ms`, `peak_rss_mb`), repetitions and
details in extra keys, and `targets`. With --json, stdout is that JSON only (progress on stderr).
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

from assistant.bench import board, corpus_lines, measures, natural, voice
from assistant.bench.compare import compare, targets
from assistant.bench.serve import serve_latency
from assistant.errors import UserError
from assistant.rss import peak_rss_mb
from assistant.store.opening import is_server

HELP = "Mesurer les performances sur cette machine."
log = logging.getLogger("kinito.bench")


MAX_SOAK_HOURS = 48.0
"""The longest simulated party `--soak` runs (two nights)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--json, --quick, --compare, --skip-vosk, --soak."""
    parser.add_argument("--json", action="store_true", help="imprimer seulement l'objet JSON")
    parser.add_argument("--quick", action="store_true", help="moins de répétitions (intégration continue)")
    parser.add_argument("--compare", action="store_true", help="mesurer aussi les variantes côte à côte")
    parser.add_argument("--skip-vosk", action="store_true", help="ne pas mesurer Vosk (valeurs null)")
    parser.add_argument(
        "--cold-cache",
        action="store_true",
        help="vider le cache disque du noyau avant un chargement du modèle (root ; touche toute la machine)",
    )
    parser.add_argument(
        "--db",
        metavar="postgresql://…",
        help="mesurer aussi l'arbitre qui enregistre sur ce serveur PostgreSQL (referee_p99_ms_postgres)",
    )
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


def bench(
    quick: bool = False,
    with_compare: bool = False,
    vosk: bool = True,
    cold_cache: bool = False,
    server: str | None = None,
) -> dict[str, Any]:
    """Every figure, in the order of docs/command-line.md; with `server` (postgresql://...) the referee's
    latency writing there too, beside SQLite's."""
    results: dict[str, Any] = {"quick": quick}
    _step("parse", lambda: measures.parse_latency(quick), results)
    _step("referee", lambda: measures.referee_latency(quick), results)
    if server is not None:
        _step("referee postgres", lambda: measures.postgres_latency(quick, server), results)
    _step("engine", lambda: measures.engine_throughput(quick), results)
    _step("board", lambda: board.board_per_line(quick), results)
    _step("natural table", lambda: natural.natural_table(quick), results)
    _step("serve", lambda: serve_latency(quick), results)
    _step("tts", lambda: voice.tts_first_audio(quick), results)
    skipped = {"vosk_rtf": None, "endpoint_ms": None, "vosk_model": None, "vosk_audio": None}
    recognizer = _step("vosk", lambda: voice.vosk_figures(quick) if vosk else skipped, results)
    unmeasured: dict[str, Any] = {**dict.fromkeys((*VOICE_PATH_KEYS, *PACED_KEYS)), "voice_path": None}
    path = _step("voice path", lambda: voice_path(quick, cold_cache) if vosk else unmeasured, results)
    _step("natural lines", lambda: corpus_lines.natural_parse(quick), results)
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
"""docs/command-line.md voice-path keys taken from the `after` run (peak_rss_mb too, when measured)."""
PACED_KEYS = (
    "speech_to_audio_paced_early_ms",
    "speech_to_audio_paced_final_ms",
    "speech_to_audio_paced_backlog_ms",
    "speech_to_audio_paced_early_one_core_ms",
    "speech_to_audio_paced_final_one_core_ms",
    "vosk_model_cold_load_s",
    "vosk_model_cold_how",
)
"""Keys beside the contract's: the voice path fed at a microphone's pace as `kinito play` assembles
it (bench.paced), on the machine's cores and pinned to one, and the model's first load."""


POSTGRES_KEYS = ("referee_p99_ms_postgres",)
"""With --db postgresql://...: the referee's p99 writing to that server (printed beside SQLite's)."""
BOARD_KEYS = ("board_line_early_us", "board_line_late_us", "board_line_ratio", "board_payload_kb")
"""The party board over a night (assistant.bench.board), printed without --json."""


def voice_path(quick: bool, cold_cache: bool = False) -> dict[str, Any]:
    """The voice path before and after, each in a child process, side by side in one run; the
    contract keys are the `after` figures (what `kinito play` does now). The page cache, which every
    program on the machine shares, is dropped before the model load only when asked (`cold_cache`)."""
    from assistant.bench import voicepath

    runs = {
        name: voicepath.in_child(name, quick, cold=cold_cache and name == "after")
        for name in voicepath.RUN_TOGETHER
    }
    for name in voicepath.ONE_CORE:
        runs[f"{name}_one_core"] = voicepath.in_child(name, quick, one_core=True)
    after, pinned = runs["after"], runs["after_one_core"]
    out: dict[str, Any] = {key: after.get(key) for key in VOICE_PATH_KEYS}
    for key in PACED_KEYS:
        out[key] = after.get(key)
    for kind in ("early", "final"):
        out[f"speech_to_audio_paced_{kind}_one_core_ms"] = pinned.get(f"speech_to_audio_paced_{kind}_ms")
    out["voice_path"] = runs
    return out


def run(args: argparse.Namespace) -> int:
    """Measure and print."""
    if args.soak is not None:
        from assistant.bench.soak import PARTY, soak
        from assistant.errors import finite

        finite(args.soak, "Durée de la fête simulée (--soak)", 0, MAX_SOAK_HOURS)

        with tempfile.TemporaryDirectory() as tmp:
            report = soak(10**9, Path(tmp) / "soak.sqlite3", hours=args.soak, noise=PARTY)
        print(json.dumps(report.to_json(), ensure_ascii=False))
        return 1 if report.problems else 0
    if args.db is not None and not is_server(args.db):
        raise UserError(
            "Le --db de kinito bench nomme un serveur PostgreSQL (SQLite est toujours mesuré).",
            "kinito bench --db postgresql://utilisateur@hôte/base",
        )
    results = bench(args.quick, args.compare, not args.skip_vosk, args.cold_cache, args.db)
    if args.json:
        sys.stdout.write(json.dumps(results, ensure_ascii=False) + "\n")
        return 0
    for key in (
        "parse_p50_us",
        "parse_p99_us",
        "referee_p99_ms",
        *POSTGRES_KEYS,
        "engine_moves_per_s",
        *BOARD_KEYS,
    ):
        if key in results:
            print(f"{key:22} {results[key]}")
    for key in ("tts_first_audio_ms", "vosk_rtf", "endpoint_ms", *VOICE_PATH_KEYS, "peak_rss_mb"):
        print(f"{key:22} {results[key]}")
    for key in (*PACED_KEYS, "parse_natural_cold_p50_us", "parse_natural_warm_p50_us"):
        print(f"{key:22} {results.get(key)}")
    for key, target in results["targets"].items():
        verdict = {True: "atteint", False: "MANQUÉ", None: "non mesuré"}[target["met"]]
        print(f"objectif {key} {target['direction']} {target['target']}: {verdict}")
    if "compare" in results:
        print(json.dumps(results["compare"], ensure_ascii=False, indent=2))
    return 0
