"""Item 4: `kinito play --resume` over a save file with damaged rows names the game and the
entry, offers `--recover` (continue up to the last good entry, in a new game) and never overwrites
what is there."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from assistant.core.clock import FakeClock
from assistant.invocation import runnable
from assistant.referee.referee import Referee
from assistant.settings.table import table_config
from assistant.store.protocol import StoredEntry
from assistant.store.sqlite import SqliteStore
from tests.robustness.faulty import kinito_process

PLAY = ["play", "--input", "text", "--no-speech"]
LINES = ("soixante deux", "j'accepte", "soixante cinq", "menteur")


def stored_game(db: Path) -> tuple[int, tuple[StoredEntry, ...]]:
    """A Quinito game of four moves in `db`: its id and entries."""
    with SqliteStore(db) as store:
        referee = Referee(table_config({"players": "Ana,Bruno,Chloé", "slow": "off"}), FakeClock(), store)
        for speaker, line in zip(("Ana", "Bruno", "Bruno", "Chloé"), LINES, strict=True):
            referee.hear(speaker, line)
        assert referee.game_id is not None
        entries = store.load(referee.game_id).entries
        assert len(entries) == 4
        return referee.game_id, entries


def rows(db: Path, game_id: int) -> list[tuple[object, ...]]:
    """The raw rows of one game, as SQLite holds them."""
    with sqlite3.connect(db) as raw:
        games = raw.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchall()
        entries = raw.execute("SELECT * FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    return [*games, *entries]


DAMAGE = {
    "bad-json": "UPDATE entries SET events = '[{\"type\": ' WHERE seq = 2",
    "unknown-event": 'UPDATE entries SET events = \'[{"type": "Teleported"}]\' WHERE seq = 2',
    "wrong-fields": 'UPDATE entries SET command = \'{"type": "Announce", "colour": 3}\' WHERE seq = 2',
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_item4_a_damaged_entry_is_named_and_recover_continues_from_the_last_good_one(
    tmp_path: Path, damage: str
) -> None:
    db = tmp_path / "k.sqlite3"
    game_id, entries = stored_game(db)
    with sqlite3.connect(db) as raw:
        raw.execute(DAMAGE[damage])
    before = rows(db, game_id)

    refused = kinito_process([*PLAY, "--db", str(db), "--resume"])
    out, err = refused.communicate("arbitre à qui le tour\n", timeout=120)
    assert refused.returncode == 2 and out == ""
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert f"La partie n° {game_id} est abîmée : son coup n° 3 est illisible" in err
    assert runnable("kinito play --resume --recover") in err and "Les 2 coups d'avant sont lisibles" in err
    assert rows(db, game_id) == before  # nothing overwritten

    recovered = kinito_process([*PLAY, "--db", str(db), "--resume", "--recover"])
    out, err = recovered.communicate("arbitre à qui le tour\n", timeout=120)
    assert recovered.returncode == 0, err
    assert out.splitlines()[-1] == "arbitre : C'est à Bruno."  # after Ana's score and Bruno's "j'accepte"
    assert rows(db, game_id) == before  # the damaged game is still there, byte for byte
    with SqliteStore(db) as store:
        copy = store.latest_unfinished()
        assert copy is not None and copy != game_id
        assert store.load(copy).entries == entries[:2]


@pytest.mark.parametrize(
    "config", ['{"game": "quinito", "players": 5}', "[1, 2]", "{not json", '{"game": "chess"}']
)
def test_item4_damaged_settings_are_one_sentence_and_nothing_is_written(tmp_path: Path, config: str) -> None:
    db = tmp_path / "k.sqlite3"
    game_id, _entries = stored_game(db)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET config = ?", (config,))
    before = rows(db, game_id)
    for flags in (["--resume"], ["--resume", "--recover"]):
        child = kinito_process([*PLAY, "--db", str(db), *flags])
        out, err = child.communicate("", timeout=120)
        assert child.returncode == 2 and out == ""
        assert f"La partie n° {game_id} est abîmée : ses réglages sont illisibles" in err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert rows(db, game_id) == before
