"""Span tagging: what each run of words of a transcript means, before any frame is filled.

A transcript is cut into words (keys, normalize.py) and tagged left to right, longest run first, with
the readings of the same grammar data the Vosk phrase lists come from (grammars/):
- every expanded grammar phrase ("je soulève", "cinquante deux", "j'annonce soixante", "arbitre le
  classement", "le cinq de coupes") is a `phrase` reading with its intent and slots; a wake-word command
  phrase also gives its body ("le classement") as a `body` reading, heard anywhere after the wake word;
- hassil's skip words ("ouais", "allez", "mon pote", "y avait que") are `skip` readings;
- correction words ("non", "pardon", "je veux dire") are `correction` readings;
- hedges ("qui a", "il a dit", "ou": a question, reported speech, an alternative) are `hedge` readings;
- every phrase of two words or more is also known with one homophone in it ("vin et un", "ta menti",
  "le quatre des pets"), at a lower confidence; a single word never stands for its homophone.
Players (by sound, vigilance.py), forms of "boire" (conjugation.py) and runs of number words that
are no phrase ("vingt trois") are tagged by their own finders. What is left is `unknown`.

Pure after construction: `Tagger.tag(words)` only reads its tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rapidfuzz.fuzz import ratio

from assistant.understanding.grammar import WILDCARD, Grammar, Phrase
from assistant.understanding.normalize import key
from assistant.understanding.phonetic import keys as sound_keys

Kind = Literal[
    "phrase", "body", "skip", "correction", "hedge", "wake", "player", "breach", "number", "unknown"
]

HOMOPHONE_CONFIDENCE = 0.9
"""Confidence of a phrase heard with one homophone in it ("saint deux" for "cinq deux")."""
GLUE_CONFIDENCE = 0.9
"""Confidence of a word a recogniser split in two or three ("qua rante", "kini to")."""
GLUE_SPELLING = 80.0
"""Least rapidfuzz ratio between the pieces glued together and the word they sound like."""
_MAX_GLUE = 3
"""A split word is glued back from at most this many pieces."""
_SCHWA = re.compile(r"[eE]")
_DOUBLE = re.compile(r"(.)\1+")


@dataclass(frozen=True)
class Reading:
    """One meaning a run of words may have."""

    kind: Kind
    """What the run is (a grammar phrase, a command body, a skip word, a correction...)."""
    phrase: Phrase | None = None
    """The grammar phrase (kind `phrase` and `body`)."""
    confidence: float = 1.0
    """1.0 as written; lower when heard through a homophone."""
    value: Any = None
    """`player`: the player as configured; `number`: the number said; `wake`: None."""

    @property
    def intent(self) -> str | None:
        """The grammar intent of a phrase or command body, else None."""
        return None if self.phrase is None else self.phrase.intent

    @property
    def command(self) -> bool:
        """The reading is a wake-word command phrase (wake word included) or a command body."""
        return self.kind == "body" or (self.phrase is not None and _has_wake(self.phrase))


@dataclass(frozen=True)
class Span:
    """A run of words and its readings."""

    start: int
    """Index of the first word."""
    end: int
    """Index after the last word."""
    readings: tuple[Reading, ...]
    """Every reading of the run (two when a phrase is also a skip word, "ok")."""

    @property
    def kinds(self) -> frozenset[str]:
        """The kinds of its readings."""
        return frozenset(r.kind for r in self.readings)


@dataclass
class Words:
    """A transcript cut into words: comparison keys, and the words as heard (for names and "boire")."""

    keys: list[str] = field(default_factory=list)
    """normalize.key of each word ("épées" -> "epees")."""
    heard: list[str] = field(default_factory=list)
    """Each word in lower case with its accents ("épées")."""
    pause_before: set[int] = field(default_factory=set)
    """Indices of words that follow a dropped hesitation ("euh"): a correction may start there."""


def _has_wake(phrase: Phrase) -> bool:
    return any(name == "wake_word" for name, _ in phrase.slots)


def _sound(word: str) -> str:
    """A loose sound key for gluing split words: phonetic key, schwas and doubled letters dropped."""
    return _DOUBLE.sub(r"\1", _SCHWA.sub("", sound_keys(word)[1]).lower())


class Tagger:
    """The span tables of one table's grammar, and the tagging of a transcript with them."""

    def __init__(
        self,
        grammar: Grammar,
        wake_word: str,
        names: Callable[[Sequence[str]], list[tuple[int, int, str]]] | None = None,
        breaches: Callable[[Sequence[str]], set[int]] | None = None,
        numbers: Callable[[str], int | None] | None = None,
    ) -> None:
        """`names(heard)` -> (start, length, player); `breaches(heard)` -> indices of forms of "boire";
        `numbers(key)` -> the number a run of words says, or None."""
        self._names = names
        self._breaches = breaches
        self._numbers = numbers
        self.wake = tuple(key(wake_word).split()) or ("arbitre",)
        table: dict[tuple[str, ...], list[Reading]] = {}
        bodies: dict[tuple[str, ...], list[Reading]] = {}

        def add(
            words: tuple[str, ...], reading: Reading, into: dict[tuple[str, ...], list[Reading]] = table
        ) -> None:
            if words:
                found = into.setdefault(words, [])
                if reading not in found:
                    found.append(reading)

        for phrase in grammar.phrases:
            if WILDCARD in phrase.text:
                continue
            words = tuple(key(phrase.text).split())
            add(words, Reading("phrase", phrase))
            if _has_wake(phrase) and words[: len(self.wake)] == self.wake and len(words) > len(self.wake):
                add(words[len(self.wake) :], Reading("body", phrase), bodies)
        for word in grammar.skip_words:
            add(tuple(key(word).split()), Reading("skip"))
        for word in grammar.corrections:
            add(tuple(key(word).split()), Reading("correction"))
        for word in grammar.hedges:
            add(tuple(key(word).split()), Reading("hedge"))
        add(self.wake, Reading("wake"))
        exact = dict(table)
        reverse = reverse_homophones(grammar.homophones)
        edges: set[tuple[str, ...]] = set()
        inside: set[tuple[str, ...]] = set()
        for words, readings in exact.items():
            if len(words) < 2:
                continue
            variants = [v for v in _homophone_variants(words, reverse) if v not in exact]
            # a phrase said only at some moments ("un deux" while a throw is awaited) is too short to be
            # heard through a homophone: "un dé", "on a trois deux" are no read-out
            heard_as = [
                Reading(r.kind, r.phrase, HOMOPHONE_CONFIDENCE, r.value)
                for r in readings
                if r.phrase is None or not r.phrase.context
            ]
            if not variants or not heard_as:
                continue
            for variant in variants:
                (edges if _at_edge(words, variant, exact) else inside).add(variant)
            for variant in variants:
                found = table.get(variant)
                if found is None:  # most variants are new: no comparison needed
                    table[variant] = list(heard_as)
                    continue
                for heard in heard_as:
                    if heard not in found:
                        found.append(heard)
        self.table: dict[tuple[str, ...], tuple[Reading, ...]] = {k: tuple(v) for k, v in table.items()}
        """Runs of words and their readings in a line without the wake word."""
        self._edges = frozenset(edges - inside)
        """Runs heard through a homophone at their first or last word whose other words are a grammar
        phrase said exactly: that phrase is read, and the edge word on its own ("double deux à toi" is 22
        then "à toi", not "double deux as")."""
        self.command_table = dict(self.table)
        """The same with the wake-word commands' bodies ("le classement"), for a line with the wake word."""
        for words, readings in bodies.items():
            self.command_table[words] = (*self.table.get(words, ()), *readings)
        self.longest = max((len(k) for k in self.command_table), default=1)
        self.vocabulary = frozenset(w for k in exact for w in k)
        sounds: dict[str, set[str]] = {}
        phrase_words = {w for k, readings in exact.items() if any(r.phrase for r in readings) for w in k}
        for word in phrase_words:  # split words are glued back into phrase words only ("val et": valet)
            if len(word) >= 4 and not word.isdigit():
                sounds.setdefault(_sound(word), set()).add(word)
        # Spellings that sound alike ("défi", "défis") mean the same in the grammar:
        # the first in alphabetical order stands for them.
        self._glue = {s: min(w) for s, w in sounds.items() if len(s) >= 3}

    # ------------------------------------------------------------------ tagging
    def glue(self, words: Words) -> Words:
        """Words a recogniser split ("qua rante", "je sous lève") glued back when the pieces sound like
        one grammar word and one piece at least is no grammar word."""
        out = Words(pause_before=set())
        i, n = 0, len(words.keys)
        while i < n:
            done = False
            for size in range(min(_MAX_GLUE, n - i), 1, -1):
                pieces = words.keys[i : i + size]
                if all(p in self.vocabulary for p in pieces):
                    continue
                joined = "".join(pieces)
                word = self._glue.get(_sound(joined)) or self._glue.get("".join(_sound(p) for p in pieces))
                if word is not None and len(joined) >= 4 and ratio(joined, word) >= GLUE_SPELLING:
                    if i in words.pause_before:
                        out.pause_before.add(len(out.keys))
                    out.keys.append(word)
                    out.heard.append(word)
                    i += size
                    done = True
                    break
            if not done:
                if i in words.pause_before:
                    out.pause_before.add(len(out.keys))
                out.keys.append(words.keys[i])
                out.heard.append(words.heard[i])
                i += 1
        return out

    def tag(self, words: Words, cut: int | None = None) -> list[Span]:
        """Non-overlapping spans covering every word, left to right, longest reading first; no span
        crosses the word index `cut` (where a turn claim ends, clauses.claim_end)."""
        keys_ = words.keys
        n = len(keys_)
        size = len(self.wake)
        addressed = any(tuple(keys_[i : i + size]) == self.wake for i in range(n))
        table = self.command_table if addressed else self.table
        names = {
            start: (length, player)
            for start, length, player in (self._names(words.heard) if self._names else [])
        }
        breaches = self._breaches(words.heard) if self._breaches else set()
        keys_ = _spelled(keys_, names)
        spans: list[Span] = []
        i = 0
        while i < n:
            best = 0
            readings: tuple[Reading, ...] = ()
            limit = cut - i if cut is not None and i < cut else n - i
            for size in range(min(self.longest, n - i, limit), 0, -1):
                run = tuple(keys_[i : i + size])
                found = table.get(run)
                if found is not None and run not in self._edges:
                    best, readings = size, found
                    break
            name = names.get(i)
            if name is not None and name[0] >= best and not _is_phrase(readings, best):
                spans.append(Span(i, i + name[0], (Reading("player", value=name[1]),)))
                i += name[0]
                continue
            if best:
                spans.append(Span(i, i + best, readings))
                i += best
                continue
            if i in breaches:
                spans.append(Span(i, i + 1, (Reading("breach"),)))
                i += 1
                continue
            number = self._number_at(keys_, i)
            if number is not None:
                size, value = number
                spans.append(Span(i, i + size, (Reading("number", value=value),)))
                i += size
                continue
            spans.append(Span(i, i + 1, (Reading("unknown"),)))
            i += 1
        return spans

    def _number_at(self, keys_: Sequence[str], i: int) -> tuple[int, int] | None:
        """The longest run of words from `i` that says a number ("vingt trois"), as (words, value)."""
        if self._numbers is None:
            return None
        for size in range(min(6, len(keys_) - i), 0, -1):
            if keys_[i + size - 1] == "et":
                continue
            value = self._numbers(" ".join(keys_[i : i + size]))
            if value is not None:
                return size, value
        return None


def _at_edge(
    words: tuple[str, ...], variant: tuple[str, ...], exact: Mapping[tuple[str, ...], Sequence[Reading]]
) -> bool:
    """Whether `variant` (`words` heard through one homophone) differs from them at its first or last word
    only, the other words being a grammar phrase of their own."""
    if len(variant) != len(words):
        return False
    for inner, same in ((variant[:-1], words[:-1]), (variant[1:], words[1:])):
        if inner == same and any(r.kind == "phrase" for r in exact.get(inner, ())):
            return True
    return False


def _spelled(keys_: Sequence[str], names: Mapping[int, tuple[int, str]]) -> list[str]:
    """The words with each name heard by sound written as configured ("margot" -> "margaux"), so that the
    phrases naming a player read it ("défi margot contre arnaud" is the défi between two players)."""
    out = list(keys_)
    for start, (length, player) in names.items():
        spelled = key(player).split()
        if len(spelled) == length:
            out[start : start + length] = spelled
    return out


def _is_phrase(readings: Sequence[Reading], size: int) -> bool:
    """A grammar phrase of two words or more beats a name of the same length ("défi entre ana et bruno")."""
    return size >= 2 and any(r.kind == "phrase" for r in readings)


def _homophone_variants(
    words: tuple[str, ...], reverse: Mapping[tuple[str, ...], Sequence[tuple[str, ...]]]
) -> Iterable[tuple[str, ...]]:
    """`words` with one run of grammar words replaced by what a recogniser may write for it."""
    for i in range(len(words)):
        for size in (1, 2):
            for heard in reverse.get(words[i : i + size], ()):
                yield words[:i] + heard + words[i + size :]


def reverse_homophones(
    homophones: Mapping[str, Sequence[str]],
) -> dict[tuple[str, ...], list[tuple[str, ...]]]:
    """{meant words: [heard words, ...]} as keys, from grammars' {heard: [meant, ...]}."""
    out: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for heard, meant_all in homophones.items():
        heard_words = tuple(key(heard).split())
        for meant in meant_all:
            meant_words = tuple(key(meant).split())
            if heard_words and meant_words and heard_words != meant_words:
                out.setdefault(meant_words, []).append(heard_words)
    return out
