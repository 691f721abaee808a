"""Quinito's half of the referee: its flow, narration and prompts (the Rulebook the referee runs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant.core.codec import Codec
from assistant.core.events import PenaltyCalled
from assistant.core.expectation import Expectation
from assistant.core.game import Game, Refused
from assistant.games.quinito import commands as qc
from assistant.games.quinito import events as qe
from assistant.games.quinito import flow as quinito_flow
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.engine import QuinitoGame
from assistant.referee import speech
from assistant.referee.decoding.words import say as decoding_say
from assistant.referee.flow import Decision
from assistant.referee.rulebook import describe_command, game_sentence, refusal_sentence, winner_sentence
from assistant.understanding.parse import Parse


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
    responses: str
    """Its file of grammars/responses/<language>/, as its registry entry names it."""
    move_intents: frozenset[str] = quinito_flow.MOVE_INTENTS
    """Intents that are moves (a refused or misplaced one gets a reminder)."""

    def decide(self, parse: Parse, who: str | None, expect: Expectation, state: Any) -> Decision:
        return quinito_flow.decide(parse, who, expect, self.config, state.direction, state.cups[expect.cup])

    def auto(self, state: Any, expect: Expectation) -> Any | None:
        return None

    def warnings(self) -> list[str]:
        """Q1: two players at the drinking edition; Q11: names that are also common words."""
        from assistant.games.quinito.engine import warnings
        from assistant.understanding.vigilance import common_word_names

        out = [game_sentence(self.responses, key) for key in warnings(self.config)]
        words = common_word_names(self.config.players) if self.config.edition == "drinking" else []
        if words:
            key = "names_are_words" if len(words) == 1 else "names_are_words_plural"
            out.append(speech.say(key, names=speech.names(words)))
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
        if isinstance(event, qe.Announced | qe.Amended | qe.Passed) and self.config.confirm:
            return speech.say("confirm", score=speech.capital(speech.score(event.score)), player=event.player)
        if isinstance(event, qe.SpecialShown) and event.value not in self.config.quinito_scores:
            return speech.say("special", value=speech.score(event.value))
        return None

    def prompt(self, expect: Expectation, state: Any, before: Any, force: bool) -> str | None:
        awaiting, player = expect.awaiting, expect.player or ""
        if awaiting == "over":
            return winner_sentence(state)
        if awaiting == "announce":
            previous = {e.awaiting for e in before} if before else set()
            if force:
                return speech.say("announce", player=player)
            if before is None or not previous & {"announce", "response", "attack_target"}:
                return speech.say("new_round", player=player)
            if "response" in previous and must_reroll(self.config, state.cups[expect.cup]):
                return decoding_say("forced_reroll", player=player)
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
        return describe_command(command)

    def refusal(self, refused: Refused) -> str:
        return refusal_sentence(self.responses, refused)

    def is_auto(self, command: Any) -> bool:
        return False


def must_reroll(config: QuinitoConfig, cup: Any) -> bool:
    """V-forced-reroll, L3 "believe": the holder just accepted and must throw again before announcing."""
    return bool(config.forced_reroll and cup.announced is not None and cup.rerolls == 0 and cup.dice is None)


def rulebook(config: QuinitoConfig) -> QuinitoBook:
    """The referee's Quinito half for one table."""
    from assistant.games.quinito import NAME
    from assistant.registry import get_game

    game = QuinitoGame(config)
    return QuinitoBook(config, game, game.codec(), get_game(NAME).responses)
