"""The files the board serves, read once when it is made: the page's own (package data under
assistant/board/static/) and each registered game's (`GameModule.board_files`, under
/games/<name>/). The page loads the games' files after its own: index.html's `GAMES_MARK` line
becomes their tags, and each game's script registers the drawer of its part of the page."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from typing import Any

from assistant.board import guard
from assistant.game import GameModule, registered_games

OWN: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/board.js": ("board.js", "text/javascript; charset=utf-8"),
    "/board.css": ("board.css", "text/css; charset=utf-8"),
    "/classement": ("classement.html", "text/html; charset=utf-8"),
    "/classement.js": ("classement.js", "text/javascript; charset=utf-8"),
}
"""The page's own files (address -> file of assistant/board/static/, type)."""
GAMES_MARK = "<!-- the games' own files -->"
"""The line of index.html the games' tags replace."""

Page = tuple[bytes, str]
"""A served file: its bytes and its content type."""


def game_pages(modules: Iterable[GameModule[Any, Any]]) -> dict[str, Page]:
    """Each game's board files by address; a file name that is not plain is a ValueError
    (`guard.game_file`), so nothing outside a game's own package is read."""
    found: dict[str, Page] = {}
    for module in modules:
        board = module.board_files
        if board is None:
            continue
        folder = resources.files(board.package)
        for name in board.names:
            path, kind = guard.game_file(module.name, name)
            found[path] = (folder.joinpath(name).read_bytes(), kind)
    return found


def tag(path: str) -> str:
    """The page's tag loading one game file (a plain address: `guard.game_file`)."""
    if path.endswith(".css"):
        return f'<link rel="stylesheet" href="{path}">'
    return f'<script src="{path}" defer></script>'


def pages(modules: Iterable[GameModule[Any, Any]] | None = None) -> dict[str, Page]:
    """Every file the board serves, by address: the page's own, then the games' (every registered
    game unless `modules` are given), the page loading the games' files after its own."""
    folder = resources.files("assistant.board") / "static"
    own = {path: (folder.joinpath(name).read_bytes(), kind) for path, (name, kind) in OWN.items()}
    games = game_pages(registered_games() if modules is None else modules)
    index, kind = own["/"]
    tags = "\n".join(tag(path) for path in games)
    own["/"] = (index.replace(GAMES_MARK.encode(), tags.encode()), kind)
    return {**own, **games}
