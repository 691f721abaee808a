"""Q2/Q4: a Quinito read-out as the table says it, read from the line's words beside the parse (pure).

- two dice named face by face, in the order said ("six deux" → 6 and 2), said back before the score
  a charge relied on ("Six deux : soixante-deux.");
- "deux six" is two sixes (66, Q4's reading, as "deux trois" is 33) or the dice two and six (62);
- "montre... quatre un", "y a soixante quatre": the line says it reads the dice.

`words` are the line's words without the table's fillers (the referee's decoder drops them). The words
are data: grammars/responses/fr/quinito.yaml, section `heard`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from assistant.games.quinito.config import RESPONSES
from assistant.responses import responses

_HEARD = responses(RESPONSES)["heard"]

FACES: Mapping[str, int] = {str(k): int(v) for k, v in _HEARD["faces"].items()}
"""One die's face by its word ("as" and "un" are 1)."""
READOUT_MARKS: frozenset[str] = frozenset(str(w) for w in _HEARD["readout_marks"])
"""Words that mark a line as the dice read out ("montre... quatre un")."""


def dice(words: Sequence[str]) -> tuple[int, int] | None:
    """Q2: the two faces the line names, in the order said ("six deux" → (6, 2)); None unless the line's
    last two words are face words ("cinquante quatre" names no dice)."""
    if len(words) < 2 or words[-1] not in FACES or words[-2] not in FACES:
        return None
    if len(words) > 2 and words[-3] in FACES:
        return None
    return FACES[words[-2]], FACES[words[-1]]


def dice_words(words: Sequence[str]) -> str | None:
    """The dice as the line said them ("six deux"), for "Six deux : soixante-deux."."""
    if dice(words) is None:
        return None
    return " ".join(words[-2:])


def readout_values(words: Sequence[str], parsed: int) -> tuple[int, ...]:
    """Q2/Q4: the values a read-out may mean, the parser's first. "deux six" is 66 (two sixes) or 62
    (the dice two and six); any other line has its one value."""
    faces = dice(words)
    if faces is None or faces[0] != 2 or faces[1] in (1, 2):
        return (parsed,)
    high = faces[1] * 10 + 2
    double = faces[1] * 11
    if parsed == double:
        return (double, high)
    return (parsed,)


def readout_marked(words: Sequence[str]) -> bool:
    """Whether the line says it reads the dice ("montre... quatre un", "y a soixante quatre")."""
    return any(w in READOUT_MARKS for w in words)
