"""Items 1-3: a real `kinito play --input text` process, killed (SIGKILL) exactly where a
write of the referee ends or fails (tests/robustness/faulty.py), never loses or wedges its game."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import pytest

from assistant.store.sqlite import SqliteStore
from tests.robustness.faulty import kinito_process

PLAY = ["play", "--input", "text", "--no-speech"]
CINQUILLO = ["--game", "cinquillo", "--players", "Ana,Bruno"]
QUINITO = ["--players", "Ana,Bruno,Chloé", "--slow", "off"]


def kinito(args: list[str], db: Path, faults: dict[str, object] | None = None) -> subprocess.Popen[str]:
    """`kinito play` on `db`, with store faults injected (none by default)."""
    return kinito_process([*PLAY, "--db", str(db), *args], faults)


def talk(child: subprocess.Popen[str], lines: str) -> tuple[list[str], str]:
    out, err = child.communicate(lines, timeout=120)
    return out.splitlines(), err


def read_until(child: subprocess.Popen[str], wanted: str) -> None:
    assert child.stdout is not None
    for line in child.stdout:
        if wanted in line:
            return
    raise AssertionError(f"{wanted!r} never said")


@pytest.mark.parametrize(
    ("kill_after", "before_kill", "after_resume"),
    [
        ("Pass", "Ana: cinq de deniers\nBruno: je passe\n", "Ana: quatre de deniers\n"),
        ("create_game", "", "Ana: cinq de deniers\n"),
    ],
    ids=["pass-then-draw", "creation-then-deal"],
)
def test_item1_resume_finishes_the_referees_own_move_cut_off_by_a_kill(
    tmp_path: Path, kill_after: str, before_kill: str, after_resume: str
) -> None:
    """C2/C3: killed right after a write: a heard line's move and the referee's follow-up (Pass →
    Draw) are one transaction, so both are there; killed between a game's creation and its deal, the
    resumed game deals itself. Either way it accepts moves again."""
    db = tmp_path / "k.sqlite3"
    child = kinito(CINQUILLO, db, {"kill_after": kill_after})
    talk(child, before_kill)
    assert child.returncode == -signal.SIGKILL
    with SqliteStore(db) as store:
        game_id = store.latest_unfinished()
        assert game_id is not None
        kept = len(store.load(game_id).entries)

    lines, err = talk(kinito(["--resume"], db), after_resume + "arbitre à qui le tour\n")
    assert "Traceback" not in err
    if kill_after == "Pass":
        assert lines[0] == "arbitre : À Ana."  # Bruno's draw was saved with his pass
        follow_up = 0
    else:
        assert lines[:2] == ["arbitre : Manche 1, je distribue.", "arbitre : Qui a le cinq de deniers ?"]
        follow_up = 1
    assert lines[-1] == "arbitre : C'est à Bruno."  # Ana's move was accepted
    with SqliteStore(db) as store:
        assert len(store.load(game_id).entries) == kept + follow_up + 1  # Ana's move saved too


def test_item2_a_failed_creation_is_retried_and_resume_finds_that_game(tmp_path: Path) -> None:
    """A game whose creation failed (disk full) is created at the next move, so after a kill
    `--resume` continues it, not an older game; no "partie n° None"."""
    db = tmp_path / "k.sqlite3"
    older = kinito(QUINITO, db)
    talk(older, "Ana: soixante deux\n")  # an older game left unfinished
    with SqliteStore(db) as store:
        older_id = store.latest_unfinished()

    child = kinito(QUINITO, db, {"fail": {"create_game": 1}})
    assert child.stdin is not None
    child.stdin.write("Ana: quarante deux\nBruno: j'accepte\narbitre à qui le tour\n")
    child.stdin.flush()
    read_until(child, "C'est à Bruno.")
    child.send_signal(signal.SIGKILL)
    _out, err = child.communicate(timeout=30)
    assert "None" not in err and "pas encore enregistrée" in err

    lines, err = talk(kinito(["--resume"], db), "arbitre à qui le tour\n")
    assert "Traceback" not in err
    with SqliteStore(db) as store:
        newest = store.latest_unfinished()
        assert newest is not None and newest != older_id
        assert len(store.load(newest).entries) == 2  # Ana's announcement and Bruno's acceptance
    assert f"partie n° {newest}" in err
    assert lines[-1] == "arbitre : C'est à Bruno."


def test_item3_a_second_resume_of_a_game_being_played_gets_one_sentence(tmp_path: Path) -> None:
    """Two `kinito play --resume` on one database: the second refuses in one sentence and writes
    nothing; once the first is killed, the game can be resumed again."""
    db = tmp_path / "k.sqlite3"
    first = kinito(QUINITO, db)
    talk(first, "Ana: soixante deux\n")
    with SqliteStore(db) as store:
        game_id = store.latest_unfinished()
        assert game_id is not None
        before = store.load(game_id).entries

    playing = kinito(["--resume"], db)
    assert playing.stdin is not None
    playing.stdin.write("Bruno: j'accepte\narbitre à qui le tour\n")
    playing.stdin.flush()
    read_until(playing, "C'est à Bruno.")

    second = kinito(["--resume"], db)
    second_lines, err = talk(second, "Bruno: menteur\n")
    assert second.returncode == 2 and second_lines == []
    assert f"La partie n° {game_id} est déjà arbitrée par un autre kinito" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    with SqliteStore(db) as store:
        assert len(store.load(game_id).entries) == len(before) + 1  # only the first process's move

    playing.send_signal(signal.SIGKILL)
    playing.wait(timeout=30)
    lines, err = talk(kinito(["--resume"], db), "arbitre à qui le tour\n")
    assert lines[-1] == "arbitre : C'est à Bruno.", err
