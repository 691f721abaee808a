"""Leagues (C8 across tables): games registered under a league, players matched by name with accents,
case and spaces folded, homonyms told apart by their written names, games counted per table; the
same on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.store.league import folded, in_league, league_board
from assistant.store.opening import TableStore, open_store
from assistant.store.protocol import GameEnd


def test_names_are_folded_for_accents_case_and_spaces() -> None:
    assert folded("Chloé") == folded(" CHLOE ") == folded("chloe") == "chloe"
    assert folded("Ana  B.") == "ana b." != folded("Ana M.")


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    if request.param == "sqlite":
        target = str(tmp_path / "league.sqlite3")
    else:
        cluster: Any = request.getfixturevalue("pg_cluster")
        cluster.database("league_suite")
        target = f"postgresql://kinito@/league_suite?host={cluster.socket}"
    opened = open_store(target, league="Soirée du 12")
    try:
        yield opened
    finally:
        opened.close()


def _finished(store: TableStore, players: list[str], results: dict[str, dict[str, int]], **kw: Any) -> int:
    game_id = store.create_game("cinquillo", {"players": players}, **kw)
    store.finish(game_id, GameEnd(players[0], results))
    return game_id


def test_c8_league_sums_xp_across_tables_with_names_folded(store: TableStore) -> None:
    _finished(store, ["Chloé", "Bruno"], {"Chloé": {"xp": 20}, "Bruno": {"xp": -10}})
    _finished(store, ["chloe", "Ana B."], {"chloe": {"xp": -10}, "Ana B.": {"xp": 20}})
    _finished(store, ["Ana M.", "bruno"], {"Ana M.": {"xp": 20}, "bruno": {"xp": -10}})
    quinito = store.create_game("quinito", {"players": ["CHLOÉ", "Ana B."]})
    store.finish(quinito, GameEnd("CHLOÉ", {"CHLOÉ": {"doses": 1}, "Ana B.": {"doses": 4, "sips": 2}}))
    _finished(store, ["Ana B.", "Bruno"], {"Ana B.": {"xp": 40}}, league="Autre soirée")
    store.create_game("cinquillo", {"players": ["Bruno", "Chloé"]})  # still playing: counted as a game
    board = league_board(store.games(), "soiree DU 12")
    assert [(s.player, s.xp, s.games) for s in board.xp] == [
        ("Ana B.", 20, 1), ("Ana M.", 20, 1), ("Chloé", 10, 2), ("Bruno", -20, 2),
    ]  # fmt: skip
    assert board.night == {"Ana B.": {"doses": 4, "sips": 2}, "Chloé": {"doses": 1}}
    assert board.tables == {"Chloé, Bruno": 2, "Chloé, Ana B.": 2, "Ana M., Bruno": 1}
    assert board.games == 5
    assert len(in_league(store.games(), "Autre soirée")) == 1


def test_a_store_without_league_registers_none(tmp_path: Path) -> None:
    plain = open_store(str(tmp_path / "plain.sqlite3"))
    try:
        _finished(plain, ["Ana", "Bruno"], {"Ana": {"xp": 20}, "Bruno": {"xp": -10}})
        assert [g.league for g in plain.games()] == [None]
        assert league_board(plain.games(), "Soirée du 12").games == 0
    finally:
        plain.close()


def test_postgres_reads_like_sqlite_for_history_and_serve(pg_cluster: Any, tmp_path: Path) -> None:
    """`games()` and `entries_from()` give the same on both stores (history, export, serve --resume)."""
    from assistant.store.protocol import StoredEntry

    pg_cluster.database("league_reads")
    found = []
    for target in (
        str(tmp_path / "reads.sqlite3"),
        f"postgresql://kinito@/league_reads?host={pg_cluster.socket}",
    ):
        writer = open_store(target, league="L")
        game_id = writer.create_game("quinito", {"players": ["Ana", "Bruno"]})
        for n in range(4):
            writer.append(game_id, StoredEntry({"n": n}, [{"e": n}], f"Ana: {n}"))
        writer.close()
        reader = open_store(target, read_only=True)
        try:
            (summary,) = reader.games()
            tail = [(e.command, e.events, e.heard) for e in reader.entries_from(game_id, 2)]
            found.append((summary.kind, summary.moves, summary.league, summary.status, tail))
        finally:
            reader.close()
    assert (
        found[0]
        == found[1]
        == (
            "quinito",
            4,
            "L",
            "playing",
            [({"n": 2}, [{"e": 2}], "Ana: 2"), ({"n": 3}, [{"e": 3}], "Ana: 3")],
        )
    )


def test_c8_the_boards_leaderboard_reads_the_tables_league_live(tmp_path: Path) -> None:
    """`/leaderboard` on the party board: the league across all its tables, read again at each request
    (a game another table finishes shows at the next one); 404 when the board has no save file."""
    import httpx

    from assistant.board.server import BoardServer
    from assistant.store.league import ranking

    db = str(tmp_path / "board.sqlite3")
    writer = open_store(db, league="Soirée du 12")
    _finished(writer, ["Chloé", "Bruno"], {"Chloé": {"xp": 20}, "Bruno": {"xp": -10}})
    board = BoardServer("127.0.0.1", 0, leaderboard=lambda: ranking(db, "soirée du 12"))
    plain = BoardServer("127.0.0.1", 0)
    board.start()
    plain.start()
    try:
        with httpx.Client(timeout=10) as client:
            first = client.get(board.url + "leaderboard").json()
            _finished(writer, ["chloe", "Ana"], {"chloe": {"xp": -10}, "Ana": {"xp": 20}}, league="Autre")
            _finished(writer, ["CHLOE", "Ana"], {"CHLOE": {"xp": 20}, "Ana": {"xp": -10}})
            second = client.get(board.url + "leaderboard").json()
            assert client.get(plain.url + "leaderboard").status_code == 404
    finally:
        board.close()
        plain.close()
        writer.close()
    assert [(r["player"], r["xp"]) for r in first["leaderboard"]] == [("Chloé", 20), ("Bruno", -10)]
    assert [(r["player"], r["xp"]) for r in second["leaderboard"]] == [
        ("Chloé", 40),
        ("Ana", -10),
        ("Bruno", -10),
    ]
    assert second["games"] == 2 and second["league"] == "soirée du 12"
    everyone = ranking(db, None)  # no league: every game, names as written (no folding)
    assert everyone["league"] is None
    assert [(r["player"], r["xp"]) for r in everyone["leaderboard"]] == [
        ("CHLOE", 20), ("Chloé", 20), ("Ana", 10), ("Bruno", -10), ("chloe", -10),
    ]  # fmt: skip


def test_the_league_night_is_said_in_french() -> None:
    from assistant.commands.leaderboard import league_lines
    from assistant.store.league import LeagueBoard

    board = LeagueBoard(
        "Soirée du 12", [], {"Ana": {"doses": 4, "sips": 1, "lives": 2}}, {"Ana, Bruno": 1}, 1
    )
    assert league_lines(board) == [
        "Ligue « Soirée du 12 » : 1 partie.", "Totaux de la soirée (Quinito) :",
        "  Ana : 4 doses, 1 gorgée, 2 vies", "Parties par table :", "  Ana, Bruno : 1",
    ]  # fmt: skip


@pytest.mark.slow  # headless chromium
def test_c8_the_boards_ranking_page_draws_the_league_as_text(tmp_path: Path) -> None:
    """`/classement`, the board's ranking page: the league's XP, night and tables in headless chromium,
    a player named like markup drawn as those very characters, no script run."""
    from assistant.board.server import BoardServer
    from assistant.store.league import ranking
    from tests.board.browser import browser_page, chromium_path

    if chromium_path() is None:
        pytest.skip("Debian's chromium is not installed")
    xss = "<script>alert(1)</script>"
    db = str(tmp_path / "board.sqlite3")
    writer = open_store(db, league="Soirée du 12")
    _finished(writer, ["Chloé", xss], {"Chloé": {"xp": 20}, xss: {"xp": -10}})
    board = BoardServer("127.0.0.1", 0, leaderboard=lambda: ranking(db, "soirée du 12"))
    board.start()
    try:
        with browser_page(1920, 1080) as page:
            dialogs: list[str] = []
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
            page.goto(board.url + "classement")
            from playwright.sync_api import expect

            expect(page.locator("#xp")).to_be_visible(timeout=20_000)
            rows = page.locator("#xp tbody tr").all_inner_texts()
            assert [r.split("\t")[:3] for r in rows] == [["1", "Chloé", "20"], ["2", xss, "-10"]]
            expect(page.locator("#league")).to_contain_text("soirée du 12")
            assert dialogs == [] and page.locator("main script").count() == 0
    finally:
        board.close()
        writer.close()
