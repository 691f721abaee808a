"""A game's end in the same transaction as its last moves, the caller's count of stored moves, files
from a newer schema refused untouched, read-only readers that never create nor migrate, and the WAL
folded into the file after each write (deleting `-wal` then killing loses nothing)."""

from __future__ import annotations

import hashlib
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.store.memory import MemoryStore
from assistant.store.protocol import GameEnd, GameStore, StoredEntry, StoreError
from assistant.store.schema import SCHEMA_VERSION
from assistant.store.sqlite import SqliteStore

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parents[2]
END = GameEnd("Ana", {"Ana": {"xp": 20}, "Bruno": {"xp": -10}})


def _entry(points: int, heard: str | None = None) -> StoredEntry:
    return StoredEntry({"type": "Score", "player": "Ana", "points": points}, [], heard)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(params=["sqlite", "memory", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    """The shared store suite: every GameStore passes the same tests (PostgreSQL on a throw-away
    cluster, skipped with its reason when none can start here)."""
    if request.param == "sqlite":
        return SqliteStore(tmp_path / "k.sqlite3")
    if request.param == "postgres":
        from assistant.store.postgres import PostgresStore

        cluster = request.getfixturevalue("pg_cluster")
        dsn = cluster.database(f"t{abs(hash(request.node.nodeid)) % 10**9}")
        clock = iter(range(1, 10_000)).__next__
        return PostgresStore(dsn, wall_clock=lambda: float(clock()))
    return MemoryStore()


def test_c8_the_last_moves_and_the_end_are_one_write(store: GameStore) -> None:
    """extend(..., end=...) stores the moves, the winner and the results together; finish alone ends a
    game with no new move; the leaderboard reads the results."""
    game_id = store.create_game("cinquillo", {"players": ["Ana", "Bruno"]})
    store.extend(game_id, [_entry(1), _entry(2)], end=END, stored=0)
    loaded = store.load(game_id)
    assert (loaded.status, loaded.winner, len(loaded.entries)) == ("finished", "Ana", 2)
    assert loaded.results == {"Ana": {"xp": 20}, "Bruno": {"xp": -10}}
    assert [tuple(s) for s in store.leaderboard()] == [("Ana", 20, 1), ("Bruno", -10, 1)]
    other = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    store.finish(other, GameEnd(None, {"Ana": {"doses": 3, "sips": 0}}))
    assert store.load(other).status == "finished" and store.unfinished() == []


def test_undo_after_the_end_plays_the_game_again(store: GameStore) -> None:
    game_id = store.create_game("cinquillo", {"players": ["Ana", "Bruno"]})
    store.extend(game_id, [_entry(1), _entry(2)], end=END)
    store.truncate(game_id, 1)
    loaded = store.load(game_id)
    assert (loaded.status, loaded.winner, loaded.results, len(loaded.entries)) == ("playing", None, {}, 1)
    assert store.leaderboard() == [] and store.unfinished() == [game_id]


def test_a_wrong_count_of_stored_moves_is_refused_and_writes_nothing(store: GameStore) -> None:
    """The saver passes how many moves the store holds (no query per move): too few would repeat a
    row, too many would leave a gap; both are refused and the log is unchanged."""
    game_id = store.create_game("toy", {})
    store.extend(game_id, [_entry(1)], stored=0)
    for wrong in (0, 2):
        with pytest.raises(StoreError, match="rien n'est écrit"):
            store.extend(game_id, [_entry(2), _entry(3)], end=END, stored=wrong)
    loaded = store.load(game_id)
    assert len(loaded.entries) == 1 and loaded.status == "playing"
    store.extend(game_id, [_entry(2)], stored=1)
    assert [e.command["points"] for e in store.load(game_id).entries] == [1, 2]


def test_a_full_disk_keeps_neither_the_last_move_nor_the_end(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "k.sqlite3")
    game_id = store.create_game("cinquillo", {"players": ["Ana", "Bruno"]})
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count={pages}")
    big = [StoredEntry({"type": "Score", "player": "Ana" * 400, "points": i}, []) for i in range(40)]
    with pytest.raises(StoreError, match="Le disque est plein"):
        store.extend(game_id, big, end=END, stored=0)
    loaded = store.load(game_id)
    assert (loaded.status, loaded.entries, loaded.results) == ("playing", (), {})


def _newer_file(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE future (x)")
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
        db.execute("PRAGMA journal_mode=WAL")
    assert not Path(f"{path}-wal").exists()


@pytest.mark.parametrize("read_only", [False, True], ids=["play", "history"])
def test_a_file_from_a_newer_schema_is_refused_and_untouched(tmp_path: Path, read_only: bool) -> None:
    path = tmp_path / "k.sqlite3"
    _newer_file(path)
    before = _digest(path)
    with pytest.raises(StoreError) as refused:
        SqliteStore(path, read_only=read_only)
    message = refused.value.message
    assert "version plus récente" in message and "n'a pas été modifié" in message and "--db" in message
    assert _digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.sqlite3"]


def test_newer_file_through_the_command_line_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "k.sqlite3"
    _newer_file(path)
    before = _digest(path)
    for command in (["history"], ["leaderboard"], ["export", "1"]):
        assert main([*command, "--db", str(path)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("kinito: Le fichier") and "version plus récente" in err, command
        assert len(err.splitlines()) == 1
    assert _digest(path) == before


def test_read_only_commands_create_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`history --db typo/x.sqlite3` neither creates the folder nor the file."""
    missing = tmp_path / "typo" / "x.sqlite3"
    assert main(["history", "--db", str(missing)]) == 0
    assert "Aucune partie enregistrée" in capsys.readouterr().out
    assert main(["leaderboard", "--db", str(missing)]) == 0
    assert main(["export", "dernier", "--db", str(missing)]) == 2
    assert "Aucune partie enregistrée" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_read_only_commands_never_migrate_an_older_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A schema-1 file is read through a migrated copy in memory: listed, exported, ranked, and the
    file keeps its bytes and its version."""
    path = tmp_path / "kinito.sqlite3"
    shutil.copy(FIXTURES / "kinito-v1.sqlite3", path)
    before = _digest(path)
    assert main(["history", "--db", str(path)]) == 0
    assert "n° 1" in capsys.readouterr().out
    assert main(["export", "1", "--json", "--db", str(path)]) == 0
    assert main(["leaderboard", "--db", str(path)]) == 0
    assert _digest(path) == before
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0


def test_schema_2_xp_becomes_results_and_the_ranking_is_kept(tmp_path: Path) -> None:
    """Migration 2 -> 3: the `xp` table's rows become each game's results; the leaderboard is the same."""
    path = tmp_path / "k.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL,
              config TEXT NOT NULL, created_at REAL NOT NULL, finished_at REAL,
              status TEXT NOT NULL DEFAULT 'playing', winner TEXT);
            CREATE TABLE entries (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, command TEXT NOT NULL,
              events TEXT NOT NULL, PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
            CREATE TABLE xp (game_id INTEGER NOT NULL, player TEXT NOT NULL, delta INTEGER NOT NULL,
              PRIMARY KEY (game_id, player)) WITHOUT ROWID;
            INSERT INTO games VALUES (1, 'cinquillo', '{}', 1, 2, 'finished', '"Ana"');
            INSERT INTO games VALUES (2, 'cinquillo', '{}', 3, 4, 'finished', '"Bruno"');
            INSERT INTO xp VALUES (1, 'Ana', 20), (1, 'Bruno', -10), (2, 'Ana', -10), (2, 'Bruno', 20);
            PRAGMA user_version=2;
            """
        )
    reader = SqliteStore(path, read_only=True)
    assert [tuple(s) for s in reader.leaderboard()] == [("Ana", 10, 2), ("Bruno", 10, 2)]
    reader.close()
    with SqliteStore(path) as store:
        assert [tuple(s) for s in store.leaderboard()] == [("Ana", 10, 2), ("Bruno", 10, 2)]
        assert store.load(1).results == {"Ana": {"xp": 20}, "Bruno": {"xp": -10}}
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "xp" not in names and {"games", "entries", "heard"} <= names
        assert {r[1] for r in db.execute("PRAGMA table_info(games)")} >= {"results", "league"}


CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from assistant.store.protocol import StoredEntry
    from assistant.store.sqlite import SqliteStore
    path = Path(sys.argv[1])
    store = SqliteStore(path)
    game = store.create_game("toy", {"players": ["Ana"]})
    def move(i):
        store.extend(game, [StoredEntry({"type": "Score", "player": "Ana", "points": i}, [])])
    for i in range(200):
        move(i)
    os.remove(f"{path}-wal")  # a cleanup script mid-game
    for i in range(200, 260):
        move(i)
    store.settle()  # the last line folded (a few ms after it was said)
    os.remove(f"{path}-wal")  # again, and killed before any further write
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def test_deleting_the_wal_mid_game_then_a_kill_loses_nothing(tmp_path: Path) -> None:
    """Each write is folded into the file and a vanished -wal is noticed: the WAL deleted mid-game,
    60 more moves, deleted again and the process SIGKILLed at once: all 260 moves are in the file."""
    path = tmp_path / "k.sqlite3"
    child = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, timeout=120)
    assert child.returncode == -signal.SIGKILL
    with SqliteStore(path, read_only=True) as store:
        points = [e.command["points"] for e in store.load(1).entries]
    assert points == list(range(260))
