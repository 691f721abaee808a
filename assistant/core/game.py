"""The decider pattern every game implements: decide(state, command) -> events, evolve(state, event) -> state.

Nothing here touches a clock, a file or a random source. Randomness (for simulation) travels inside
commands, so it is recorded in the log like everything else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")
C_contra = TypeVar("C_contra", contravariant=True)


class Refused(Exception):
    """A move the rules do not allow, as a reason code and the values that explain it
    (`Refused("not_higher", to_beat=43)`). The rules never speak: the referee renders the code with
    the game's responses file (style.md 11)."""

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(code, values)
        self.code = code
        """What is wrong, as a key of the game's `refusals` (a legacy caller may pass a sentence)."""
        self.values = values
        """The values a sentence about it needs (players, scores, cards...)."""

    @property
    def reason(self) -> str:
        """The code (kept for callers that read the old `reason`)."""
        return self.code


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


CHECKPOINT_EVERY = 128
"""Entries between two remembered states: undo refolds at most this many entries, not the whole log."""


@dataclass(frozen=True)
class Session(Generic[S, C, E]):
    """A game in progress: its rules, its history, and the state that history folds to."""

    game: Game[S, C, E]
    """The rules."""
    entries: tuple[Entry[C, E], ...]
    """Every accepted command with its events, oldest first."""
    state: S
    """The fold of every event in `entries`."""
    checkpoints: tuple[tuple[int, S], ...] = field(default=(), compare=False, repr=False)
    """(n, state after the first n entries) every CHECKPOINT_EVERY entries: derived, a cache for undo."""

    @classmethod
    def start(cls, game: Game[S, C, E]) -> Session[S, C, E]:
        """A session with an empty history."""
        return cls(game, (), game.initial())

    @classmethod
    def from_entries(cls, game: Game[S, C, E], entries: Iterable[Entry[C, E]]) -> Session[S, C, E]:
        """Rebuild a session from its log (resume after a crash)."""
        kept = tuple(entries)
        return cls._refold(game, kept, 0, game.initial(), ())

    @classmethod
    def _refold(
        cls,
        game: Game[S, C, E],
        entries: tuple[Entry[C, E], ...],
        start: int,
        state: S,
        checkpoints: tuple[tuple[int, S], ...],
    ) -> Session[S, C, E]:
        """Fold `entries[start:]` over `state` (the fold of `entries[:start]`), remembering checkpoints."""
        marks = list(checkpoints)
        for n in range(start, len(entries)):
            state = fold(game, entries[n].events, state)
            if (n + 1) % CHECKPOINT_EVERY == 0:
                marks.append((n + 1, state))
        return cls(game, entries, state, tuple(marks))

    def apply(self, command: C) -> Session[S, C, E]:
        """Decide and evolve one command; raises `Refused` and leaves this session untouched."""
        events = tuple(self.game.decide(self.state, command))
        state = fold(self.game, events, self.state)
        entries = (*self.entries, Entry(command, events))
        marks = self.checkpoints
        if len(entries) % CHECKPOINT_EVERY == 0:
            marks = (*marks, (len(entries), state))
        return Session(self.game, entries, state, marks)

    def undo(self, count: int = 1) -> Session[S, C, E]:
        """Drop the last `count` entries and fold the rest again, from the nearest checkpoint."""
        if count <= 0 or not self.entries:
            return self
        keep = max(0, len(self.entries) - count)
        marks = tuple(mark for mark in self.checkpoints if mark[0] <= keep)
        start, state = marks[-1] if marks else (0, self.game.initial())
        return Session._refold(self.game, self.entries[:keep], start, state, marks)

    @property
    def events(self) -> tuple[E, ...]:
        """Every event of the history, oldest first."""
        return tuple(e for entry in self.entries for e in entry.events)
