"""`kinito play --db postgresql://…` on a throw-away PostgreSQL cluster: moves saved on the server,
a second process on the same game refused by the advisory lock, resume after a SIGKILL, and an
unreachable server said in one sentence."""

from __future__ import annotations

import signal
import subprocess
from typing import Any

from assistant.store.postgres import PostgresStore
from tests.robustness.faulty import kinito_process

PLAY = ["play", "--input", "text", "--no-speech"]
TABLE = ["--players", "Ana,Bruno,Chloé", "--slow", "off"]


def _url(cluster: Any, name: str) -> str:
    cluster.database(name)
    return f"postgresql://kinito@/{name}?host={cluster.socket}"


def _talk(child: subprocess.Popen[str], lines: str) -> tuple[str, str]:
    return child.communicate(lines, timeout=120)


def test_a_table_plays_into_postgres_and_a_second_process_is_refused(pg_cluster: Any) -> None:
    url = _url(pg_cluster, "play_lock")
    first = kinito_process([*PLAY, "--db", url, *TABLE])
    _, err = _talk(first, "Ana: soixante deux je bois\n")
    assert first.returncode == 0 and "Traceback" not in err
    playing = kinito_process([*PLAY, "--db", url, "--resume"])
    assert playing.stdin is not None and playing.stdout is not None
    playing.stdin.write("Bruno: j'accepte\narbitre à qui le tour\n")
    playing.stdin.flush()
    for line in playing.stdout:
        if "C'est à Bruno." in line:
            break
    second = kinito_process([*PLAY, "--db", url, "--resume"])
    out, err = _talk(second, "Bruno: menteur\n")
    assert second.returncode == 2 and out == ""
    assert "est déjà arbitrée par un autre kinito" in err and len(err.strip().splitlines()) == 1
    playing.send_signal(signal.SIGKILL)
    playing.wait(timeout=30)
    with PostgresStore(url, read_only=True) as store:
        (game_id,) = store.game_ids()
        entries = store.load(game_id).entries
    assert [e.heard for e in entries] == ["Ana: soixante deux je bois"] * 2 + ["Bruno: j'accepte"]
    out, err = _talk(kinito_process([*PLAY, "--db", url, "--resume"]), "arbitre à qui le tour\n")
    assert out.splitlines()[-1].endswith("C'est à Bruno."), err


def test_an_unreachable_server_is_one_sentence(tmp_path: Any) -> None:
    url = f"postgresql://kinito@/nothing?host={tmp_path}"
    _, err = _talk(kinito_process([*PLAY, "--db", url, *TABLE]), "")
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "ne répond pas" in lines[0] and "KINITO_DB" in lines[0], lines


def test_the_server_away_mid_game_keeps_the_game_and_catches_up(pg_cluster: Any) -> None:
    """The server stopped mid-game: the line is refereed all the same, the table is told once, and
    once the server is back the log catches up: nothing lost."""
    from assistant.core.clock import FakeClock
    from assistant.referee.referee import Referee
    from assistant.settings.table import table_config

    url = _url(pg_cluster, "server_away")
    store = PostgresStore(url)
    table = table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"})
    referee = Referee(table, FakeClock(), store=store)
    referee.hear("Ana", "soixante deux")
    pg_cluster.pause()
    try:
        said = referee.hear("Bruno", "j'accepte")
        assert any("ne répond pas" in line for line in said), said
        assert referee.hear("Bruno", "soixante cinq")[:1] != said[:1]  # told once
    finally:
        pg_cluster.resume()
    said = referee.hear("Chloé", "j'accepte")
    assert said[0] == "La sauvegarde fonctionne de nouveau."
    assert referee.game_id is not None
    with PostgresStore(url, read_only=True) as reader:
        stored = reader.load(referee.game_id).entries
    assert len(stored) == len(referee.session.entries) == 4
    store.close()
