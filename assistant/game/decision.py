"""What a game's rulebook hands back to the referee for one heard line (`Rulebook.decide`).

A game's flow maps a Parse, its speaker and the game's Expectation to commands (applied together, or
not at all) or to a sentence (a question or a refusal). It is pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

C = TypeVar("C", covariant=True)
"""A game's command type."""


@dataclass(frozen=True)
class Moves(Generic[C]):
    """Commands to apply together: if the engine refuses one, none is kept."""

    commands: tuple[C, ...]
    """The game commands, in order."""
    atomic: bool = True
    """False: keep the commands applied before a refused one (a special shown with its target in one
    breath, on a player the rules protect: the special stands, then the referee asks for another
    target)."""


@dataclass(frozen=True)
class Reply:
    """No move: a sentence to say (a question for what is missing, or a refusal)."""

    sentence: str
    """Short French."""


@dataclass(frozen=True)
class Ask(Generic[C]):
    """No move yet: a yes/no question to the table, whose answer picks the commands to apply (C8:
    "On pénalise l'abandon de Bruno ?"). Until "oui" or "non" is heard, other lines go on as usual."""

    sentence: str
    """The question, short French."""
    yes: tuple[C, ...]
    """The commands a spoken yes applies."""
    no: tuple[C, ...]
    """The commands a spoken no applies."""


Decision: TypeAlias = Moves[C] | Reply | Ask[C] | None
"""None: the line is no move in this state (chatter): say nothing."""
