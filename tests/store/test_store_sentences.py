"""Every way the save file fails is one French sentence with its fix, without SQLite's English: corrupt
rows, a bad byte in sqlite_master, a folder given as the file, a data folder that cannot be created,
game numbers too large for SQLite; a read failure is said as a read, "occupé" only for a real lock."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.store.sqlite import SqliteStore

ENGLISH = ("database", "malformed", "unable", "disk I/O", "no such", "locked", "Traceback", "inattendue")


def _saved(path: Path) -> int:
    with SqliteStore(path) as store:
        game_id = store.create_game("quinito", {"game": "quinito", "players": ["Ana", "Bruno"]})
        store.create_game("quinito", {"game": "quinito", "players": ["Chloé", "David"]})
    return game_id


def _one_sentence(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("kinito: "), lines
    assert not any(word in lines[0] for word in ENGLISH), lines[0]
    return lines[0]


def test_a_corrupt_row_is_named_by_history_and_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A settings column reading "blocked{" is a damaged game (never "occupé par un autre programme"):
    history lists it as damaged and goes on with the others, export says it in one sentence."""
    path = tmp_path / "k.sqlite3"
    game_id = _saved(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET config = 'blocked{', created_at = 'busy' WHERE id = ?", (game_id,))
    assert main(["history", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"n° {game_id}  partie abîmée" in out and "Chloé, David" in out and "occupé" not in out
    assert main(["history", "--json", "--db", str(path)]) == 0
    assert main(["export", str(game_id), "--db", str(path)]) == 2
    sentence = _one_sentence(capsys.readouterr().err)
    assert f"La partie n° {game_id} est abîmée" in sentence and "occupé" not in sentence


def test_a_bad_byte_in_sqlite_master_is_one_sentence_and_the_file_is_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "k.sqlite3"
    _saved(path)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA writable_schema=ON")
        broken = "CREATE TABLE games (id INTEGER PRIMARY KEY, "
        db.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'games'", (broken,))
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    for command in (["history"], ["leaderboard"], ["export", "1"]):
        assert main([*command, "--db", str(path)]) == 2
        sentence = _one_sentence(capsys.readouterr().err)
        assert "n'est pas une sauvegarde kinito lisible" in sentence and "--db" in sentence
    assert main(["play", "--input", "text", "--no-speech", "--players", "Ana,Bruno", "--db", str(path)]) == 2
    assert "n'est pas une sauvegarde kinito lisible" in _one_sentence(capsys.readouterr().err)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


@pytest.mark.parametrize(
    "command", [["history"], ["leaderboard"], ["export", "1"], ["play", "--players", "Ana,Bruno"]]
)
def test_a_folder_as_the_save_file_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """`--db /` (or any folder): said to be a folder, with an example file in it."""
    extra = ["--input", "text", "--no-speech"] if command[0] == "play" else []
    assert main([*command, *extra, "--db", str(tmp_path)]) == 2
    sentence = _one_sentence(capsys.readouterr().err)
    assert f"{tmp_path} est un dossier" in sentence and "--db" in sentence


def test_a_data_folder_that_cannot_be_created_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The data folder's place is taken by a file (or not writable): play says it cannot create the
    folder and how to choose another file; history reads nothing and creates nothing."""
    blocker = tmp_path / "share"
    blocker.write_text("not a folder")
    monkeypatch.delenv("KINITO_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert main(["play", "--input", "text", "--no-speech", "--players", "Ana,Bruno"]) == 2
    sentence = _one_sentence(capsys.readouterr().err)
    assert "Impossible de créer le dossier" in sentence and "KINITO_DB" in sentence
    assert main(["history"]) == 0
    assert "Aucune partie enregistrée" in capsys.readouterr().out
    assert blocker.read_text() == "not a folder"


@pytest.mark.parametrize("number", ["99999999999999999999", str(2**63), "0"])
def test_game_numbers_too_large_for_sqlite_name_no_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], number: str
) -> None:
    path = tmp_path / "k.sqlite3"
    _saved(path)
    assert main(["export", number, "--db", str(path)]) == 2
    assert f"Aucune partie numéro {number}" in _one_sentence(capsys.readouterr().err)


def test_a_real_lock_is_said_as_busy_and_a_read_failure_as_a_read(tmp_path: Path) -> None:
    """Another program holding the write lock: "occupé", for a writer; a reader reading a file that fails
    is told it could not be read, not that the game was not saved."""
    from assistant.store.protocol import StoreError
    from assistant.store.sqlite_errors import sentence

    path = tmp_path / "k.sqlite3"
    store = SqliteStore(path)
    game_id = store.create_game("toy", {})
    store._db.execute("PRAGMA busy_timeout=0")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreError, match="occupé par un autre programme"):
            store.truncate(game_id, 0)
    finally:
        other.execute("ROLLBACK")
        other.close()
    read = sentence(sqlite3.OperationalError("no such column: x"), path, writing=False)
    assert "n'a pas pu être lu" in read and "enregistr" not in read.split(":")[0]
    store.close()
