"""What a heard line may mean beside what the parser made of it, read from its words alone (pure).

- a move named in a negation is no move ("j'ai pas le cinq de coupes");
- a protest is about what was announced, not what is shown ("non j'avais dit soixante trois");
- a correction takes back the line before ("ah non pardon le quatre");
- two moves may share a line ("j'accepte soixante cinq", "menteur y a soixante quatre");
- an abandon said without the wake word is asked about (C8).

What a line means in one game only (its read-outs, its pieces) the game reads (assistant/game/hearing.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.referee.decoding.words import (
    ABANDON,
    CORRECTIONS,
    FILLERS,
    NEGATIONS,
    PROTESTS,
    tokens,
)


def negated(text: str) -> bool:
    """Whether the line is said in the negative ("j'ai pas", "je n'ai plus")."""
    words = tokens(text)
    return any(w in NEGATIONS or w.startswith("n'") for w in words)


def before_negation(text: str) -> str:
    """The words said before the line's first negation ("cinquante-quatre j'ai même pas regardé" →
    "cinquante-quatre j'ai même"): a move said there is made, the negation is a comment after it."""
    words = tokens(text)
    cut = next((i for i, w in enumerate(words) if w in NEGATIONS or w.startswith("n'")), len(words))
    return " ".join(words[:cut])


def protest(text: str) -> bool:
    """Whether the line is about what was said, not what is shown ("j'avais dit", "non")."""
    words = tokens(text)
    return any(w in PROTESTS for w in words)


def heard(text: str) -> list[str]:
    """The line's words without the table's fillers ("ah euh six deux" → "six deux"): what a game reads
    its own values in (assistant/game/hearing.py)."""
    return [w for w in tokens(text) if w not in FILLERS]


@dataclass(frozen=True)
class Correction:
    """A line taking back the speaker's previous one ("ah non pardon le quatre de coupes")."""

    rest: str
    """What replaces it ("le quatre de coupes")."""


def correction(text: str) -> Correction | None:
    """A correction marker at the start of the line, then what replaces the move just made."""
    words = tokens(text)
    lead = 0
    marked = False
    while lead < len(words) and (words[lead] in CORRECTIONS or words[lead] in FILLERS):
        marked = marked or words[lead] in CORRECTIONS
        lead += 1
    if not marked or lead >= len(words) or negated(text):
        return None
    return Correction(" ".join(words[lead:]))


def without_fillers(text: str) -> str | None:
    """The line after leading filler words ("le dernier c'est celui en face" → "celui en face"); None
    when nothing was dropped or the line is negative."""
    words = tokens(text)
    lead = 0
    while lead < len(words) - 1 and words[lead] in FILLERS:
        lead += 1
    if lead == 0 or negated(text):
        return None
    return " ".join(words[lead:])


def splits(text: str) -> list[tuple[str, str]]:
    """Every way to cut the line in two at a word boundary, the longest first part first (for two
    moves in one line); none for a negative line."""
    words = tokens(text)
    if len(words) < 2 or negated(text):
        return []
    return [(" ".join(words[:i]), " ".join(words[i:])) for i in range(len(words) - 1, 0, -1)]


def abandons(text: str) -> bool:
    """An abandon said without the wake word ("j'abandonne"): asked about, never acted on (C8)."""
    return any(w in ABANDON for w in tokens(text)) and not negated(text)
