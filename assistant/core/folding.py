"""How names and words are compared everywhere: lower case, no accents, no ligatures."""

from __future__ import annotations

import unicodedata

_LIGATURES: dict[str, str] = {"œ": "oe", "æ": "ae", "ß": "ss"}
"""Letters that Unicode decomposition does not split into ASCII."""


def fold(text: str) -> str:
    """Lower case, accents and ligatures removed: "Chloé" -> "chloe", "Œil" -> "oeil"."""
    lowered = text.casefold()
    if lowered.isascii():
        return lowered
    for ligature, plain in _LIGATURES.items():
        lowered = lowered.replace(ligature, plain)
    decomposed = unicodedata.normalize("NFKD", lowered)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
