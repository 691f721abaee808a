"""Hypotheses of the game: each reading of a line folded on the pure engine, kept when it fits.

The engine runs ~100,000 moves a second, so trying every reading of a line (and the line after it on
each) costs nothing a table could notice. A reading fits when the engine accepts its commands; it is
scored by what it would cost whom, so that two readings that change who pays are asked about.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.core.events import PenaltyCalled
from assistant.core.game import Refused, Session


@dataclass(frozen=True)
class Fitted:
    """A reading that the engine accepts, and what it leads to."""

    commands: tuple[Any, ...]
    """The commands applied."""
    session: Session[Any, Any, Any]
    """The game after them."""
    charges: tuple[tuple[str, str], ...]
    """(player, reason) of every penalty they cause."""


def fit(session: Session[Any, Any, Any], commands: Sequence[Any]) -> Fitted | None:
    """The game after `commands`, or None when the engine refuses one of them."""
    after = session
    try:
        for command in commands:
            after = after.apply(command)
    except Refused:
        return None
    events = [e for entry in after.entries[len(session.entries) :] for e in entry.events]
    charges = tuple((e.player, e.reason) for e in events if isinstance(e, PenaltyCalled))
    return Fitted(tuple(commands), after, charges)


def fitting(session: Session[Any, Any, Any], readings: Sequence[Sequence[Any]]) -> list[Fitted]:
    """The readings the engine accepts, in the order given."""
    return [f for r in readings if (f := fit(session, r)) is not None]


def same_payers(fitted: Sequence[Fitted]) -> bool:
    """Whether every reading charges the same players for the same reasons (asking would change
    nothing about who pays)."""
    return len({f.charges for f in fitted}) <= 1


def continuing(
    fitted: Sequence[Fitted], then: Callable[[Session[Any, Any, Any]], tuple[Any, ...] | None]
) -> list[tuple[Fitted, Fitted]]:
    """The readings on which the next line (`then`: its commands in a given game, or None when it is
    no move there) is a move the engine accepts: the following line is the evidence."""
    out: list[tuple[Fitted, Fitted]] = []
    for reading in fitted:
        commands = then(reading.session)
        if not commands:
            continue
        after = fit(reading.session, commands)
        if after is not None:
            out.append((reading, after))
    return out
