"""The `confirm_below` line `kinito calibrate` suggests is a kinito.toml setting the
referee then runs with; a value that is no confidence is refused in one sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.errors import UserError
from assistant.settings.play import load_settings
from assistant.settings.table import DEFAULT_CONFIRM


def _settings(tmp_path: Path, line: str) -> float:
    text = f'players = "Ana,Bruno,Chloé"\n{line}\n'
    (tmp_path / "kinito.toml").write_text(text, encoding="utf-8")
    return load_settings({}, cwd=tmp_path, home=tmp_path).table.confirm_below


def test_the_suggested_line_sets_the_referee_threshold(tmp_path: Path) -> None:
    assert _settings(tmp_path, "confirm_below = 0.45") == 0.45
    assert _settings(tmp_path, "") == DEFAULT_CONFIRM


@pytest.mark.parametrize("value", ["1.5", "-0.1", '"nan"', '"beaucoup"', "true"])
def test_a_value_that_is_no_confidence_is_refused(tmp_path: Path, value: str) -> None:
    with pytest.raises(UserError, match="confirm_below"):
        _settings(tmp_path, f"confirm_below = {value}")
