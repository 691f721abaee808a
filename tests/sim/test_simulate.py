"""Simulation runs: reproducible from the seed, one saved row per move, C8 XP into the leaderboard,
a failed save keeps the last saved game resumable, and the `kinito simulate`/`leaderboard` commands."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.cli import main
from assistant.game import get_game
from assistant.sim.runner import move_seed
from assistant.sim.simulate import SimSettings, play_one, resume_game, run
from assistant.store.memory import MemoryStore
from assistant.store.protocol import GameEnd, StoredEntry, StoreError
from assistant.store.sqlite import SqliteStore

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
QUINITO = SimSettings(get_game("quinito"), {"players": PLAYERS}, seed=3)
FAMILY = SimSettings(get_game("quinito"), {"players": PLAYERS, "edition": "family"}, seed=3)
CINQUILLO = SimSettings(get_game("cinquillo"), {"players": PLAYERS[:3]}, seed=3, bluff_rate=0.1)


def _stable(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k not in ("seconds", "moves_per_s")}


@pytest.mark.parametrize("settings", [QUINITO, FAMILY, CINQUILLO], ids=["drinking", "family", "cinquillo"])
def test_same_seed_same_games_other_seed_other_games(settings: SimSettings) -> None:
    first = run(settings, 3, verbose=True)
    assert _stable(run(settings, 3, verbose=True)) == _stable(first)
    other = run(
        SimSettings(settings.module, settings.table, seed=4, bluff_rate=settings.bluff_rate), 3, verbose=True
    )
    assert other["per_game"] != first["per_game"]
    assert first["games"] == 3 and first["moves"] == sum(g["moves"] for g in first["per_game"])
    assert first["stopped"] == 0


def test_q6_drinking_report_counts_doses_per_seat() -> None:
    """Q6/Q10: every lift costs someone a dose, so doses are counted per seat and some are taken."""
    report = run(QUINITO, 5)
    assert set(report["players"]) == set(PLAYERS)
    assert sum(row["doses"] for row in report["players"].values()) > 0
    assert all(row["wins"] == 0 for row in report["players"].values())  # the edition names no winner


def test_l1_family_report_has_one_winner_per_game() -> None:
    """L1: the last player with lives wins; wins per seat sum to the number of games."""
    report = run(FAMILY, 6)
    assert sum(row["wins"] for row in report["players"].values()) == 6


def test_c8_simulated_matches_feed_the_leaderboard(tmp_path: Path) -> None:
    """C8: each match gives the winner +10 x players and every loser -10; the store sums them."""
    store = SqliteStore(tmp_path / "k.sqlite3")
    report = run(CINQUILLO, 3, store=store)
    board = {s.player: (s.xp, s.games) for s in store.leaderboard()}
    assert {p: row["xp"] for p, row in report["players"].items()} == {p: xp for p, (xp, _) in board.items()}
    assert all(games == 3 for _, games in board.values())
    wins = {p: row["wins"] for p, row in report["players"].items()}
    if sum(wins.values()) == 3:  # no drawn match
        assert board == {p: (30 * wins[p] - 10 * (3 - wins[p]), 3) for p in board}


def test_every_move_is_one_saved_row(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "k.sqlite3")
    report = run(QUINITO, 2, store=store)
    saved = [store.load(gid) for gid in store.game_ids()]
    assert sum(len(g.entries) for g in saved) == report["moves"]
    assert all(g.status == "finished" and g.config["sim"]["seed"] == 3 for g in saved)
    assert store.latest_unfinished() is None


class FailingStore(MemoryStore):
    """A store whose disk fills up after `room` moves."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def extend(
        self,
        game_id: int,
        entries: Sequence[StoredEntry],
        end: GameEnd | None = None,
        stored: int | None = None,
    ) -> None:
        if self.room < len(entries):
            raise StoreError("Le disque est plein : impossible d'enregistrer la partie.")
        self.room -= len(entries)
        super().extend(game_id, entries, end, stored)


def test_a_failed_save_leaves_the_last_saved_game_resumable() -> None:
    store = FailingStore(room=25)
    with pytest.raises(StoreError, match="disque est plein"):
        play_one(QUINITO, 0, store)
    game_id = store.latest_unfinished()
    assert game_id is not None and len(store.load(game_id).entries) == 25
    store.room = 10_000  # space freed
    reference, _ = play_one(QUINITO, 0, MemoryStore())
    resumed = resume_game(store, game_id).session
    assert (resumed.entries, resumed.state) == (reference.session.entries, reference.session.state)


def test_a_finished_game_cannot_be_resumed() -> None:
    store = MemoryStore()
    _, game_id = play_one(QUINITO, 0, store)
    assert game_id is not None
    with pytest.raises(StoreError, match="déjà terminée"):
        resume_game(store, game_id)


@given(st.integers(-(2**62), 2**62), st.integers(0, 2**31), st.integers(0, 2**31), st.integers(0, 2**31))
def test_move_seeds_never_collide(seed: int, game: int, move: int, other: int) -> None:
    assert (move_seed(seed, game, move) == move_seed(seed, game, other)) == (move == other)
    assert move_seed(seed, game, move) != move_seed(seed + 1, game, move)
    assert move_seed(seed, game, move) >= 0


def test_kinito_simulate_json_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "k.sqlite3"
    argv = ["simulate", "--game", "cinquillo", "--games", "2", "--seed", "5", "--players", "Ana,Bruno"]
    assert main([*argv, "--db", str(db), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {"games", "moves", "seconds", "moves_per_s", "players"} <= set(report)
    assert report["games"] == 2 and report["moves"] > 0 and "per_game" not in report
    assert set(report["players"]) == {"Ana", "Bruno"}
    assert main(["leaderboard", "--db", str(db), "--json"]) == 0
    board = json.loads(capsys.readouterr().out)["leaderboard"]
    assert {row["player"]: row["xp"] for row in board} == {p: r["xp"] for p, r in report["players"].items()}
    assert [row["rank"] for row in board] == [1, 2]


def test_kinito_simulate_refuses_bad_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "cinquillo", "--players", "Ana", "--json"]) == 2
    assert "joueurs" in capsys.readouterr().err
    assert main(["simulate", "--bluff-rate", "2", "--json"]) == 2


def test_kinito_leaderboard_text_ranks_by_xp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C8 ranking as text: highest XP first, signed, with the number of games."""
    db = tmp_path / "k.sqlite3"
    assert main(["leaderboard", "--db", str(db)]) == 0
    assert "Aucune partie classée" in capsys.readouterr().out
    with SqliteStore(db) as store:
        one = store.create_game("cinquillo", {"players": ["Ana", "Bruno"]})
        two = store.create_game("cinquillo", {"players": ["Ana", "Bruno", "Chloé"]})
        store.finish(one, GameEnd("Ana", {"Ana": {"xp": 20}, "Bruno": {"xp": -10}}))
        store.finish(two, GameEnd("Chloé", {"Ana": {"xp": -10}, "Bruno": {"xp": -10}, "Chloé": {"xp": 30}}))
    assert main(["leaderboard", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "1. Chloé : +30 XP (1 partie)",
        "2. Ana : +10 XP (2 parties)",
        "3. Bruno : -20 XP (2 parties)",
    ]
