"""Settings never say one thing and do another; JSONL keeps one object a line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.errors import UserError
from assistant.settings.play import load_settings


def settings_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "kinito.toml"
    path.write_text('players = "Ana,Bruno,Chloé"\n' + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ('speech = "false"\n', "speech"),
        ("variants = { V-65 = true }\n", "variants"),
        ("edition = { x = 1 }\n", "edition"),
        ("play = 3\n", "play"),
    ],
)
def test_item9_a_setting_of_the_wrong_type_is_refused_not_misread(
    tmp_path: Path, body: str, key: str
) -> None:
    with pytest.raises(UserError, match=key):
        load_settings({}, config=str(settings_file(tmp_path, body)))


def test_item9_players_as_a_number_names_players(tmp_path: Path) -> None:
    path = tmp_path / "kinito.toml"
    path.write_text("players = 5\n", encoding="utf-8")
    with pytest.raises(UserError, match="players"):
        load_settings({}, config=str(path))


def test_item9_speech_false_is_off(tmp_path: Path) -> None:
    assert load_settings({}, config=str(settings_file(tmp_path, "speech = false\n"))).speech is False


def test_item9_empty_db_is_refused_not_replaced_by_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KINITO_DB", str(tmp_path / "default.sqlite3"))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    code = main(["play", "--input", "text", "--no-speech", "--players", "Ana,Bruno,Chloé", "--db", ""])
    assert code == 2 and "« db » vide" in capsys.readouterr().err
    assert not (tmp_path / "default.sqlite3").exists()


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_item9_jsonl_escapes_unicode_line_separators(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, separator: str
) -> None:
    text = f"soixante deux{separator}menteur"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((text + "\nje soulève\n").encode())))
    assert main(["parse", "--jsonl"]) == 0
    lines = capsys.readouterr().out.splitlines()  # splitlines breaks at U+2028/U+2029/U+0085 too
    assert len(lines) == 2
    assert json.loads(lines[0])["text"] == text
