"""Done when: `kinito play --input text --board 127.0.0.1:PORT` on a scripted game, the page
open in a real headless chromium, each move changes the page; a name like <script> shows as text."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.board.browser import PlayProcess, browser_page

XSS = "<script>alert(1)</script>"
TIMEOUT_MS = 15_000
"""Bounded waits in the page (the board updates within half a second; CI machines are slow)."""
SCRIPTS = "[...document.scripts].map((s) => new URL(s.src).pathname)"
"""The addresses of the page's scripts."""
DRAWERS = ["/games/quinito/board.js", "/games/cinquillo/board.js"]
"""Each game's script, from its own folder (`GameModule.board_files`)."""


def move(page: Any, play: PlayProcess, line: str, selector: str, expected: str) -> None:
    """Say one line; the page must change without reloading, and show `expected` in `selector`."""
    from playwright.sync_api import expect

    before = page.inner_text("#board")
    version = page.get_attribute("body", "data-version")
    play.say(line)
    expect(page.locator(selector)).to_contain_text(expected, timeout=TIMEOUT_MS)
    assert page.inner_text("#board") != before, line
    assert page.get_attribute("body", "data-version") != version, line


@pytest.mark.slow
def test_quinito_board_follows_each_move_and_shows_names_as_text(tmp_path: Path) -> None:
    """Q5, Q6, Q3 odds, Q6 penalty, summary: each typed move shows on the open page; the player named
    <script>alert(1)</script> is drawn as those very characters and no script runs."""
    play = PlayProcess(tmp_path, f"Ana,Bruno,{XSS}")
    try:
        with browser_page(1280, 900) as page:
            dialogs: list[str] = []
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
            page.goto(play.url)
            from playwright.sync_api import expect

            expect(page.locator("#status")).to_have_text("À Ana d'annoncer", timeout=TIMEOUT_MS)
            names = page.locator(".player .name").all_inner_texts()
            assert names == ["Ana", "Bruno", XSS]
            assert page.locator("#players script").count() == 0

            move(page, play, "Ana: soixante deux", "#status", "À Bruno : accepter ou soulever")
            expect(page.locator(".cup .score")).to_have_text("62")
            expect(page.locator(".cup .odds")).to_contain_text("44 %")
            move(page, play, "Bruno: j'accepte", "#status", "À Bruno d'annoncer")
            move(page, play, "Bruno: soixante cinq", "#status", f"À {XSS} : accepter ou soulever")
            move(page, play, f"{XSS}: menteur", "#status", "Combien sous le gobelet ?")
            move(page, play, "table: cinquante quatre", "#penalty", "Bruno prend une dose : bluff.")
            expect(page.locator('[data-player="Bruno"] .big')).to_contain_text("1")
            expect(page.locator("#status")).to_have_text("À Bruno d'annoncer")
            move(page, play, "Ana: arbitre bilan", "#summary", "Bilan de la partie.")
            expect(page.locator("#summary")).to_contain_text("Le plus de doses : Bruno, une dose.")
            assert page.locator("#chart polyline").count() == 3
            assert dialogs == []
            assert page.evaluate(SCRIPTS) == ["/board.js", *DRAWERS]  # the page's and the games' files
    finally:
        assert play.close() == 0


@pytest.mark.slow
def test_cinquillo_board_draws_the_layout_and_card_counts(tmp_path: Path) -> None:
    """C3: the 5 of oros opens the table; the 4 and 6 of oros are what the table accepts next; the
    player who laid it holds one card less (C2: ten each at four)."""
    play = PlayProcess(tmp_path, "Ana,Bruno,Chloé,David", "--game", "cinquillo")
    try:
        with browser_page(1280, 900) as page:
            from playwright.sync_api import expect

            page.goto(play.url)
            expect(page.locator("#status")).to_have_text("Qui a le cinq de deniers ?", timeout=TIMEOUT_MS)
            move(page, play, "Chloé: cinq de deniers", "#status", "À David de jouer")
            oros = page.locator(".row.oros .card")
            expect(oros.nth(4)).to_have_class("card table")
            expect(oros.nth(3)).to_have_class("card next")
            expect(oros.nth(5)).to_have_class("card next")
            expect(page.locator('[data-player="Chloé"] .big')).to_contain_text("9")
            move(page, play, "David: six de deniers", "#status", "À Ana de jouer")
            expect(oros.nth(5)).to_have_class("card table")
    finally:
        assert play.close() == 0


@pytest.mark.slow
def test_each_game_drawer_is_loaded_and_draws_the_game_part() -> None:
    """Q5/C3 from the games' folders: both games' scripts register their drawers; the page hands the
    game's area and each player's box to the drawer of the game its JSON names (the cups of Quinito,
    the four rows of Cinquillo, doses or cards per player); a game with no drawer gets the generic
    parts only (players, whose turn, the journal), its area hidden."""
    from playwright.sync_api import expect

    from assistant.board.server import BoardServer
    from tests.board.layout import cinquillo, played, quinito, wait_drawn

    board = BoardServer("127.0.0.1", 0)
    board.start()
    try:
        with browser_page(1280, 900) as page:
            page.goto(board.url)
            assert page.evaluate(SCRIPTS) == ["/board.js", *DRAWERS]
            dice = json.loads(played(quinito(3)))
            board.hub.publish(json.dumps(dice, ensure_ascii=False))
            wait_drawn(page, dice["moves"])
            assert page.get_attribute("body", "data-game") == "quinito"
            expect(page.locator("#game > .cups > .cup")).to_have_count(1)
            expect(page.locator("#game .cup .score")).to_have_text(str(dice["cups"][0]["announced"]))
            expect(page.locator("#game .cup .ladder span")).to_have_count(len(dice["cups"][0]["ladder"]))
            expect(page.locator("#players .player .big .unit").first).to_have_text(re.compile("^doses?$"))
            assert page.locator("#game").is_visible()

            cards = json.loads(played(cinquillo(4)))
            board.hub.publish(json.dumps(cards, ensure_ascii=False))
            wait_drawn(page, cards["moves"])
            assert page.get_attribute("body", "data-game") == "cinquillo"
            expect(page.locator("#game .cup")).to_have_count(0)
            expect(page.locator("#game > .layout > .row")).to_have_count(4)
            expect(page.locator("#game .layout .info")).to_have_text("Manche 1 · objectif 50 points")
            expect(page.locator("#players .player .big .unit").first).to_have_text("cartes")

            other = {**cards, "game": "autre", "moves": cards["moves"] + 1}
            board.hub.publish(json.dumps(other, ensure_ascii=False))
            wait_drawn(page, other["moves"])
            assert page.locator("#game").is_hidden()
            expect(page.locator("#game *")).to_have_count(0)
            expect(page.locator("#players .player")).to_have_count(4)
            expect(page.locator("#players .player .big")).to_have_count(0)
            expect(page.locator("#status")).to_have_text("À Chloé de jouer")
            expect(page.locator("#journal li").last).to_have_text("Bruno pose le quatre de deniers")
    finally:
        board.close()
