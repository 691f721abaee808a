"""Errors a person can act on (style.md 7)."""

from __future__ import annotations

import contextlib
import sys


class UserError(Exception):
    """An expected failure: one sentence saying what is wrong, and the command that fixes it."""

    def __init__(self, message: str, fix: str | None = None, exit_code: int = 2) -> None:
        super().__init__(message if fix is None else f"{message} Pour corriger : {fix}")
        self.message = message
        self.fix = fix
        self.exit_code = exit_code


def tell(sentence: str) -> None:
    """One French line on stderr while a command goes on (a peer lost, a service refused)."""
    with contextlib.suppress(OSError, ValueError):
        print(f"kinito: {' '.join(sentence.split())}", file=sys.stderr, flush=True)
