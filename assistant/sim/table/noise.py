"""Recogniser damage, seeded: a line lost, words heard as others, cut in two, dropped, hyphens.

A pure function of the line and a `random.Random`; what a word may become is data (the phrase bank's
`noise` book). Negations ("pas", "non", "ne") are never dropped: a recogniser that turns "je te crois
pas" into "je te crois" leaves no trace for any referee to notice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from assistant.sim.phrasebank import Book, load

KEEP = frozenset({"pas", "non", "ne", "n'", "jamais", "arbitre"})
"""Words never dropped (negations, and the wake word whose loss turns a command into chatter)."""


@dataclass(frozen=True)
class Noise:
    """How often each kind of damage happens (0 for none)."""

    lost_line: float = 0.04
    """A whole line never reaches the referee."""
    homophone: float = 0.02
    """A word is heard as one that sounds alike (per word that has one)."""
    split: float = 0.02
    """A word is cut in two (per word that has a split form)."""
    drop_word: float = 0.01
    """A word is dropped (per word, never a negation)."""
    hyphen: float = 0.5
    """A hyphen is heard as a space (per hyphen)."""

    @classmethod
    def none(cls) -> Noise:
        """A perfect recogniser."""
        return cls(0.0, 0.0, 0.0, 0.0, 0.0)


def damage(text: str, rng: random.Random, noise: Noise, book: Book | None = None) -> str | None:
    """The line as the recogniser hands it over, or None when it is lost."""
    if noise.lost_line and rng.random() < noise.lost_line:
        return None
    words = book or load()["noise"]
    heard: list[str] = []
    for word in text.split():
        if "-" in word and rng.random() < noise.hyphen:
            heard.extend(part for part in word.split("-") if part)
            continue
        if word not in KEEP and noise.drop_word and rng.random() < noise.drop_word:
            continue
        if word in words.forms["homophones"] and rng.random() < noise.homophone:
            heard.append(words.form("homophones", word, rng))
        elif word in words.forms["splits"] and rng.random() < noise.split:
            heard.append(words.form("splits", word, rng))
        else:
            heard.append(word)
    return " ".join(heard) if heard else None
