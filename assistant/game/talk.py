"""How a game's talker says a move at a natural table (assistant.sim.table), as the contract gives it.

A game folder's `talk` module turns a command of its bots into a `Said`: the lines the table says,
drawn from the game's book of the phrase bank (data under assistant/sim/phrasebank/<language>/), with
the table's habits (`Style`). It reaches the simulator through its `Driver` (`talk`, `book`). Pure:
every choice comes from the `random.Random` handed in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

SLOT = re.compile(r"\{(\w+)\}")
"""A slot in a template."""

Role = Literal["move", "readout", "comment", "chatter", "echo", "protest", "referee", "answer", "negation"]
"""What a line is for the truth: only `move` and `readout` lines carry the game; `answer` lines name a
player or repeat a move when the referee asks."""


@dataclass(frozen=True)
class Book:
    """One file of the phrase bank."""

    name: str
    """The book's name (its file name)."""
    templates: Mapping[str, tuple[str, ...]]
    """Sections that are lists of templates."""
    forms: Mapping[str, Mapping[str, tuple[str, ...]]]
    """Sections that map a key (a value, a seat) to its spoken forms."""

    def lines(self, section: str) -> tuple[str, ...]:
        """The templates of `section` (KeyError when the book has none)."""
        return self.templates[section]

    def pick(self, section: str, rng: random.Random) -> str:
        """One template of `section`."""
        return rng.choice(self.templates[section])

    def form(self, section: str, key: object, rng: random.Random) -> str:
        """One spoken form of `key` in the mapping `section`."""
        return rng.choice(self.forms[section][str(key)])


def fill(template: str, **slots: str) -> str:
    """The template with its slots replaced; KeyError names a slot left without a value."""
    return SLOT.sub(lambda m: slots[m.group(1)], template)


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
    """In order (possibly none: a silent move)."""
    answer: Utterance | None = None
    """What the table says when the referee asks about this move (None: nothing)."""
    echoable: bool = False
    """Whether another player may repeat the move line (announcements, read-outs)."""
    slots: Mapping[str, str] = field(default_factory=dict)
    """Values the chatter around this move may mention (a game's own, such as the value just received)."""


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
    """A move named in a negation before the move itself."""
    restate: float = 0.8
    """A player the referee names just after their move line was lost says the move again (a table
    hears its referee: "c'est à Sami" when Sami has moved is answered by the move said again)."""

    @classmethod
    def clean(cls) -> Style:
        """Moves only, each said plainly."""
        return cls(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Table:
    """The books a talker reads, and the table's habits."""

    game: Book
    """The game's own book."""
    common: Book
    """The `table` book (fillers, chatter, echoes, protests, repeats, corrections)."""
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


def seat_key(seating: Sequence[str], speaker: str, target: str) -> str:
    """The `seats` key of `target` seen from `speaker` ("left", "right2", "facing", "self"): "à ma
    gauche" is the next player clockwise (contracts)."""
    n = len(seating)
    steps = (seating.index(target) - seating.index(speaker)) % n
    if steps == 0:
        return "self"
    if n % 2 == 0 and steps == n // 2 and n > 2:
        return "facing"
    if steps <= n // 2:
        return "left" if steps == 1 else f"left{steps}"
    back = n - steps
    return "right" if back == 1 else f"right{back}"


def seat_words(book: Book, seating: Sequence[str], speaker: str, target: str, rng: random.Random) -> str:
    """One way to say `target`'s place from `speaker`'s (seating: the players still in, clockwise)."""
    return book.form("seats", seat_key(seating, speaker, target), rng)
