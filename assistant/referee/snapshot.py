"""What the referee hands to anyone watching the table (the party board): a frozen snapshot.

The live loop calls every `TableObserver` after each handled utterance (and each tick that said
something) with a `Snapshot`. Everything in it is immutable (the session is frozen data), so an
observer may read it from another thread; an observer never reaches back into the referee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from assistant.settings.table import TableConfig

if TYPE_CHECKING:
    from assistant.referee.referee import Referee


@dataclass(frozen=True)
class Snapshot:
    """The table as the referee knows it, after one handled utterance."""

    config: TableConfig
    """The game and its settings."""
    state: Any
    """The game state (a TableView: QuinitoState or CinquilloState)."""
    events: tuple[Any, ...]
    """Every event of this game, oldest first (standings, chart and summary are folds over them)."""
    said: tuple[str, ...]
    """What the referee said in answer to this utterance (often nothing)."""
    paused: bool = False
    """Whether the referee is paused ("arbitre pause")."""


class TableObserver(Protocol):
    """Anyone who follows the table (the board): told after each handled utterance."""

    def update(self, snapshot: Snapshot) -> None:
        """The table now stands as `snapshot` says. Must return quickly and never raise."""
        ...


def snapshot(referee: Referee, said: Sequence[str]) -> Snapshot:
    """The referee's table now, and what it just said."""
    return Snapshot(referee.config, referee.state, referee.session.events, tuple(said), referee.paused)
