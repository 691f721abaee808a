"""The flags of every registered game's settings, added once to a subcommand (`--edition`, `--mode`...).

Each game declares its settings (`GameModule.options`); a flag several games share is added once. The
values stay None unless given, so each game's own defaults apply.
"""

from __future__ import annotations

import argparse
from typing import Any

from assistant.game import GameOption, game_names, get_game


def game_options() -> dict[str, tuple[str, GameOption]]:
    """Every game setting by key, with the title of the first game that declares it."""
    found: dict[str, tuple[str, GameOption]] = {}
    for name in game_names():
        module = get_game(name)
        for option in module.options:
            found.setdefault(option.key, (module.title, option))
    return found


def add_game_flags(parser: argparse.ArgumentParser, defaults: bool = False) -> None:
    """`--<key>` for every game setting. Without `defaults` an unset flag is None, so a settings file or
    the game's own default applies; with it, the game's default shows in help and in the namespace."""
    for key, (title, option) in game_options().items():
        parser.add_argument(
            f"--{key.replace('_', '-')}",
            dest=key,
            choices=option.choices,
            type=option.type,
            metavar=option.metavar,
            default=option.default if defaults else None,
            help=f"{title} : {option.help}",
        )


def game_settings(args: argparse.Namespace, game: str) -> dict[str, Any]:
    """The settings of `game` given on the command line (the flags left unset are not included)."""
    return {
        key: getattr(args, key) for key in get_game(game).setting_keys if getattr(args, key, None) is not None
    }
