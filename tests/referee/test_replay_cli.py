"""`kinito replay game.txt --json` and `kinito rules ...` run exactly as docs/command-line.md writes them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.explain import explain as explain_cinquillo
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.explain import explain as explain_quinito
from assistant.settings.table import table_config
from assistant.store.sqlite import SqliteStore

GAMES = Path(__file__).parent / "games"
KEYS = {"players", "penalties", "totem", "current", "direction", "winner", "spoken"}


def kinito(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "kinito"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "assistant"]
    return subprocess.run([*command, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_replay_json_prints_only_the_outcome_object(tmp_path: Path) -> None:
    shutil.copy(GAMES / "q01_bluff.txt", tmp_path / "game.txt")
    done = kinito("replay", "game.txt", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    outcome = json.loads(done.stdout)
    assert set(outcome) == KEYS
    assert outcome["penalties"] == [{"player": "Ana", "amount": 1, "unit": "dose", "reason": "bluff"}]
    assert outcome["players"]["Ana"] == {"doses": 1, "sips": 0}
    assert outcome["current"] == "Ana" and outcome["direction"] == 1 and outcome["winner"] is None
    assert "Ana prend une dose : bluff." in outcome["spoken"]


def test_replay_with_db_persists_the_game(tmp_path: Path) -> None:
    shutil.copy(GAMES / "c03_two_players_match.txt", tmp_path / "game.txt")
    done = kinito("replay", "game.txt", "--json", "--db", "games.sqlite", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] == "Ana"
    stored = SqliteStore(tmp_path / "games.sqlite").load(1)
    assert stored.kind == "cinquillo" and stored.status == "finished" and stored.winner == "Ana"
    assert len(stored.entries) > 19


def test_replay_readable_output(tmp_path: Path) -> None:
    shutil.copy(GAMES / "q01_bluff.txt", tmp_path / "game.txt")
    done = kinito("replay", "game.txt", cwd=tmp_path)
    assert done.returncode == 0
    assert "Ana : 1 dose (bluff)" in done.stdout and "« Ana prend une dose : bluff. »" in done.stdout


def test_replay_errors_are_one_sentence_on_stderr(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("game: quinito\nplayers: Ana\n---\n", encoding="utf-8")
    for name in ("missing.txt", "bad.txt"):
        done = kinito("replay", name, "--json", cwd=tmp_path)
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr.startswith("kinito: ") and len(done.stderr.strip().splitlines()) == 1


def test_rules_prints_the_explanation_of_the_chosen_settings(tmp_path: Path) -> None:
    done = kinito("rules", "--game", "quinito", "--variants", "V-65", "--topic", "quinito", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    config = table_config({"game": "quinito", "players": "A,B,C,D", "variants": "V-65"}).rules
    assert isinstance(config, QuinitoConfig)
    assert done.stdout.splitlines() == explain_quinito(config, "quinito")
    done = kinito("rules", "--game", "cinquillo", "--mode", "caprone", "--players", "A,B,C", cwd=tmp_path)
    config2 = table_config({"game": "cinquillo", "players": "A,B,C", "mode": "caprone"}).rules
    assert isinstance(config2, CinquilloConfig)
    assert done.stdout.splitlines() == explain_cinquillo(config2, None)


def test_rules_refuses_an_unknown_variant(tmp_path: Path) -> None:
    done = kinito("rules", "--game", "quinito", "--variants", "V-99", cwd=tmp_path)
    assert done.returncode == 2 and "Variante inconnue" in done.stderr
