"""The board's running values: folds over a game's log fed each entry once, so an update costs the
same at the first move and at the twenty-thousandth (the chart, the last penalty, the journal, the
move count are never rescanned).

A log that grows keeps its first entries (the same objects); an undo drops the last ones. `Running`
checks that the last entry it fed is still in place, rolls back to a recent mark after an undo, and
starts over only for another log (a new game, a resumed one).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, cast

from assistant.game.running import Fold

MARKS_KEPT = 64
"""Entries an undo may drop and still be rolled back without refolding the log."""


class Running:
    """Folds kept over one game's log (`Snapshot.entries`), made by `make` for each new log."""

    def __init__(self, make: Callable[[], Sequence[Fold]]) -> None:
        self._make = make
        self.folds: Sequence[Fold] = make()
        """The folds, up to date once `over` returns."""
        self._count = 0
        self._last: object = None
        self._marks: deque[tuple[int, object, list[object]]] = deque(maxlen=MARKS_KEPT)
        self.refolds = 0
        """How many times the whole log was folded again (a new game, an undo past the marks)."""

    def _in_place(self, entries: Sequence[Any], count: int, entry: object) -> bool:
        return count <= len(entries) and (count == 0 or entries[count - 1] is entry)

    def _catch_up(self, entries: Sequence[Any]) -> None:
        """Roll back to the newest mark still in `entries`, or start over."""
        while self._marks:
            count, entry, marks = self._marks[-1]
            if self._in_place(entries, count, entry):
                for fold, mark in zip(self.folds, marks, strict=True):
                    fold.restore(mark)
                self._count, self._last = count, entry
                return
            self._marks.pop()
        self.folds = self._make()
        self._count, self._last = 0, None
        self.refolds += 1

    def over(self, entries: Sequence[Any]) -> Sequence[Fold]:
        """The folds of `entries` (each `Entry` with its `events`), feeding only what is new."""
        if not self._in_place(entries, self._count, self._last):
            self._catch_up(entries)
        for n in range(self._count, len(entries)):
            entry = entries[n]
            for event in entry.events:
                for fold in self.folds:
                    fold.feed(event)
            self._count, self._last = n + 1, entry
            self._marks.append((self._count, entry, [fold.mark() for fold in self.folds]))
        return self.folds


class Journal:
    """The latest described moves (`describe`: an event as one line, or None to leave it out), and
    how many events the log holds."""

    def __init__(self, describe: Callable[[Any], str | None], shown: int) -> None:
        self._describe = describe
        self._shown = shown
        self.lines: list[str] = []
        """Every described move so far, oldest first."""
        self.events = 0
        """Events fed."""

    def feed(self, event: Any) -> None:
        self.events += 1
        line = self._describe(event)
        if line:
            self.lines.append(line)

    def mark(self) -> object:
        return (len(self.lines), self.events)

    def restore(self, mark: object) -> None:
        lines, events = cast(tuple[int, int], mark)
        del self.lines[lines:]
        self.events = events

    def value(self) -> dict[str, Any]:
        return {"journal": self.lines[-self._shown :], "moves": self.events}
