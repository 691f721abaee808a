"""Allumettes: rules, commands, events, state and engine of the toy game (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from assistant.core.codec import Codec
from assistant.core.events import PenaltyCalled
from assistant.core.expectation import OVER, Expectation
from assistant.core.game import Refused
from assistant.core.table import ConfigError, check_players, split_players, whole
from assistant.responses import errors


@dataclass(frozen=True)
class AllumettesRules:
    """A table of Allumettes."""

    players: tuple[str, ...]
    """Seating order; the first player starts."""
    matches: int = 11
    """Matches on the table at the start."""

    def __post_init__(self) -> None:
        messages = {
            **errors("referee.yaml"),
            "player_count": "Les allumettes se jouent de {low} à {high}, pas {count}.",
        }
        check_players(self.players, 2, 6, messages)
        if not isinstance(self.matches, int) or not 2 <= self.matches <= 50:
            raise ConfigError("Il faut entre 2 et 50 allumettes.")

    @property
    def vigilance(self) -> bool:
        """No forbidden words at this table."""
        return False

    @property
    def faults(self) -> bool:
        """No fault rule."""
        return False

    def to_dict(self) -> dict[str, Any]:
        """The header keys."""
        return {"players": list(self.players), "matches": self.matches}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AllumettesRules:
        """From header keys."""
        return cls(split_players(data.get("players", ())), whole(data.get("matches", 11)))


@dataclass(frozen=True)
class Take:
    """`player` takes `count` matches."""

    player: str
    """Who."""
    count: int
    """One to three."""


@dataclass(frozen=True)
class Took:
    """`player` took `count` matches."""

    player: str
    """Who."""
    count: int
    """How many."""


@dataclass(frozen=True)
class AllumettesState:
    """The table."""

    players: tuple[str, ...]
    """Seating order."""
    remaining: int
    """Matches left."""
    turn: int = 0
    """Index of the player to play."""
    loser: str | None = None
    """Who took the last match."""

    @property
    def current(self) -> str | None:
        """Whose turn it is."""
        return None if self.loser else self.players[self.turn]

    @property
    def direction(self) -> int:
        """Always clockwise."""
        return 1

    @property
    def winner(self) -> str | None:
        """The player after the loser (the last one who did not take the last match)."""
        if self.loser is None:
            return None
        return self.players[(self.players.index(self.loser) + 1) % len(self.players)]

    @property
    def totems(self) -> tuple[str, ...]:
        """None in this game."""
        return ()

    def standings(self) -> dict[str, dict[str, int | bool]]:
        """Doses per player."""
        return {p: {"doses": int(p == self.loser)} for p in self.players}

    def expecting_all(self) -> tuple[Expectation, ...]:
        """The current player must take matches."""
        if self.loser is not None:
            return (Expectation(OVER),)
        return (Expectation("take", self.current, bound=True, timed=True),)


class AllumettesGame:
    """Game[AllumettesState, Take, Took | PenaltyCalled]."""

    def __init__(self, rules: AllumettesRules) -> None:
        self.rules = rules

    def initial(self) -> AllumettesState:
        """All matches on the table, the first player to play."""
        return AllumettesState(self.rules.players, self.rules.matches)

    def decide(self, state: AllumettesState, command: Take) -> Sequence[Any]:
        """One to three matches, by the player whose turn it is; the last one costs a dose."""
        if state.loser is not None:
            raise Refused("La partie est finie.")
        if command.player != state.current:
            raise Refused(f"C'est à {state.current}.")
        if not 1 <= command.count <= min(3, state.remaining):
            raise Refused("On prend une, deux ou trois allumettes.")
        events: list[Any] = [Took(command.player, command.count)]
        if command.count == state.remaining:
            events.append(PenaltyCalled(command.player, 1, "dose", "last_match"))
        return events

    def evolve(self, state: AllumettesState, event: Any) -> AllumettesState:
        """Fold one event."""
        if isinstance(event, Took):
            turn = (state.turn + 1) % len(state.players)
            return replace(state, remaining=state.remaining - event.count, turn=turn)
        if isinstance(event, PenaltyCalled):
            return replace(state, loser=event.player)
        return state

    def codec(self) -> Codec:
        """The save format."""
        return Codec([Take, Took, PenaltyCalled])
