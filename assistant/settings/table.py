"""The table settings the referee runs with, built from a script header or command-line flags."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from assistant.core.table import check_names
from assistant.errors import UserError
from assistant.game import GameModule, GameRules, default_game, get_game, registered_games
from assistant.responses import error, errors

_FILE = "referee.yaml"
"""The responses file with the settings errors."""

TABLE_KEYS = frozenset({"game", "players", "slow"})
"""The header keys every table has (docs/command-line.md); each game adds its own settings."""


def header_keys() -> frozenset[str]:
    """The keys a script header or kinito.toml may set: the table's and every registered game's."""
    return TABLE_KEYS.union(*(module.setting_keys for module in registered_games()))


DEFAULT_SLOW = 30.0
"""Q10: seconds of silence from the expected player before a slowness fault, unless `slow` says otherwise.
Decision: games and editions without fault rules (rules.faults) count no slowness unless `slow` is set."""
DEFAULT_CONFIRM = 0.6
"""Recognition confidence under which the referee asks to repeat instead of acting."""


@dataclass(frozen=True)
class TableConfig:
    """One table: which game, its rules settings, and the referee's own settings."""

    module: GameModule[Any, Any]
    """The registered game, resolved once where the table was read."""
    rules: GameRules
    """The game's typed rules (its edition, variants, mode...), validated."""
    slow: float | None = DEFAULT_SLOW
    """Q10: seconds before a slowness fault; None when disabled (`slow: off`)."""
    wake_word: str = "arbitre"
    """The word that addresses the referee."""
    confirm_below: float = DEFAULT_CONFIRM
    """Confidence under which a move is not acted on and the referee asks to repeat."""

    @property
    def game(self) -> str:
        """The game's registry name (what a script header writes after `game:`)."""
        return self.module.name

    @property
    def players(self) -> tuple[str, ...]:
        """Seating order, clockwise."""
        return self.rules.players

    @property
    def vigilance(self) -> bool:
        """Q11 applies (forbidden words and names) at this table: the rules' vigilance."""
        return self.rules.vigilance

    def to_dict(self) -> dict[str, Any]:
        """A JSON object for the store (same keys as a script header)."""
        out: dict[str, Any] = {"game": self.game, **self.rules.to_dict()}
        out["slow"] = "off" if self.slow is None else self.slow
        return out


SLOW_RANGE = (1.0, 3600.0)
"""Q10: the seconds `slow` may take (the referee ticks once a second; an hour of silence is no game)."""


def _slow(value: Any) -> float | None:
    """Q10: a finite number of seconds within SLOW_RANGE, or off ("off", "non", 0); else a UserError."""
    if value is None:
        return DEFAULT_SLOW
    low, high = SLOW_RANGE
    invalid = UserError(error(_FILE, "slow_invalid", value=value, low=f"{low:g}", high=f"{high:g}"))
    if isinstance(value, bool):  # `slow = true` in TOML is no number of seconds
        raise invalid
    if isinstance(value, int | float):
        seconds = float(value)
    else:
        text = str(value).strip().lower()
        if text in ("off", "non", "no", "false", "0"):
            return None
        try:
            seconds = float(text.removesuffix("s"))
        except ValueError:
            raise invalid from None
    if seconds == 0:
        return None
    if not low <= seconds <= high:  # also false for nan
        raise invalid
    return seconds


@lru_cache(maxsize=8)
def game_words(
    module: GameModule[Any, Any], wake_word: str = "arbitre", players: tuple[str, ...] = ()
) -> frozenset[str]:
    """Q11: every word a player may say in this game, from the grammar data (grammars/), and the
    wake word: a player may not be named after one. Read from the grammar expanded for `players`
    (the one the parser uses, not a second expansion), without the phrases made from their names."""
    from assistant.understanding.grammar import built
    from assistant.understanding.phrases import UNKNOWN, grammar_phrases

    grammar = built(module, players, wake_word)
    words = {word for phrase in grammar_phrases(grammar, None, players=False) for word in phrase.split()}
    # Decision: words of one or two letters ("à", "y", "de") are left out: seats labelled "A, B, C"
    # are common placeholders, and such a word alone is never taken for a move.
    return frozenset({w for w in words - {UNKNOWN} if len(w) > 2} | {wake_word})


def check_table_names(table: TableConfig) -> None:
    """Q11: the table's player names against its game's words and wake word (a UserError)."""
    check_names(
        table.players, game_words(table.module, table.wake_word, table.players), messages=errors(_FILE)
    )


def table_config(header: Mapping[str, Any], *, names: bool = True) -> TableConfig:
    """A TableConfig from a script header (or the same keys from flags); config errors are UserErrors.
    `names=False`: the players' names are not checked against the game's words (Q11), which expands
    the table's grammar; for a caller whose seats come from names it knows are none (the simulator)."""
    module = get_game(str(header.get("game") or default_game()))
    try:
        rules = module.rules({k: header[k] for k in ("players", *module.setting_keys) if k in header})
    except UserError:
        raise
    except (ValueError, TypeError) as problem:
        raise UserError(error(_FILE, "game_setting", game=module.title, reason=problem)) from None
    if header.get("slow") is None and not rules.faults:
        table = TableConfig(module, rules, None)  # Q10 faults belong to games that have faults
    else:
        table = TableConfig(module, rules, _slow(header.get("slow")))
    if names:
        check_table_names(table)
    return table
