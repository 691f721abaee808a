"""Every written game of tests/referee/games/, anonymised: every line unattributed (one microphone, no
speaker model) except an answer to "who?" by the speaker's own seat. The same outcome is expected,
except where a file's `# expect-anonymous:` line says (with its reason) what the table then hears."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.referee.replaying import check

GAMES = Path(__file__).parent / "games"
FILES = sorted(GAMES.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_written_game_anonymised(path: Path) -> None:
    check(path, anonymous=True)
