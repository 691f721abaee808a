"""The PostgreSQL server stopped for 10 seconds in the middle of a `kinito play --input text` game: the
table is told once, the game goes on in memory, and once the server is back the log catches up with
every move, none lost or doubled (compared with the same lines refereed without any outage)."""

from __future__ import annotations

import subprocess
import time
from typing import Any

import pytest

from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.settings.table import table_config
from assistant.store.memory import MemoryStore
from assistant.store.postgres import PostgresStore
from tests.robustness.faulty import kinito_process

PLAYERS = "Ana,Bruno,Chloé"
BEFORE = [("Ana", "soixante deux"), ("Bruno", "j'accepte")]
DURING = [("Bruno", "soixante cinq je bois"), ("Chloé", "j'accepte")]
AFTER = [("Chloé", "soixante six"), ("Ana", "j'accepte"), ("Ana", "menteur")]
OUTAGE = 10.0
"""Seconds the server stays stopped."""


def _say(child: subprocess.Popen[str], lines: list[tuple[str, str]]) -> list[str]:
    """Send the lines and a turn question, and read the output up to its answer."""
    assert child.stdin is not None and child.stdout is not None
    for speaker, text in lines:
        child.stdin.write(f"{speaker}: {text}\n")
    child.stdin.write("arbitre à qui le tour\n")
    child.stdin.flush()
    seen: list[str] = []
    for line in child.stdout:
        seen.append(line)
        if "C'est à " in line:
            return seen
    raise AssertionError(f"no answer to the turn question: {seen}")


def _reference(lines: list[tuple[str, str]]) -> list[tuple[Any, Any, str | None]]:
    store = MemoryStore()
    referee = Referee(
        table_config({"game": "quinito", "players": PLAYERS, "slow": "off"}), FakeClock(), store=store
    )
    for speaker, text in lines:
        referee.hear(speaker, text)
    assert referee.game_id is not None
    return [(e.command, e.events, e.heard) for e in store.load(referee.game_id).entries]


@pytest.mark.slow
def test_the_server_stopped_ten_seconds_mid_game_loses_nothing(pg_cluster: Any) -> None:
    pg_cluster.database("outage")
    url = f"postgresql://kinito@/outage?host={pg_cluster.socket}"
    child = kinito_process(["play", "--input", "text", "--no-speech", "--game", "quinito", "--db", url,
                            "--players", PLAYERS, "--slow", "off"])  # fmt: skip
    said = _say(child, BEFORE)
    stopped = time.monotonic()
    pg_cluster.pause()
    try:
        said += _say(child, DURING)  # refereed all the same, in memory
        time.sleep(max(0.0, OUTAGE - (time.monotonic() - stopped)))
    finally:
        pg_cluster.resume()
    said += _say(child, AFTER)
    out, err = child.communicate("", timeout=120)
    said.append(out)
    assert child.returncode == 0 and "Traceback" not in err, err
    text = "".join(said) + err
    assert text.count("ne répond pas") == 1, text  # told once
    assert "La sauvegarde fonctionne de nouveau." in text
    with PostgresStore(url, read_only=True) as store:
        (game_id,) = store.game_ids()
        stored = [(e.command, e.events, e.heard) for e in store.load(game_id).entries]
    expected = _reference(BEFORE + DURING + AFTER)
    assert stored == expected and len(stored) >= len(BEFORE + DURING + AFTER)
