"""The decoder's word lists (grammars/decoding.yaml) and sentences (responses/fr/decoding.yaml)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from assistant.responses import render, section
from assistant.understanding.grammar_files import read_data

_DATA = read_data("decoding.yaml")
_FILE = "decoding.yaml"

NEGATIONS: frozenset[str] = frozenset(str(w) for w in _DATA["negations"])
"""Words that make a named move no move ("j'ai pas le cinq de coupes")."""
PROTESTS: frozenset[str] = frozenset(str(w) for w in _DATA["protests"])
"""Words of a protest about what was announced ("non j'avais dit soixante trois")."""
CORRECTIONS: frozenset[str] = frozenset(str(w) for w in _DATA["corrections"])
"""Words that take back what the speaker just said ("ah non pardon")."""
FILLERS: frozenset[str] = frozenset(str(w) for w in _DATA["fillers"])
"""Words that may come before an answer without changing it ("le dernier c'est ...")."""
ABANDON: frozenset[str] = frozenset(str(w) for w in _DATA["abandon"])
"""Words of an abandon said without the wake word (C8)."""

_TOKEN = re.compile(r"[\w'’]+", re.UNICODE)


def tokens(text: str) -> list[str]:
    """The line's words, lower case, apostrophes kept ("j'ai", "c'est")."""
    return [t.replace("’", "'") for t in _TOKEN.findall(text.casefold())]


def say(key: str, **values: object) -> str:
    """One of the decoder's sentences, its blanks filled (a capital first)."""
    return render(section(_FILE, "sentences")[key], values)


QUESTIONS: Mapping[str, frozenset[str]] = {
    str(k): frozenset(str(w) for w in v) for k, v in _DATA["questions"].items()
}
"""Wake-word questions by a word they hold ("combien" → the announcement to beat); a game adds its own
(`GameModule.question_words`)."""
WHO_QUESTIONS: frozenset[str] = frozenset(str(w) for w in _DATA["who_questions"])
"""Words of the referee's questions answered with a player (Q11: naming them then is no breach)."""

LEAVE: frozenset[str] = frozenset(str(w) for w in _DATA["leave"])
"""Words of a wish to stop said to the referee ("arbitre je quitte la partie")."""

PENALTY_WORDS: frozenset[str] = frozenset(str(w) for w in _DATA["penalty_words"])
"""Words of a penalty asked for ("arbitre pénalité pour Chloé"): such a line designates no opener."""

WHOLE_RULES: frozenset[str] = frozenset(str(w) for w in _DATA["whole_rules"])
"""Words asking for the whole rules ("arbitre les règles en entier")."""
WHERE_WORDS: frozenset[str] = frozenset(str(w) for w in _DATA["where_words"])
"""Words asking where the game stands ("arbitre on en est où")."""
