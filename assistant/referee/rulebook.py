"""The game-specific half of the referee: rules engine, codec, line-to-move flow, narration, prompts.

The Referee calls a Rulebook and never names a game; one Rulebook per game lives here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from assistant.core.codec import Codec
from assistant.core.events import PenaltyCalled
from assistant.core.expectation import Expectation
from assistant.core.game import Game
from assistant.referee import cinquillo_flow, quinito_flow, speech
from assistant.referee.flow import Decision
from assistant.referee.session_config import TableConfig
from assistant.rules.cinquillo import commands as cc
from assistant.rules.cinquillo import events as ce
from assistant.rules.cinquillo.config import CinquilloConfig
from assistant.rules.cinquillo.deck import french_name
from assistant.rules.quinito import commands as qc
from assistant.rules.quinito import events as qe
from assistant.rules.quinito.config import QuinitoConfig
from assistant.understanding.parse import Parse


class Rulebook(Protocol):
    """What the referee needs to know about the game it runs."""

    game: Game[Any, Any, Any]
    codec: Codec
    move_intents: frozenset[str]
    slow_counted: frozenset[str]

    def decide(self, parse: Parse, who: str | None, expect: Expectation, state: Any) -> Decision:
        """A heard line to commands, a sentence, or None."""
        ...

    def auto(self, state: Any, expect: Expectation) -> Any | None:
        """A move the referee makes by itself now (deal, draw), or None."""
        ...

    def narrate_all(self, events: tuple[Any, ...], state: Any) -> list[str]:
        """What to say about the events of one move."""
        ...

    def warnings(self) -> list[str]:
        """What to say before the game starts (Q1: two players at the drinking edition)."""
        ...

    def prompt(self, expect: Expectation, state: Any, before: Any, force: bool) -> str | None:
        """What to ask or announce on entering `expect` (or, with force, to remind it)."""
        ...

    def fault(self, player: str, reason: str) -> Any | None:
        """Q10: the command charging a fault, or None when the game has none."""
        ...

    def describe(self, command: Any) -> str:
        """A command in a few words, for "J'annule : ..."."""
        ...

    def is_auto(self, command: Any) -> bool:
        """Whether the referee makes this move by itself (undo skips it)."""
        ...


AUTO_TYPES: dict[str, tuple[type, ...]] = {"cinquillo": (cc.Deal, cc.Draw)}
"""C2, C3: the moves the referee records by itself (the deal, the draw after a pass)."""


def _winner(state: Any) -> str:
    winner = state.winner
    if isinstance(winner, list):
        return speech.say("draw_game", players=speech.names(winner))
    if winner:
        return speech.say("winner", player=winner)
    return speech.say("over")


def _describe(command: Any) -> str:
    name = type(command).__name__
    template = speech.DESCRIPTIONS.get(name, "le dernier coup")
    player = getattr(command, "player", "")
    card = getattr(command, "card", None)
    return template.format(player=player, card=french_name(card) if card is not None else "")


@dataclass
class QuinitoBook:
    """Q1-Q13, V-*, L-*: the dice game."""

    name = "quinito"
    config: QuinitoConfig
    """The table's Quinito settings."""
    game: Game[Any, Any, Any]
    """The rules engine."""
    codec: Codec
    """Stores its commands and events."""
    move_intents: frozenset[str] = quinito_flow.MOVE_INTENTS
    """Intents that are moves (a refused or misplaced one gets a reminder)."""
    slow_counted: frozenset[str] = quinito_flow.SLOW_COUNTED
    """Q10: expectations in which silence is slowness."""

    def decide(self, parse: Parse, who: str | None, expect: Expectation, state: Any) -> Decision:
        return quinito_flow.decide(parse, who, expect, self.config, state.direction)

    def auto(self, state: Any, expect: Expectation) -> Any | None:
        return None

    def warnings(self) -> list[str]:
        """Q1: two players at the drinking edition; Q11: names that are also common words."""
        from assistant.rules.quinito.engine import warnings
        from assistant.understanding.vigilance import common_word_names

        out = list(warnings(self.config))
        words = common_word_names(self.config.players) if self.config.edition == "drinking" else []
        if words:
            out.append(speech.say("names_are_words", names=speech.names(words)))
        return out

    def narrate_all(self, events: tuple[Any, ...], state: Any) -> list[str]:
        """V-51: every player's sip is said once ("Tout le monde prend une gorgée.")."""
        sips = [e for e in events if isinstance(e, PenaltyCalled) and e.reason == "everyone_sips"]
        out: list[str] = []
        for event in events:
            if sips and event is sips[0]:
                out.append(speech.say("everyone_sips", amount=speech.amount(event.amount, event.unit)))
            elif event not in sips and (line := self.narrate(event, state)):
                out.append(line)
        return out

    def narrate(self, event: Any, state: Any) -> str | None:
        if isinstance(event, PenaltyCalled):
            return speech.penalty(event)
        if isinstance(event, qe.DirectionReversed):
            return speech.say("reversed")
        if isinstance(event, qe.TotemGiven):
            return speech.say("totem", player=event.player)
        if isinstance(event, qe.PlayerEliminated):
            return speech.say("eliminated", player=event.player)
        if isinstance(event, qe.SpecialShown) and event.value not in self.config.quinito_scores:
            return speech.say("special", value=speech.score(event.value))
        return None

    def prompt(self, expect: Expectation, state: Any, before: Any, force: bool) -> str | None:
        awaiting, player = expect.awaiting, expect.player or ""
        if awaiting == "over":
            return _winner(state)
        if awaiting == "announce":
            previous = {e.awaiting for e in before} if before else set()
            if force:
                return speech.say("announce", player=player)
            if before is None or not previous & {"announce", "response", "attack_target"}:
                return speech.say("new_round", player=player)
            return None
        if awaiting == "response":
            return speech.say("respond", player=player) if force else None
        if awaiting == "counter_or_submit":
            return speech.say(awaiting, player=player, attacker=expect.other or "")
        if awaiting in speech.TEMPLATES:
            return speech.say(awaiting, player=player)
        return None

    def fault(self, player: str, reason: str) -> Any | None:
        return qc.Fault(player, reason)  # type: ignore[arg-type]

    def describe(self, command: Any) -> str:
        return _describe(command)

    def is_auto(self, command: Any) -> bool:
        return isinstance(command, AUTO_TYPES.get(self.name, ()))


@dataclass
class CinquilloBook:
    """C1-C8: the card game."""

    name = "cinquillo"
    config: CinquilloConfig
    """The table's Cinquillo settings."""
    game: Game[Any, Any, Any]
    """The rules engine."""
    codec: Codec
    """Stores its commands and events."""
    move_intents: frozenset[str] = cinquillo_flow.MOVE_INTENTS
    """Intents that are moves."""
    slow_counted: frozenset[str] = frozenset()
    """Cinquillo has no fault rule: silence is never charged."""

    def decide(self, parse: Parse, who: str | None, expect: Expectation, state: Any) -> Decision:
        return cinquillo_flow.decide(parse, who, expect, self.config)

    def auto(self, state: Any, expect: Expectation) -> Any | None:
        return cinquillo_flow.auto(state, expect, self.config)

    def warnings(self) -> list[str]:
        return []

    def narrate_all(self, events: tuple[Any, ...], state: Any) -> list[str]:
        return [line for e in events if (line := self.narrate(e, state))]

    def narrate(self, event: Any, state: Any) -> str | None:
        if isinstance(event, ce.Drew):
            return speech.say("drew", player=event.player)
        if isinstance(event, ce.RoundDealt):
            return speech.say("round", number=str(event.round))
        if isinstance(event, ce.RoundWon):
            names = speech.names(event.winners)
            return speech.say("round_won", players=names, points=str(event.points))
        return None

    def prompt(self, expect: Expectation, state: Any, before: Any, force: bool) -> str | None:
        if expect.awaiting == "over":
            return _winner(state)
        if expect.awaiting != "play":
            return None
        previous = {e.awaiting for e in before} if before else set()
        if expect.player is None:
            return speech.say("five_of_oros")
        if force or "play" not in previous:
            return speech.say("your_turn", player=expect.player)
        return None

    def fault(self, player: str, reason: str) -> Any | None:
        return None

    def describe(self, command: Any) -> str:
        return _describe(command)

    def is_auto(self, command: Any) -> bool:
        return isinstance(command, AUTO_TYPES.get(self.name, ()))


def rulebook(config: TableConfig) -> Rulebook:
    """The Rulebook of the configured game."""
    if isinstance(config.rules, QuinitoConfig):
        from assistant.rules.quinito.engine import QuinitoGame

        quinito = QuinitoGame(config.rules)
        return QuinitoBook(config.rules, quinito, quinito.codec())
    from assistant.rules.cinquillo.engine import CinquilloGame

    cinquillo = CinquilloGame(config.rules)
    return CinquilloBook(config.rules, cinquillo, cinquillo.codec())
