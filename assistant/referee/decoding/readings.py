"""What a heard line may mean beside what the parser made of it, read from its words alone (pure).

- a card or score named in a negation is no move ("j'ai pas le cinq de coupes");
- a score in a protest is no read-out ("non j'avais dit soixante trois");
- "deux six" is two sixes (66, Q4's reading, as "deux trois" is 33) or the dice two and six (62);
- a correction takes back the line before ("ah non pardon le quatre de deniers");
- two moves may share a line ("j'accepte soixante cinq", "menteur y a soixante quatre");
- C1: a rank no Spanish deck has ("huit de deniers", "dame de coupes").
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.referee.decoding.words import (
    ABANDON,
    CORRECTIONS,
    DIE_WORDS,
    FILLERS,
    NEGATIONS,
    NO_SUCH_RANK,
    PROTESTS,
    READOUT_MARKS,
    SUITS,
    tokens,
)


def negated(text: str) -> bool:
    """Whether the line is said in the negative ("j'ai pas", "je n'ai plus")."""
    words = tokens(text)
    return any(w in NEGATIONS or w.startswith("n'") for w in words)


def protest(text: str) -> bool:
    """Whether the line is about what was said, not what the dice show ("j'avais dit", "non")."""
    words = tokens(text)
    return any(w in PROTESTS for w in words)


def dice(text: str) -> tuple[int, int] | None:
    """The two faces the line names, in the order said ("six deux" → (6, 2)); None unless the line's
    last two words are die words ("cinquante quatre" names no dice)."""
    words = [w for w in tokens(text) if w not in FILLERS]
    if len(words) < 2 or words[-1] not in DIE_WORDS or words[-2] not in DIE_WORDS:
        return None
    if len(words) > 2 and words[-3] in DIE_WORDS:
        return None
    return DIE_WORDS[words[-2]], DIE_WORDS[words[-1]]


def dice_words(text: str) -> str | None:
    """The dice as the line said them ("six deux"), for "Six deux : soixante-deux."."""
    words = [w for w in tokens(text) if w not in FILLERS]
    if dice(text) is None:
        return None
    return " ".join(words[-2:])


def readout_values(text: str, parsed: int | None) -> tuple[int, ...]:
    """Q2/Q4: the values a read-out may mean, the parser's first. "deux six" is 66 (two sixes) or 62
    (the dice two and six); any other line has its one value."""
    if parsed is None:
        return ()
    faces = dice(text)
    if faces is None or faces[0] != 2 or faces[1] in (1, 2):
        return (parsed,)
    high = faces[1] * 10 + 2
    double = faces[1] * 11
    if parsed == double:
        return (double, high)
    return (parsed,)


@dataclass(frozen=True)
class Correction:
    """A line taking back the speaker's previous one ("ah non pardon le quatre de deniers")."""

    rest: str
    """What replaces it ("le quatre de deniers")."""


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


def missing_rank(text: str) -> str | None:
    """C1: a rank a Spanish deck lacks, named before a suit ("huit de deniers" → "huit")."""
    words = tokens(text)
    for i, word in enumerate(words):
        if word in NO_SUCH_RANK and any(w in SUITS for w in words[i + 1 : i + 4]):
            return NO_SUCH_RANK[word]
    return None


def abandons(text: str) -> bool:
    """An abandon said without the wake word ("j'abandonne"): asked about, never acted on (C8)."""
    return any(w in ABANDON for w in tokens(text)) and not negated(text)


def readout_marked(text: str) -> bool:
    """Whether the line says it reads the dice ("montre... quatre un", "y a soixante quatre")."""
    return any(w in READOUT_MARKS for w in tokens(text))
