"""Versioned persistence (docs/architecture.md): files written by earlier versions of kinito still resume.

`fixtures/kinito-v1.sqlite3` was written by the first version (commit c126c9d, schema 1, whose
`games.kind` carried a CHECK naming the two games): a Quinito game refereed from typed lines (a bluff,
a quinito attack, a forbidden word, V-65), a 2-player Cinquillo game just dealt, and a whole simulated
Cinquillo match. `kinito-v1.expected.json` is what that version folded each game to.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import cast

from assistant.sim.simulate import SimSettings, game_factory
from assistant.store.protocol import resume
from assistant.store.schema import SCHEMA_VERSION
from assistant.store.sqlite import SqliteStore

FIXTURES = Path(__file__).parent / "fixtures"


def _copy(tmp_path: Path) -> Path:
    path = tmp_path / "kinito.sqlite3"
    shutil.copy(FIXTURES / "kinito-v1.sqlite3", path)
    return path


def test_a_game_saved_by_the_first_version_resumes_exactly(tmp_path: Path) -> None:
    """Every stored game of schema 1 folds, after migration, to the state the old code folded it to."""
    expected = json.loads((FIXTURES / "kinito-v1.expected.json").read_text(encoding="utf-8"))
    store = SqliteStore(_copy(tmp_path))
    for game_id, want in expected.items():
        session = resume(store, int(game_id), game_factory)
        state = session.state
        settings = SimSettings.from_stored(store.load(int(game_id)))[0]
        extras = settings.module.rulebook(settings.module.rules(settings.table)).extras(state)
        got = {
            "entries": len(session.entries),
            "standings": state.standings(),
            "current": state.current,
            "direction": extras["direction"],
            "winner": state.winner,
            "totems": list(cast(list[str], extras["totem"])),
        }
        assert got == want, game_id
    store.close()


def test_migration_keeps_every_row_and_drops_the_game_name_check(tmp_path: Path) -> None:
    """Schema 1 -> 2: the games table is rebuilt without its CHECK, no entry is lost (no cascade), and the
    kind is plain data: a game registered later can be stored in the same file."""
    path = _copy(tmp_path)
    with sqlite3.connect(path) as before:
        counts = before.execute("SELECT game_id, COUNT(*) FROM entries GROUP BY game_id").fetchall()
        assert before.execute("PRAGMA user_version").fetchone()[0] == 0
    store = SqliteStore(path)
    game_id = store.create_game("toy", {"players": ["Ana"]})
    assert store.load(game_id).kind == "toy"
    store.close()
    with sqlite3.connect(path) as after:
        assert after.execute("SELECT game_id, COUNT(*) FROM entries GROUP BY game_id").fetchall() == counts
        assert after.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        (sql,) = after.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()
        assert "CHECK (kind" not in sql
    SqliteStore(path).close()  # opening a migrated file again changes nothing
