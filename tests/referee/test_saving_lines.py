"""The saver's transactions: one per heard line (a penalty and the move of "soixante deux je bois"),
the game's end with its last move, a resumed game whose state has a winner finished at once, and
`kinito play --resume N` / `kinito history` for any unfinished game."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.core.clock import FakeClock
from assistant.game import get_game
from assistant.referee.referee import Referee
from assistant.settings.play import resumed_table
from assistant.settings.table import table_config
from assistant.sim.simulate import SimSettings, driver, play_one
from assistant.store.memory import MemoryStore
from assistant.store.protocol import GameEnd, StoredEntry, encode_entry
from assistant.store.sqlite import SqliteStore
from tests.robustness.faulty import kinito_process


class CountingStore(MemoryStore):
    """A MemoryStore that records every write: (entries, ended) per extend/finish."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[tuple[int, bool]] = []

    def extend(
        self,
        game_id: int,
        entries: Sequence[StoredEntry],
        end: GameEnd | None = None,
        stored: int | None = None,
    ) -> None:
        self.writes.append((len(entries), end is not None))
        super().extend(game_id, entries, end, stored)


QUINITO = {"game": "quinito", "players": "Ana,Bruno,Chloé", "slow": "off"}


def test_q11_a_penalty_and_the_move_of_one_line_are_one_write() -> None:
    """Q11: "soixante deux je bois" charges Ana's forbidden word and makes her announcement: both are
    saved in one write (a kill cannot keep the penalty without the move, so no repeat charges twice)."""
    store = CountingStore()
    referee = Referee(table_config(QUINITO), FakeClock(), store=store)
    store.writes.clear()
    said = referee.hear("Ana", "soixante deux je bois")
    assert any("mot interdit" in s for s in said)
    assert store.writes == [(2, False)]
    assert referee.game_id is not None
    stored = store.load(referee.game_id).entries
    assert [e.heard for e in stored] == ["Ana: soixante deux je bois"] * 2


def test_a_line_that_makes_no_move_writes_nothing() -> None:
    store = CountingStore()
    referee = Referee(table_config(QUINITO), FakeClock(), store=store)
    store.writes.clear()
    referee.hear("Ana", "arbitre à qui le tour")
    referee.hear("Bruno", "bonjour tout le monde")
    assert store.writes == []


CINQUILLO = SimSettings(get_game("cinquillo"), {"players": ["Ana", "Bruno", "Chloé"]}, seed=3, bluff_rate=0.1)


def _finished_match() -> tuple[list[StoredEntry], dict[str, object]]:
    outcome, _ = play_one(CINQUILLO, 0, MemoryStore())
    assert outcome.session.state.winner is not None
    codec = driver(CINQUILLO).codec
    return [encode_entry(codec, e) for e in outcome.session.entries], CINQUILLO.table


def test_c8_resume_finishes_a_game_whose_state_has_a_winner(tmp_path: Path) -> None:
    """C8: a file where the match's last move is stored but not its end (a kill under an older kinito)
    is finished by the resume itself, with the match's XP: no game stays "en cours" with a winner."""
    entries, config = _finished_match()
    path = tmp_path / "k.sqlite3"
    with SqliteStore(path) as store:
        game_id = store.create_game("cinquillo", {**config, "game": "cinquillo"}, entries)
        assert store.load(game_id).status == "playing"
    store = SqliteStore(path)
    stored = store.load(game_id)
    live = table_config({"game": "cinquillo", "players": "Ana,Bruno,Chloé"})
    referee = Referee(resumed_table(stored.config, live), FakeClock(), store=store, resume_id=game_id)
    finished = store.load(game_id)
    assert finished.status == "finished" and finished.winner == referee.state.winner
    xp = {p: row["xp"] for p, row in referee.state.standings().items()}
    assert finished.results == {p: {"xp": n} for p, n in xp.items()}
    assert [s.player for s in store.leaderboard()] and store.unfinished() == []
    store.close()


def test_c8_the_simulated_last_move_carries_the_end() -> None:
    store = CountingStore()
    outcome, game_id = play_one(CINQUILLO, 0, store)
    assert game_id is not None and outcome.ended
    assert store.writes[-1] == (1, True) and all(not ended for _, ended in store.writes[:-1])
    assert store.load(game_id).results == {
        p: {"xp": int(row["xp"])} for p, row in outcome.session.state.standings().items()
    }


def _typed(db: Path, lines: str, *args: str) -> tuple[int, str, str]:
    """`kinito play --input text` in a real process: exit code, stdout, stderr."""
    child = kinito_process(["play", "--input", "text", "--no-speech", "--db", str(db), *args])
    out, err = child.communicate(lines, timeout=120)
    return child.returncode, out, err


def test_resume_n_names_an_older_unfinished_game_and_history_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "k.sqlite3"
    table = ("--players", "Ana,Bruno,Chloé", "--slow", "off")
    assert _typed(db, "Ana: soixante deux\n", *table)[0] == 0
    code, _, err = _typed(db, "Ana: quarante trois\n", *table)
    assert code == 0 and "play --resume 1" in err  # the second start names the older game
    assert main(["history", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Parties non finies : n° 1, n° 2" in out and "play --resume NUMÉRO" in out
    code, out, err = _typed(db, "Bruno: j'accepte\narbitre à qui le tour\n", "--resume", "1")
    assert code == 0 and "reprise de la partie n° 1" in err
    assert out.splitlines()[-1].endswith("C'est à Bruno.")
    with SqliteStore(db, read_only=True) as store:
        assert len(store.load(1).entries) == 2 and len(store.load(2).entries) == 1


@pytest.mark.parametrize(
    ("number", "said"),
    [
        ("7", "Aucune partie numéro 7"),
        ("99999999999999999999999", "Aucune partie numéro 99999999999999999999999"),
        ("abc", "« abc » n'est pas un numéro de partie"),
    ],
)
def test_resume_of_a_game_that_is_not_there_is_one_sentence(tmp_path: Path, number: str, said: str) -> None:
    db = tmp_path / "k.sqlite3"
    with SqliteStore(db) as store:
        store.create_game("quinito", {"game": "quinito", "players": ["Ana", "Bruno"]})
    code, _, err = _typed(db, "", "--resume", number)
    assert code == 2 and said in err and "erreur inattendue" not in err and len(err.strip().splitlines()) == 1


def test_resume_of_a_finished_game_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "k.sqlite3"
    with SqliteStore(db) as store:
        game_id = store.create_game("quinito", {"game": "quinito", "players": ["Ana", "Bruno"]})
        store.finish(game_id, GameEnd("Ana"))
    code, _, err = _typed(db, "", "--resume", str(game_id))
    assert code == 2 and f"La partie n° {game_id} est terminée" in err
