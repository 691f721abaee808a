"""Faults injected while a game runs, each reported in one clear sentence, with no game data lost:
the store's disk full or read-only mid-game, a model directory missing a file, the microphone vanishing,
espeak-ng missing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from assistant.core.clock import FakeClock
from assistant.doctor.checks import Probes, check_model
from assistant.errors import UserError
from assistant.referee.referee import Referee
from assistant.settings.table import table_config
from assistant.store.sqlite import SqliteStore
from assistant.testing.fake_stream import FakeStream
from assistant.voice.hear.audio import MicrophoneSource
from assistant.voice.model.files import load_manifest, verify_model

TABLE = {"game": "quinito", "players": "Ana,Bruno,Chloé,David"}


def referee_with_moves(path: Path) -> tuple[Referee, SqliteStore]:
    store = SqliteStore(path)
    referee = Referee(table_config(TABLE), FakeClock(), store=store)
    referee.hear("Ana", "soixante deux")
    referee.hear("Bruno", "je lève")
    referee.hear(None, "trente et un")
    assert len(referee.penalties()) == 1
    return referee, store


def fill_disk(store: SqliteStore) -> None:
    """SQLite's max_page_count: the database may not grow by one page any more (a full disk)."""
    db = store._db  # fault injection reaches into the adapter on purpose
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count={pages}")


def said_until_store_fails(referee: Referee, line: str, limit: int = 500) -> list[str]:
    for _ in range(limit):
        said = referee.hear("Ana", line)
        if any("disque" in s or "sauvegarde" in s for s in said):
            return said
    raise AssertionError("the store never reported the fault")


def test_disk_full_mid_game_is_said_once_and_the_game_goes_on_in_memory(tmp_path: Path) -> None:
    referee, store = referee_with_moves(tmp_path / "k.sqlite3")
    saved = len(referee.session.entries)
    fill_disk(store)
    said = said_until_store_fails(referee, "arbitre pénalité pour Bruno")
    assert said[:2] == [
        f"Le disque est plein : impossible d'enregistrer la partie dans {store.path}.",
        "La partie continue en mémoire ; je réessaierai de sauvegarder à chaque coup.",
    ]
    assert "Bruno prend une dose : faute." in said  # the move was made all the same
    again = referee.hear("Ana", "arbitre pénalité pour Bruno")
    assert again == ["Bruno prend une dose : faute."]  # the fault is said once, not at every move
    reopened = SqliteStore(tmp_path / "k.sqlite3")
    stored = len(reopened.load(referee.game_id or 0).entries)
    assert saved <= stored < len(referee.session.entries)  # what was saved before stays loadable


def test_the_log_catches_up_when_the_disk_has_room_again(tmp_path: Path) -> None:
    referee, store = referee_with_moves(tmp_path / "k.sqlite3")
    fill_disk(store)
    said_until_store_fails(referee, "arbitre pénalité pour Bruno")
    referee.hear("Ana", "arbitre pénalité pour Chloé")
    store._db.execute("PRAGMA max_page_count=1073741823")  # room again
    said = referee.hear("Ana", "arbitre pénalité pour David")
    assert said[0] == "La sauvegarde fonctionne de nouveau."
    resumed = Referee(
        referee.config, FakeClock(), store=SqliteStore(tmp_path / "k.sqlite3"), resume_id=referee.game_id
    )
    assert resumed.state == referee.state and resumed.penalties() == referee.penalties()


def test_read_only_store_mid_game_is_said_without_an_exception(tmp_path: Path) -> None:
    referee, _ = referee_with_moves(tmp_path / "k.sqlite3")
    moves = len(referee.session.entries)
    referee.saver.store = SqliteStore(tmp_path / "k.sqlite3", read_only=True)
    said = referee.hear("Ana", "arbitre pénalité pour Bruno")
    assert any("lecture seule" in s for s in said)
    assert len(referee.session.entries) == moves + 1
    assert len(SqliteStore(tmp_path / "k.sqlite3").load(referee.game_id or 0).entries) == moves


def test_undo_while_the_disk_is_full_is_caught_up_later(tmp_path: Path) -> None:
    referee, store = referee_with_moves(tmp_path / "k.sqlite3")
    referee.hear("Ana", "arbitre pénalité pour Bruno")
    fill_disk(store)
    said_until_store_fails(referee, "arbitre pénalité pour Chloé")
    referee.hear("Ana", "arbitre annule")
    store._db.execute("PRAGMA max_page_count=1073741823")
    referee.hear("Ana", "arbitre pénalité pour David")
    resumed = Referee(
        referee.config, FakeClock(), store=SqliteStore(tmp_path / "k.sqlite3"), resume_id=referee.game_id
    )
    assert resumed.state == referee.state and resumed.penalties() == referee.penalties()


def test_read_only_store_keeps_what_was_saved_before(tmp_path: Path) -> None:
    referee, store = referee_with_moves(tmp_path / "k.sqlite3")
    store.close()
    read_only = SqliteStore(tmp_path / "k.sqlite3", read_only=True)
    resumed = Referee(referee.config, FakeClock(), store=read_only, resume_id=referee.game_id)
    assert resumed.state == referee.state and resumed.penalties() == referee.penalties()


# ------------------------------------------------------------------ model
def sparse_model(folder: Path) -> Path:
    """A directory with every file of the French model's manifest, at its size (sparse: no disk used)."""
    for entry in load_manifest():
        file = folder / entry.path
        file.parent.mkdir(parents=True, exist_ok=True)
        with file.open("wb") as out:
            out.truncate(entry.size)
    return folder


def test_model_missing_a_file_is_named_by_verify_model_and_doctor(tmp_path: Path) -> None:
    model = sparse_model(tmp_path / "vosk-model-small-fr-0.22")
    assert verify_model(model, load_manifest(), hashes=False).complete
    (model / "am" / "final.mdl").unlink()
    report = verify_model(model, load_manifest(), hashes=False)
    assert report.missing == ("am/final.mdl",)
    assert "am/final.mdl" in report.summary()
    check = check_model(Probes(find_model=lambda _name: model), None)
    assert not check.ok and check.blocking
    assert "am/final.mdl" in check.detail and check.fix == "kinito model download"


def korean_model_without(source: Path, tmp_path: Path, missing: str) -> Path:
    target = tmp_path / "model"
    for file in source.rglob("*"):
        if file.is_file() and file.relative_to(source).as_posix() != missing:
            (target / file.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
            (target / file.relative_to(source)).symlink_to(file)
    return target


def test_loading_a_model_missing_a_file_is_a_user_error(ko_model_dir: Path, tmp_path: Path) -> None:
    from assistant.voice.model.loading import load_model

    with pytest.raises(UserError) as refused:
        load_model(korean_model_without(ko_model_dir, tmp_path, "am/final.mdl"))
    assert "kinito model download" in str(refused.value)


def test_loading_a_model_missing_a_file_names_the_file(ko_model_dir: Path, tmp_path: Path) -> None:
    from assistant.voice.model.loading import load_model

    with pytest.raises(UserError) as refused:
        load_model(korean_model_without(ko_model_dir, tmp_path, "am/final.mdl"))
    assert "final.mdl" in str(refused.value)


# ------------------------------------------------------------------ microphone
def test_microphone_vanishing_is_reported_and_retried() -> None:
    calls: list[int] = []
    lost: list[str] = []
    restored = threading.Event()

    def factory(**kwargs: object) -> FakeStream:
        calls.append(len(calls))
        if len(calls) == 2:  # the device is gone: reopening fails once
            raise OSError("Error querying device None")
        fail_after = 0.3 if len(calls) == 1 else None  # the first stream dies after 0.3 s of audio
        return FakeStream(**kwargs, pcm=bytes(3200 * 5), fail_after=fail_after)  # type: ignore[arg-type]

    source = MicrophoneSource(
        stream_factory=factory,
        on_lost=lost.append,
        on_restored=restored.set,
        sleep=lambda _s: None,
        stall_seconds=1.0,
    )
    for count, _chunk in enumerate(source.chunks()):
        if restored.is_set() and count > 10:
            source.close()
    assert len(calls) == 3, "opened, failed to reopen once, reopened"
    assert lost[0] == "le flux s'est arrêté"
    assert lost[1].startswith("ouverture impossible") and "Error querying device" in lost[1]
    assert restored.is_set() and source.failures == 0


# ------------------------------------------------------------------ espeak-ng
def test_espeak_missing_is_one_sentence_naming_the_install_command(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "say", "Bonjour.", "--out", str(tmp_path / "x.wav")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert "espeak-ng" in done.stderr and "apt-get install espeak-ng" in done.stderr
    assert not (tmp_path / "x.wav").exists()


def test_espeak_missing_through_the_api(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from assistant.voice.speak.synthesizers import make_synthesizer

    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(UserError) as refused:
        make_synthesizer("espeak")
    assert "apt-get install espeak-ng" in str(refused.value)
