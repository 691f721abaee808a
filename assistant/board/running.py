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
from typing import Any, Protocol, cast


class Fold(Protocol):
    """A running value over events: fed each event once, with marks to roll back to."""

    def feed(self, event: Any) -> None:
        """Account for the next event."""
        ...

    def mark(self) -> object:
        """A small token of the value now (no copy of what only grows)."""
        ...

    def restore(self, mark: object) -> None:
        """Go back to the value `mark` was taken at."""
        ...

    def value(self) -> dict[str, Any]:
        """The keys this fold adds to the board's JSON."""
        ...


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


def sampled(points: Sequence[Any], cap: int) -> list[Any]:
    """At most `cap` of `points`, evenly spread, the first and the last always kept (a chart of a
    whole night stays a few kilobytes)."""
    if len(points) <= cap:
        return list(points)
    last = len(points) - 1
    return [points[round(i * last / (cap - 1))] for i in range(cap)]


CHART_POINTS = 120
"""Points per player the chart sends at most (a TV is 1,920 pixels wide)."""


class Chart:
    """A chart's series kept as running totals: one point of every player's total per step."""

    def __init__(self, unit: str, players: Sequence[str], start: int) -> None:
        self.unit = unit
        """What the chart counts, as the page titles it."""
        self.players = tuple(players)
        """Whose series, in seat order."""
        self.seat = {name: i for i, name in enumerate(self.players)}
        """A player's index in `totals`."""
        self.totals = [start] * len(self.players)
        """Every player's total now."""
        self.points: list[tuple[int, ...]] = [tuple(self.totals)]
        """Every player's totals after each step, from the start."""

    def step(self) -> None:
        """Record the totals as the next point."""
        self.points.append(tuple(self.totals))

    def mark(self) -> object:
        return (len(self.points), tuple(self.totals))

    def restore(self, mark: object) -> None:
        points, totals = cast(tuple[int, tuple[int, ...]], mark)
        del self.points[points:]
        self.totals = list(totals)

    def series(self, cap: int = CHART_POINTS) -> dict[str, Any]:
        """The page's chart: its unit and each player's values (at most `cap` points)."""
        shown = sampled(self.points, cap)
        return {"unit": self.unit, "series": {p: [pt[i] for pt in shown] for i, p in enumerate(self.players)}}
