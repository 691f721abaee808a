"""One game as the rest of the program sees it: a `GameModule[R, S]` of real references.

`R` is the game's typed rules, `S` its state: mypy checks that a game's rules parser, rulebook,
explanation, bots, coach and board view agree on them (a rename breaks `mypy`, not a game night).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from assistant.game.driver import Driver
from assistant.game.parse import Parse
from assistant.game.rulebook import Rulebook
from assistant.game.running import Fold
from assistant.game.summary import Summary
from assistant.game.view import TableView


class GameRules(Protocol):
    """What every game's typed rules value offers (QuinitoRules, CinquilloRules...)."""

    @property
    def players(self) -> tuple[str, ...]:
        """Seating order, clockwise."""
        ...

    @property
    def vigilance(self) -> bool:
        """Q11: forbidden words and names are faults at this table."""
        ...

    @property
    def faults(self) -> bool:
        """Q10: the game charges faults (slowness counts by default)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The settings as a script header's keys (players included), for the store."""
        ...


R = TypeVar("R", bound=GameRules)
"""The game's typed rules."""
S = TypeVar("S", bound=TableView)
"""The game's state (what the referee reads of it, `TableView`)."""


@dataclass(frozen=True)
class SimOptions:
    """How bots play a simulated game, whatever the game."""

    bluff_rate: float = 0.2
    """How often a bot bluffs or first tries an illegal move."""
    rounds: int = 10
    """Games that name no winner by themselves stop after this many rounds."""


@dataclass(frozen=True)
class GameOption:
    """One setting of a game: a script header / kinito.toml key and its command-line flag (OpenSpiel's
    typed parameter specification)."""

    key: str
    """The header key; the flag is `--key` (underscores as hyphens)."""
    help: str
    """What it sets, in French, with its default."""
    choices: tuple[str, ...] | None = None
    """The values allowed, or None for free text."""
    type: Callable[[str], object] = str
    """How the flag's text is read (str or int)."""
    default: object = None
    """The game's own default, shown in help (the rules apply it when the setting is absent)."""
    metavar: str | None = None
    """How help shows the flag's value (French, in capitals: "POINTS"), or None for the command line's
    placeholder."""


@dataclass(frozen=True)
class BoardFiles:
    """A game's own part of the party board page: files of the game's package that the board serves
    under /games/<name>/ and the page loads after its own (a script registering the game's drawer with
    `kinitoBoard.register`, its style)."""

    package: str
    """The package holding the files: the game's own (`__name__` in its __init__.py)."""
    names: tuple[str, ...] = ("board.js", "board.css")
    """The files, by plain name (a .js script or a .css style; no folder, checked by the board)."""


def no_results(rules: object, state: object) -> Mapping[str, Mapping[str, int]]:
    """A game that keeps no tally of its own beyond its winner."""
    return {}


def no_answer(intent: str, rules: object, state: object) -> Sequence[str]:
    """A game that asks no table question of its own."""
    return ()


def no_fields(intent: str | None, slots: Mapping[str, object]) -> Mapping[str, object]:
    """A game that adds no key of its own to the `kinito parse` object."""
    return {}


@dataclass(frozen=True)
class GameModule(Generic[R, S]):
    """One game, as the rest of the program sees it."""

    name: str
    """The registry key: what a table writes after `game:` and `--game`."""
    title: str
    """The game's name as said aloud."""
    options: tuple[GameOption, ...]
    """The settings of this game's rules (besides `players`): header keys and flags."""
    rules: Callable[[Mapping[str, Any]], R]
    """Typed, validated rules from header keys; raises a UserError naming what to change."""
    rulebook: Callable[[R], Rulebook[S, Any]]
    """The referee's game half (flow, narration, prompts) for these rules."""
    explain: Callable[[R, str | None], Sequence[str]]
    """The rules spoken as this table plays them (a topic, or all of them)."""
    topics: Callable[[R], Sequence[str]]
    """The topics `explain` knows for these rules."""
    simulation: Callable[[R, SimOptions], Driver[S, Any]]
    """The rules, codec and bots of a simulated game."""
    grammar: str
    """The file of grammars/ holding what a player may say in this game (or an absolute path)."""
    responses: str = ""
    """The file of grammars/responses/<language>/ holding what the referee says for this game (its
    refusal codes and announcements), or "" for none."""
    demo: Callable[[], str] | None = None
    """A written game (the script format of `kinito replay`) for `kinito demo`, or None."""
    variant_lines: Callable[[], Sequence[str]] | None = None
    """One line per variant id the game accepts, with its description (`kinito variants`)."""
    bluff_rate: float = 0.2
    """How often a simulation bot bluffs by default."""
    coach: Callable[[str, Parse, str | None, R, S], Sequence[str]] | None = None
    """(intent "odds", "hint", "announcement" or "count", parse, speaker, rules, state) -> what the
    coach says, or None."""
    summary: Callable[[S, tuple[object, ...]], Summary] | None = None
    """(state, events) -> the game's Summary ("arbitre bilan"), or None for the plain one."""
    odds: Callable[[R, str], tuple[list[str], dict[str, Any]]] | None = None
    """`kinito rules --odds VALUE`: (rules, the value as typed) -> lines and JSON, or None."""
    board_view: Callable[[R, S, tuple[object, ...]], dict[str, Any]] | None = None
    """(rules, state, newest events) -> the game's part of the board page's JSON from its state, or
    None (what folds over the whole log is `board_running`'s: the board passes only the events of the
    latest entry)."""
    describe_event: Callable[[object], str | None] | None = None
    """An event as one line of the board's journal (None: not shown)."""
    board_running: Callable[[R], Fold] | None = None
    """(rules) -> the board's running values over the log (the chart, the last penalty), fed each
    event once (assistant.game.running), or None."""
    board_files: BoardFiles | None = None
    """The files drawing the game's part of the board page (its `board_view` data), or None: the page
    draws only its generic parts (players, whose turn, the journal, the chart)."""
    vocabulary: frozenset[str] = frozenset()
    """This game's own words (its concepts, in the code's English and the table's French): nothing
    outside its folder and its own grammar and responses files may use them (tests/test_architecture)."""
    results: Callable[[R, S], Mapping[str, Mapping[str, int]]] = no_results
    """(rules, final state) -> per player, the game's own tallies of the game, kept by the store as
    the game owns them (Cinquillo {"Ana": {"xp": 40}}, Quinito {"Ana": {"doses": 3, "sips": 0, ...}})."""
    parse_fields: Callable[[str | None, Mapping[str, object]], Mapping[str, object]] = no_fields
    """(intent, slots) -> the game's own keys of the `kinito parse --jsonl` object (its values
    as the command-line contract writes them), made from what the parser heard."""
    questions: frozenset[str] = frozenset()
    """Intents of the game's own grammar that are table questions to the referee ("arbitre qui a ..."):
    said at any moment like the shared wake-word commands, answered by `answer`, never a move."""
    answer: Callable[[str, R, S], Sequence[str]] = no_answer
    """(one of `questions`, rules, state) -> what the referee says to it."""
    question_words: Mapping[str, frozenset[str]] = field(default_factory=dict, compare=False)
    """One of `questions` -> words that name it in a wake-word line the parser named no intent for
    ("arbitre qui a le ..."): such a line is answered as that question. (Not compared: a module stays
    hashable, a cache key.)"""

    @property
    def setting_keys(self) -> tuple[str, ...]:
        """Header and kinito.toml keys that configure this game's rules (besides `players`)."""
        return tuple(option.key for option in self.options)
