"""Done when: `kinito play --input text --board 127.0.0.1:PORT` on a scripted game, the page
open in a real headless chromium, each move changes the page; a name like <script> shows as text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.board.browser import PlayProcess, browser_page

XSS = "<script>alert(1)</script>"
TIMEOUT_MS = 15_000
"""Bounded waits in the page (the board updates within half a second; CI machines are slow)."""


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
            assert page.evaluate("document.querySelectorAll('script').length") == 1  # board.js alone
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
