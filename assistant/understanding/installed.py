"""Which files of grammars/ this installation needs (the shared ones and each registered game's), and
the check `kinito doctor` runs on them."""

from __future__ import annotations

from pathlib import Path

import yaml

from assistant.errors import UserError
from assistant.game import registered_games
from assistant.understanding import yaml_data
from assistant.understanding.grammar_files import FIX_REINSTALL, SHARED, grammar_dir, grammar_file


def required() -> tuple[str, ...]:
    """Every file of grammars/ this installation needs: the shared ones and each registered game's
    (a game keeping its grammar in its own folder, by absolute path, is not this folder's)."""
    games = (module.grammar for module in registered_games())
    return (*SHARED, *(name for name in games if not Path(name).is_absolute()))


def check_grammars() -> str:
    """Every required grammar file is there and holds a YAML mapping; says where they were found.

    Raises UserError naming the first missing or unreadable file.
    """
    folder = grammar_dir()
    names = required()
    for name in names:
        entry = grammar_file(name)
        if not entry.is_file():
            raise UserError(f"Grammaire absente : {name} (dans {folder}).", FIX_REINSTALL)
        try:
            data = yaml_data.load(entry.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
            raise UserError(f"Grammaire illisible : {name} ({error}).", FIX_REINSTALL) from None
        if not isinstance(data, dict):
            raise UserError(f"Grammaire illisible : {name} n'est pas un dictionnaire YAML.", FIX_REINSTALL)
    return f"{len(names)} fichiers de grammaire lus dans {folder}."
