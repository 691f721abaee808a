"""Allumettes: the referee's half (flow, narration, prompts), the bot and the spoken rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.core.codec import Codec
from assistant.core.events import PenaltyCalled
from assistant.core.expectation import OVER, Expectation
from assistant.core.game import Refused
from assistant.referee.flow import Decision, Moves
from assistant.referee.rulebook import describe_command, winner_sentence
from assistant.registry import SimOptions
from assistant.sim.runner import Driver
from assistant.understanding.parse import Parse
from tests.games.toy.game import AllumettesGame, AllumettesRules, AllumettesState, Take, Took


@dataclass
class AllumettesBook:
    """Rulebook of the toy game."""

    rules: AllumettesRules
    """The table."""
    game: AllumettesGame
    """The engine."""
    codec: Codec
    """The save format."""
    move_intents: frozenset[str] = field(default=frozenset({"take"}))
    """The grammar's move intents."""

    def decide(self, parse: Parse, who: str | None, expect: Expectation, state: Any) -> Decision:
        if expect.awaiting == "take" and parse.intent == "take" and isinstance(parse.score, int):
            return Moves((Take(who or expect.player or "", parse.score),))
        return None

    def auto(self, state: Any, expect: Expectation) -> Any | None:
        return None

    def narrate_all(self, events: tuple[Any, ...], state: Any) -> list[str]:
        out = []
        for event in events:
            if isinstance(event, Took):
                out.append(f"Il reste {state.remaining} allumettes.")
            elif isinstance(event, PenaltyCalled):
                out.append(f"{event.player} prend la dernière : une dose.")
        return out

    def warnings(self) -> list[str]:
        return []

    def prompt(self, expect: Expectation, state: Any, before: Any, force: bool) -> str | None:
        if expect.awaiting == OVER:
            return winner_sentence(state)
        return f"À {expect.player}."

    def fault(self, player: str, reason: str) -> Any | None:
        return None

    def describe(self, command: Any) -> str:
        return describe_command(command)

    def refusal(self, refused: Refused) -> str:
        return str(refused.reason)  # the toy engine refuses with French sentences as codes

    def is_auto(self, command: Any) -> bool:
        return False


def rulebook(rules: AllumettesRules) -> AllumettesBook:
    """The referee's half for one table."""
    game = AllumettesGame(rules)
    return AllumettesBook(rules, game, game.codec())


def explain(rules: AllumettesRules, topic: str | None) -> Sequence[str]:
    """The rules as this table plays them."""
    return [f"{rules.matches} allumettes ; chacun en prend une, deux ou trois ; qui prend la dernière perd."]


def topics(rules: AllumettesRules) -> Sequence[str]:
    """One topic."""
    return ("allumettes",)


def simulation(rules: AllumettesRules, options: SimOptions) -> Driver:
    """A bot that takes a random legal count."""
    game = AllumettesGame(rules)

    def choose(state: AllumettesState, rng: random.Random) -> Take | None:
        if state.current is None:
            return None
        return Take(state.current, rng.randint(1, min(3, state.remaining)))

    return Driver(game, game.codec(), choose, None, lambda s: s.winner is not None)
