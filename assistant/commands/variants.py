"""`kinito variants [--game GAME]`: every variant id of a game with its one-line description."""

from __future__ import annotations

import argparse

from assistant.commands.rules import variant_lines
from assistant.game import default_game, game_names

HELP = "Lister les variantes (numéros des règles) avec leur description."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--game."""
    parser.add_argument("--game", choices=game_names(), default=default_game(), help="le jeu")


def run(args: argparse.Namespace) -> int:
    """Print one line per variant (the same as `kinito rules --list`)."""
    print("\n".join(variant_lines(args.game)))
    return 0
