"""Where the phrase grammars are: the repository's `grammars/`, shipped inside the package.

`grammars/` stays at the repository root; setup.py and pyproject.toml install it as the subpackage
`assistant.grammars` (package-dir mapping and package data), so a wheel, an sdist and an editable
install all carry it, and `importlib.resources` finds it in each. A bare checkout that was never
installed (PYTHONPATH=.) uses the folder beside the package.
"""

from __future__ import annotations

import functools
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from assistant.errors import UserError
from assistant.understanding import yaml_data

PACKAGE = "assistant.grammars"
"""The import name under which grammars/ is installed."""
SHARED = ("commands.yaml", "respellings.yaml", "vigilance.yaml", "boire.yaml")
"""The files every game's parser, the Vosk phrase lists and vigilance read (each game adds its own)."""
FIX_REINSTALL = (
    "réinstaller kinito (pip install --force-reinstall kinito, ou ./run test dans une copie du dépôt)"
)
_CHECKOUT = Path(__file__).resolve().parents[2] / "grammars"


def grammar_dir() -> Traversable:
    """The grammars folder of this installation (UserError when it is missing)."""
    try:
        return files(PACKAGE)
    except ModuleNotFoundError:
        if _CHECKOUT.is_dir():
            return _CHECKOUT
    raise UserError("Les grammaires de kinito (grammars/) sont introuvables.", FIX_REINSTALL)


def grammar_file(name: str) -> Traversable:
    """One file of grammars/ by name (`grammar_file("commands.yaml")`), or a game's own file given as an
    absolute path (a game registered from outside the package keeps its grammar in its folder)."""
    if Path(name).is_absolute():
        return Path(name)
    return grammar_dir() / name


@functools.lru_cache(maxsize=32)
def read_data(name: str) -> dict[str, Any]:
    """One YAML file of grammars/ as data (a game's phrases, commands.yaml, a responses file...), read
    once: a mapping, else ValueError."""
    path = grammar_file(name)
    with path.open(encoding="utf-8") as handle:
        data = yaml_data.load(handle)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a mapping")
    return data
