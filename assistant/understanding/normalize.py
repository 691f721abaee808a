"""Transcripts and grammar phrases reduced to one comparable form (a "key").

Recognisers hand over lower case, unpunctuated text with or without hyphens; people type accents
or not. A key is case-folded, accent-free, with hyphens, apostrophes and punctuation turned into
single spaces: "Soixante-Deux !" and "soixante deux" share the key "soixante deux", "j'annonce" and
"j annonce" share "j annonce". Fillers ("euh", "ben"...) are dropped separately, as whole words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping

from assistant.core.folding import fold

_NOT_WORD = re.compile(r"[^0-9a-z]+")


@functools.lru_cache(maxsize=1 << 16)
def key(text: str) -> str:
    """The comparison form of `text`: lower case, no accents, words of [0-9a-z] separated by one space.

    Kept for the last 65,536 texts: the parser's tables read each grammar phrase's key several times
    (exact phrases, spans, near misses, words by intent) at start-up."""
    return _NOT_WORD.sub(" ", fold(text)).strip()


def drop_words(text_key: str, words: frozenset[str]) -> str:
    """`text_key` without the whole words in `words` (fillers)."""
    if not words:
        return text_key
    return " ".join(w for w in text_key.split() if w not in words)


def vosk_words(phrase: str) -> str:
    """A phrase as Vosk's grammar mode wants it: lower case, no hyphens, single spaces, apostrophes kept."""
    text = phrase.casefold().replace("’", "'").replace("-", " ")
    text = re.sub(r"'\s+", "'", text)
    return " ".join(text.split())


class Respeller:
    """Maps in-vocabulary respellings back to the grammar's words ("dé fi" -> "défi"), on keys."""

    def __init__(self, respellings: Mapping[str, str] | None) -> None:
        pairs = sorted(
            ((key(spoken), key(original)) for spoken, original in (respellings or {}).items()),
            key=lambda pair: -len(pair[0]),
        )
        self._pairs = [(f" {spoken} ", f" {original} ") for spoken, original in pairs if spoken]

    def __call__(self, text_key: str) -> str:
        """`text_key` with every respelling (as whole words) replaced by its original, longest first."""
        if not self._pairs:
            return text_key
        padded = f" {text_key} "
        for spoken, original in self._pairs:
            if spoken in padded:
                padded = padded.replace(spoken, original)
        return padded.strip()


def word_set(words: Iterable[str]) -> frozenset[str]:
    """Keys of single words (for fillers); multi-word entries are ignored."""
    return frozenset(k for k in (key(w) for w in words) if k and " " not in k)
