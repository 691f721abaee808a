"""Four `kinito play --input text` tables playing at once into one league on a throw-away PostgreSQL
server: one leaderboard, the sum of their games (C8, names folded); a fifth process resuming a game
still open at a table is refused; `kinito history` and `kinito export` read the same server."""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.store.league import folded
from assistant.store.postgres import PostgresStore
from tests.robustness.faulty import kinito_process

PLAY = ["play", "--input", "text", "--no-speech", "--game", "cinquillo", "--league", "Soirée du 12"]
TABLES = [("Chloé", "Bruno"), ("chloe", "David"), ("Éva", "Bruno"), ("David", "CHLOÉ")]
"""Each table's two players; the first abandons (C8: -20 once the other penalises it, +20 to the winner)."""


def _json(args: list[str]) -> dict[str, Any]:
    child = kinito_process(args)
    out, err = child.communicate("", timeout=120)
    assert child.returncode == 0, err
    value: dict[str, Any] = json.loads(out)
    return value


@pytest.mark.slow
def test_four_tables_make_one_league_and_a_fifth_resume_is_refused(pg_cluster: Any) -> None:
    pg_cluster.database("league_night")
    url = f"postgresql://kinito@/league_night?host={pg_cluster.socket}"
    tables = [kinito_process([*PLAY, "--db", url, "--players", ",".join(t)]) for t in TABLES]
    for child, (first, _) in zip(tables, TABLES, strict=True):
        assert child.stdin is not None
        child.stdin.write(f"{first}: j'abandonne la partie\n")
        child.stdin.flush()
    for child, (_, second) in zip(tables[:3], TABLES[:3], strict=True):
        _, err = child.communicate(f"{second}: oui\n", timeout=120)
        assert child.returncode == 0 and "Traceback" not in err, err
    last = tables[3]
    assert last.stdout is not None
    for line in last.stdout:  # the fourth table waits for its answer: its game is open
        if "abandon" in line and "?" in line:
            break
    with PostgresStore(url, read_only=True) as store:
        (open_id,) = store.unfinished()
    fifth = kinito_process([*PLAY, "--db", url, "--resume", str(open_id)])
    out, err = fifth.communicate("CHLOÉ: oui\n", timeout=120)
    assert fifth.returncode == 2 and out == "", err
    assert "est déjà arbitrée par un autre kinito" in err and len(err.strip().splitlines()) == 1
    _, err = last.communicate("CHLOÉ: oui\n", timeout=120)
    assert last.returncode == 0 and "Traceback" not in err, err
    with PostgresStore(url, read_only=True) as store:
        games = store.games()
    assert [g.status for g in games] == ["finished"] * 4 and {g.league for g in games} == {"Soirée du 12"}
    board = _json(["leaderboard", "--db", url, "--league", "soiree du 12", "--json"])
    summed: dict[str, int] = {}
    for game in games:  # the sum of the four games, each player under the league's folded name
        for player, tallies in game.results.items():
            key = folded(player)
            summed[key] = summed.get(key, 0) + tallies["xp"]
    shown = {folded(row["player"]): row["xp"] for row in board["leaderboard"]}
    assert shown == summed == {"bruno": 40, "david": 0, "chloe": -20, "eva": -20}
    assert [folded(row["player"]) for row in board["leaderboard"]] == ["bruno", "david", "chloe", "eva"]
    assert board["games"] == 4  # a table is its players: "chloe, David" and "David, CHLOÉ" are one
    tables = {folded(table): n for table, n in board["tables"].items()}  # spelled as first seen
    assert sorted(tables.values()) == [1, 1, 2] and tables.get("eva, bruno") == 1
    history = _json(["history", "--db", url, "--league", "Soirée du 12", "--json"])
    assert [g["id"] for g in history["games"]] == [g.id for g in games]
    assert history["league"]["leaderboard"] == board["leaderboard"]
    exported = _json(["export", str(open_id), "--db", url, "--json"])
    heard = [move["heard"] for move in exported["moves"]]
    assert heard[-1] == "CHLOÉ: oui", heard  # the answer that ended it, stored with its words
