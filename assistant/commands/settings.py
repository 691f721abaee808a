"""`kinito settings [--config FILE] [--json]`: the settings `kinito play` would run with, and where each
comes from (the settings file, the environment, or the default)."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from assistant.errors import UserError
from assistant.paths import store_path, user_config_file
from assistant.settings.play import PlaySettings, config_paths, settings_file, settings_from

HELP = "Afficher les réglages en vigueur et le fichier d'où vient chacun."
DEFAULT = "défaut"
"""The source of a setting nobody gave."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--config, --json."""
    parser.add_argument(
        "--config", help=f"fichier de réglages TOML (défaut : ./kinito.toml, puis {user_config_file()})"
    )
    parser.add_argument("--json", action="store_true", help='un objet JSON sur stdout : {"file", "settings"}')


def _shown(key: str, value: Any) -> str:
    """A value as a person reads it: French names for the program's words ("famille", "texte")."""
    from assistant.cli_fr import CHOICE_NAMES

    if key == "players" and value is None:
        return "à donner (--players, ou players dans kinito.toml)"
    if key == "slow":
        return "non (pas de faute de lenteur)" if value == "off" else f"{value:g} s"
    if value is None:
        return "aucun"
    if isinstance(value, str):
        return CHOICE_NAMES.get(value, value)
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or "aucune"
    return str(value)


def in_effect(settings: PlaySettings, players_given: bool) -> dict[str, Any]:
    """Every setting's value as `kinito play` would use it."""
    table = settings.table
    values: dict[str, Any] = dict(table.to_dict())
    if not players_given:
        values["players"] = None
    values["wake_word"] = table.wake_word
    values["confirm_below"] = table.confirm_below
    values["db"] = settings.db if settings.db is not None else str(store_path())
    for key in ("model", "device", "input", "voice_engine", "speech", "speaker_model", "endpoint"):
        values[key] = getattr(settings, key)
    for key in ("tts_uri", "mic_uri", "snd_uri", "board"):
        values[key] = getattr(settings, key)
    return values


def sources(keys: Mapping[str, Any], file: Mapping[str, Any], path: Path | None) -> dict[str, str]:
    """Where each setting comes from: the file (its path), the environment, or the default."""
    found: dict[str, str] = {}
    for key in keys:
        if key in file and path is not None:
            found[key] = str(path)
        elif key == "db" and os.environ.get("KINITO_DB"):
            found[key] = "variable KINITO_DB"
        else:
            found[key] = DEFAULT
    return found


def run(args: argparse.Namespace) -> int:
    """Print the settings in effect, one a line with its source."""
    path, file = settings_file(args.config)
    players_given = "players" in file
    merged = dict(file) if players_given else {**file, "resume": True}  # players are asked at play
    try:
        settings = settings_from(merged)
    except UserError as problem:
        if path is None:
            raise
        raise UserError(f"{problem.message.rstrip('.')} (dans {path}).", problem.fix) from None
    values = in_effect(settings, players_given)
    where = sources(values, file, path)
    if args.json:
        rows = [{"key": k, "value": v, "source": where[k]} for k, v in values.items()]
        file_name = None if path is None else str(path)
        print(json.dumps({"file": file_name, "settings": rows}, ensure_ascii=False))
        return 0
    if path is None:
        looked = " ni ".join(str(p) for p in config_paths())
        print(f"Aucun fichier de réglages ({looked}) : tout est par défaut.")
    else:
        print(f"Fichier de réglages : {path}")
    width = max(len(k) for k in values)
    for key, value in values.items():
        print(f"  {key.ljust(width)}  {_shown(key, value)}  ({where[key]})")
    return 0
