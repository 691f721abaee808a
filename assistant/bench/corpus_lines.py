"""Parsing natural lines, cold and warm: the understanding corpus (`tests/understanding/corpus`) and
the natural sets (`tests/understanding/natural`), as a table says them rather than as the phrasebook
writes them.

`parse_p50_us` times the phrasebook's own lines after an untimed pass over the same lines, which hides
what a line costs the first time it is heard (a name-like word sent to espeak-ng, caches filled). Here
each game gets a fresh parser with a fresh espeak-ng phonetizer, as `kinito play` builds them, and
every line is timed on its first pass (cold) and again on a second one (warm). The corpus ships with
the source tree only: in an installed wheel these keys are null.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from assistant.bench.measures import _players
from assistant.bench.stats import percentile
from assistant.game import default_game, game_names, registered_games

FOLDER = Path(__file__).resolve().parents[2] / "tests" / "understanding"
"""The understanding tests' data, beside the package in a checkout."""


def natural_lines(folder: Path = FOLDER) -> list[tuple[str, str]]:
    """(game, text) of every corpus and natural line, in file order; [] without the data."""
    games = set(game_names())
    lines: list[tuple[str, str]] = []
    corpus = folder / "corpus" / "utterances.tsv"
    if corpus.is_file():
        for row in corpus.read_text(encoding="utf-8").splitlines():
            parts = row.split("\t")
            if not row.startswith("#") and len(parts) >= 2 and parts[0] in games:
                lines.append((parts[0], parts[1]))
    for path in sorted((folder / "natural").glob("*.jsonl")):
        for row in path.read_text(encoding="utf-8").splitlines():
            if row.strip():
                item = json.loads(row)
                game = item.get("game")
                if game in games and isinstance(item.get("text"), str):
                    lines.append((game, item["text"]))
    return lines


def natural_parse(quick: bool = False) -> dict[str, Any]:
    """parse_natural_{cold,warm}_{p50,p99}_us over the natural lines (None without them)."""
    from assistant.understanding.parser import Parser
    from assistant.voice.speak.phonemes import EspeakPhonetizer, default_phonetizer

    lines = natural_lines()
    if quick:
        lines = lines[::5]
    keys = [f"parse_natural_{w}_{q}_us" for w in ("cold", "warm") for q in ("p50", "p99")]
    if not lines:
        return {**dict.fromkeys(keys), "parse_natural_lines": 0}
    found = default_phonetizer()
    phonetizers: list[EspeakPhonetizer] = []
    parsers = {}
    for module in registered_games():
        game = module.name
        phonetizer = EspeakPhonetizer(found.program) if found is not None else None
        if phonetizer is not None:
            phonetizers.append(phonetizer)
        vigilance = game == default_game()
        parsers[game] = Parser(module, _players(game), vigilance=vigilance, phonetizer=phonetizer)
    at_start = sum(p.spawned for p in phonetizers)
    timed: dict[str, list[float]] = {"cold": [], "warm": []}
    spawned: dict[str, int] = {}
    for when, spent in timed.items():
        for game, text in lines:
            began = time.perf_counter_ns()
            parsers[game].parse(text)
            spent.append((time.perf_counter_ns() - began) / 1000)
        spawned[when] = sum(p.spawned for p in phonetizers) - at_start
    for phonetizer in phonetizers:
        phonetizer.close()
    out: dict[str, Any] = {}
    for when, spent in timed.items():
        out[f"parse_natural_{when}_p50_us"] = round(statistics.median(spent), 1)
        out[f"parse_natural_{when}_p99_us"] = round(percentile(spent, 0.99), 1)
    out["parse_natural_lines"] = len(lines)
    out["parse_natural_espeak_processes_cold"] = spawned["cold"]  # started while parsing: 0 expected
    return out
