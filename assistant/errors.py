"""Errors a person can act on (style.md 7)."""

from __future__ import annotations


class UserError(Exception):
    """An expected failure: one sentence saying what is wrong, and the command that fixes it."""

    def __init__(self, message: str, fix: str | None = None, exit_code: int = 2) -> None:
        super().__init__(message if fix is None else f"{message} Pour corriger : {fix}")
        self.message = message
        self.fix = fix
        self.exit_code = exit_code
