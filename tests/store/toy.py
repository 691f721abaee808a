"""A toy game for the store tests: players add points; the state is the score sheet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistant.core.codec import Codec
from assistant.core.game import Game, Refused
from assistant.store.protocol import StoredGame


@dataclass(frozen=True)
class Score:
    """A player scores `points`."""

    player: str
    """Who scores."""
    points: int
    """How many (positive)."""


@dataclass(frozen=True)
class Scored:
    """The fact that `player` scored `points`."""

    player: str
    """Who scored."""
    points: int
    """How many."""


@dataclass(frozen=True)
class Sheet:
    """The score sheet."""

    totals: tuple[tuple[str, int], ...] = ()
    """(player, total) pairs in first-score order."""


class ToyGame:
    """Game protocol over Sheet/Score/Scored."""

    def initial(self) -> Sheet:
        return Sheet()

    def decide(self, state: Sheet, command: Score) -> Sequence[Scored]:
        if command.points <= 0:
            raise Refused("Il faut marquer au moins un point.")
        return (Scored(command.player, command.points),)

    def evolve(self, state: Sheet, event: Scored) -> Sheet:
        totals = dict(state.totals)
        totals[event.player] = totals.get(event.player, 0) + event.points
        return Sheet(tuple(totals.items()))


TOY_CODEC = Codec([Score, Scored])


def toy_factory(stored: StoredGame) -> tuple[Game[Any, Any, Any], Codec]:
    """The GameFactory for the toy game."""
    return ToyGame(), TOY_CODEC
