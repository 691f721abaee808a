"""`kinito play --league` (or `league` in kinito.toml) registers the table's games under a league;
`kinito leaderboard --league` and `kinito history --league` read the league's games only, players
matched by name with accents and case folded (C8 XP summed)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.kinito_run import kinito

ABANDON = "{}: j'abandonne la partie\n{}: oui\n"
"""A Cinquillo game ended at once: the first abandons, the other penalises it (C8: -20, +20)."""


def _play(home: Path, db: Path, players: str, *extra: str) -> None:
    first, second = players.split(",")
    args = ["play", "--input", "text", "--no-speech", "--game", "cinquillo", "--players", players]
    done = kinito([*args, "--db", str(db), *extra], home, ABANDON.format(first, second), timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


def test_c8_league_from_flag_and_file_folds_names_and_leaves_other_games_out(tmp_path: Path) -> None:
    db = tmp_path / "night.sqlite3"
    _play(tmp_path, db, "Chloé,Bruno", "--league", "Soirée du 12")
    (tmp_path / "kinito.toml").write_text('league = "soirée du 12"\n', encoding="utf-8")
    _play(tmp_path, db, "chloe,Ana")  # the league from kinito.toml, the name folded
    (tmp_path / "kinito.toml").unlink()
    _play(tmp_path, db, "Bruno,Ana")  # no league: out of the league's board
    board = kinito(["leaderboard", "--db", str(db), "--league", "Soirée du 12", "--json"], tmp_path)
    found = json.loads(board.stdout)
    assert [(r["player"], r["xp"], r["games"]) for r in found["leaderboard"]] == [
        ("Ana", 20, 1), ("Bruno", 20, 1), ("Chloé", -40, 2),
    ]  # fmt: skip
    assert found["games"] == 2 and found["tables"] == {"Chloé, Bruno": 1, "Chloé, Ana": 1}
    text = kinito(["leaderboard", "--db", str(db), "--league", "Soirée du 12"], tmp_path).stdout
    assert "Ligue « Soirée du 12 » : 2 parties." in text and "3. Chloé : -40 XP" in text
    history = json.loads(
        kinito(["history", "--db", str(db), "--league", "soiree du 12", "--json"], tmp_path).stdout
    )
    assert [g["league"] for g in history["games"]] == ["Soirée du 12", "soirée du 12"]
    everyone = json.loads(kinito(["leaderboard", "--db", str(db), "--json"], tmp_path).stdout)
    assert {r["player"] for r in everyone["leaderboard"]} == {"Ana", "Bruno", "Chloé", "chloe"}
