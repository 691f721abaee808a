"""The read commands on PostgreSQL: `kinito serve --resume` follows a game another process writes to
the server (folded once, then only the new moves read: `entries_from`), and `kinito history` reads a
server read-only, an empty database included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from assistant.bench.serve import _night
from assistant.runtime.questions import StoredTable, TableQuestions
from assistant.store.memory import MemoryStore
from assistant.store.opening import open_store
from assistant.store.postgres import PostgresStore
from tests.cli.kinito_run import kinito


def test_q7_serve_resume_follows_a_game_written_to_postgres(pg_cluster: Any) -> None:
    pg_cluster.database("serve_reads")
    url = f"postgresql://kinito@/serve_reads?host={pg_cluster.socket}"
    played = _night(120, seed=3)
    memory = played.saver.store
    assert isinstance(memory, MemoryStore) and played.game_id is not None
    entries = memory.load(played.game_id).entries
    writer = PostgresStore(url)
    reader = open_store(url, read_only=True)
    try:
        game_id = writer.create_game("quinito", played.config.to_dict(), entries[:-5])
        table = StoredTable(reader, played.config)
        questions = TableQuestions(table.referee)
        questions.answer("les scores")
        for entry in entries[-5:]:
            writer.append(game_id, entry)
            kept = questions.answer("les scores")
            fresh = TableQuestions(StoredTable(reader, played.config).referee).answer("les scores")
            assert kept == fresh and kept.handled
        assert table.folds == 1 and table.referee().state == played.state
    finally:
        writer.close()
        reader.close()


def test_history_reads_an_empty_server_and_creates_nothing(pg_cluster: Any, tmp_path: Path) -> None:
    pg_cluster.database("empty_reads")
    url = f"postgresql://kinito@/empty_reads?host={pg_cluster.socket}"
    done = kinito(["history", "--db", url, "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == []
    with PostgresStore(url, read_only=True) as store:
        assert store._read("SELECT to_regclass('games')") == [(None,)]  # read-only: no table made
