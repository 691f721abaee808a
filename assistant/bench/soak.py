"""A simulated party of many hours against the real referee and a real SQLite store.

Tens of thousands of utterances (assistant.bench.talk: grammar phrases for what is awaited, chatter,
wrong and unknown speakers, low confidence, undo, pause/resume, new games, long silences) on a fake clock
advancing realistic seconds per utterance. Every `resume_every` utterances the referee is dropped and
rebuilt from SQLite (as after a crash) and the invariants of assistant.bench.consistency are checked.
Memory (RSS), store size and referee latency are sampled over time.

Full length (six hours of party time on the fake clock, about 10,000 utterances):

    python -m assistant.bench.soak --hours 6 --json > soak.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.bench.consistency import problems
from assistant.bench.stats import percentile
from assistant.bench.talk import Noise, Talker
from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.rss import current_rss_mb, peak_rss_mb
from assistant.settings.table import table_config
from assistant.store.sqlite import SqliteStore

DEFAULT_TABLE: Mapping[str, Any] = {"players": "Ana,Bruno,Chloé,David,Élodie,Jean-Marc"}
"""Six players, drinking edition (vigilance on: the heaviest parse path)."""


@dataclass
class Sample:
    """The soak's state at one moment."""

    utterances: int
    """Utterances heard so far."""
    party_s: float
    """Party time (fake clock) in seconds."""
    rss_mb: float
    """Resident memory now."""
    store_kb: float
    """Size of the SQLite files (database + WAL)."""
    entries: int
    """Entries of the game in progress."""
    window_p99_ms: float
    """Referee latency p99 over the utterances since the previous sample."""


@dataclass
class SoakReport:
    """What a soak run saw."""

    utterances: int = 0
    """Utterances heard."""
    games: int = 1
    """Games played (new game, or a winner then a new game)."""
    resumes: int = 0
    """Times the referee was rebuilt from SQLite."""
    undos: int = 0
    """Undo commands heard."""
    penalties: int = 0
    """Penalties charged over all games."""
    store_errors: int = 0
    """Moves the store refused (should stay 0 on a healthy disk)."""
    problems: list[str] = field(default_factory=list)
    """Invariant violations (empty when consistent)."""
    samples: list[Sample] = field(default_factory=list)
    """Memory, store size and latency over time."""
    wall_s: float = 0.0
    """Real seconds the run took."""

    def to_json(self) -> dict[str, Any]:
        """A JSON object, samples as a list of objects."""
        out = dict(self.__dict__)
        out["samples"] = [s.__dict__ for s in self.samples]
        first = self.samples[0].rss_mb if self.samples else 0.0
        out["rss_growth_mb"] = round(self.samples[-1].rss_mb - first, 1) if self.samples else 0.0
        out["peak_rss_mb"] = max([peak_rss_mb(), *(s.rss_mb for s in self.samples)])
        return out


def _store_kb(path: Path) -> float:
    total = sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file())
    return round(total / 1024, 1)


def _p99(values: list[float]) -> float:
    return round(1000 * percentile(values, 0.99), 3) if values else 0.0


def soak(
    utterances: int,
    db_path: Path,
    hours: float | None = None,
    seed: int = 0,
    table: Mapping[str, Any] = DEFAULT_TABLE,
    resume_every: int = 500,
    sample_every: int = 1000,
    noise: Noise | None = None,
    on_sample: Callable[[Sample], None] | None = None,
) -> SoakReport:
    """Run `utterances` lines (or until `hours` of party time) through a referee saved in `db_path`.

    Exceptions propagate: any exception is a soak failure."""
    rng = random.Random(seed)
    config = table_config(table)
    clock = FakeClock()
    store = SqliteStore(db_path)
    referee = Referee(config, clock, store=store)
    talker = Talker(referee.parser.grammar.phrases, config.players, noise, referee.parser.grammar.awaiting)  # type: ignore[attr-defined]
    report = SoakReport()
    window: list[float] = []
    started = time.perf_counter()
    try:
        n = 0
        while n < utterances and (hours is None or clock.now() < hours * 3600):
            n += 1
            said = talker.next(referee.expectations(), rng)
            for _ in range(int(said.wait)):
                clock.advance(1.0)
                referee.tick()
            clock.advance(said.wait - int(said.wait))
            game_id = referee.game_id
            began = time.perf_counter()
            out = referee.hear(said.speaker, said.text, said.conf)
            window.append(time.perf_counter() - began)
            report.undos += (
                said.text.startswith("arbitre") and referee.parser.parse(said.text).intent == "undo"
            )
            report.store_errors += any("sauvegarde" in line or "disque" in line for line in out)
            if referee.game_id != game_id:
                report.games += 1
            if n % resume_every == 0:
                report.problems += [f"utterance {n}: {p}" for p in problems(referee, store)]
                report.penalties = len(referee.penalties())
                resumed = Referee(config, clock, store=store, resume_id=referee.game_id)
                if resumed.state != referee.state:
                    report.problems.append(f"utterance {n}: resumed state differs")
                referee = resumed
                report.resumes += 1
            if n % sample_every == 0:
                sample = Sample(
                    n,
                    round(clock.now(), 1),
                    current_rss_mb(),
                    _store_kb(db_path),
                    len(referee.session.entries),
                    _p99(window),
                )
                window = []
                report.samples.append(sample)
                if on_sample is not None:
                    on_sample(sample)
        report.problems += problems(referee, store)
        report.penalties = len(referee.penalties())
        if window:
            report.samples.append(
                Sample(
                    n,
                    round(clock.now(), 1),
                    current_rss_mb(),
                    _store_kb(db_path),
                    len(referee.session.entries),
                    _p99(window),
                )
            )
    finally:
        store.close()
    report.utterances = n
    report.wall_s = round(time.perf_counter() - started, 1)
    return report


PARTY = Noise(chatter=0.5)
"""A party: half of what the recogniser hands over is table talk (waits average about 2 s a line)."""


def main(argv: list[str] | None = None) -> int:
    """`python -m assistant.bench.soak --hours 6 [--db PATH] [--json]`."""
    parser = argparse.ArgumentParser(prog="python -m assistant.bench.soak", description=__doc__)
    parser.add_argument("--hours", type=float, default=6.0, help="party hours to simulate")
    parser.add_argument("--utterances", type=int, help="utterances to simulate (instead of --hours)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--db", help="SQLite file (default: a temporary one)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON on stdout")
    args = parser.parse_args(argv)
    count = args.utterances or 10**9
    hours = None if args.utterances else args.hours
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(args.db) if args.db else Path(tmp) / "soak.sqlite3"

        def log(s: Sample) -> None:
            print(json.dumps(s.__dict__), file=sys.stderr, flush=True)

        report = soak(count, db, hours=hours, seed=args.seed, noise=PARTY, on_sample=log)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(
            f"{report.utterances} utterances, {report.games} games, {report.resumes} resumes, "
            f"{len(report.problems)} problems, {report.wall_s} s"
        )
    return 1 if report.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
