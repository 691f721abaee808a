"""French numbers said as a move's value: "vingt-trois" is a number, whether or not the game's number
list holds it (Q10).

text2num knows French numbers; a game's legal values and their phrasings stay data (its grammar file).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from text_to_num import text2num
from unicode_rbnf import RbnfEngine

_MAX_WORDS = 6
"""Longer lines are no number said as a move ("quatre-vingt-dix-neuf" has four words)."""


def spoken_number(text_key: str) -> int | None:
    """The whole of `text_key` read as one French number ("soixante dix" -> 70), else None."""
    words = text_key.split()
    if not words or len(words) > _MAX_WORDS or not _NUMBER_WORDS.issuperset(words):
        return None
    try:
        value = text2num(" ".join("zéro" if w == "zero" else w for w in words), "fr")  # keys lose the accent
    except Exception:  # text2num raises ValueError (and nothing else we rely on) on non-numbers
        return None
    return value if isinstance(value, int) and value >= 0 else None


_NUMBER_WORDS = frozenset(
    {
        *("zero", "un", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
        *("onze", "douze", "treize", "quatorze", "quinze", "seize", "vingt", "vingts", "trente", "quarante"),
        *(
            "cinquante",
            "soixante",
            "septante",
            "huitante",
            "octante",
            "nonante",
            "cent",
            "cents",
            "mille",
            "et",
        ),
    }
)
"""Keys (no accents) of the words French numbers are made of: text2num alone reads "chut" as 8."""


def after_carrier(text_key: str, carriers: Sequence[str]) -> str:
    """Q10: `text_key` without a leading announcing carrier ("j annonce vingt trois" -> "vingt trois").

    `carriers` are keys, longest first.
    """
    for carrier in carriers:
        if text_key.startswith(carrier + " "):
            return text_key[len(carrier) + 1 :]
    return text_key


@lru_cache(maxsize=1)
def _spellout() -> RbnfEngine:
    return RbnfEngine.for_language("fr")


@lru_cache(maxsize=128)
def french_number(n: int) -> str:
    """0..99 in French words as Vosk spells them (spaces, no hyphens): 71 -> "soixante et onze".

    The words come from CLDR's French spell-out rules (unicode-rbnf), hyphens turned to spaces.
    """
    if not 0 <= n <= 99:
        raise ValueError(f"{n} is out of 0..99")
    return _spellout().format_number(n).text.replace("-", " ")
