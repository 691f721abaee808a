"""Issue 10: the natural-speech corpus (tests/understanding/natural/), written as a table talks by two
writers who never read grammars/, through the real `kinito parse`.

These are regression floors, not the issue's target (95% overall, 0 moves on chatter): measured at
this landing, the table-talk file set (looked at while the parser was written) is at 97.7% and the
situations set (held out: only its aggregate was ever read) at 81.3%, with 3 chatter moves of its own.
A change that loses ground fails here; raising the floors is the next step, not lowering them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.understanding.natural_eval import evaluate

NATURAL = Path(__file__).parent / "natural"


def _subset(tmp: Path, pattern: str) -> Path:
    for path in NATURAL.glob(pattern):
        shutil.copy(path, tmp / path.name)
    return tmp


@pytest.mark.slow
def test_table_talk_stays_understood_and_its_chatter_gives_no_move(tmp_path: Path) -> None:
    report = evaluate(_subset(tmp_path, "*_table.jsonl"))
    assert report.overall.accuracy >= 0.97
    assert report.per_file["chatter_table.jsonl"].accuracy == 1.0
    assert report.wrong_moves <= 2


@pytest.mark.slow
def test_held_out_situations_do_not_lose_ground(tmp_path: Path) -> None:
    report = evaluate(_subset(tmp_path, "*_situations.jsonl"))
    assert report.overall.accuracy >= 0.81
    assert report.chatter_moves <= 3
    assert report.wrong_moves <= 12
