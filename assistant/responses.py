"""What the referee says, as data: one responses file per language and game (docs/architecture.md).

Like Home Assistant's `responses/fr/*.yaml`: `grammars/responses/<language>/referee.yaml` holds the
referee's own sentences, and each game's module names its file (`<game>.yaml`) with the
sentences of its refusals (`Refused` codes) and announcements. Files are read through the grammar
loader, so they travel wherever `grammars/` does. A sentence is a `str.format` template; the first
letter of what is said is always a capital.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from assistant.understanding.grammar_files import read_data

LANGUAGE = "fr"
"""The language the referee speaks."""


def responses(name: str, language: str = LANGUAGE) -> Mapping[str, Any]:
    """The whole responses file `name` (e.g. "referee.yaml") of `language`."""
    return read_data(f"responses/{language}/{name}")


@functools.lru_cache(maxsize=64)
def section(name: str, key: str, language: str = LANGUAGE) -> Mapping[str, str]:
    """One section (`sentences`, `refusals`, `board`...) of a responses file, empty when absent.
    Read once and kept (read-only): the referee and the board ask for the same few sections on every
    line and every board update."""
    found = responses(name, language).get(key) or {}
    return MappingProxyType({str(k): str(v) for k, v in found.items()})


def errors(*names: str, language: str = LANGUAGE) -> dict[str, str]:
    """The `errors` sections of these responses files merged, later files first: the settings errors
    a user reads, for the core's checks that take their sentences as data."""
    merged: dict[str, str] = {}
    for name in names:
        merged.update(section(name, "errors", language))
    return merged


def error(name: str, key: str, /, **values: object) -> str:
    """One settings error of a responses file, its blanks filled."""
    return render(section(name, "errors")[key], values)


def render(template: str, values: Mapping[str, object]) -> str:
    """A template with its blanks filled, starting with a capital letter."""
    text = template.format(**{k: str(v) for k, v in values.items()})
    return text[:1].upper() + text[1:]
