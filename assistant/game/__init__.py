"""The game contract: everything a game folder imports to plug into Kinito, and nothing else.

Like OpenSpiel's `pyspiel`: a game lives in one folder and registers one `GameModule` of real
references (its rules, its `Rulebook`, its bots, its spoken rules...), generic in its rules `R` and its
state `S` so that `mypy --strict` checks the game against the contract.

A game imports this package and these shared services only:

- `assistant.core`: the pure decider (`Game`, `Refused`, `Session`), the codec and upcasters, the
  shared events (`PenaltyCalled`), `Expectation` and the table checks (`check_players`...);
- `assistant.responses` and `assistant.speech`: the responses files and the shared ways of saying
  names, amounts and numbers;
- `assistant.errors`: `UserError`;
- `assistant.understanding.numbers` and `assistant.understanding.vigilance`: French numbers, and the
  Q11 word lists.

It never imports `assistant.referee`, `assistant.sim` or another game.
"""

from assistant.game.decision import Ask, Decision, Moves, Reply
from assistant.game.driver import Chooser, Driver
from assistant.game.hearing import VALUE_SENTENCES, Hearing
from assistant.game.module import (
    BoardFiles,
    GameModule,
    GameOption,
    GameRules,
    SimOptions,
    no_answer,
    no_fields,
    no_results,
)
from assistant.game.parse import Parse, Position, Violation
from assistant.game.registry import (
    UnknownGame,
    default_game,
    default_module,
    game_names,
    get_game,
    load,
    question_of,
    register_game,
    registered_games,
    unregister_game,
)
from assistant.game.rulebook import (
    Rulebook,
    Unseen,
    describe_command,
    game_sentence,
    has_sentence,
    refusal_sentence,
    sentence,
    winner_sentence,
)
from assistant.game.seating import is_self, seat, targets
from assistant.game.summary import Highlight, Summary, plain_summary, top
from assistant.game.view import TableView

__all__ = [
    "VALUE_SENTENCES",
    "Ask",
    "BoardFiles",
    "Chooser",
    "Decision",
    "Driver",
    "GameModule",
    "GameOption",
    "GameRules",
    "Hearing",
    "Highlight",
    "Moves",
    "Parse",
    "Position",
    "Reply",
    "Rulebook",
    "SimOptions",
    "Summary",
    "TableView",
    "UnknownGame",
    "Unseen",
    "Violation",
    "default_game",
    "default_module",
    "describe_command",
    "game_names",
    "game_sentence",
    "get_game",
    "has_sentence",
    "is_self",
    "load",
    "no_answer",
    "no_fields",
    "no_results",
    "plain_summary",
    "question_of",
    "refusal_sentence",
    "register_game",
    "registered_games",
    "seat",
    "sentence",
    "targets",
    "top",
    "unregister_game",
    "winner_sentence",
]
