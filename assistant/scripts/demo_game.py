"""The game of `kinito demo`: the default game's written demo (contracts.md "Script format")."""

from __future__ import annotations

from assistant.errors import UserError
from assistant.game import default_game, get_game
from assistant.scripts.script import Script, parse_script


def demo_script(game: str | None = None) -> Script:
    """The demo game of `game` (the default game when None), parsed."""
    module = get_game(game or default_game())
    if module.demo is None:
        raise UserError(f"Le jeu {module.title} n'a pas de partie de démonstration.")
    return parse_script(module.demo())
