"""`kinito export GAME --json|--csv`: a stored game's moves, with time and words heard, and penalties."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.commands.export import CSV_COLUMNS

GAMES = Path(__file__).resolve().parents[1] / "referee" / "games"


def _replayed(tmp_path: Path, *names: str) -> Path:
    db = tmp_path / "k.sqlite3"
    for name in names:
        assert main(["replay", str(GAMES / name), "--json", "--db", str(db)]) == 0
    return db


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 0
    return capsys.readouterr().out


def test_json_settles_a_dispute_with_the_words_heard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _replayed(tmp_path, "q01_bluff.txt")
    out = json.loads(_run(["export", "1", "--json", "--db", str(db)], capsys))
    assert out["game"]["id"] == 1 and out["game"]["game"] == "quinito"
    assert [m["heard"] for m in out["moves"]][:2] == ["Ana: soixante deux", "Bruno: menteur"]
    assert all(m["at"] and m["at"][:4].isdigit() for m in out["moves"])
    (penalty,) = out["penalties"]
    assert {k: penalty[k] for k in ("player", "amount", "unit", "reason")} == {
        "player": "Ana",
        "amount": 1,
        "unit": "dose",
        "reason": "bluff",
    }
    assert penalty["heard"].startswith("table: ") and penalty["seq"] == len(out["moves"]) - 1


def test_csv_has_one_row_per_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = _replayed(tmp_path, "q08_quinito_countered.txt")
    moves = json.loads(_run(["export", "1", "--json", "--db", str(db)], capsys))["moves"]
    rows = list(csv.reader(io.StringIO(_run(["export", "1", "--csv", "--db", str(db)], capsys))))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == 1 + len(moves)
    assert [r[2] for r in rows[1:]] == [m["heard"] or "" for m in moves]
    assert any("quinito" in r[5] for r in rows[1:])  # Q9: the quinito penalty is on its move's row


def test_dernier_is_the_latest_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = _replayed(tmp_path, "q01_bluff.txt", "q08_quinito_countered.txt")
    assert json.loads(_run(["export", "dernier", "--json", "--db", str(db)], capsys))["game"]["id"] == 2


@pytest.mark.parametrize(
    ("game", "message"), [("7", "Aucune partie numéro 7"), ("x", "pas un numéro de partie")]
)
def test_an_unknown_game_is_one_sentence(
    tmp_path: Path, game: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _replayed(tmp_path, "q01_bluff.txt")
    capsys.readouterr()
    assert main(["export", game, "--db", str(db)]) == 2
    assert message in capsys.readouterr().err
