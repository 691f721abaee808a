"""What a game flow hands back to the referee for one heard line, and the seating arithmetic it shares.

A game's flow (assistant/games/<game>/flow.py) maps a Parse, its speaker and the game's Expectation to
commands (applied together, or not at all) or to a sentence (a question or a refusal). It is pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant.understanding.parse import Parse, Position


@dataclass(frozen=True)
class Moves:
    """Commands to apply together: if the engine refuses one, none is kept."""

    commands: tuple[Any, ...]
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
class Ask:
    """No move yet: a yes/no question to the table, whose answer picks the commands to apply (C8:
    "On pénalise l'abandon de Bruno ?"). Until "oui" or "non" is heard, other lines go on as usual."""

    sentence: str
    """The question, short French."""
    yes: tuple[Any, ...]
    """The commands a spoken yes applies."""
    no: tuple[Any, ...]
    """The commands a spoken no applies."""


Decision = Moves | Reply | Ask | None
"""None: the line is no move in this state (chatter): say nothing."""


def seat(players: tuple[str, ...], speaker: str, position: Position, direction: int = 1) -> str | None:
    """contracts.md seating: "à ma gauche" is the next player clockwise from the speaker, "à ma droite"
    the previous one, "en face" half-way round (even tables only), "le suivant" the next in play order."""
    if speaker not in players:
        return None
    n = len(players)
    i = players.index(speaker)
    if position == "left":
        return players[(i + 1) % n]
    if position == "right":
        return players[(i - 1) % n]
    if position == "next":
        return players[(i + direction) % n]
    if n % 2:
        return None
    return players[(i + n // 2) % n]


def targets(parse: Parse, players: tuple[str, ...], speaker: str | None, direction: int = 1) -> list[str]:
    """The players a line designates: by name (after the wake word, or called outright) or by seat
    relative to the speaker, in the order said (names first, then seats)."""
    found: list[str] = []
    named = [parse.player] if parse.player else []
    named += list(parse.players)
    named += [v.player for v in parse.violations if v.rule == "name_called" and v.player]
    for name in named:
        if name in players and name not in found:
            found.append(name)
    positions = list(parse.positions) or ([parse.position] if parse.position else [])
    if speaker is not None:
        for position in positions:
            who = seat(players, speaker, position, direction)
            if who is not None and who not in found:
                found.append(who)
    return found
