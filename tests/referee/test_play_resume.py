"""`kinito play --input text`: a real process killed with SIGKILL mid-game, then `--resume` goes on.

Also the play settings (TOML file then flags) and the one-sentence failure when the model is missing.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
from pathlib import Path

import pytest

from assistant.core.clock import FakeClock
from assistant.errors import UserError
from assistant.invocation import runnable
from assistant.referee.referee import Referee
from assistant.settings.play import load_settings, resumed_table
from assistant.settings.table import TableConfig
from assistant.store.sqlite import SqliteStore
from tests.robustness.faulty import kinito_process

ROOT = Path(__file__).resolve().parents[2]
PLAY = ["play", "--input", "text", "--no-speech"]


def _start(args: list[str], db: Path) -> subprocess.Popen[str]:
    return kinito_process([*PLAY, "--db", str(db), *args])


def _send(child: subprocess.Popen[str], line: str) -> None:
    assert child.stdin is not None
    child.stdin.write(line + "\n")
    child.stdin.flush()


def _read_until(child: subprocess.Popen[str], wanted: str) -> list[str]:
    assert child.stdout is not None
    seen: list[str] = []
    for raw in child.stdout:
        seen.append(raw.rstrip("\n"))
        if wanted in raw:
            return seen
    raise AssertionError(f"{wanted!r} never printed; got {seen}")


def test_sigkill_mid_game_then_resume_continues_the_same_game(tmp_path: Path) -> None:
    """Q6/Q7: moves heard before a SIGKILL are kept; --resume continues with the right player."""
    db = tmp_path / "games.sqlite3"
    child = _start(["--players", "Ana,Bruno,Chloé", "--edition", "drinking", "--slow", "off"], db)
    try:
        for line in ["Ana: soixante deux", "Bruno: menteur", "table: cinquante quatre", "Ana: quarante deux"]:
            _send(child, line)
        _send(child, "arbitre à qui le tour")
        seen = _read_until(child, "C'est à Bruno.")
        assert "arbitre : Ana prend une dose : bluff." in seen
        assert child.poll() is None  # still waiting for input: killed mid-game
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()

    with SqliteStore(db) as store:
        game_id = store.latest_unfinished()
        assert game_id is not None and store.game_ids() == [game_id]
        kept = len(store.load(game_id).entries)

    resumed = _start(["--resume"], db)
    out, err = resumed.communicate(
        "Bruno: j'accepte\nBruno: cinquante trois\narbitre à qui le tour\n", timeout=60
    )
    assert resumed.returncode == 0, err
    lines = out.splitlines()
    assert lines[0] == "arbitre : À Bruno de répondre."
    assert lines[-1] == "arbitre : C'est à Chloé."

    with SqliteStore(db) as store:
        assert store.game_ids() == [game_id]  # the same game, no new one
        stored = store.load(game_id)
        assert len(stored.entries) > kept
        table = resumed_table(stored.config, table_config_stub())
        ref = Referee(table, FakeClock(), store=store, resume_id=game_id)
    outcome = ref.outcome()
    assert outcome["penalties"] == [{"player": "Ana", "amount": 1, "unit": "dose", "reason": "bluff"}]
    assert ref.expectations()[0].awaiting == "response"
    assert ref.expectations()[0].player == "Chloé"


def table_config_stub() -> TableConfig:
    """The live table a resume starts from (its rules are replaced by the stored ones)."""
    return load_settings(
        {"players": "Xavier,Yann,Zoé"}, cwd=Path("/nonexistent"), home=Path("/nonexistent")
    ).table


def test_resume_without_a_game_is_one_sentence(tmp_path: Path) -> None:
    """--resume on an empty save file: one sentence on stderr, no traceback, exit code 2."""
    child = _start(["--resume"], tmp_path / "empty.sqlite3")
    _out, err = child.communicate("", timeout=60)
    assert child.returncode == 2
    assert "Aucune partie en cours" in err and "Traceback" not in err


def test_settings_file_then_flags(tmp_path: Path) -> None:
    """kinito.toml in the working directory gives the table; a flag given on the command line wins."""
    (tmp_path / "kinito.toml").write_text(
        'game = "quinito"\nplayers = ["Ana", "Bruno", "Chloé"]\nedition = "family"\nslow = 12\n'
        'wake-word = "maître"\n[play]\ninput = "text"\n',
        encoding="utf-8",
    )
    settings = load_settings({"slow": "off", "edition": None}, cwd=tmp_path, home=tmp_path / "home")
    assert settings.table.players == ("Ana", "Bruno", "Chloé")
    assert settings.table.slow is None  # flag over file
    assert settings.table.wake_word == "maître"
    assert not settings.table.vigilance  # family, from the file
    assert settings.input == "text"


def test_settings_unknown_key_and_missing_players(tmp_path: Path) -> None:
    """A typo in the file or no players at all: a UserError naming the fix."""
    bad = tmp_path / "bad.toml"
    bad.write_text('players = "A,B,C"\ncolour = "red"\n', encoding="utf-8")
    with pytest.raises(UserError, match="colour"):
        load_settings({}, config=str(bad))
    with pytest.raises(UserError, match="--players"):
        load_settings({}, cwd=tmp_path / "none", home=tmp_path / "none")


def test_missing_model_and_failed_download_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """No French model and no internet: play names `kinito model download` and `--input text`."""
    import assistant.voice.model.download as download
    import assistant.voice.model.files as models
    from assistant.commands import play

    def absent(*_args: object, **_kwargs: object) -> Path:
        raise UserError("Le modèle vocal français est absent.")

    def offline(*_args: object, **_kwargs: object) -> object:
        raise UserError("Impossible de joindre alphacephei.com.")

    monkeypatch.setattr(models, "find_model", absent)
    monkeypatch.setattr(download, "download_model", offline)
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    args = parser.parse_args(
        ["--players", "Ana,Bruno,Chloé", "--db", str(tmp_path / "g.sqlite3"), "--no-speech"]
    )
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError) as caught:
        play.run(args)
    message = str(caught.value)
    assert "kinito model download" in message and "--input text" in message
    assert message.count(".") == 1  # one sentence, no traceback


def test_ctrl_c_stops_cleanly_and_keeps_the_game(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT): exit 0, no traceback, a hint to resume; the game stays unfinished in the store."""
    db = tmp_path / "games.sqlite3"
    child = _start(["--players", "Ana,Bruno,Chloé", "--slow", "off"], db)
    _send(child, "Ana: soixante deux")
    _send(child, "arbitre à qui le tour")
    _read_until(child, "C'est à Bruno.")
    child.send_signal(signal.SIGINT)
    child.wait(timeout=30)  # its stdin stays open until it exits: Ctrl-C ends it, not an end of input
    _out, err = child.communicate(timeout=30)
    assert child.returncode == 0, err
    assert runnable("kinito play --resume") in err and "Traceback" not in err
    with SqliteStore(db) as store:
        game_id = store.latest_unfinished()
        assert game_id is not None and len(store.load(game_id).entries) >= 1
