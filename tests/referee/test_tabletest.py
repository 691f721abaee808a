"""The table-test reproductions (tests/referee/tabletest/), named and anonymised: what one microphone
without a speaker model hears (echoes, read-outs by anyone, protests, a missed line), refereed with no
innocent charged and no game stuck."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.referee.replaying import check

TABLETEST = Path(__file__).parent / "tabletest"
FILES = sorted(TABLETEST.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_tabletest_as_written(path: Path) -> None:
    check(path, anonymous=False)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_tabletest_anonymised(path: Path) -> None:
    check(path, anonymous=True)


def test_every_reproduction_is_here() -> None:
    assert len(FILES) == 18
