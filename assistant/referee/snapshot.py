"""What the referee hands to anyone watching the table (the party board): a frozen snapshot.

The live loop calls every `TableObserver` after each handled utterance (and each tick that said
something) with a `Snapshot`. Everything in it is immutable (the session is frozen data), so an
observer may read it from another thread; an observer never reaches back into the referee.
"""

from __future__ import annotations

import functools
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
    entries: Sequence[Any]
    """The game's log: every accepted command with its events (`Entry`), oldest first; a log that
    grows shares its first entries with the previous snapshot's, so a watcher folds only what is new."""
    said: tuple[str, ...]
    """What the referee said in answer to this utterance (often nothing)."""
    paused: bool = False
    """Whether the referee is paused ("arbitre pause")."""

    @functools.cached_property
    def events(self) -> tuple[Any, ...]:
        """Every event of this game, oldest first (built when first read: the board does not need it)."""
        return tuple(e for entry in self.entries for e in entry.events)


class TableObserver(Protocol):
    """Anyone who follows the table (the board): told after each handled utterance."""

    def update(self, snapshot: Snapshot) -> None:
        """The table now stands as `snapshot` says. Must return quickly and never raise."""
        ...


def snapshot(referee: Referee, said: Sequence[str]) -> Snapshot:
    """The referee's table now, and what it just said."""
    return Snapshot(referee.config, referee.state, referee.session.entries, tuple(said), referee.paused)
