"""Where kinito keeps its files on this machine, decided in this one module (platformdirs).

- data, the games: `~/.local/share/kinito/kinito.sqlite3` (`XDG_DATA_HOME`; the file itself:
  `KINITO_DB`, `--db`);
- the French model: `~/.local/share/kinito/models/`, or a checkout's `models/` (`--dest` to install
  elsewhere, `--model` or `KINITO_MODEL` to use another);
- config: `./kinito.toml`, then `~/.config/kinito/kinito.toml` (`XDG_CONFIG_HOME`; `--config`);
- cache, the model's zip while it downloads: `~/.cache/kinito/` (`XDG_CACHE_HOME`).

platformdirs gives each platform's own convention (XDG on Linux, `~/Library/...` on macOS,
`%LOCALAPPDATA%` on Windows) and reads the environment at each call, so a changed `XDG_*` variable
is honoured.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from platformdirs import PlatformDirs

APP = "kinito"
STORE_NAME = "kinito.sqlite3"
CONFIG_NAME = "kinito.toml"
CHECKOUT_MODELS = Path(__file__).resolve().parents[1] / "models"
"""`models/` of a source checkout (next to the package and its pyproject.toml)."""


def _dirs() -> PlatformDirs:
    return PlatformDirs(APP, appauthor=False)


def data_dir() -> Path:
    """The user's data folder for kinito (games, models)."""
    return _dirs().user_data_path


def config_dir() -> Path:
    """The user's configuration folder for kinito (honours XDG_CONFIG_HOME)."""
    return _dirs().user_config_path


def cache_dir() -> Path:
    """Files that may be deleted at any time (a partial download)."""
    return _dirs().user_cache_path


def store_path(env: Mapping[str, str] | None = None) -> Path:
    """The SQLite file of the games: $KINITO_DB, else the data folder's kinito.sqlite3."""
    env = os.environ if env is None else env
    if env.get("KINITO_DB"):
        return Path(env["KINITO_DB"]).expanduser()
    return data_dir() / STORE_NAME


def user_models_dir() -> Path:
    """Where an installed kinito keeps Vosk models."""
    return data_dir() / "models"


def models_dir() -> Path:
    """Where `kinito model download` installs the model: a checkout's models/, else the data folder's."""
    if (CHECKOUT_MODELS.parent / "pyproject.toml").is_file():
        return CHECKOUT_MODELS
    return user_models_dir()


def user_config_file() -> Path:
    """The user's settings file (looked for after ./kinito.toml)."""
    return config_dir() / CONFIG_NAME
