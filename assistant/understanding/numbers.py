"""French numbers said as scores: "vingt-trois" is a number, and no Quinito score (Q3, Q10).

text2num knows French numbers; the 21 legal scores and their phrasings stay data (grammars/).
"""

from __future__ import annotations

from collections.abc import Sequence

from text_to_num import text2num

_MAX_WORDS = 6
"""Longer lines are no number said as a score ("quatre-vingt-dix-neuf" has four words)."""


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


_UNITS = (
    *("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    *("dix", "onze", "douze", "treize", "quatorze", "quinze", "seize"),
)
_TENS = {2: "vingt", 3: "trente", 4: "quarante", 5: "cinquante", 6: "soixante"}


def french_number(n: int) -> str:
    """0..99 in French words as Vosk spells them (spaces, no hyphens): 71 -> "soixante et onze"."""
    if not 0 <= n <= 99:
        raise ValueError(f"{n} is out of 0..99")
    if n < 17:
        return _UNITS[n]
    if n < 20:
        return f"dix {_UNITS[n - 10]}"
    tens, units = divmod(n, 10)
    if tens in (7, 9):
        base = "soixante" if tens == 7 else "quatre vingt"
        return f"{base} et onze" if n == 71 else f"{base} {french_number(10 + units)}"
    if tens == 8:
        return "quatre vingts" if units == 0 else f"quatre vingt {_UNITS[units]}"
    if units == 0:
        return _TENS[tens]
    return f"{_TENS[tens]} et un" if units == 1 else f"{_TENS[tens]} {_UNITS[units]}"
