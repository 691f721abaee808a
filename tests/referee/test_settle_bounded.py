"""The referee's own moves (deals, draws) run in a loop, not a recursion: thousands in a row are fine."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from assistant.core.clock import FakeClock
from assistant.core.expectation import Expectation
from assistant.core.game import Session
from assistant.referee.referee import Referee
from assistant.settings.table import table_config


@dataclass(frozen=True)
class Count:
    """A state counting the referee's own moves up to `until`."""

    n: int = 0
    """Own moves made."""
    until: int = 2000
    """How many it makes before waiting for the table."""
    winner: str | None = None
    """Never over."""
    totems: tuple[str, ...] = ()
    """No totem."""
    current: str | None = None
    """Nobody's turn."""
    direction: int = 1
    """Clockwise."""

    def expecting_all(self) -> list[Expectation]:
        return [Expectation("deal" if self.n < self.until else "play")]

    def standings(self) -> dict[str, Any]:
        return {}


class Counting:
    """A game whose only command is the referee's own "one more"."""

    def initial(self) -> Count:
        return Count()

    def decide(self, state: Count, command: Any) -> list[int]:
        return [1]

    def evolve(self, state: Count, event: int) -> Count:
        return replace(state, n=state.n + event)


def test_two_thousand_own_moves_in_a_row_raise_no_recursion_error() -> None:
    referee = Referee(table_config({"game": "cinquillo", "players": "Ana, Bruno"}), FakeClock())
    book = referee.book

    class Book:
        game = Counting()
        codec = book.codec
        move_intents = book.move_intents

        def auto(self, state: Count, expect: Expectation) -> Any | None:
            return "one more" if expect.awaiting == "deal" else None

        def narrate_all(self, events: tuple[Any, ...], state: Any) -> list[str]:
            return []

        def prompt(self, expect: Expectation, state: Any, before: Any, force: bool) -> str | None:
            return None

    referee.book = Book()  # type: ignore[assignment]
    referee.session = Session.start(Counting())  # type: ignore[arg-type]
    referee.apply(("one more",))
    assert referee.state.n == 2000
    assert referee.expectations()[0].awaiting == "play"
