"""The coach: answers that help a player think ("arbitre mes chances", "qu'est-ce que je peux jouer").

Each game answers for itself (its `GameModule.coach` and `summary`): it reads the game state and
the engine's own tables, never a hidden hand, which the referee never sees.
"""

from __future__ import annotations

from typing import Any

from assistant import speech
from assistant.game import Parse, plain_summary
from assistant.settings.table import TableConfig

COACH_INTENTS = frozenset({"odds", "hint", "announcement", "count", "summary"})
"""Wake-word intents the coach answers (grammars/commands.yaml)."""


def summary_lines(
    config: TableConfig, state: Any, events: tuple[Any, ...], with_winner: bool = True
) -> list[str]:
    """The summary of the game so far ("arbitre bilan"; at the end of a game, without the winner
    line the referee has just said)."""
    summarize = config.module.summary or plain_summary
    return summarize(state, events).lines(with_winner)


def answer(
    parse: Parse, who: str | None, config: TableConfig, state: Any, events: tuple[Any, ...]
) -> list[str]:
    """One coach command: odds and hint from the game's own coach, or the summary."""
    if parse.intent in ("odds", "hint", "announcement", "count"):
        module = config.module
        if module.coach is None:
            return [speech.say("no_odds")] if parse.intent == "odds" else [speech.say("hands_unseen")]
        return list(module.coach(parse.intent, parse, who, config.rules, state))
    return summary_lines(config, state, events)
