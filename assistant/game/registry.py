"""The game registry: each game folder registers one `GameModule`; everything else asks the registry.

Like OpenSpiel's `register_game`: a game lives in one folder (`assistant/games/<name>/`) and calls
`register_game` once in its `__init__.py`. The settings, store, parser, referee, simulator and
command line never name a game: each entry point (a command, the table settings) looks the game up
here once, by the name a table chose (`game: ...`), and passes the module down.

    module = get_game("…")                 # KeyError-free: UnknownGame is a UserError
    rules = module.rules({"players": "Ana,Bruno", ...})   # typed, validated, frozen
    book = module.rulebook(rules)           # the referee's game half

`load()` imports `assistant.games` (the one place that lists the game folders) the first time the
registry is read, so a game registered in a test is found the same way.
"""

from __future__ import annotations

import importlib
from typing import Any, TypeVar

from assistant.errors import UserError
from assistant.game.module import GameModule

M = TypeVar("M", bound=GameModule[Any, Any])

_GAMES: dict[str, GameModule[Any, Any]] = {}
_LOADED = False


class UnknownGame(UserError):
    """A game name nobody registered."""


def register_game(module: M) -> M:
    """Register a game once (a second registration under the same name replaces it: reloads, tests).
    The built-in games are loaded first, so a game registered from elsewhere never becomes the default."""
    load()
    _GAMES[module.name] = module
    return module


def unregister_game(name: str) -> None:
    """Forget a game (tests that register a toy game clean up after themselves)."""
    _GAMES.pop(name, None)


def load() -> None:
    """Import the game folders once (they register themselves)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        importlib.import_module("assistant.games")


def game_names() -> tuple[str, ...]:
    """Every registered game, in registration order (the first is the default)."""
    load()
    return tuple(_GAMES)


def registered_games() -> tuple[GameModule[Any, Any], ...]:
    """Every registered game's module, in registration order (the first is the default)."""
    load()
    return tuple(_GAMES.values())


def question_of(intent: str) -> GameModule[Any, Any] | None:
    """The registered game whose table question `intent` is (its `GameModule.questions`), or None: a
    table asking another game's question is told it is not this game's."""
    return next((module for module in registered_games() if intent in module.questions), None)


def default_game() -> str:
    """The game a table plays when it names none: the first registered."""
    return game_names()[0]


def default_module() -> GameModule[Any, Any]:
    """The module of the game a table plays when it names none."""
    return registered_games()[0]


def get_game(name: str) -> GameModule[Any, Any]:
    """The registered game called `name` (any case); UnknownGame names the known ones."""
    load()
    key = str(name).strip().lower()
    if key not in _GAMES:
        raise UnknownGame(f"Jeu inconnu : {name}. Choisissez parmi : {', '.join(_GAMES)}.")
    return _GAMES[key]
