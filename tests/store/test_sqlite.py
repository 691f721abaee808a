"""The SQLite save file: schema, WAL, one transaction per move, undo, resume, results and XP (C8), faults."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from assistant.core.game import Session
from assistant.store.memory import MemoryStore
from assistant.store.protocol import GameEnd, GameStore, StoredEntry, StoreError, encode_entry, resume, totals
from assistant.store.sqlite import SqliteStore, default_db_path
from tests.store.toy import TOY_CODEC, Score, Scored, Sheet, ToyGame, toy_factory


def _play(store: GameStore, game_id: int, moves: list[Score]) -> Session[Sheet, Score, Scored]:
    session: Session[Sheet, Score, Scored] = Session.start(ToyGame())
    for move in moves:
        nxt = session.apply(move)
        store.append(game_id, encode_entry(TOY_CODEC, nxt.entries[-1]))
        session = nxt
    return session


@pytest.fixture(params=["sqlite", "memory", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    """The shared store suite: every GameStore passes the same tests (PostgreSQL on a throw-away
    cluster, skipped with its reason when none can start here)."""
    if request.param == "sqlite":
        return SqliteStore(tmp_path / "k.sqlite3", wall_clock=iter(range(1, 10_000)).__next__)
    if request.param == "postgres":
        from assistant.store.postgres import PostgresStore

        cluster = request.getfixturevalue("pg_cluster")
        dsn = cluster.database(f"t{abs(hash(request.node.nodeid)) % 10**9}")
        clock = iter(range(1, 10_000)).__next__
        return PostgresStore(dsn, wall_clock=lambda: float(clock()))
    return MemoryStore()


MOVES = [Score("Ana", 2), Score("Bruno", 3), Score("Ana", 1), Score("Chloé", 5)]


def test_resume_folds_back_to_the_state_before_the_kill(store: GameStore) -> None:
    game_id = store.create_game("quinito", {"players": ["Ana", "Bruno", "Chloé"]})
    before = _play(store, game_id, MOVES)
    after = resume(store, game_id, toy_factory)
    assert after.state == before.state
    assert after.entries == before.entries


def test_truncate_is_undo_of_the_log_tail(store: GameStore) -> None:
    game_id = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    session = _play(store, game_id, MOVES)
    store.truncate(game_id, 2)
    assert resume(store, game_id, toy_factory).state == session.undo(2).state
    # appending after an undo continues the sequence where the log now ends
    store.append(game_id, encode_entry(TOY_CODEC, session.entries[3]))
    assert resume(store, game_id, toy_factory).entries == (*session.entries[:2], session.entries[3])


def test_latest_unfinished_and_finish(store: GameStore) -> None:
    assert store.latest_unfinished() is None
    first = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    second = store.create_game("cinquillo", {"players": ["Ana", "Bruno"], "mode": "original"})
    assert store.latest_unfinished() == second
    store.finish(second, GameEnd(["Ana", "Bruno"]))
    assert store.latest_unfinished() == first
    loaded = store.load(second)
    assert (loaded.kind, loaded.status, loaded.winner) == ("cinquillo", "finished", ["Ana", "Bruno"])
    assert loaded.finished_at is not None and loaded.finished_at > loaded.created_at
    store.finish(first, GameEnd("Ana"))
    assert store.latest_unfinished() is None
    assert store.load(first).config == {"players": ["Ana", "Bruno"]}


def test_c8_leaderboard_sums_xp_across_games(store: GameStore) -> None:
    """C8: winner +10 x players, losers -10; the ranking sums the finished games' XP tallies, finishing
    again replaces a game's results, and tallies other than XP (Quinito's doses) are not XP."""
    one = store.create_game("cinquillo", {"players": ["Ana", "Bruno", "Chloé"]})
    two = store.create_game("cinquillo", {"players": ["Ana", "Bruno"]})
    three = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    store.finish(one, GameEnd("Ana", {"Ana": {"xp": 30}, "Bruno": {"xp": -10}, "Chloé": {"xp": -10}}))
    store.finish(one, GameEnd("Bruno", {"Ana": {"xp": -10}, "Bruno": {"xp": 30}, "Chloé": {"xp": -10}}))
    store.finish(two, GameEnd("Ana", {"Ana": {"xp": 20}, "Bruno": {"xp": -10}}))
    store.finish(three, GameEnd(None, {"Ana": {"doses": 3, "sips": 1}, "Bruno": {"doses": 0, "sips": 2}}))
    ranking = [(s.player, s.xp, s.games) for s in store.leaderboard()]
    assert ranking == [("Bruno", 20, 2), ("Ana", 10, 2), ("Chloé", -10, 1)]
    assert store.load(one).results == {"Ana": {"xp": -10}, "Bruno": {"xp": 30}, "Chloé": {"xp": -10}}
    assert totals(store.results())["Ana"] == {"doses": 3, "sips": 1, "xp": 10}


def test_unknown_game_is_a_french_sentence(store: GameStore) -> None:
    with pytest.raises(StoreError, match="Aucune partie numéro 42"):
        store.load(42)
    with pytest.raises(StoreError, match="Aucune partie numéro 42"):
        store.append(42, StoredEntry({"type": "Score"}, []))


def test_sqlite_uses_wal_and_one_row_per_move(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    store = SqliteStore(path)
    game_id = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    _play(store, game_id, MOVES)
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    rows = db.execute(
        "SELECT seq, command FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
    ).fetchall()
    assert [r[0] for r in rows] == [0, 1, 2, 3]
    assert '"player":"Ana"' in rows[0][1]


def test_another_process_sees_every_committed_move(tmp_path: Path) -> None:
    """One transaction per move: a second connection reads each move as soon as append returns."""
    path = tmp_path / "k.sqlite3"
    writer = SqliteStore(path)
    reader = SqliteStore(path)
    game_id = writer.create_game("quinito", {"players": ["Ana", "Bruno"]})
    session: Session[Sheet, Score, Scored] = Session.start(ToyGame())
    for count, move in enumerate(MOVES, start=1):
        session = session.apply(move)
        writer.append(game_id, encode_entry(TOY_CODEC, session.entries[-1]))
        assert len(reader.load(game_id).entries) == count


def test_default_db_path_honours_kinito_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINITO_DB", str(tmp_path / "deep" / "dir" / "x.sqlite3"))
    assert default_db_path() == tmp_path / "deep" / "dir" / "x.sqlite3"
    assert not (tmp_path / "deep").exists()  # a reader must not create it: the writing store does
    SqliteStore(default_db_path()).close()
    assert (tmp_path / "deep" / "dir").is_dir()
    monkeypatch.delenv("KINITO_DB")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert default_db_path() == tmp_path / "home" / ".local" / "share" / "kinito" / "kinito.sqlite3"


def test_full_disk_raises_store_error_and_keeps_the_session(tmp_path: Path) -> None:
    """A full disk (simulated with PRAGMA max_page_count) refuses the move; nothing half-written."""
    store = SqliteStore(tmp_path / "k.sqlite3")
    game_id = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count={pages + 2}")
    session: Session[Sheet, Score, Scored] = Session.start(ToyGame())
    with pytest.raises(StoreError, match="Le disque est plein") as failure:
        for _ in range(10_000):
            nxt = session.apply(Score("Ana" * 200, 1))
            store.append(game_id, encode_entry(TOY_CODEC, nxt.entries[-1]))
            session = nxt  # only a saved move is a move made
    assert "Traceback" not in str(failure.value)
    saved = resume(store, game_id, toy_factory)
    assert saved.entries == session.entries and saved.state == session.state
    assert len(session.entries) > 0


def test_extend_on_a_full_disk_stores_all_or_nothing(tmp_path: Path) -> None:
    """Several moves from one sentence: one transaction, so a full disk keeps none of them."""
    store = SqliteStore(tmp_path / "k.sqlite3")
    game_id = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    session = _play(store, game_id, MOVES[:1])
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count={pages + 1}")
    big = [StoredEntry({"type": "Score", "player": "Ana" * 300, "points": i}, []) for i in range(1, 60)]
    with pytest.raises(StoreError, match="Le disque est plein"):
        store.extend(game_id, big)
    assert resume(store, game_id, toy_factory).entries == session.entries
    store._db.execute("PRAGMA max_page_count=1073741823")
    store.extend(game_id, big[:3])
    assert [e.command["points"] for e in store.load(game_id).entries[1:]] == [1, 2, 3]


def test_read_only_database_raises_store_error(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    with SqliteStore(path) as store:
        game_id = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
        session = _play(store, game_id, MOVES[:2])
    reader = SqliteStore(path, read_only=True)
    assert resume(reader, game_id, toy_factory).state == session.state
    nxt = session.apply(MOVES[2])
    with pytest.raises(StoreError, match="lecture seule"):
        reader.append(game_id, encode_entry(TOY_CODEC, nxt.entries[-1]))
    assert len(reader.load(game_id).entries) == 2


@pytest.mark.skipif(shutil.which("chattr") is None, reason="chattr not available")
def test_immutable_file_raises_store_error(tmp_path: Path) -> None:
    """A file the system will not let us write (chattr +i works even for root) gives a sentence."""
    path = tmp_path / "k.sqlite3"
    with SqliteStore(path) as store:
        game_id = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("this file system refuses chattr +i")
    try:
        with pytest.raises(StoreError) as failure:
            store = SqliteStore(path)
            store.append(game_id, StoredEntry({"type": "Score", "player": "Ana", "points": 1}, []))
        assert str(failure.value).startswith(("Le fichier de sauvegarde", "Impossible d'ouvrir"))
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_undo_then_a_new_move_keeps_the_words_heard_in_step(tmp_path: Path) -> None:
    """Undo drops the words heard with the moves (a cascade): the move that replaces an undone one is saved
    (its row of `heard` is not a leftover of the undone move)."""
    store = SqliteStore(tmp_path / "k.sqlite3")
    game_id = store.create_game("toy", {})
    store.extend(
        game_id,
        [StoredEntry({"type": "Score"}, [], "Ana: deux"), StoredEntry({"type": "Score"}, [], "Bruno: un")],
    )
    store.truncate(game_id, 1)
    store.append(game_id, StoredEntry({"type": "Score"}, [], "Bruno: trois"))
    assert [e.heard for e in store.load(game_id).entries] == ["Ana: deux", "Bruno: trois"]
    store.close()
