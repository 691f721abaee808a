"""`kinito history`: past games, the night's Quinito totals per player, and the Cinquillo XP ranking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.scripts.replay_run import run_script
from assistant.scripts.script import load_script

GAMES = Path(__file__).resolve().parents[1] / "referee" / "games"
NIGHT = ("q01_bluff.txt", "q08_quinito_countered.txt")


def _history(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    capsys.readouterr()
    assert main(["history", "--json", *argv]) == 0
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Two replayed Quinito games and two simulated Cinquillo matches in one file."""
    path = tmp_path / "k.sqlite3"
    for name in NIGHT:
        assert main(["replay", str(GAMES / name), "--json", "--db", str(path)]) == 0
    sim = ["simulate", "--game", "cinquillo", "--games", "2", "--players", "A,B,C", "--db", str(path)]
    assert main([*sim, "--json"]) == 0
    return path


def test_every_game_is_listed_with_its_moves(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = _history(["--db", str(db)], capsys)["games"]
    assert isinstance(games, list) and [g["id"] for g in games] == [1, 2, 3, 4]
    assert [g["simulated"] for g in games] == [False, False, True, True]
    assert games[0]["players"] == ["Ana", "Bruno", "Chloé", "David"] and games[0]["moves"] > 0


def test_the_nights_totals_add_up_the_penalties_of_the_real_games(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected: dict[str, dict[str, int]] = {}
    for name in NIGHT:
        for p in run_script(load_script(GAMES / name)).penalties():
            row = expected.setdefault(p["player"], {"dose": 0, "sip": 0, "life": 0})
            row[p["unit"]] += p["amount"]
    night = _history(["--db", str(db)], capsys)["night"]
    assert isinstance(night, dict) and night["penalties"] == expected


def test_games_before_the_night_are_left_out(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    night = _history(["--db", str(db), "--hours", "0"], capsys)["night"]
    assert isinstance(night, dict) and night["penalties"] == {}


def test_the_c8_leaderboard_comes_with_it(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = _history(["--db", str(db)], capsys)
    ranking = report["leaderboard"]
    assert isinstance(ranking, list) and {r["player"] for r in ranking} == {"A", "B", "C"}
    # C8: a match gives its winner +10 x 3 players and each loser -10: +10 net a match, both matches won.
    assert sum(r["xp"] for r in ranking) == 2 * 10 and all(r["games"] == 2 for r in ranking)


def test_readable_output_names_the_night_and_the_ranking(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["history", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "n° 1" in out and "cinquillo (simulation)" in out
    assert "Totaux de la soirée" in out and "Classement XP" in out
