"""Echoes: a table repeats what was just settled ("six deux six deux", a special shouted again after the
attack); from an unattributed voice that is no new move (Q6, Q9). The game says what value a command
carries (`Hearing.value_of`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

WINDOW = 3
"""How many lines after a settled value an unattributed repeat of it is taken as an echo."""


@dataclass(frozen=True)
class Settled:
    """A value the table just settled (a read-out, a special shown)."""

    value: int
    """The value read out or shown."""
    line: int
    """The number of the heard line that settled it."""


def thrown(commands: Sequence[Any]) -> int | None:
    """The value the commands show (a read-out, a throw, a special shown: a command's `value`), or
    None."""
    for command in commands:
        value = getattr(command, "value", None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def said_value(commands: Sequence[Any], value_of: Callable[[Any], int | None]) -> int | None:
    """The value a player's move says (an announcement, a claim, a special shown), or None."""
    for command in commands:
        if getattr(command, "player", None) is None:
            continue
        value = value_of(command)
        if value is not None:
            return value
    return None


def is_echo(
    commands: Sequence[Any], settled: Settled | None, line: int, value_of: Callable[[Any], int | None]
) -> bool:
    """Whether an unattributed move only repeats the value settled in the last few lines."""
    if settled is None or line - settled.line > WINDOW:
        return False
    return said_value(commands, value_of) == settled.value
