"""The game-specific half of the referee: each game subclasses `Rulebook[S, C]` (its book.py).

The Referee calls a Rulebook and never names a game; the game's `GameModule.rulebook` builds it from
the table's rules. `S` is the game's state (a `TableView`), `C` its command type: mypy checks a game's
`decide`, `auto`, `fault` and `describe` against the engine it wraps. The abstract methods are what
every game says; the others are defaults a game overrides only when it has the concept (automatic
moves, faults, a direction of play, its own keys in the replay JSON, and what the decoder asks about
its lines: `Hearing`, assistant/game/hearing.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from assistant import speech
from assistant.core.codec import Codec
from assistant.core.expectation import Expectation
from assistant.core.game import Game, Refused
from assistant.game.decision import Decision
from assistant.game.hearing import Hearing
from assistant.game.parse import Parse
from assistant.game.view import TableView
from assistant.responses import render, section

S = TypeVar("S", bound=TableView)
"""The game's state."""
C = TypeVar("C")
"""The game's command type."""


@dataclass(frozen=True)
class Unseen(Generic[C]):
    """Something the table may have done without a line the referee heard, which changes what is
    played next (a round over that nobody announced, its opening move): the moves, and what the
    referee says when it counts them."""

    said: str
    """The sentence saying what is assumed ("Je n'ai pas entendu la fin de la manche : ...")."""
    moves: tuple[C, ...]
    """The moves assumed, in order (the referee's own moves, a deal, follow as the game calls)."""
    alone: bool = True
    """Whether one line that fits after it is evidence enough; else two lines in a row must (a move
    refused on its own may be a rule the player did not know, and is told so first)."""


class Rulebook(Hearing[S, C], ABC):
    """What the referee needs to know about the game it runs."""

    game: Game[S, C, Any]
    """The rules engine (its events are the game's own: the referee only narrates them back)."""
    codec: Codec
    """Stores its commands and events."""
    move_intents: frozenset[str]
    """The grammar's intents that are moves (a refused or misplaced one gets a reminder)."""
    turn_moments: frozenset[str] = frozenset()
    """The moments (`Expectation.awaiting`) an ordinary turn goes through, which a missed move may
    lead from one to the other (Quinito: an announcement makes the game wait for the answer); none,
    the default: a missed move leaves the game waiting for the same kind of move (C3: the next seat
    plays)."""

    @abstractmethod
    def decide(self, parse: Parse, who: str | None, expect: Expectation, state: S) -> Decision[C]:
        """A heard line to commands, a sentence, or None."""
        ...

    @abstractmethod
    def narrate_all(self, events: tuple[object, ...], state: S) -> list[str]:
        """What to say about the events of one move."""
        ...

    @abstractmethod
    def prompt(
        self, expect: Expectation, state: S, before: tuple[Expectation, ...] | None, force: bool
    ) -> str | None:
        """What to ask or announce on entering `expect` (or, with force, to remind it); `before` is
        what the game waited for before the move (None at the start)."""
        ...

    @abstractmethod
    def refusal(self, refused: Refused) -> str:
        """What to say when the engine refuses a move (its code rendered with the game's responses)."""
        ...

    def auto(self, state: S, expect: Expectation) -> C | None:
        """A move the referee makes by itself now (deal, draw), or None (the default: none)."""
        return None

    def required(self, expect: Expectation, state: S) -> str | None:
        """The one move the rules require now (V-forced-reroll: the accepter re-throws), said by
        "arbitre aide" instead of the optional moves of the moment; None by default."""
        return None

    def missed(self, expect: Expectation, state: S) -> tuple[C, ...]:
        """The moves a turn may have been when the referee missed its line and the table played on,
        the one taken when nothing tells them apart first (C3: a pass, then every piece the game
        takes); none, the default, when a missed move cannot be guessed. The engine checks each."""
        return ()

    def resync(self, player: str, state: S) -> tuple[tuple[C, ...], ...]:
        """The readings (each a tuple of moves) that put the game back in step with a table that
        clearly plays on from `player` (their move, then the next seat's, both refused as out of turn,
        and no missed turn explains them), the likeliest first, each charging nobody; none, the
        default, when the game has no such move."""
        return ()

    def unseen(self, state: S) -> tuple[Unseen[C], ...]:
        """What the table may have done unheard that changes the moment of play, likeliest first (C3:
        the first round's opening move; C5/C6: the end of a round nobody announced). A move line that
        fits no other way is played after the first of these it fits, said aloud; none by default."""
        return ()

    def warnings(self) -> list[str]:
        """What to say before the game starts (none by default)."""
        return []

    def fault(self, player: str, reason: str, amount: int = 1, beneficiary: str | None = None) -> C | None:
        """Q10: the command charging a fault (`amount` doses or lives, given to `beneficiary` where the
        game gives them), or None when the game has none (the default)."""
        return None

    def held(self, commands: tuple[C, ...]) -> tuple[C, ...] | None:
        """The same moves with the penalty they cause held, not charged (the referee then asks who
        pays), or None when the game cannot hold it (the default)."""
        return None

    def describe(self, command: C) -> str:
        """A command in a few words, for "J'annule : ..."."""
        return describe_command(command)

    def is_auto(self, command: C) -> bool:
        """Whether the referee makes this move by itself (undo skips it); never by default."""
        return False

    def direction(self, state: S) -> int:
        """Which way play goes now (1 clockwise, the default; -1 counter-clockwise): the seat "le
        suivant" names."""
        return 1

    def moment_name(self, expect: Expectation) -> str | None:
        """What the game calls the part of the table an expectation is about, when it waits on several
        at once (Q13: each of two), for "... : c'est à Ana."; None by default."""
        return None

    def extras(self, state: S) -> Mapping[str, object]:
        """The game's own keys of the `kinito replay --json` object (none by default)."""
        return {}


def refusal_sentence(
    responses_file: str, refused: Refused, values: Mapping[str, object] | None = None
) -> str:
    """A `Refused` code as said aloud, from the `refusals` of a game's responses file; `values`
    replaces the refusal's own (a game turns its values into words first). An unknown code is a legacy
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


def sentence(responses_file: str, key: str, /, **values: object) -> str:
    """A sentence of the game's own responses file, else the referee's shared one of that key."""
    own = section(responses_file, "sentences") if responses_file else {}
    if key in own:
        return render(own[key], values)
    return speech.say(key, **{k: str(v) for k, v in values.items()})


def has_sentence(responses_file: str, key: str) -> bool:
    """Whether the game's responses file, or the referee's, has a sentence of that key."""
    return key in speech.TEMPLATES or (bool(responses_file) and key in section(responses_file, "sentences"))


def winner_sentence(state: TableView) -> str:
    """The end of a game: its winner, a draw, or simply over."""
    winner = state.winner
    if isinstance(winner, list):
        return speech.say("draw_game", players=speech.names(winner))
    if winner:
        return speech.say("winner", player=winner)
    return speech.say("over")


def describe_command(command: object, descriptions: Mapping[str, str] | None = None, **values: str) -> str:
    """A command in a few words ("le coup de Bruno"), for "J'annule : ...": the template its game's
    responses file gives its class (`descriptions`), else "le dernier coup"; its player is filled in,
    and the game's own `values` (what the command is about, in words)."""
    template = (descriptions or {}).get(type(command).__name__, speech.WORDS["last_move"])
    player = str(getattr(command, "player", ""))
    return template.format(player=player, of_player=speech.of(player), **values)
