""" "arbitre aide": what may be said now, one line per thing the game waits for.

The moves that may be said at a moment come from the game's grammar (each intent's `awaiting`, the
same data that narrows the recogniser), less the intents this table's rules do not play (the rules'
optional `unspoken`: no "je passe" at the drinking edition, L3). Each move is said with one example
from the game's responses file (section `say`, checked against the parser by the tests); the line
around them is the moment's template (section `help`, blank {says}).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from assistant import speech
from assistant.core.expectation import Expectation
from assistant.game import GameModule
from assistant.responses import render, section
from assistant.settings.table import TableConfig
from assistant.understanding.grammar import moments


def sayable(module: GameModule[Any, Any], awaiting: str, unspoken: Collection[str] = ()) -> list[str]:
    """The examples of the moves that may be said at `awaiting`, in the order of the `say` section."""
    examples = section(module.responses, "say")
    allowed = moments(module)
    return [
        example
        for intent, example in examples.items()
        if awaiting in allowed.get(intent, ()) and intent not in unspoken
    ]


def quoted(examples: Sequence[str]) -> str:
    """ "« je passe »", "« j'accepte » ou « je soulève »", "« a », « b » ou « c »"."""
    marks = [f"« {e} »" for e in examples]
    if len(marks) <= 1:
        return "".join(marks)
    return f"{', '.join(marks[:-1])} {speech.WORDS['or']} {marks[-1]}"


def help_lines(
    config: TableConfig,
    expectations: Sequence[Expectation],
    required: Callable[[Expectation], str | None] = lambda expect: None,
) -> list[str]:
    """One line per expectation that has a `help` template; "nothing to say" when none has. A move
    the rules require now (`required`: V-forced-reroll's re-throw) is said alone, not as optional."""
    module = config.module
    phrases = section(module.responses, "help")
    unspoken: Collection[str] = getattr(config.rules, "unspoken", frozenset())
    lines: list[str] = []
    for expect in expectations:
        must = required(expect)
        if must is not None:
            lines.append(must)
            continue
        template = phrases.get(expect.awaiting)
        if template is None:
            continue
        says = quoted(sayable(config.module, expect.awaiting, unspoken))
        player = expect.player or speech.WORDS["someone"]  # C3 round 1: whoever can open
        values = {"player": player, "other": expect.other or "", "says": says}
        lines.append(render(template, values))
    return lines or [speech.say("help_nothing")]
