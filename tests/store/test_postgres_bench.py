"""`kinito bench --db postgresql://…`: the referee's latency writing to a PostgreSQL server, beside
SQLite's (referee_p99_ms_postgres); a --db that is not a server is one sentence with the fix."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.bench import measures
from tests.robustness.faulty import kinito_process


@pytest.mark.slow
def test_referee_latency_is_measured_on_postgres(pg_cluster: Any) -> None:
    pg_cluster.database("bench_suite")
    url = f"postgresql://kinito@/bench_suite?host={pg_cluster.socket}"
    figures = measures.postgres_latency(True, url)
    assert set(figures) == {"referee_p50_ms_postgres", "referee_p99_ms_postgres", "referee_max_ms_postgres"}
    assert 0 < figures["referee_p50_ms_postgres"] <= figures["referee_p99_ms_postgres"]
    assert figures["referee_p99_ms_postgres"] <= figures["referee_max_ms_postgres"]


def test_bench_db_must_name_a_server(tmp_path: Any) -> None:
    child = kinito_process(["bench", "--quick", "--db", str(tmp_path / "x.sqlite3")])
    out, err = child.communicate("", timeout=120)
    lines = err.strip().splitlines()
    assert child.returncode == 2 and out == "" and len(lines) == 1, err
    assert "bench --db postgresql://" in lines[0]  # the fix, as this install spells the command
