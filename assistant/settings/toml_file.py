"""The settings file, kinito.toml: read within bounds, its TOML errors in French, its French values
turned into the program's (`edition = "famille"` is family, as `--edition famille`), its keys checked
against the known ones (the file and the closest key named)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from assistant.errors import UserError
from assistant.reading import SETTINGS_LIMIT, read_text
from assistant.responses import error, section

_FILE = "referee.yaml"
"""The responses file with the settings errors."""
SECTIONS = ("kinito", "play")
"""Tables of kinito.toml whose keys count as top-level settings."""
FLAGS = frozenset({"speech", "resume", "recover"})
"""Keys that are true or false (TOML booleans; the command line gives them as switches)."""
LIVE_CHOICES: dict[str, tuple[str, ...]] = {
    "input": ("mic", "text"),
    "voice_engine": ("espeak", "pyttsx3"),
    "endpoint": ("play", "model", "short"),
}
"""The live keys whose value is one of a few words (their French names are accepted too)."""


def read_toml(path: Path) -> dict[str, Any]:
    """A settings file as a flat dict (a [kinito] or [play] table is merged in); UserError if unreadable."""
    text = read_text(path, section(_FILE, "error_parts")["settings_file"], SETTINGS_LIMIT)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise UserError(error(_FILE, "toml_invalid", path=path, reason=toml_place(str(problem)))) from None
    except RecursionError:
        raise UserError(error(_FILE, "toml_nested", path=path)) from None
    flat = {k: v for k, v in data.items() if k not in SECTIONS}
    for table in SECTIONS:
        found = data.get(table)
        if isinstance(found, dict):
            flat.update(found)
        elif found is not None:
            raise UserError(error(_FILE, "toml_section", path=path, section=table))
    return {k.replace("-", "_"): v for k, v in flat.items()}


TOML_FAULTS: dict[str, str] = {
    "Cannot overwrite": "une clé ou une table est donnée deux fois",
    "Cannot declare": "une table est déclarée deux fois",
    "Unterminated string": "un guillemet n'est pas fermé",
    "Illegal character '\\n'": "un guillemet n'est pas fermé",
    "Expected ']'": "un crochet n'est pas fermé",
    "Unclosed array": "un crochet n'est pas fermé",
    "Invalid value": "une valeur manque ou n'est pas valide (un texte s'écrit entre guillemets)",
    "Invalid initial character": "un nom de réglage n'est pas valide",
    "Expected '=' after a key": "il manque « = » après un nom de réglage",
    "Expected newline": "il faut un réglage par ligne",
    "Illegal character": "un caractère interdit (de contrôle) est dans le fichier",
}
"""The start of tomllib's English description of a fault -> what it means, in French."""


def toml_place(message: str) -> str:
    """What tomllib found wrong and where, in French ("un crochet n'est pas fermé, ligne 2,
    colonne 12"), instead of its English."""
    import re

    what = next((f for e, f in TOML_FAULTS.items() if message.startswith(e)), "la syntaxe n'est pas valide")
    found = re.search(r"at line (\d+), column (\d+)", message)
    where = f"ligne {found.group(1)}, colonne {found.group(2)}" if found else "à la fin du fichier"
    return f"{what}, {where}"


YES_NO = {"oui": True, "non": False}
"""A switch written as a French word in the file (`speech = "non"`); "false" in quotes stays refused
(a TOML boolean is unquoted), so no word is read as its opposite."""


def choices_of(key: str) -> tuple[str, ...] | None:
    """The values a key takes when it is one of a few words (`edition`: drinking, family), else None."""
    from assistant.commands.game_flags import game_options

    found = game_options().get(key)
    if found is not None and found[1].choices:
        return found[1].choices
    return LIVE_CHOICES.get(key)


def in_english(file: Mapping[str, Any]) -> dict[str, Any]:
    """The file's values with their French names turned into the program's (`edition = "famille"`
    is family), as the command line's flags accept them."""
    from assistant.cli_fr import CHOICE_NAMES
    from assistant.core.folding import fold

    english = {french: name for name, french in CHOICE_NAMES.items()}
    out = dict(file)
    for key, value in file.items():
        if key in FLAGS and isinstance(value, str) and fold(value.strip()) in YES_NO:
            out[key] = YES_NO[fold(value.strip())]
            continue
        choices = choices_of(key)
        if choices and isinstance(value, str):
            word = english.get(fold(value.strip()), value.strip())
            out[key] = word if word in choices else value
    return out


def check_file(file: Mapping[str, Any], path: Path, known: frozenset[str]) -> None:
    """Every key of the settings file at `path` is `known`; UserError naming the file, the key and the
    closest known one otherwise."""
    import difflib

    for key in sorted(set(file) - known):
        close = difflib.get_close_matches(key, sorted(known), n=1)
        hint = f" (veux-tu dire « {close[0]} » ?)" if close else ""
        raise UserError(error(_FILE, "unknown_setting", path=path, names=key, hint=hint))
