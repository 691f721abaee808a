"""Q11: names heard by their sound, from a pronunciation (IPA) of each word.

"margot" is Margaux, "arnaud" Arnault, "thibault" Thibaut: spellings the hand-written keys of
phonetic.py cannot all bring together, but that espeak-ng's French voice pronounces alike. The
pronunciations come through a `Phonetizer` (the espeak-ng adapter lives in voice/speak/phonemes.py;
tests give a fake). `Sounds` keeps them in memory: names and the table's candidate words are
pronounced once, in one batch, when the parser is built; a word first heard later is asked of
the phonetizer (which caches it). Without a phonetizer nothing sounds like anything here and
phonetic.py's keys alone decide, as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

_NOT_SOUNDS = str.maketrans("", "", "ˈˌː-_ .")
"""Stress, length and separator marks: two spellings pronounced alike may differ only by these."""


class Phonetizer(Protocol):
    """Pronounces French words: the IPA of each word given (missing when it cannot)."""

    def __call__(self, words: Sequence[str]) -> Mapping[str, str]:
        """The IPA of each word (lower case, one word each), in one batch."""
        ...


def plain(ipa: str) -> str:
    """An IPA string without stress, length or separator marks ("maʁɡˈo" -> "maʁɡo")."""
    return ipa.translate(_NOT_SOUNDS)


class Sounds:
    """The pronunciation of words, from memory first, then from the phonetizer (None: no sounds)."""

    def __init__(self, phonetizer: Phonetizer | None = None, words: Iterable[str] = ()) -> None:
        """Pronounce `words` now, in one batch."""
        self._phonetizer = phonetizer
        self._known: dict[str, str] = {}
        self.learn(words)

    @property
    def active(self) -> bool:
        """There is a phonetizer: words have sounds."""
        return self._phonetizer is not None

    def learn(self, words: Iterable[str]) -> None:
        """Pronounce the words not known yet, in one batch."""
        if self._phonetizer is None:
            return
        new = sorted({w for w in words if w and w not in self._known})
        if not new:
            return
        heard = self._phonetizer(new)
        for word in new:
            self._known[word] = plain(heard.get(word, ""))

    def of(self, word: str) -> str:
        """The plain IPA of one lower-case word; "" when unknown or without a phonetizer."""
        if word not in self._known:
            self.learn((word,))
        return self._known.get(word, "")
