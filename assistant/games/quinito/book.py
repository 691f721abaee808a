"""Quinito's half of the referee: its flow, narration and prompts (the Rulebook the referee runs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from assistant import speech
from assistant.core.codec import Codec
from assistant.core.events import PenaltyCalled
from assistant.core.expectation import Expectation
from assistant.core.game import Game, Refused
from assistant.game import (
    Decision,
    Parse,
    Rulebook,
    describe_command,
    game_sentence,
    refusal_sentence,
    winner_sentence,
)
from assistant.games.quinito import commands as qc
from assistant.games.quinito import events as qe
from assistant.games.quinito import flow as quinito_flow
from assistant.games.quinito import heard, readout
from assistant.games.quinito.config import GRAMMAR, RESPONSES, QuinitoConfig
from assistant.games.quinito.engine import QuinitoGame
from assistant.games.quinito.state import CupState, QuinitoState
from assistant.games.quinito.words import DESCRIPTIONS, has_sentence, penalty, say, score
from assistant.responses import section

HOLDING = (qc.Reveal, qc.Submit, qc.CounterThrow, qc.DefiLoser)
"""Q6, Q8, Q9: the moves whose loss the referee may hold and ask about (`QuinitoBook.held`)."""


@dataclass
class QuinitoBook(Rulebook[QuinitoState, qc.Command]):
    """Q1-Q13, V-*, L-*: the dice game."""

    name = "quinito"
    config: QuinitoConfig
    """The table's Quinito settings."""
    game: Game[QuinitoState, qc.Command, qe.Event]
    """The rules engine."""
    codec: Codec
    """Stores its commands and events."""
    responses: str
    """Its file of grammars/responses/<language>/, as its module names it."""
    move_intents: frozenset[str] = quinito_flow.MOVE_INTENTS
    """Intents that are moves (a refused or misplaced one gets a reminder)."""
    showing_moments: frozenset[str] = frozenset({"reveal", "show", "counter_throw", "redemption_throw"})
    """Q6, Q8, Q9, L-V5: moments when a score said is the dice just thrown or read out (an echo of the
    last one is still a throw)."""
    speaker_faults: frozenset[str] = frozenset({"fantasy_announcement"})
    """Q10: a fantasy announcement costs its own speaker, never a voice nobody is attributed to unasked."""
    turn_moments: frozenset[str] = frozenset({"announce", "response"})
    """Q5, Q6, L2, L3: a turn is an answer, then an announcement (a missed announcement makes the game
    wait for the next player's answer; a missed belief, for the believer's announcement)."""

    def decide(
        self, parse: Parse, who: str | None, expect: Expectation, state: QuinitoState
    ) -> Decision[qc.Command]:
        return quinito_flow.decide(parse, who, expect, self.config, state.direction, state.cups[expect.part])

    def warnings(self) -> list[str]:
        """Q1: two players at the drinking edition; Q11: names that are also common words."""
        from assistant.games.quinito.engine import warnings
        from assistant.understanding.vigilance import common_word_names, words_of_game

        out = [game_sentence(self.responses, key) for key in warnings(self.config)]
        drinking = self.config.edition == "drinking"
        words = common_word_names(self.config.players, game_words=words_of_game(GRAMMAR)) if drinking else []
        if words:
            key = "names_are_words" if len(words) == 1 else "names_are_words_plural"
            out.append(say(key, names=speech.names(words)))
        return out

    def narrate_all(self, events: tuple[object, ...], state: QuinitoState) -> list[str]:
        """V-51: every player's sip is said once ("Tout le monde prend une gorgée.")."""
        sips = [e for e in events if isinstance(e, PenaltyCalled) and e.reason == "everyone_sips"]
        out: list[str] = []
        for event in events:
            if sips and event is sips[0]:
                out.append(say("everyone_sips", amount=speech.amount(event.amount, event.unit)))
            elif event not in sips and (line := self.narrate(event, state)):
                out.append(line)
        return out

    def narrate(self, event: object, state: QuinitoState) -> str | None:
        if isinstance(event, PenaltyCalled):
            return penalty(event)
        if isinstance(event, qe.DirectionReversed):
            return say("reversed")
        if isinstance(event, qe.TotemGiven):
            return say("totem", player=event.player)
        if isinstance(event, qe.PlayerEliminated):
            return say("eliminated", player=event.player)
        if isinstance(event, qe.Announced | qe.Amended | qe.Passed) and self.config.confirm:
            return say("confirm", score=speech.capital(score(event.score)), player=event.player)
        if isinstance(event, qe.SpecialShown) and event.value not in self.config.quinito_scores:
            return say("special", value=score(event.value))
        return None

    def prompt(
        self, expect: Expectation, state: QuinitoState, before: tuple[Expectation, ...] | None, force: bool
    ) -> str | None:
        awaiting, player = expect.awaiting, expect.player or ""
        if awaiting == "over":
            return winner_sentence(state)
        if awaiting == "announce":
            previous = {e.awaiting for e in before} if before else set()
            if force:
                return say("announce", player=player)
            if before is None or not previous & {"announce", "response", "attack_target"}:
                return say("new_round", player=player)
            if "response" in previous and must_reroll(self.config, state.cups[expect.part]):
                return game_sentence(self.responses, "forced_reroll", player=player)
            return None
        if awaiting == "response":
            return say("respond", player=player) if force else None
        if awaiting == "counter_or_submit":
            return say(awaiting, player=player, attacker=expect.other or "")
        if has_sentence(awaiting):
            return say(awaiting, player=player)
        return None

    def required(self, expect: Expectation, state: QuinitoState) -> str | None:
        """V-forced-reroll, L3 "believe": the accepter must re-throw before announcing."""
        if expect.awaiting == "announce" and must_reroll(self.config, state.cups[expect.part]):
            return game_sentence(self.responses, "forced_reroll", player=expect.player or "")
        return None

    def missed(self, expect: Expectation, state: QuinitoState) -> tuple[qc.Command, ...]:
        """Q5, Q6, L3: a turn whose line was missed while the table played on. At `announce`, every
        score the holder may announce, the lowest first (the next announcement must beat it, and the
        referee keeps the others for a later line to choose); at `response`, a pass of the standing
        announcement (L3, family edition: nothing changes but the holder), then a belief (the believer's
        announcement follows). Never a lift, a special or a read-out: what they settle would be paid on
        a guess."""
        player, part = expect.player, expect.part
        if player is None:
            return ()
        cup = state.cups[part]
        if expect.awaiting == "announce":
            specials = self.config.low_specials | self.config.quinito_scores
            ranks = self.config.ranks
            scores = sorted(ranks, key=ranks.__getitem__)
            family = self.config.edition == "family"
            return tuple(qc.Announce(player, v, cup=part) for v in scores if family or v not in specials)
        if expect.awaiting == "response":
            family, announced = self.config.edition == "family", cup.announced
            passing = (qc.Pass(player, announced, cup=part),) if family and announced is not None else ()
            return (*passing, qc.Accept(player, cup=part))
        return ()

    def resync(self, player: str, state: QuinitoState) -> tuple[tuple[qc.Command, ...], ...]:
        """The table plays on from `player`: a new round from them, nobody charged; the same round played
        the other way round second, when the rules may change it (a change of direction the referee
        missed: Q8 32, L-V4). A player out of the game (L1) is followed by the next one still in."""
        turns = self.config.edition == "drinking" or self.config.reverse_on_21
        if player in state.eliminated and state.active():
            player = state.next_player(player)
        return ((qc.Resync(player),), *(((qc.Resync(player, reverse=True),),) if turns else ()))

    def fault(
        self, player: str, reason: str, amount: int = 1, beneficiary: str | None = None
    ) -> qc.Command | None:
        return qc.Fault(player, reason, amount, beneficiary)  # type: ignore[arg-type]

    def held(self, commands: tuple[qc.Command, ...]) -> tuple[qc.Command, ...] | None:
        """Q6, Q8, Q9: a read-out after a lift, a quinito taken or countered, a défi's last finisher,
        its loss held (the table says who pays)."""
        if not any(isinstance(c, HOLDING) for c in commands):
            return None
        return tuple(replace(c, held=True) if isinstance(c, HOLDING) else c for c in commands)

    def describe(self, command: qc.Command) -> str:
        return describe_command(command, DESCRIPTIONS)

    def refusal(self, refused: Refused) -> str:
        return refusal_sentence(self.responses, refused)

    def direction(self, state: QuinitoState) -> int:
        """Q6: play turns the other way after a reversal."""
        return state.direction

    def moment_name(self, expect: Expectation) -> str | None:
        """Q13: which cup, when both are in play."""
        return section(RESPONSES, "words").get(f"cup_{expect.part}")

    # ------------------------------------------------------------- what the decoder asks (Q2-Q10)
    def said_value(self, parse: Parse) -> int | None:
        return heard.said_value(parse)

    def as_value(self, parse: Parse, value: int) -> Parse:
        return heard.as_score(parse, value)

    def value_of(self, command: qc.Command) -> int | None:
        """Q5-Q8: the score an announcement, a pass or a correction says, the value a special shows."""
        for name in ("score", "value"):
            value = getattr(command, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
        return None

    def value_words(self, value: int) -> str:
        return score(value)

    def value_readings(self, words: Sequence[str], value: int) -> tuple[int, ...]:
        return readout.readout_values(words, value)

    def read_words(self, words: Sequence[str]) -> str | None:
        return readout.dice_words(words)

    def reads_out(self, words: Sequence[str]) -> bool:
        return readout.readout_marked(words)

    def claimed(self, expect: Expectation, state: QuinitoState) -> int | None:
        """Q8: the special claimed while the table reads the dice ("show")."""
        return state.cups[expect.part].claimed if expect.awaiting == "show" else None

    def standing(self, expect: Expectation, state: QuinitoState) -> int | None:
        """Q5: the standing announcement, unless it is "chance" (L-V6)."""
        announced = state.cups[expect.part].announced
        return announced if isinstance(announced, int) else None

    def extras(self, state: QuinitoState) -> Mapping[str, object]:
        """Q12, Q6: the totem holders and the direction of play, in the replay JSON."""
        return {"totem": list(state.totems), "direction": state.direction}


def must_reroll(config: QuinitoConfig, cup: CupState) -> bool:
    """V-forced-reroll, L3 "believe": the holder just accepted and must throw again before announcing."""
    return bool(config.forced_reroll and cup.announced is not None and cup.rerolls == 0 and cup.dice is None)


def rulebook(config: QuinitoConfig) -> QuinitoBook:
    """The referee's Quinito half for one table."""

    game = QuinitoGame(config)
    return QuinitoBook(config, game, game.codec(), RESPONSES)
