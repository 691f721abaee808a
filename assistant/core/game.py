"""The decider pattern every game implements: decide(state, command) -> events, evolve(state, event) -> state.

Nothing here touches a clock, a file or a random source. Randomness (for simulation) travels inside
commands, so it is recorded in the log like everything else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")
C_contra = TypeVar("C_contra", contravariant=True)


class Refused(Exception):
    """A move the rules do not allow. `reason` is one short French sentence a player can act on."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Game(Protocol[S, C_contra, E]):
    """One game's rules, as two pure functions over frozen data."""

    def initial(self) -> S:
        """The state before any event."""
        ...

    def decide(self, state: S, command: C_contra) -> Sequence[E]:
        """The events a command causes in `state`; raises `Refused` for an impossible move."""
        ...

    def evolve(self, state: S, event: E) -> S:
        """The state after one event. Never refuses: events are facts."""
        ...


def fold(game: Game[S, C, E], events: Iterable[E], state: S | None = None) -> S:
    """Fold events over a state (the initial one by default)."""
    current = game.initial() if state is None else state
    for event in events:
        current = game.evolve(current, event)
    return current


@dataclass(frozen=True)
class Entry(Generic[C, E]):
    """One accepted command and the events it caused: one line of the save file."""

    command: C
    """What was asked."""
    events: tuple[E, ...]
    """What happened because of it."""


@dataclass(frozen=True)
class Session(Generic[S, C, E]):
    """A game in progress: its rules, its history, and the state that history folds to."""

    game: Game[S, C, E]
    """The rules."""
    entries: tuple[Entry[C, E], ...]
    """Every accepted command with its events, oldest first."""
    state: S
    """The fold of every event in `entries`."""

    @classmethod
    def start(cls, game: Game[S, C, E]) -> Session[S, C, E]:
        """A session with an empty history."""
        return cls(game, (), game.initial())

    @classmethod
    def from_entries(cls, game: Game[S, C, E], entries: Iterable[Entry[C, E]]) -> Session[S, C, E]:
        """Rebuild a session from its log (resume after a crash, or undo)."""
        kept = tuple(entries)
        return cls(game, kept, fold(game, (e for entry in kept for e in entry.events)))

    def apply(self, command: C) -> Session[S, C, E]:
        """Decide and evolve one command; raises `Refused` and leaves this session untouched."""
        events = tuple(self.game.decide(self.state, command))
        return Session(
            self.game, (*self.entries, Entry(command, events)), fold(self.game, events, self.state)
        )

    def undo(self, count: int = 1) -> Session[S, C, E]:
        """Drop the last `count` entries and fold the rest again."""
        if count <= 0 or not self.entries:
            return self
        return Session.from_entries(self.game, self.entries[: max(0, len(self.entries) - count)])

    @property
    def events(self) -> tuple[E, ...]:
        """Every event of the history, oldest first."""
        return tuple(e for entry in self.entries for e in entry.events)
