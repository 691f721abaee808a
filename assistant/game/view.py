"""What the referee and the command line read from any game's state, whatever the game (a game
adds its own keys through `Rulebook.extras`)."""

from __future__ import annotations

from typing import Protocol

from assistant.core.expectation import Expectation


class TableView(Protocol):
    """The read side every game state offers (docs/command-line.md, `kinito replay` output keys)."""

    @property
    def players(self) -> tuple[str, ...]:
        """Seating order, clockwise."""
        ...

    @property
    def current(self) -> str | None:
        """Whose turn it is, or None when nobody's (game over, or waiting for the table)."""
        ...

    @property
    def winner(self) -> str | list[str] | None:
        """A name, a list of names for a draw, or None while the game goes on."""
        ...

    def standings(self) -> dict[str, dict[str, int | bool]]:
        """Per player, the counters the game keeps (docs/command-line.md `players`)."""
        ...

    def expecting_all(self) -> tuple[Expectation, ...]:
        """What the game waits for now: one Expectation per thing it waits on at once (Q13 has two)."""
        ...
