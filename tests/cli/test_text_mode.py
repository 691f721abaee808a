"""`kinito play --input text` for a first-timer, through the real command with lines on stdin: the
format and how to quit come first, a line without a name is refused with the format, names match
without accents or case, and Q10 slowness is off unless asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.runtime.live import from_text
from assistant.runtime.utterance import Utterance
from assistant.settings.play import load_settings
from tests.cli.kinito_run import kinito

PLAYERS = "Ana,Bruno,Chloé"


def _play(tmp_path: Path, lines: str, *extra: str) -> tuple[str, str]:
    args = ["play", "--input", "text", "--no-speech", "--players", PLAYERS, "--db", str(tmp_path / "k.db")]
    done = kinito([*args, *extra], tmp_path, stdin=lines)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout, done.stderr


def test_the_first_line_says_the_format_and_how_to_quit(tmp_path: Path) -> None:
    _out, err = _play(tmp_path, "")
    first = err.splitlines()[0]
    assert "« Nom: mots »" in first and "« table: mots »" in first and "Ctrl-D" in first


def test_a_line_without_a_name_is_refused_with_the_format_and_not_heard(tmp_path: Path) -> None:
    out, err = _play(tmp_path, "Ana: soixante deux\nmenteur\n")
    assert "« menteur » : il manque le nom. Une ligne par phrase : « Nom: mots »" in err
    assert "Combien sous le gobelet ?" not in out  # the refused line lifted nothing


def test_names_match_without_accents_or_case(tmp_path: Path) -> None:
    """ "chloe:" is Chloé (Q5: not her turn, she is told so), never a stranger to the table."""
    out, _err = _play(tmp_path, "Ana: soixante deux\nchloe: j'accepte\nBRUNO: j'accepte\n")
    assert "Chloe ne joue pas" not in out and "chloe ne joue pas" not in out
    assert "Ce n'est pas à toi, c'est à Bruno." in out


def test_from_text_folds_names_and_hands_nameless_lines_to_refuse() -> None:
    refused: list[str] = []
    lines = [
        "chloe: menteur",
        "ÉMILE: je passe",
        "cinquante quatre",
        "table: cinquante quatre",
        "Arbitre les scores",
    ]
    got = list(from_text(lines, ("Ana", "Chloé", "Émile"), refused.append))
    assert got == [
        Utterance("Chloé", "menteur"),
        Utterance("Émile", "je passe"),
        Utterance(None, "cinquante quatre"),
        Utterance(None, "Arbitre les scores"),  # a question to the referee needs no speaker
    ]
    assert refused == ["cinquante quatre"]


@pytest.mark.parametrize(
    ("flags", "slow"),
    [
        ({"input": "text"}, None),  # Q10: typed, off unless asked
        ({"input": "text", "slow": "12"}, 12.0),
        ({"input": "mic"}, 30.0),
        ({}, 30.0),
    ],
)
def test_q10_slowness_is_off_when_typed_unless_asked(
    tmp_path: Path, flags: dict[str, str], slow: float | None
) -> None:
    settings = load_settings({"players": PLAYERS, **flags}, cwd=tmp_path, home=tmp_path)
    assert settings.table.slow == slow
