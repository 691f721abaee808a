"""Item 5 (Q10): `slow` is a finite number of seconds within a sane range, or off; a bad
value is refused in one sentence instead of charging a dose every second."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.cli import main
from assistant.errors import UserError
from assistant.settings.play import load_settings
from assistant.settings.table import table_config

BASE = {"game": "quinito", "players": "Ana,Bruno,Chloé"}


@pytest.mark.parametrize(
    "value", ["nan", "NaN", "inf", "-inf", "1e400", "-5", "0.2", "86400", True, float("nan"), float("inf")]
)
def test_item5_q10_slow_refuses_what_is_no_sane_number_of_seconds(value: object) -> None:
    with pytest.raises(UserError, match="slow"):
        table_config({**BASE, "slow": value})


@pytest.mark.parametrize(
    ("value", "seconds"), [("off", None), ("0", None), (0, None), ("45", 45.0), (12, 12.0)]
)
def test_item5_q10_slow_still_takes_seconds_or_off(value: object, seconds: float | None) -> None:
    assert table_config({**BASE, "slow": value}).slow == seconds


def test_item5_slow_true_in_kinito_toml_is_refused(tmp_path: Path) -> None:
    (tmp_path / "kinito.toml").write_text('players = "Ana,Bruno,Chloé"\nslow = true\n', encoding="utf-8")
    with pytest.raises(UserError, match="slow"):
        load_settings({}, cwd=tmp_path, home=tmp_path)


def test_item5_slow_nan_in_a_replay_charges_nothing_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "nan.txt"
    script.write_text("players: Ana,Bruno,Chloé\nslow: nan\n---\nwait: 5\n", encoding="utf-8")
    assert main(["replay", str(script), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "slow" in captured.err and "slowness" not in captured.err


def test_item5_play_slow_nan_flag_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "k.sqlite3")
    code = main(["play", "--input", "text", "--players", "Ana,Bruno,Chloé", "--slow", "nan", "--db", db])
    assert code == 2
    assert "« slow » invalide" in capsys.readouterr().err
