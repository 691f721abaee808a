"""A small SIGKILL-and-resume campaign on PostgreSQL (tests/store/pg_kills.py): the referee killed
inside and right after the transaction of a two-entry line (Q11 "soixante deux je bois") and of any
write, then resumed from the server: nothing lost, nothing doubled. The 100-kill campaign is
`python -m tests.store.pg_kills --kills 100`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.store.pg_kills import pg_campaign


@pytest.mark.slow
def test_q11_kills_on_postgres_lose_and_double_nothing(pg_cluster: Any, tmp_path: Path) -> None:
    tally = pg_campaign(pg_cluster, tmp_path, 6, seed=3, lines=60)
    assert tally.problems == [] and (tally.lost, tally.doubled) == (0, 0)
    assert tally.kills["referee pair:mid"] == 2 and tally.kills["referee pair:after"] == 2
    assert tally.kills["referee any:after"] == 2
