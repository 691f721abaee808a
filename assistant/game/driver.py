"""What a simulated game needs from its game: the engine, its codec and the bots (`GameModule.simulation`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias, TypeVar

from assistant.core.codec import Codec
from assistant.core.game import Game
from assistant.game.talk import Talker

S = TypeVar("S")
"""The game's state."""
C = TypeVar("C")
"""The game's command type."""

Chooser: TypeAlias = Callable[[S, random.Random], C | None]
"""A bot bound to its table settings: the next command for a state, or None when it stops."""


@dataclass(frozen=True)
class Driver(Generic[S, C]):
    """Everything the simulation runner needs about one kind of game, whatever the game."""

    game: Game[S, C, Any]
    """The rules."""
    codec: Codec
    """Stores its commands and events."""
    choose: Chooser[S, C]
    """The bot in every seat."""
    fallback: Chooser[S, C] | None
    """An honest bot tried with the same random source when `choose` is refused (None: stop there)."""
    done: Callable[[S], bool]
    """Whether the game is over for the simulation (a winner, or enough rounds)."""
    talk: Talker | None = None
    """The natural table's talker: what the table says for a move (assistant.game.talk)."""
    book: str = ""
    """The game's book of the phrase bank (its file name under assistant/sim/phrasebank/<language>/)."""
