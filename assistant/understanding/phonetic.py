"""A small French phonetic key, so that "cloé" sounds like "Chloé" and "sofie" like "Sophie" (Q11).

The key is a crude sound spelling built from ordered rewrite tables (no arithmetic): silent
letters dropped, "ph" -> f, "qu"/"c"/"k" -> k, "eau"/"au" -> o, "ai"/"ei" -> e, nasal vowels
folded ("an"/"en" -> A, "in"/"ain"/"un" -> I, "on" -> O), doubled letters collapsed and silent
final letters removed. Two spellings with the same key are pronounced alike (or nearly);
the converse is not guaranteed. Pure and cached: the same word is keyed once.

With espeak-ng installed, names are also heard by their pronunciation (sounds.py), which brings
together what these keys cannot ("margot"/Margaux, "arnaud"/Arnault). The keys stay: they are
the pure fallback without espeak-ng, and they still glue split words (spans.py).
"""

from __future__ import annotations

import re
from functools import lru_cache

from assistant.core.folding import fold

_VOWELS = "aeiouyAEIOU"
"""Letters and nasal symbols that count as vowels for the context rules."""

_CONSONANT_RULES: tuple[tuple[str, str], ...] = (
    (r"sch", "S"),
    (r"ch(?=[lr])", "k"),
    (r"ch", "S"),
    (r"sh", "S"),
    (r"ph", "f"),
    (r"th", "t"),
    (r"ck", "k"),
    (r"qu", "k"),
    (r"q", "k"),
    (r"gn", "N"),
    (r"gu(?=[eiy])", "G"),
    (r"ge(?=[aou])", "j"),
    (r"g(?=[eiy])", "j"),
    (r"c(?=[eiy])", "s"),
    (r"c", "k"),
    (r"x", "ks"),
    (r"z", "s"),
    (r"w", "v"),
    (r"h", ""),
)
"""Consonant spellings to one symbol each, in order (S = "ch" sound, N = "gn", G = hard g)."""

_NASAL_END = r"(?=[^aeiouymn]|$)"
"""A vowel followed by n/m is nasal when no vowel and no second n/m follows ("an" but not "anne")."""

_VOWEL_RULES: tuple[tuple[str, str], ...] = (
    (r"eau", "o"),
    (r"(?:ai|ei)[nm]" + _NASAL_END, "I"),
    (r"[iyu][nm]" + _NASAL_END, "I"),
    (r"[ae][nm]" + _NASAL_END, "A"),
    (r"o[nm]" + _NASAL_END, "O"),
    (r"au", "o"),
    (r"ou", "U"),
    (r"oi", "wa"),
    (r"(?:ai|ei)", "e"),
    (r"y", "i"),
    (r"(?:er|ez|et)$", "E"),
)
"""Vowel spellings to one symbol each, in order (A, I, O nasal vowels; U = "ou"; E = a heard final é)."""

_SILENT_E = re.compile(r"(?<=.)es?$")
"""A final e (or es) is not heard; the letters before it are, except as below."""

_SILENT_CONSONANTS = re.compile(r"(?<=.)[dpstx]+$")
"""Final consonants not heard ("clos", "brunot"). Stripped after the e, so "davide" keys like
"david"; "paulette" keeps its vowel and never keys like "paul"."""

_DOUBLE = re.compile(r"(.)\1+")
"""A letter written twice is heard once."""

_ACCENTED_END = re.compile(r"ée?s?$")
"""A final "é", "ée", "és", "ées" as written: a heard é ("marié" is not "marie")."""

_FINAL_EE = re.compile(r"ees?$")
"""A final "ée" ("paulée", accents folded) is a heard é, not a silent e: E keeps it."""

_DOUBLE_BUT_S = re.compile(r"([a-rt-z])\1+")
"""Doubled letters collapsed before the rules, except "ss" (which keeps an s from sounding z)."""

_INTERVOCALIC_S = re.compile(rf"(?<=[{_VOWELS}])s(?=[{_VOWELS}])")
"""A single s between vowels sounds like z."""

_COMPILED = tuple(
    (re.compile(pattern), replacement) for pattern, replacement in _CONSONANT_RULES + _VOWEL_RULES
)
"""Both tables compiled, consonants first."""


@lru_cache(maxsize=65536)
@lru_cache(maxsize=65536)
def keys(word: str) -> tuple[str, str]:
    """Q11: the (loose, strict) phonetic keys of one word.

    Loose drops a final e and then any silent final consonant ("davide", "david" -> "davi";
    "clope" -> "klo"). Strict drops the final e or, when there is none, the silent final
    consonants: a consonant before a final e is heard ("clope" -> "klop", "chloé" -> "klo").
    """
    lowered = word.casefold()
    stem = _ACCENTED_END.sub("", lowered)
    letters = "".join(ch for ch in fold(stem) if "a" <= ch <= "z")
    if stem != lowered:
        letters += "E"
    elif not letters:
        return "", ""
    sound = _DOUBLE_BUT_S.sub(r"\1", _FINAL_EE.sub("E", letters))
    for pattern, replacement in _COMPILED:
        sound = pattern.sub(replacement, sound)
    sound = _DOUBLE.sub(r"\1", _INTERVOCALIC_S.sub("z", sound))
    without_e = _SILENT_E.sub("", sound)
    loose = _DOUBLE.sub(r"\1", _SILENT_CONSONANTS.sub("", without_e))
    strict = without_e if without_e != sound else loose
    return loose, _DOUBLE.sub(r"\1", strict)


def key(word: str) -> str:
    """Q11: the loose phonetic key of one word ("Sophie" and "sofie" -> "sofi"; "anne" -> "an")."""
    return keys(word)[0]


def strict_key(word: str) -> str:
    """Q11: the strict phonetic key: keeps a consonant heard before a final e ("clope" -> "klop")."""
    return keys(word)[1]
