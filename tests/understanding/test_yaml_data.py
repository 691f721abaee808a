"""How grammars/ is read (understanding.yaml_data): libyaml and the pure-Python loader agree on every
file, and French words such as "on" stay words (YAML 1.1 read them as booleans)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from assistant.game import get_game
from assistant.understanding import yaml_data
from assistant.understanding.conjugation import load_table
from assistant.understanding.grammar import build
from assistant.understanding.grammar_files import read_data

GRAMMARS = Path(__file__).resolve().parents[2] / "grammars"
FILES = sorted(GRAMMARS.rglob("*.yaml"))


def _booleans(data: Any, where: str = "") -> Iterator[str]:
    if isinstance(data, bool):
        yield where
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _booleans(value, f"{where}/{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _booleans(value, f"{where}[{i}]")


@pytest.mark.skipif(not getattr(yaml, "__with_libyaml__", False), reason="PyYAML built without libyaml")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_libyaml_reads_each_grammar_file_as_the_pure_python_loader_does(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert yaml_data.LOADER.__mro__[1] is yaml.CSafeLoader
    assert yaml_data.load(text) == yaml_data.load(text, yaml_data.PURE_LOADER)


def test_the_skip_word_on_is_read_as_a_string() -> None:
    """commands.yaml's skip word "on" ("on dit soixante-deux") is the word, not the boolean true."""
    assert "on" in read_data("commands.yaml")["skip_words"]
    grammar = build(get_game("quinito"), ("Ana",))
    assert "on" in grammar.skip_words and "True" not in grammar.skip_words


def test_q11_on_is_a_subject_of_boire() -> None:
    """Q11: grammars/boire.yaml lists "on" among the subjects; it was read as true and lost."""
    table = load_table()
    assert "on" in table.subjects and True not in table.subjects


def test_only_true_and_false_are_booleans() -> None:
    assert yaml_data.load("[on, off, yes, no, y, n, true, false]") == [
        "on",
        "off",
        "yes",
        "no",
        "y",
        "n",
        True,
        False,
    ]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_boolean_of_the_grammars_is_a_flag(path: Path) -> None:
    """Booleans only where a flag is meant (written true/false), never inside a word list."""
    found = list(_booleans(yaml_data.load(path.read_text(encoding="utf-8"))))
    flags = ("clitic_rule", "wildcard", "/out")
    assert all(where.endswith(flags) for where in found), found
