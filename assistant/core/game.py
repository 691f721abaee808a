"""The decider pattern every game implements: decide(state, command) -> events, evolve(state, event) -> state.

Nothing here touches a clock, a file or a random source. Randomness (for simulation) travels inside
commands, so it is recorded in the log like everything else.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar, overload

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")
C_contra = TypeVar("C_contra", contravariant=True)


class Refused(Exception):
    """A move the rules do not allow, as a reason code and the values that explain it
    (`Refused("not_higher", to_beat=43)`). The rules never speak: the referee renders the code with
    the game's responses file (docs/architecture.md)."""

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(code, values)
        self.code = code
        """What is wrong, as a key of the game's `refusals` (a legacy caller may pass a sentence)."""
        self.values = values
        """The values a sentence about it needs (players, numbers, named values...)."""

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


class Log(Sequence[Entry[C, E]]):
    """The entries of a Session: an immutable sequence (compares equal to a tuple of the same entries)
    whose `appended` is O(1), so a game of n moves costs O(n), not O(n²) as copying a tuple would.

    Sessions that extend one another share one list: a Log sees its first `len` items only, and
    appending to a Log that is not the list's longest (an older session, kept for a refusal or an
    undo) copies its part first. The referee drives one session at a time, under a lock.
    """

    __slots__ = ("_count", "_items")

    def __init__(self, items: Iterable[Entry[C, E]] = ()) -> None:
        self._items: list[Entry[C, E]] = list(items)
        self._count = len(self._items)

    def appended(self, entry: Entry[C, E]) -> Log[C, E]:
        """This log with `entry` at its end (this log is unchanged)."""
        if len(self._items) != self._count:
            grown = Log(self._items[: self._count])
        else:
            grown = Log.__new__(Log)
            grown._items = self._items
            grown._count = self._count
        grown._items.append(entry)
        grown._count += 1
        return grown

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Entry[C, E]: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Entry[C, E], ...]: ...

    def __getitem__(self, index: int | slice) -> Entry[C, E] | tuple[Entry[C, E], ...]:
        if isinstance(index, slice):
            return tuple(self._items[i] for i in range(self._count)[index])
        return self._items[range(self._count)[index]]

    def __iter__(self) -> Iterator[Entry[C, E]]:
        return iter(self._items[: self._count])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._count and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"


CHECKPOINT_EVERY = 128
"""Entries between two remembered states: undo refolds at most this many entries, not the whole log."""


@dataclass(frozen=True)
class Session(Generic[S, C, E]):
    """A game in progress: its rules, its history, and the state that history folds to."""

    game: Game[S, C, E]
    """The rules."""
    entries: Sequence[Entry[C, E]]
    """Every accepted command with its events, oldest first (held as a Log, whatever was given)."""
    state: S
    """The fold of every event in `entries`."""
    checkpoints: tuple[tuple[int, S], ...] = field(default=(), compare=False, repr=False)
    """(n, state after the first n entries) every CHECKPOINT_EVERY entries: derived, a cache for undo."""

    def __post_init__(self) -> None:
        if not isinstance(self.entries, Log):
            object.__setattr__(self, "entries", Log(self.entries))

    @classmethod
    def start(cls, game: Game[S, C, E]) -> Session[S, C, E]:
        """A session with an empty history."""
        return cls(game, Log(), game.initial())

    @classmethod
    def from_entries(cls, game: Game[S, C, E], entries: Iterable[Entry[C, E]]) -> Session[S, C, E]:
        """Rebuild a session from its log (resume after a crash)."""
        kept = tuple(entries)
        return cls._refold(game, kept, 0, game.initial(), ())

    @classmethod
    def _refold(
        cls,
        game: Game[S, C, E],
        entries: Sequence[Entry[C, E]],
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
        return cls(game, Log(entries), state, tuple(marks))

    def apply(self, command: C) -> Session[S, C, E]:
        """Decide and evolve one command; raises `Refused` and leaves this session untouched."""
        events = tuple(self.game.decide(self.state, command))
        state = fold(self.game, events, self.state)
        log = self.entries if isinstance(self.entries, Log) else Log(self.entries)
        entries = log.appended(Entry(command, events))
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
