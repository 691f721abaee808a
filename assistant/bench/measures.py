"""The figures of `kinito bench` without audio: parse, referee, engine, undo (voice.py: speech in and out).

Latencies are wall-clock (time.perf_counter_ns) per operation, summarised as median and p99 over many
repetitions; throughput uses CPU time of this process so a busy shared machine distorts it less.
Every function records how many repetitions it made.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.bench.stats import percentile
from assistant.bench.talk import Talker
from assistant.core.clock import FakeClock
from assistant.game import default_game, registered_games

PLAYERS = ("Ana", "Bruno", "Chloé", "David")


def _players(game: str) -> tuple[str, ...]:
    """The bench's table for a game: four players for the default game, three for the others (every
    game of the package takes three)."""
    return PLAYERS if game == default_game() else PLAYERS[:3]


"""The corpus' table (tests/understanding/corpus)."""
CORPUS_DIR = Path(__file__).resolve().parents[2] / "tests" / "understanding" / "corpus"
"""Transcripts with their meaning, when the source tree is there."""


def timed_ns(call: Callable[[], object]) -> int:
    """Nanoseconds one call took."""
    began = time.perf_counter_ns()
    call()
    return time.perf_counter_ns() - began


# ------------------------------------------------------------------ parse
def corpus_lines() -> list[tuple[str, str]]:
    """(game, transcript) pairs of the understanding corpus (utterances, vigilance must-fire, near misses)."""
    lines: list[tuple[str, str]] = []
    utterances = CORPUS_DIR / "utterances.tsv"
    if utterances.is_file():
        for row in utterances.read_text(encoding="utf-8").splitlines():
            if row.strip() and not row.startswith("#"):
                game, text = [*row.split("\t"), ""][:2]
                lines.append((game, text))
    for name in ("vigilance_must_fire.tsv", "vigilance_near_misses.tsv"):
        path = CORPUS_DIR / name
        if path.is_file():
            for row in path.read_text(encoding="utf-8").splitlines():
                if row.strip() and not row.startswith("#"):
                    lines.append((default_game(), row.split("\t")[0]))  # Q11: the default game's
    return lines


def typo(text: str, rng: random.Random) -> str:
    """One letter of one word of 4+ letters replaced (a recogniser's near miss), or the text unchanged."""
    words = text.split()
    long = [i for i, w in enumerate(words) if len(w) >= 4]
    if not long:
        return text
    i = rng.choice(long)
    j = rng.randrange(len(words[i]))
    words[i] = words[i][:j] + rng.choice("aeioustrn") + words[i][j + 1 :]
    return " ".join(words)


def varied_lines(seed: int = 0, grammar_sample: int = 1500) -> dict[str, list[tuple[str, str]]]:
    """Lines by kind: corpus as written, without hyphens, with one typo, grammar phrases, chatter."""
    from assistant.bench.talk import CHATTER
    from assistant.understanding.grammar import WILDCARD, build

    rng = random.Random(seed)
    corpus = corpus_lines()
    phrases = [
        (m.name, p.text)
        for m in registered_games()
        for p in build(m, _players(m.name), "arbitre", None).phrases
    ]
    phrases = [(g, t) for g, t in phrases if WILDCARD not in t]
    return {
        "corpus": corpus,
        "no_hyphens": [(g, t.replace("-", " ")) for g, t in corpus if "-" in t],
        "typo": [(g, typo(t, rng)) for g, t in corpus],
        "grammar": rng.sample(phrases, min(grammar_sample, len(phrases))),
        "chatter": [(default_game(), t) for t in CHATTER],
    }


def parse_latency(quick: bool = False, seed: int = 0, vigilance: bool = True) -> dict[str, Any]:
    """docs/command-line.md parse_p50_us/parse_p99_us: one transcript to one Parse, over every varied line.

    One untimed warm-up pass, a full garbage collection, then `rounds` timed passes. Wall-clock per line
    (the contract figure) and this thread's CPU time per line (what a busy machine does not inflate).
    """
    import gc

    from assistant.understanding.parser import Parser
    from assistant.voice.speak.phonemes import default_phonetizer

    sounds = default_phonetizer()
    parsers = {
        m.name: Parser(
            m, _players(m.name), vigilance=vigilance and m.name == default_game(), phonetizer=sounds
        )
        for m in registered_games()
    }
    kinds = varied_lines(seed, 300 if quick else 1500)
    rounds = 1 if quick else 3
    for lines in kinds.values():
        for game, text in lines:
            parsers[game].parse(text)
    gc.collect()
    by_kind: dict[str, list[float]] = {}
    cpu: list[float] = []
    wall, thread = time.perf_counter_ns, time.thread_time_ns
    for _ in range(rounds):
        for kind, lines in kinds.items():
            spent = by_kind.setdefault(kind, [])
            for game, text in lines:
                parse = parsers[game].parse
                began, began_cpu = wall(), thread()
                parse(text)
                spent.append((wall() - began) / 1000)
                cpu.append((thread() - began_cpu) / 1000)
    every = [v for values in by_kind.values() for v in values]
    return {
        "parse_p50_us": round(statistics.median(every), 1),
        "parse_p99_us": round(percentile(every, 0.99), 1),
        "parse_max_us": round(max(every), 1),
        "parse_cpu_p50_us": round(statistics.median(cpu), 1),
        "parse_cpu_p99_us": round(percentile(cpu, 0.99), 1),
        "parse_lines": len(every) // rounds,
        "parse_repetitions": rounds,
        "parse_vigilance": vigilance,
        "parse_p99_us_by_kind": {k: round(percentile(v, 0.99), 1) for k, v in by_kind.items()},
        "parse_corpus": str(CORPUS_DIR) if CORPUS_DIR.is_dir() else None,
    }


# ------------------------------------------------------------------ referee
def _store(kind: str, path: Path) -> Any:
    """The store a referee bench writes to: `sqlite` (NORMAL sync, the default), `sqlite-full`, `memory`."""
    from assistant.store.memory import MemoryStore
    from assistant.store.opening import is_server
    from assistant.store.sqlite import SqliteStore

    if kind == "memory":
        return MemoryStore()
    if is_server(kind):
        from assistant.store.postgres import PostgresStore

        return PostgresStore(kind)
    return SqliteStore(path, synchronous="FULL" if kind == "sqlite-full" else "NORMAL")


def referee_latency(
    quick: bool = False, seed: int = 0, edition: str = "drinking", store_kind: str = "sqlite"
) -> dict[str, Any]:
    """docs/command-line.md referee_p99_ms: Referee.hear on a realistic stream, real SqliteStore in a temp
    dir."""
    from assistant.referee.referee import Referee
    from assistant.settings.table import table_config

    games, per_game = (2, 300) if quick else (6, 800)
    spent: list[float] = []
    config = table_config({"players": ",".join(PLAYERS), "edition": edition})  # the default game
    with tempfile.TemporaryDirectory() as tmp:
        for game in range(games):
            store = _store(store_kind, Path(tmp) / f"bench{game}.sqlite3")
            clock = FakeClock()
            referee = Referee(config, clock, store=store)
            grammar = referee.parser.grammar  # type: ignore[attr-defined]
            talker = Talker(grammar.phrases, config.players, moments=grammar.awaiting)
            rng = random.Random(seed + game)
            for _ in range(per_game):
                said = talker.next(referee.expectations(), rng)
                clock.advance(said.wait)
                referee.tick()
                began = time.perf_counter_ns()
                referee.hear(said.speaker, said.text, said.conf)
                spent.append((time.perf_counter_ns() - began) / 1e6)
            getattr(store, "close", lambda: None)()
    return {
        "referee_p50_ms": round(statistics.median(spent), 3),
        "referee_p99_ms": round(percentile(spent, 0.99), 3),
        "referee_max_ms": round(max(spent), 3),
        "referee_utterances": len(spent),
        "referee_games": games,
        "referee_store": store_kind,
    }


def postgres_latency(quick: bool, server: str) -> dict[str, Any]:
    """The referee's latency (as `referee_latency`) writing to a PostgreSQL server (`--db`)."""
    figures = referee_latency(quick, store_kind=server)
    return {
        "referee_p50_ms_postgres": figures["referee_p50_ms"],
        "referee_p99_ms_postgres": figures["referee_p99_ms"],
        "referee_max_ms_postgres": figures["referee_max_ms"],
    }


# ------------------------------------------------------------------ engine
def engine_throughput(quick: bool = False) -> dict[str, Any]:
    """docs/command-line.md engine_moves_per_s: pre-generated bot moves of the default game through decide +
    evolve alone (CPU time), for each value of its first setting with choices (its editions)."""
    from assistant.game import SimOptions, default_module
    from assistant.sim.runner import engine_moves_per_second

    module = default_module()
    choices = next(((o.key, o.choices) for o in module.options if o.choices), None)
    tables = {c: {choices[0]: c} for c in choices[1]} if choices else {"default": {}}
    moves, runs = (10_000, 3) if quick else (50_000, 5)
    out: dict[str, Any] = {}
    for name, setting in tables.items():
        driver = module.simulation(module.rules({"players": list(PLAYERS), **setting}), SimOptions())
        engine_moves_per_second(driver, 2_000, seed=-1)  # warm-up, untimed: first calls are slower
        rates = [engine_moves_per_second(driver, moves, seed=run) for run in range(runs)]
        out[f"engine_moves_per_s_{name}"] = round(statistics.median(rates))
        out[f"engine_moves_per_s_{name}_range"] = [round(min(rates)), round(max(rates))]
    out["engine_moves_per_s"] = min(out[f"engine_moves_per_s_{name}"] for name in tables)
    out["engine_moves"] = moves
    out["engine_repetitions"] = runs
    return out


def undo_latency(quick: bool = False, seed: int = 0) -> dict[str, float]:
    """Milliseconds of "arbitre annule" (median of 5) as a drinking game grows: undo refolds the history."""
    from assistant.bench.talk import Noise
    from assistant.referee.referee import Referee
    from assistant.settings.table import table_config
    from assistant.store.memory import MemoryStore

    lengths = [250, 1000] if quick else [500, 1000, 2000, 4000]
    config = table_config({"players": ",".join(PLAYERS)})
    clock = FakeClock()
    referee = Referee(config, clock, store=MemoryStore())
    grammar = referee.parser.grammar  # type: ignore[attr-defined]
    talker = Talker(grammar.phrases, config.players, Noise(undo=0, pause=0, new_game=0), grammar.awaiting)
    undo = talker.by_intent["undo"][0]
    rng = random.Random(seed)
    out: dict[str, float] = {}
    while lengths:
        said = talker.next(referee.expectations(), rng)
        clock.advance(said.wait)
        referee.hear(said.speaker, said.text, said.conf)
        if len(referee.session.entries) >= lengths[0]:
            spent = [timed_ns(lambda: referee.hear(PLAYERS[0], undo)) / 1e6 for _ in range(5)]
            out[str(lengths.pop(0))] = round(statistics.median(spent), 2)
    return out
