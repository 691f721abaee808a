"""The natural table's one door to the rest of the program: the registered games' bots, and the
referee built and fed exactly as `kinito replay` does (assistant.scripts.replay_run).

Everything the simulator needs from the registry, the bots' driver and the referee goes through here,
so a change of those modules touches this file only.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from assistant.core.events import PenaltyCalled
from assistant.errors import UserError
from assistant.game import Driver, GameModule, SimOptions, registered_games
from assistant.referee.referee import Referee
from assistant.scripts.replay_run import referee_for
from assistant.scripts.script import Script
from assistant.settings.table import table_config
from assistant.sim.runner import move_rng

__all__ = [
    "Driver",
    "PenaltyCalled",
    "Referee",
    "bots",
    "choices",
    "hear",
    "move_rng",
    "outcome",
    "progress",
    "referee",
    "registered_games",
    "valid",
    "variant_ids",
]


def choices(module: GameModule[Any, Any]) -> dict[str, tuple[str, ...]]:
    """The game's settings that take one of a few values (edition, mode), with those values."""
    return {o.key: o.choices for o in module.options if o.choices}


@lru_cache(maxsize=16)
def variant_ids(module: GameModule[Any, Any]) -> tuple[str, ...]:
    """The rule ids a table of this game may list under `variants` (none if the game has no such key)."""
    if "variants" not in module.setting_keys or module.variant_lines is None:
        return ()
    return tuple(line.split()[0] for line in module.variant_lines())


def valid(header: Mapping[str, str]) -> bool:
    """Whether a table with this header may be played (players, settings and variants agree); the
    seats' names are the simulator's own (tables.NAMES, checked by its tests), not checked here."""
    try:
        table_config(header, names=False)
    except UserError:
        return False
    return True


def bots(header: Mapping[str, str], bluff_rate: float | None, rounds: int) -> Driver[Any, Any]:
    """Bots in every seat of the table `header` describes (a script header), with its talker."""
    config = table_config(header)
    module = config.module
    bluff = module.bluff_rate if bluff_rate is None else bluff_rate
    return module.simulation(config.rules, SimOptions(bluff, rounds))


def referee(header: Mapping[str, str]) -> Referee:
    """A referee for the table, as `kinito replay` builds one for a script with this header."""
    return referee_for(Script(dict(header), ()))


def hear(ref: Referee, speaker: str | None, text: str) -> list[str]:
    """One line reaching the referee (speaker None: a `table:` line), as `kinito replay` feeds it."""
    return ref.hear(speaker, text, 1.0)


def outcome(ref: Referee) -> dict[str, Any]:
    """The `kinito replay --json` object."""
    return ref.outcome()


def progress(ref: Referee) -> int:
    """How many moves the referee has accepted so far."""
    return len(ref.session.entries)


def awaited(ref: Referee) -> str | None:
    """The player the referee waits for, as its sentences naming them say ("c'est à Sami")."""
    return ref.expectations()[0].player
