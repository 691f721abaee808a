"""The board on a TV (1920×1080) and a phone (390×844), measured in headless chromium by pixel
bounds: tables of 3, 8 and 12 players of Quinito (with and without the summary) and of 3 and 4 of
Cinquillo (it is played by 2 to 4). On the TV nothing is below or beside the screen (the chart
included); on the phone nothing is wider than the screen; no element overflows its box or clips its
text; a name wraps only between words; the chart's text keeps its size (no stretched viewBox); no
"toi" on a screen the whole table reads."""

from __future__ import annotations

import pytest

from assistant.board.view import shown_said
from tests.board.layout import TABLES, check_all


@pytest.mark.slow
def test_the_board_fits_a_tv_and_a_phone_for_every_table() -> None:
    found = {(table, size): problems for table, size, problems in check_all()}
    assert len(found) == 2 * len(TABLES)
    assert {key: problems for key, problems in found.items() if problems} == {}


def test_a_sentence_for_whoever_spoke_is_not_shown_on_the_shared_screen() -> None:
    """ "Ce n'est pas à toi, c'est à Bruno." is said aloud, not shown (the status says whose turn)."""
    said = ["Ce n'est pas à toi, c'est à Bruno.", "Bruno prend une dose : bluff.", "À Bruno de lancer."]
    assert shown_said(said) == said[1:]
