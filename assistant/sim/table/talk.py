"""What the table says around one move: the move line, then fillers, comments, chatter, echoes,
protests and questions to the referee, drawn from the phrase bank.

Pure: every choice comes from the `random.Random` handed in. A game's talker (its `talk`
module, reached through its simulation driver) turns a move into a `Said`; `decorate` adds what a
table says around it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from assistant.sim.phrasebank import Book, fill

Role = Literal["move", "readout", "comment", "chatter", "echo", "protest", "referee", "answer", "negation"]
"""What a line is for the truth: only `move` and `readout` lines carry the game; `answer` repeats one."""


@dataclass(frozen=True)
class Utterance:
    """One line the table says."""

    speaker: str
    """Who said it (a player of the table)."""
    text: str
    """The words, as a recogniser would hand them over before damage."""
    role: Role
    """What the line is (see Role)."""


@dataclass(frozen=True)
class Said:
    """What the table says for one move of the game."""

    lines: tuple[Utterance, ...]
    """In order (possibly none: a throw under the cup is silent)."""
    answer: Utterance | None = None
    """What the table says again when the referee asks a question right after (None: nothing)."""
    echoable: bool = False
    """Whether another player may repeat the move line (announcements, read-outs)."""
    slots: Mapping[str, str] = field(default_factory=dict)
    """Values the chatter around this move may mention ("announced": the score received)."""


@dataclass(frozen=True)
class Style:
    """How chatty and messy the table is: probabilities per move (0 for a clean table)."""

    filler: float = 0.15
    """A filler before the move line ("euh", "bon")."""
    its_me: float = 0.07
    """"c'est moi" before the move line."""
    comment: float = 0.12
    """A remark after the move, in the same line."""
    comment_line: float = 0.04
    """A remark after the move, as a line of its own by the mover."""
    echo: float = 0.06
    """Someone repeats an announcement or read-out."""
    protest: float = 0.06
    """Someone protests after a move."""
    chatter: float = 0.1
    """Someone says something that is no move."""
    referee: float = 0.03
    """Someone asks the referee something by its wake word."""
    correction: float = 0.03
    """The mover says a wrong value first and corrects it at once."""
    negation: float = 0.03
    """Cinquillo: a card named in a negation before the move."""

    @classmethod
    def clean(cls) -> Style:
        """Moves only, each said plainly."""
        return cls(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Table:
    """The books a talker reads, and the table's habits."""

    game: Book
    """The game's own book."""
    common: Book
    """The `table` book (fillers, chatter, echoes, protests, repeats)."""
    style: Style = field(default_factory=Style)
    """How chatty the table is."""


class Talker(Protocol):
    """A game's talker: what the table says for `command`, played in state `before`."""

    def __call__(self, before: Any, command: Any, table: Table, rng: random.Random) -> Said: ...


def move_line(table: Table, speaker: str, text: str, rng: random.Random, role: Role = "move") -> Utterance:
    """The move line with maybe a filler or "c'est moi" before it and a remark after it."""
    style = table.style
    if rng.random() < style.its_me:
        text = f"{table.common.pick('its_me', rng)} {text}"
    elif rng.random() < style.filler:
        text = f"{table.common.pick('fillers', rng)} {text}"
    if role == "move" and rng.random() < style.comment:
        text = f"{text} {table.game.pick('comments', rng)}"
    return Utterance(speaker, text, role)


def decorate(table: Table, said: Said, players: Sequence[str], rng: random.Random) -> tuple[Utterance, ...]:
    """The move's lines with what the table says around them."""
    style, out = table.style, list(said.lines)
    if not out:
        return ()
    mover = out[0].speaker
    others = [p for p in players if p != mover] or list(players)
    if rng.random() < style.comment_line:
        out.append(Utterance(mover, table.game.pick("comments", rng), "comment"))
    if said.echoable and rng.random() < style.echo:
        echoed = out[0].text
        out.append(Utterance(rng.choice(others), fill(table.common.pick("echoes", rng), text=echoed), "echo"))
    if rng.random() < style.protest:
        out.append(Utterance(rng.choice(others), table.common.pick("protests", rng), "protest"))
    if rng.random() < style.chatter:
        book = table.game if rng.random() < 0.5 else table.common
        line = _filled(book.pick("chatter", rng), said.slots)
        if line is not None:
            out.insert(rng.randrange(len(out) + 1), Utterance(rng.choice(players), line, "chatter"))
    if rng.random() < style.referee:
        out.append(Utterance(rng.choice(players), table.game.pick("referee", rng), "referee"))
    return tuple(out)


def repeat(table: Table, line: Utterance, rng: random.Random) -> Utterance:
    """A line said again because the referee asked."""
    return Utterance(line.speaker, fill(table.common.pick("repeats", rng), text=line.text), "answer")


def _filled(template: str, slots: Mapping[str, str]) -> str | None:
    """The template filled, or None when it needs a slot this moment has no value for."""
    try:
        return fill(template, **slots)
    except KeyError:
        return None
