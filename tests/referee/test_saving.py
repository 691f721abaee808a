"""Each stored move keeps the line heard that caused it, and its time (a dispute settles)."""

from __future__ import annotations

from pathlib import Path

from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.settings.table import table_config
from assistant.store.sqlite import SqliteStore

TABLE = table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"})


def _store(tmp_path: Path) -> SqliteStore:
    moments = iter(float(t) for t in range(1_700_000_000, 1_700_001_000))
    return SqliteStore(tmp_path / "k.sqlite3", wall_clock=lambda: next(moments))


def test_moves_are_saved_with_the_words_heard_and_the_time(tmp_path: Path) -> None:
    store = _store(tmp_path)
    referee = Referee(TABLE, FakeClock(), store=store)
    referee.hear("Ana", "soixante deux")
    referee.hear("Bruno", "menteur")
    referee.hear(None, "cinquante quatre")
    entries = store.load(referee.game_id or 0).entries
    heard = [e.heard for e in entries]
    assert heard[0] == "Ana: soixante deux"
    assert "Bruno: menteur" in heard and heard[-1] == "table: cinquante quatre"
    penalty = next(e for e in entries if any(ev["type"] == "PenaltyCalled" for ev in e.events))
    assert penalty.heard == "table: cinquante quatre"  # the read-out that proved the bluff
    times = [e.at for e in entries]
    assert all(t is not None for t in times) and times == sorted(times)


def test_undo_forgets_the_words_of_the_moves_it_drops(tmp_path: Path) -> None:
    store = _store(tmp_path)
    referee = Referee(TABLE, FakeClock(), store=store)
    referee.hear("Ana", "soixante deux")
    referee.hear("Ana", "arbitre annule")
    referee.hear("Ana", "cinquante trois")
    assert [e.heard for e in store.load(referee.game_id or 0).entries] == ["Ana: cinquante trois"]


def test_a_silence_fault_has_no_words(tmp_path: Path) -> None:
    """Q10: slowness is charged for what was not said."""
    clock = FakeClock()
    referee = Referee(
        table_config({"game": "quinito", "players": "Ana,Bruno", "slow": 5}), clock, store=_store(tmp_path)
    )
    clock.advance(6)
    assert referee.tick()
    entries = referee.saver.store.load(referee.game_id or 0).entries  # type: ignore[union-attr]
    assert entries[-1].heard is None and entries[-1].events[0]["reason"] == "slowness"


def test_a_file_from_before_keeps_loading(tmp_path: Path) -> None:
    """Files written before `heard` existed: the table is added on open, old moves have no words."""
    import sqlite3

    path = tmp_path / "old.sqlite3"
    store = SqliteStore(path)
    game_id = store.create_game("quinito", {"players": ["Ana", "Bruno"]})
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE heard")
        db.execute("INSERT INTO entries VALUES (?, 0, '{\"type\":\"X\"}', '[]')", (game_id,))
    reopened = SqliteStore(path)
    (old,) = reopened.load(game_id).entries
    assert (old.heard, old.at) == (None, None)
