"""The game of `kinito demo`: the default game's written demo (docs/command-line.md "Script format")."""

from __future__ import annotations

from typing import Any

from assistant.errors import UserError
from assistant.game import GameModule, default_module
from assistant.scripts.script import Script, parse_script


def demo_script(game: GameModule[Any, Any] | None = None) -> Script:
    """The demo game of `game` (the default game when None), parsed."""
    module = game or default_module()
    if module.demo is None:
        raise UserError(f"Le jeu {module.title} n'a pas de partie de démonstration.")
    return parse_script(module.demo())
