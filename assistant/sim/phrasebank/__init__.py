"""The phrase bank: how a table says each move and what it says around the moves.

Data, not code: one YAML file per book under `fr/` (one per game, `table` and `noise`). A section is a
list of templates or a mapping of keys to lists of word forms (a value's ways of being said,
a game's ranks and seats). Templates carry `{slot}`s the talker fills. Written from how people
talk at a table, apart from the referee's grammars, so the simulator measures the referee with speech
it was not tuned to.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from importlib import resources

import yaml

from assistant.game.talk import SLOT, Book, fill

__all__ = ["COMMON", "SLOT", "Book", "fill", "load"]

COMMON = ("table", "noise")
"""The books every game reads: what a table says around the moves, and how a recogniser damages it.
Each game has one more, named by its simulation driver."""


def _book(name: str, raw: object) -> Book:
    if not isinstance(raw, dict):
        raise ValueError(f"phrase bank {name}: a mapping of sections is expected")
    templates: dict[str, tuple[str, ...]] = {}
    forms: dict[str, dict[str, tuple[str, ...]]] = {}
    for section, value in raw.items():
        if isinstance(value, list):
            templates[str(section)] = tuple(str(v) for v in value)
        elif isinstance(value, dict):
            forms[str(section)] = {str(k): tuple(str(v) for v in words) for k, words in value.items()}
        else:
            raise ValueError(f"phrase bank {name}: section {section} is neither a list nor a mapping")
    return Book(name, templates, forms)


@lru_cache(maxsize=4)
def load(language: str = "fr") -> Mapping[str, Book]:
    """Every book of `language`, read once from the package data."""
    folder = resources.files(__name__) / language
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".yaml")), key=lambda f: f.name)
    return {
        f.name.removesuffix(".yaml"): _book(f.name, yaml.safe_load(f.read_text(encoding="utf-8")))
        for f in files
    }
