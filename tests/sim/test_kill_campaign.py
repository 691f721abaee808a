"""A small SIGKILL campaign (tests/sim/kills.py): real forked processes killed inside and right after
the transaction of a two-entry line ("soixante deux je bois") and of a game's end (its last move, the
winner and the results), then resumed: nothing lost, nothing doubled, no game left playing with a
winner. The 300-kill campaign is `python -m tests.sim.kills --kills 300`."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tests.sim.kills import REFEREE_POINTS, SIM_POINTS, Tally, referee_campaign, sim_campaign


@pytest.mark.slow
def test_q11_kills_at_two_entry_lines_lose_and_double_nothing(tmp_path: Path) -> None:
    tally = Tally(Counter(), problems=[])
    referee_campaign(tmp_path, 6, random.Random(3), tally, lines=60, points=REFEREE_POINTS)
    assert tally.problems == [] and (tally.lost, tally.doubled) == (0, 0)
    assert tally.kills["referee pair:mid"] == 2 and tally.kills["referee pair:after"] == 2


@pytest.mark.slow
def test_c8_kills_at_game_ends_leave_no_game_playing_with_a_winner(tmp_path: Path) -> None:
    tally = Tally(Counter(), problems=[])
    sim_campaign(tmp_path, 4, random.Random(3), tally, games=3, points=SIM_POINTS)
    assert tally.problems == [] and (tally.lost, tally.doubled, tally.winner_unfinished) == (0, 0, 0)
    assert tally.kills["sim end:mid"] == 1 and tally.kills["sim end:after"] == 2
