"""`kinito serve --resume` keeps the stored game's state: it folds the log once, then reads and folds
only the moves stored since; an undo or another game rebuilds it. Answers match a fresh fold."""

from __future__ import annotations

from pathlib import Path

from assistant.bench.serve import _night, serve_latency
from assistant.referee.referee import Referee
from assistant.runtime.questions import StoredTable, TableQuestions
from assistant.store.memory import MemoryStore
from assistant.store.sqlite import SqliteStore


def _stored(tmp_path: Path, moves: int) -> tuple[Referee, SqliteStore, int, int]:
    """A played night, all but its last 5 moves stored; (played, store, stored id, memory id)."""
    played = _night(moves, seed=3)
    memory = played.saver.store
    assert isinstance(memory, MemoryStore) and played.game_id is not None
    entries = memory.load(played.game_id).entries
    store = SqliteStore(tmp_path / "nuit.sqlite3")
    return played, store, store.create_game("quinito", played.config.to_dict(), entries[:-5]), played.game_id


def test_new_moves_are_caught_up_without_a_second_fold(tmp_path: Path) -> None:
    """Q7 standings after five more stored moves: the kept state says what a fresh fold says, with one
    fold in all."""
    played, store, game_id, memory_id = _stored(tmp_path, 200)
    try:
        table = StoredTable(store, played.config)
        questions = TableQuestions(table.referee)
        questions.answer("les scores")
        memory = played.saver.store
        assert isinstance(memory, MemoryStore)
        for entry in memory.load(memory_id).entries[-5:]:
            store.append(game_id, entry)
            kept = questions.answer("les scores")
            fresh = TableQuestions(StoredTable(store, played.config).referee).answer("les scores")
            assert kept == fresh and kept.handled
        assert table.folds == 1
        assert table.referee().state == played.state
    finally:
        store.close()


def test_an_undo_in_the_stored_game_rebuilds_the_state(tmp_path: Path) -> None:
    """Undo (the log truncated, then a different move): the kept state is rebuilt, never stale."""
    played, store, game_id, _memory_id = _stored(tmp_path, 120)
    try:
        table = StoredTable(store, played.config)
        questions = TableQuestions(table.referee)
        questions.answer("c'est à qui")
        count = len(store.load(game_id).entries)
        store.truncate(game_id, count - 2)
        after = questions.answer("les scores")
        assert after == TableQuestions(StoredTable(store, played.config).referee).answer("les scores")
        assert table.folds == 2
    finally:
        store.close()


def test_the_serve_bench_measures_the_kept_state_and_the_refold() -> None:
    """`kinito bench`'s serve keys, on a short night: one fold, both paths measured."""
    figures = serve_latency(quick=True, moves=300)
    assert figures["serve_full_folds"] == 1 and figures["serve_moves"] >= 300
    assert figures["serve_answer_ms"] > 0 and figures["serve_refold_ms"] > 0
