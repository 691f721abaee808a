"""Referee fuzzing: random utterance streams never raise and never leave an inconsistent state.

Streams mix grammar phrases, corpus lines, chatter, any unicode, wake-word commands (undo, new game,
pause, resume, standings), speakers that are players (any case), the table (None), strangers, and waits
(Q10 slowness). After every line: one seated, non-eliminated current player while a game runs, no
negative counter, standings equal to the fold of the penalties. At the end: every penalty of outcome()
is a PenaltyCalled event of the stored log, and a referee rebuilt from SQLite holds the live state.
"""

from __future__ import annotations

import random
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.bench.consistency import outcome_is_json, problems, standings_problems, state_problems
from assistant.bench.measures import corpus_lines
from assistant.bench.talk import CHATTER, Talker
from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.settings.table import table_config
from assistant.store.sqlite import SqliteStore

PLAYERS = "Ana,Bruno,Chloé,David"
TABLES: dict[str, dict[str, Any]] = {
    "drinking": {"game": "quinito", "players": PLAYERS, "edition": "drinking"},
    "drinking-variants": {"game": "quinito", "players": PLAYERS, "variants": "V-65, V-51, V-11-high, V-32"},
    "family": {"game": "quinito", "players": PLAYERS, "edition": "family", "lives": 2},
    "cinquillo": {"game": "cinquillo", "players": "Ana,Bruno,Chloé"},
}
SPEAKERS = st.sampled_from(["Ana", "bruno", "CHLOÉ", "David", None, "table", "Inconnu", ""])


@lru_cache(maxsize=8)
def talker(table: str) -> Talker:
    config = table_config(TABLES[table])
    referee = Referee(config, FakeClock())
    return Talker(referee.parser.grammar.phrases, config.players, moments=referee.parser.grammar.awaiting)  # type: ignore[attr-defined]


@lru_cache(maxsize=8)
def pool(table: str) -> tuple[str, ...]:
    """Lines a table may hear: its grammar's phrases by intent, the corpus, chatter."""
    t = talker(table)
    rng = random.Random(0)
    lines = [text for phrases in t.by_intent.values() for text in rng.sample(phrases, min(40, len(phrases)))]
    lines += [text for game, text in corpus_lines() if game == TABLES[table]["game"]]
    return tuple(lines) + CHATTER


def step(table: str) -> st.SearchStrategy[tuple[str | None, str, float, float]]:
    commands = [
        text
        for i in ("undo", "new_game", "pause", "resume", "standings", "repeat")
        for text in talker(table).by_intent.get(i, ())[:2]
    ]
    text = st.one_of(st.sampled_from(pool(table)), st.sampled_from(commands), st.text(max_size=40))
    wait = st.one_of(st.just(0.0), st.floats(0, 5), st.floats(25, 90))
    return st.tuples(SPEAKERS, text, wait, st.sampled_from([1.0, 0.95, 0.7, 0.3]))


def run(table: str, steps: list[tuple[str | None, str, float, float]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "fuzz.sqlite3")
        clock = FakeClock()
        referee = Referee(table_config(TABLES[table]), clock, store=store)
        for speaker, text, wait, conf in steps:
            clock.advance(wait)
            referee.tick()
            said = referee.hear(speaker, text, conf)
            assert all(isinstance(line, str) and line for line in said)
            found = state_problems(referee) + standings_problems(referee)
            assert not found, (speaker, text, found)
        assert outcome_is_json(referee.outcome())
        assert problems(referee, store) == []
        store.close()


def fuzz(table: str) -> None:
    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(steps=st.lists(step(table), max_size=60))
    def inner(steps: list[tuple[str | None, str, float, float]]) -> None:
        run(table, steps)

    inner()


def test_random_streams_keep_the_drinking_referee_consistent_Q5_Q11() -> None:
    fuzz("drinking")


def test_random_streams_keep_the_referee_with_variants_consistent() -> None:
    fuzz("drinking-variants")


def test_random_streams_keep_the_family_referee_consistent_L1_L4() -> None:
    fuzz("family")


def test_random_streams_keep_the_cinquillo_referee_consistent_C1_C8() -> None:
    fuzz("cinquillo")


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), table=st.sampled_from(sorted(TABLES)))
def test_long_realistic_games_stay_consistent_and_resume_from_the_store(seed: int, table: str) -> None:
    """Talker streams play deep into games (specials, attacks, défis, eliminations), then resume."""
    rng = random.Random(seed)
    t = talker(table)
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "fuzz.sqlite3")
        clock = FakeClock()
        referee = Referee(table_config(TABLES[table]), clock, store=store)
        for n in range(400):
            said = t.next(referee.expectations(), rng)
            clock.advance(said.wait)
            referee.tick()
            referee.hear(said.speaker, said.text, said.conf)
            assert state_problems(referee) + standings_problems(referee) == [], (n, said)
        assert problems(referee, store) == []
        store.close()
