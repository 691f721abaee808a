"""The game registry: each game folder registers one `GameModule`; everything else asks the registry.

Like OpenSpiel's `register_game`: a game lives in one folder (`assistant/games/<name>/`) and calls
`register_game` once in its `__init__.py`. The settings, store, parser, referee, simulator and
command line never name a game: they look it up here by the name a table chose (`game: ...`).

    module = get_game("…")                 # KeyError-free: UnknownGame is a UserError
    rules = module.rules({"players": "Ana,Bruno", ...})   # typed, validated, frozen
    book = module.rulebook(rules)           # the referee's game half

`load()` imports `assistant.games` (the one place that lists the game folders) the first time the
registry is read, so a game registered in a test is found the same way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from assistant.errors import UserError

if TYPE_CHECKING:
    from assistant.referee.rulebook import Rulebook
    from assistant.sim.runner import Driver


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
    type: Callable[[str], Any] = str
    """How the flag's text is read (str or int)."""
    default: Any = None
    """The game's own default, shown in help (the rules apply it when the setting is absent)."""


@dataclass(frozen=True)
class GameModule:
    """One game, as the rest of the program sees it."""

    name: str
    """The registry key: what a table writes after `game:` and `--game`."""
    title: str
    """The game's name as said aloud."""
    options: tuple[GameOption, ...]
    """The settings of this game's rules (besides `players`): header keys and flags."""
    rules: Callable[[Mapping[str, Any]], GameRules]
    """Typed, validated rules from header keys; raises a UserError naming what to change."""
    rulebook: Callable[[Any], Rulebook]
    """The referee's game half (flow, narration, prompts) for these rules."""
    explain: Callable[[Any, str | None], Sequence[str]]
    """The rules spoken as this table plays them (a topic, or all of them)."""
    topics: Callable[[Any], Sequence[str]]
    """The topics `explain` knows for these rules."""
    simulation: Callable[[Any, SimOptions], Driver]
    """The rules, codec and bots of a simulated game."""
    grammar: str
    """The file of grammars/ holding what a player may say in this game."""
    responses: str = ""
    """The file of grammars/responses/<language>/ holding what the referee says for this game (its
    refusal codes and announcements), or "" for none."""
    demo: Callable[[], str] | None = None
    """A written game (contracts.md script format) for `kinito demo`, or None."""
    variant_lines: Callable[[], Sequence[str]] | None = None
    """One line per variant id the game accepts, with its description (`kinito variants`)."""
    bluff_rate: float = 0.2
    """How often a simulation bot bluffs by default."""
    coach: Callable[[str, Any, str | None, Any, Any], Sequence[str]] | None = None
    """(intent "odds", "hint" or "announcement", parse, speaker, rules, state) -> what the coach says,
    or None."""
    summary: Callable[[Any, tuple[Any, ...]], Any] | None = None
    """(state, events) -> the game's Summary ("arbitre bilan"), or None for the plain one."""
    odds: Callable[[Any, str], tuple[list[str], dict[str, Any]]] | None = None
    """`kinito rules --odds SCORE`: (rules, score as typed) -> lines and JSON, or None."""
    board_view: Callable[[Any, Any, tuple[Any, ...]], dict[str, Any]] | None = None
    """(rules, state, events) -> the game's part of the board page's JSON from its state, or None
    (what folds over the whole log is `board_running`'s; the board passes only the newest events)."""
    describe_event: Callable[[Any], str | None] | None = None
    """An event as one line of the board's journal (None: not shown)."""
    board_running: Callable[[Any], Any] | None = None
    """(rules) -> the board's running values over the log (assistant.board.running `Fold`: the chart,
    the last penalty), fed each event once; or None."""

    @property
    def setting_keys(self) -> tuple[str, ...]:
        """Header and kinito.toml keys that configure this game's rules (besides `players`)."""
        return tuple(option.key for option in self.options)


def lazy(module: str, name: str) -> Callable[..., Any]:
    """`module.name`, imported at its first call: a game's engine loads only when that game is played."""

    def call(*args: Any, **kwargs: Any) -> Any:
        target: Any = importlib.import_module(module)
        for part in name.split("."):  # "QuinitoConfig.from_dict"
            target = getattr(target, part)
        return target(*args, **kwargs)

    call.__name__ = name.rsplit(".", 1)[-1]
    return call


_GAMES: dict[str, GameModule] = {}
_LOADED = False


class UnknownGame(UserError):
    """A game name nobody registered."""


def register_game(module: GameModule) -> GameModule:
    """Register a game once (a second registration under the same name replaces it: reloads, tests).
    The built-in games are loaded first, so a game registered from elsewhere never becomes the default."""
    load()
    _GAMES[module.name] = module
    return module


def unregister_game(name: str) -> None:
    """Forget a game (tests that register a toy game clean up after themselves)."""
    _GAMES.pop(name, None)


def load() -> None:
    """Import the game folders once (they register themselves)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        importlib.import_module("assistant.games")


def game_names() -> tuple[str, ...]:
    """Every registered game, in registration order (the first is the default)."""
    load()
    return tuple(_GAMES)


def default_game() -> str:
    """The game a table plays when it names none: the first registered."""
    return game_names()[0]


def get_game(name: str) -> GameModule:
    """The registered game called `name` (any case); UnknownGame names the known ones."""
    load()
    key = str(name).strip().lower()
    if key not in _GAMES:
        raise UnknownGame(f"Jeu inconnu : {name}. Choisissez parmi : {', '.join(_GAMES)}.")
    return _GAMES[key]
