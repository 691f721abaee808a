"""Wake-word commands ("arbitre ..."): rules, standings, whose turn, repeat, undo, pause, new game, penalty,
and the table's questions (the standing announcement, what may be said now; the game's own questions).

They work in any state, paused included (so "arbitre reprends" can be heard). They act on the
referee only through the small `Table` Protocol below (reads, and methods that change it), so this
module never imports the Referee and never writes its attributes.
"""

from __future__ import annotations

from typing import Any, Protocol

from assistant import speech
from assistant.core.events import Reason
from assistant.core.expectation import Expectation
from assistant.game import Parse, Rulebook, question_of
from assistant.referee import coach, short
from assistant.referee.decoding.words import say as say_decoding
from assistant.referee.helping import help_lines
from assistant.referee.violations import designated
from assistant.responses import section
from assistant.settings.table import TableConfig

WAKE_INTENTS = (
    frozenset(
        {"rules", "standings", "whose_turn", "undo", "repeat", "penalty", "pause", "resume", "new_game"}
    )
    | frozenset({"announcement", "help"})
    | coach.COACH_INTENTS
)
"""The wake-word command intents of docs/command-line.md, the table's questions and the coach's."""


class Table(Protocol):
    """What a wake-word command may read and do: the Referee implements it."""

    config: TableConfig
    book: Rulebook[Any, Any]

    @property
    def state(self) -> Any:
        """The game state."""
        ...

    @property
    def paused(self) -> bool:
        """Whether the referee is paused."""
        ...

    @property
    def open_question(self) -> str | None:
        """The question the referee asked and still waits to hear answered, or None."""
        ...

    @property
    def last(self) -> list[str]:
        """The last sentences said."""
        ...

    @property
    def events(self) -> tuple[Any, ...]:
        """Every event of the game so far (the coach's summary folds them)."""
        ...

    def expectations(self) -> tuple[Expectation, ...]:
        """What each part of the table (Q13) or the table waits for."""
        ...

    def pause(self) -> bool:
        """Stop counting; False when already paused."""
        ...

    def unpause(self) -> bool:
        """Count again from now; False when not paused."""
        ...

    def ask_culprit(self, reason: Reason) -> None:
        """The next line may designate who is charged with `reason`."""
        ...

    def undo(self) -> list[str]:
        """Drop the last heard line's moves."""
        ...

    def restart(self) -> list[str]:
        """The same table starts over."""
        ...

    def apply_penalty(self, player: str, reason: str) -> list[str]:
        """Charge a fault to `player`."""
        ...


def explain(table: Table, topic: str | None, text: str = "") -> list[str]:
    """The rules as this table plays them, generated from its settings (never a fixed text); without a
    topic, a short summary offering the topics, unless the whole was asked for ("en entier")."""
    config = table.config
    lines = list(config.module.explain(config.rules, topic))
    if topic is None and not short.wants_whole(text):
        return short.rules_summary(lines, config.module.topics(config.rules))
    return lines


def standings(table: Table) -> list[str]:
    """One short line per player (a big table's shared standing said once), the game's own counters
    in its words."""
    responses = table.config.module.responses
    own = section(responses, "counters") if responses else {}
    lines = [(p, speech.standing(p, counters, own)) for p, counters in table.state.standings().items()]
    return short.grouped(lines)


def where(table: Table) -> list[str]:
    """ "arbitre on en est où": the standings in short, whose turn it is, and the question left open."""
    lines = [*standings(table), *whose_turn(table)]
    question = table.open_question
    if question is not None:
        lines.append(say_decoding("waiting_for", question=question))
    return lines


def whose_turn(table: Table) -> list[str]:
    """Who must play now, or what the table must say; Q13: with two parts of the table, each named."""
    state = table.state
    if state.winner is not None:
        return [speech.say("over")]
    expectations = table.expectations()
    lines: list[str] = []
    for expect in expectations:
        part = table.book.moment_name(expect) if len(expectations) > 1 else None
        if expect.player is not None and part is not None:
            lines.append(speech.say("whose_turn_of", part=part, player=expect.player))
        elif expect.player is not None:
            lines.append(speech.say("whose_turn", player=expect.player))
        else:
            line = table.book.prompt(expect, state, None, True) or speech.say("waiting_table")
            lines.append(speech.say("of_part", part=part, line=line) if part is not None else line)
    return lines


def repeat(table: Table) -> list[str]:
    """ "arbitre répète": the last sentences said, ending with the question the game waits on now
    (after a penalty or an answer said since, the question is not lost)."""
    lines = list(table.last)
    if table.state.winner is None:
        questions = [
            line for e in table.expectations() if (line := table.book.prompt(e, table.state, None, True))
        ]
        if questions and lines[-len(questions) :] != questions:
            lines += questions
    return lines or [speech.say("nothing_to_repeat")]


def help_now(table: Table) -> list[str]:
    """ "arbitre aide": what may be said now, one line per thing the game waits for (helping.py)."""
    return help_lines(
        table.config, table.expectations(), lambda expect: table.book.required(expect, table.state)
    )


def penalty(table: Table, parse: Parse, who: str | None) -> list[str]:
    """ "arbitre pénalité pour Bruno": a fault (Q10) on the named (or pointed) player."""
    culprit = designated(parse, who, table.config.players, table.book.direction(table.state))
    if table.book.fault(culprit or "", "fault") is None:
        return [speech.say("no_fault")]
    if culprit is None:
        table.ask_culprit("fault")
        return [speech.say("who_penalty")]
    return table.apply_penalty(culprit, "fault")


def is_command(parse: Parse, config: TableConfig) -> bool:
    """Whether the line is a wake-word command or one of the game's table questions (not a move)."""
    return parse.intent in WAKE_INTENTS or parse.intent in config.module.questions


def answer_command(table: Table, parse: Parse, who: str | None) -> list[str]:
    """Carry out one wake-word command and say the answer."""
    intent = parse.intent
    if intent == "resume":
        return [speech.say("resumed")] if table.unpause() else []
    if intent == "pause":
        return [speech.say("paused")] if table.pause() else [speech.say("already_paused")]
    if intent == "rules":
        return explain(table, parse.topic, parse.text)
    if intent == "standings":
        return where(table) if short.asks_where(parse.text) else standings(table)
    if intent == "whose_turn":
        return whose_turn(table)
    if intent == "repeat":
        return repeat(table)
    module = table.config.module
    if intent in module.questions:
        return list(module.answer(intent, table.config.rules, table.state))
    owner = question_of(intent or "")
    if owner is not None:  # another game's table question: not this game's
        return [speech.say("not_this_game", game=owner.title)]
    if intent == "help":
        return help_now(table)
    if intent in coach.COACH_INTENTS:
        return coach.answer(parse, who, table.config, table.state, table.events)
    if table.paused:
        return []
    if intent == "undo":
        return table.undo()
    if intent == "new_game":
        return table.restart()
    if intent == "penalty":
        return penalty(table, parse, who)
    return []
