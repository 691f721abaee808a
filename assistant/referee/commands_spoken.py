"""Wake-word commands ("arbitre ..."): rules, standings, whose turn, repeat, undo, pause, new game, penalty.

They work in any state, paused included (so "arbitre reprends" can be heard).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.referee import coach, speech
from assistant.referee.violations import Pending, designated
from assistant.registry import get_game
from assistant.understanding.parse import Parse

if TYPE_CHECKING:
    from assistant.referee.referee import Referee

WAKE_INTENTS = (
    frozenset(
        {"rules", "standings", "whose_turn", "undo", "repeat", "penalty", "pause", "resume", "new_game"}
    )
    | coach.COACH_INTENTS
)
"""The wake-word command intents of contracts.md, and the coach's."""


def explain(referee: Referee, topic: str | None) -> list[str]:
    """The rules as this table plays them, generated from its settings (never a fixed text)."""
    config = referee.config
    return list(get_game(config.game).explain(config.rules, topic))


def standings(referee: Referee) -> list[str]:
    """One short line per player."""
    table = referee.state.standings()
    return [speech.standing(player, counters) for player, counters in table.items()]


def whose_turn(referee: Referee) -> list[str]:
    """Who must play now, or what the table must say."""
    state = referee.state
    if state.winner is not None:
        return [speech.say("over")]
    lines: list[str] = []
    for expect in referee.expectations():
        if expect.player is not None:
            lines.append(speech.say("whose_turn", player=expect.player))
        else:
            prompt = referee.book.prompt(expect, state, None, True)
            lines.append(prompt or speech.say("waiting_table"))
    return lines


def penalty(referee: Referee, parse: Parse, who: str | None) -> list[str]:
    """ "arbitre pénalité pour Bruno": a fault (Q10) on the named (or pointed) player."""
    culprit = designated(parse, who, referee.config.players, referee.state.direction)
    if referee.book.fault(culprit or "", "fault") is None:
        return [speech.say("no_fault")]
    if culprit is None:
        referee.pending = Pending("fault")
        return [speech.say("who_penalty")]
    return referee.apply_penalty(culprit, "fault")


def answer_command(referee: Referee, parse: Parse, who: str | None) -> list[str]:
    """Carry out one wake-word command and say the answer."""
    intent = parse.intent
    if intent == "resume":
        if not referee.paused:
            return []
        referee.paused = False
        referee.restart_timer()
        return [speech.say("resumed")]
    if intent == "pause":
        if referee.paused:
            return [speech.say("already_paused")]
        referee.paused = True
        return [speech.say("paused")]
    if intent == "rules":
        return explain(referee, parse.topic)
    if intent == "standings":
        return standings(referee)
    if intent == "whose_turn":
        return whose_turn(referee)
    if intent == "repeat":
        return list(referee.last) or [speech.say("nothing_to_repeat")]
    if intent in coach.COACH_INTENTS:
        return coach.answer(referee, parse, who)
    if referee.paused:
        return []
    if intent == "undo":
        return referee.undo()
    if intent == "new_game":
        return referee.restart()
    if intent == "penalty":
        return penalty(referee, parse, who)
    return []
