"""Allumettes (Nim), a toy third game registered from the tests only: proof that a game is one module
and its grammar, written against the game contract (`assistant.game`) and the shared core alone.

Players take one to three matches in turn; whoever takes the last one takes a dose.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from assistant.core.codec import Codec
from assistant.core.events import PenaltyCalled
from assistant.core.expectation import OVER, Expectation
from assistant.core.game import Refused
from assistant.core.table import ConfigError, check_players, split_players, whole
from assistant.game import (
    Decision,
    Driver,
    GameModule,
    GameOption,
    Moves,
    Parse,
    Rulebook,
    SimOptions,
    register_game,
    winner_sentence,
)
from assistant.responses import errors


@dataclass(frozen=True)
class Rules:
    """A table of Allumettes."""

    players: tuple[str, ...]
    """Seating order; the first player starts."""
    matches: int = 11
    """Matches on the table at the start."""
    vigilance = False
    faults = False

    def __post_init__(self) -> None:
        check_players(self.players, 2, 6, {**errors("referee.yaml"), "player_count": "De {low} à {high}."})
        if not isinstance(self.matches, int) or not 2 <= self.matches <= 50:
            raise ConfigError("Il faut entre 2 et 50 allumettes.")

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "matches": self.matches}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        return cls(split_players(data.get("players", ())), whole(data.get("matches", 11)))


@dataclass(frozen=True)
class Take:
    """`player` takes `count` matches (the command)."""

    player: str
    """Who."""
    count: int
    """One to three."""


@dataclass(frozen=True)
class Took(Take):
    """`player` took `count` matches (the event)."""


@dataclass(frozen=True)
class State:
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
        return None if self.loser else self.players[self.turn]

    @property
    def winner(self) -> str | None:
        """The player after the loser."""
        return (
            None
            if self.loser is None
            else self.players[(self.players.index(self.loser) + 1) % len(self.players)]
        )

    def standings(self) -> dict[str, dict[str, int | bool]]:
        return {p: {"doses": int(p == self.loser)} for p in self.players}

    def expecting_all(self) -> tuple[Expectation, ...]:
        return (
            (Expectation(OVER),)
            if self.loser
            else (Expectation("take", self.current, bound=True, timed=True),)
        )


class Engine:
    """Game[State, Take, Took | PenaltyCalled]: pure decide and evolve."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def initial(self) -> State:
        return State(self.rules.players, self.rules.matches)

    def decide(self, state: State, command: Take) -> Sequence[Took | PenaltyCalled]:
        if state.loser is not None or command.player != state.current:
            raise Refused(f"C'est à {state.current}.")  # the toy refuses with sentences as codes
        if not 1 <= command.count <= min(3, state.remaining):
            raise Refused("On prend une, deux ou trois allumettes.")
        last = (
            [PenaltyCalled(command.player, 1, "dose", "last_match")]
            if command.count == state.remaining
            else []
        )
        return [Took(command.player, command.count), *last]

    def evolve(self, state: State, event: Took | PenaltyCalled) -> State:
        if isinstance(event, Took):
            return replace(
                state, remaining=state.remaining - event.count, turn=(state.turn + 1) % len(state.players)
            )
        return replace(state, loser=event.player)


class Book(Rulebook[State, Take]):
    """The referee's half: a heard count is a move; the matches left are said after each one."""

    def __init__(self, rules: Rules) -> None:
        self.game, self.codec, self.move_intents = (
            Engine(rules),
            Codec([Take, Took, PenaltyCalled]),
            frozenset({"take"}),
        )

    def decide(self, parse: Parse, who: str | None, expect: Expectation, state: State) -> Decision[Take]:
        count = parse.slots.get("count")
        if expect.awaiting == "take" and parse.intent == "take" and isinstance(count, int):
            return Moves((Take(who or expect.player or "", count),))
        return None

    def narrate_all(self, events: tuple[object, ...], state: State) -> list[str]:
        took = [f"Il reste {state.remaining} allumettes." for e in events if isinstance(e, Took)]
        return took + [
            f"{e.player} prend la dernière : une dose." for e in events if isinstance(e, PenaltyCalled)
        ]

    def prompt(
        self, expect: Expectation, state: State, before: tuple[Expectation, ...] | None, force: bool
    ) -> str:
        return winner_sentence(state) if expect.awaiting == OVER else f"À {expect.player}."

    def refusal(self, refused: Refused) -> str:
        return refused.code


def simulation(rules: Rules, options: SimOptions) -> Driver[State, Take]:
    """A bot that takes a random legal count."""

    def choose(state: State, rng: random.Random) -> Take | None:
        return None if state.current is None else Take(state.current, rng.randint(1, min(3, state.remaining)))

    game = Engine(rules)
    return Driver(game, Book(rules).codec, choose, None, lambda s: s.winner is not None)


MODULE: GameModule[Rules, State] = register_game(
    GameModule(
        name="allumettes",
        title="Allumettes",
        options=(GameOption("matches", "allumettes au départ", type=int, default=11),),
        rules=Rules.from_dict,
        rulebook=Book,
        explain=lambda rules, topic: [
            f"{rules.matches} allumettes ; on en prend une à trois ; qui prend la dernière perd."
        ],
        topics=lambda rules: ("allumettes",),
        simulation=simulation,
        grammar=str(Path(__file__).with_name("allumettes.yaml")),
        bluff_rate=0.0,
    )
)
