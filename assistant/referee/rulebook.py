"""The game-specific half of the referee, as a Protocol: each game folder implements it (book.py).

The Referee calls a Rulebook and never names a game; the registry (assistant.registry) builds the
right one from the table's rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from assistant.core.codec import Codec
from assistant.core.expectation import Expectation
from assistant.core.game import Game, Refused
from assistant.referee import speech
from assistant.referee.flow import Decision
from assistant.responses import render, section
from assistant.understanding.parse import Parse


class Rulebook(Protocol):
    """What the referee needs to know about the game it runs."""

    game: Game[Any, Any, Any]
    codec: Codec
    move_intents: frozenset[str]

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

    def refusal(self, refused: Refused) -> str:
        """What to say when the engine refuses a move (its code rendered with the game's responses)."""
        ...

    def is_auto(self, command: Any) -> bool:
        """Whether the referee makes this move by itself (undo skips it)."""
        ...


def refusal_sentence(responses_file: str, refused: Refused, values: dict[str, object] | None = None) -> str:
    """A `Refused` code as said aloud, from the `refusals` of a game's responses file; `values`
    replaces the refusal's own (a game turns cards into words first). An unknown code is a legacy
    sentence, said as it is."""
    templates = section(responses_file, "refusals") if responses_file else {}
    template = templates.get(refused.code)
    if template is None:
        return refused.code
    filled = dict(refused.values if values is None else values)
    if "player" in filled:
        filled.setdefault("of_player", speech.of(str(filled["player"])))
    return render(template, filled)


def game_sentence(responses_file: str, key: str, **values: object) -> str:
    """One of a game's own `sentences` (warnings...)."""
    return render(section(responses_file, "sentences")[key], values)


def winner_sentence(state: Any) -> str:
    """The end of a game: its winner, a draw, or simply over."""
    winner = state.winner
    if isinstance(winner, list):
        return speech.say("draw_game", players=speech.names(winner))
    if winner:
        return speech.say("winner", player=winner)
    return speech.say("over")


def describe_command(command: Any, card_name: Callable[[Any], str] = str) -> str:
    """A command in a few words ("le coup de Bruno"), for "J'annule : ..."."""
    template = speech.DESCRIPTIONS.get(type(command).__name__, speech.WORDS["last_move"])
    card = getattr(command, "card", None)
    player = str(getattr(command, "player", ""))
    return template.format(player=player, of_player=speech.of(player), card=card_name(card) if card else "")
