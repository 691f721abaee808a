"""C8: a spoken abandon, answered yes or no, is a move of the log: it is stored in
the SQLite store, a crashed game resumes with it, and it is undone like any move after a resume."""

from __future__ import annotations

from pathlib import Path

from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.settings.table import TableConfig, table_config
from assistant.store.sqlite import SqliteStore


def _table() -> TableConfig:
    return table_config({"game": "cinquillo", "players": "Ana,Bruno,Chloé,David"})


def test_C8_a_penalised_abandon_is_stored_resumed_and_undone(tmp_path: Path) -> None:
    with SqliteStore(tmp_path / "games.sqlite3") as store:
        first = Referee(_table(), FakeClock(), store=store)
        first.hear("Bruno", "cinq de deniers")
        assert first.hear("Chloé", "arbitre j'abandonne") == [
            "On pénalise l'abandon de Chloé ? Réponds par oui ou non."
        ]
        first.hear("Ana", "oui")
        assert first.state.winner is not None
        game_id = first.game_id
        assert game_id is not None
        again = Referee(_table(), FakeClock(), store=store, resume_id=game_id)
        assert again.state == first.state
        assert again.state.standings()["Chloé"]["xp"] == -20
        assert again.hear("Ana", "arbitre annule")[0] == "J'annule : l'abandon de Chloé."
        assert again.state.winner is None
        assert again.state.standings()["Chloé"]["xp"] == 0
        resumed = Referee(_table(), FakeClock(), store=store, resume_id=game_id)
        assert resumed.state.winner is None and resumed.state.abandoned is None


def test_C8_no_answer_yet_applies_nothing() -> None:
    r = Referee(_table(), FakeClock())
    r.hear("Bruno", "cinq de deniers")
    r.hear("Ana", "arbitre Bruno abandonne")
    before = len(r.session.entries)
    r.hear("Chloé", "il fait chaud ici")
    assert len(r.session.entries) == before and r.state.winner is None
    r.hear("Chloé", "non")
    assert r.state.abandoned == "Bruno" and not r.state.penalised
    assert r.state.standings()["Bruno"]["xp"] == -10
