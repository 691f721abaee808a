"""A game's running values on the party board: what folds over the whole log (a chart of the night,
the last penalty) kept up to date one event at a time, so a board update costs the same at the first
move and at the twenty-thousandth. A game's `GameModule.board_running` makes one `Fold` for its
rules; the board feeds it each event once and rolls it back to a `mark` after an undo.
"""

from __future__ import annotations

from collections.abc import Sequence
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
