"""Near misses: a line no phrase and no frame explains, matched once more (parser.py steps 1, 3 and 4).

Never across intents: homophones one word at a time, unknown words of 4+ letters snapped to the
closest grammar word, then the closest phrase of about the same length. A line of one word is never
snapped ("montre" is no "contre"); a word built on a grammar word ("reprends", "rencontre") or a grammar
word heard in full is no garbled one; value words (numbers, the game's list values, names, negations) are
never changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from assistant.understanding.grammar import Grammar, Phrase
from assistant.understanding.meaning import meaning
from assistant.understanding.normalize import drop_words, key
from assistant.understanding.numbers import after_carrier, french_number, spoken_number

WORD_CUTOFF = 75.0
"""Minimum rapidfuzz ratio to snap one unknown word (one letter wrong in a 4-letter word is 75)."""
LINE_CUTOFF = 88.0
"""Minimum rapidfuzz ratio to snap a whole line (one letter wrong in 10 letters is 90)."""
SHORT_WORD_CUTOFF = 50.0
"""The same for value words of 3 letters or less ("ub" for "un" passes; "saint" for "vingt" fails)."""
HOMOPHONE_CONFIDENCE = 0.9
"""Confidence of a line understood after replacing one homophone ("saint deux" -> "cinq deux")."""
TIE_MARGIN = 2.0
"""Two different meanings scoring within this of each other: too close to call, no guess."""
Found = tuple[Phrase, float, dict[str, Any]]
"""A phrase, the confidence it was found with, and the slots the line adds."""


class NearMiss:
    """The tables of near-miss matching for one table's grammar."""

    def __init__(
        self,
        grammar: Grammar,
        exact: dict[str, Phrase],
        wildcards: Sequence[tuple[str, Phrase]],
        fillers: frozenset[str],
    ) -> None:
        """`exact`: phrase keys to phrases (the parser's fast path); `wildcards`: (key prefix, phrase)."""
        self.grammar = grammar
        self.exact = exact
        self._wildcards = sorted(wildcards, key=lambda item: -len(item[0]))
        self._fillers = fillers
        self._carriers = sorted({key(c) for c in grammar.carriers if key(c)}, key=len, reverse=True)
        self._legal = frozenset(v for v in grammar.legal if isinstance(v, int))
        numbers = {w for n in range(100) for w in key(french_number(n)).split()}  # "dix" is never "six"
        negations = {w for n in grammar.negations for w in key(n).split()}
        self._values = frozenset(w for v in grammar.value_words for w in key(v).split()) | numbers | negations
        self._homophones = {
            key(k): key(v[0])
            for k, v in grammar.homophones.items()
            if v and key(k) and " " not in key(k) and key(v[0])
        }
        self._vocabulary = sorted({w for k in exact for w in k.split()})
        self.vocabulary = frozenset(self._vocabulary)
        """Every word of the phrases of the fast path."""
        self._by_edge: dict[tuple[str, int], list[str]] = {}
        for k in exact:
            words = k.split()
            for edge in dict.fromkeys((words[0], words[-1])):
                self._by_edge.setdefault((edge, len(k)), []).append(k)
        self._longest = max((len(k) for k in exact), default=0)

    def match(self, line: str, whole: bool = True) -> Found | None:
        """Steps 3 and 4 of the module docstring; `whole`: the closest phrase of the whole line may be
        taken (False after leftover words vetoed the line's move: only words are snapped)."""
        line = drop_words(line, self._fillers)
        found = self.exact_or_number(line, 1.0) if line else None
        if found is not None or len(line) > self._longest + 8 or " " not in line:
            return found or self.wildcard(line)
        for variant in self._homophone_variants(line):
            found = self.exact_or_number(variant, HOMOPHONE_CONFIDENCE)
            if found is not None:
                return found
        snapped = self._snap_words(line)
        if snapped is not None:
            variant, ratio = snapped
            changed = set(variant.split()) - set(line.split())
            if variant in self.exact or not changed & self._values:
                found = self.exact_or_number(variant, ratio / 100.0)
                if found is not None:
                    return found
        found = self.wildcard(line)
        if found is not None:
            return found
        found = self._snap_line(line, line)
        if found is None and snapped is not None:
            found = self._snap_line(snapped[0], line)
        if found is not None and not whole and not self._garbled(line, found[0]):
            return None
        return found

    def _garbled(self, line: str, phrase: Phrase) -> bool:
        """Every word of `line` the grammar does not know is one letter away from a word of `phrase`: a
        garbled word ("défi entfe david et ana"), no other word swapped away ("je vote contre")."""
        said = key(phrase.text).split()
        return all(
            any(Levenshtein.distance(word, w) <= 1 for w in said)
            for word in line.split()
            if word not in self.vocabulary
        )

    def wildcard(self, line: str) -> Found | None:
        """A rules question about a topic the grammar does not list: the topic is the rest of the line."""
        for prefix, wild in self._wildcards:
            if line.startswith(prefix):
                return wild, 1.0, {wild.wildcard or "topic": line[len(prefix) :]}
            if line + " " == prefix:  # the question without its topic (Vosk heard [unk] for it)
                return wild, 1.0, {wild.wildcard or "topic": None}
        return None

    def exact_or_number(self, line: str, confidence: float) -> Found | None:
        phrase = self.exact.get(line)
        if phrase is not None:
            return phrase, confidence, {}
        if self.grammar.invalid_numbers:
            number = spoken_number(after_carrier(line, self._carriers))
            if number is not None and number not in self._legal:
                return Phrase(line, self.grammar.invalid_numbers, ()), confidence, {"invalid": number}
        return None

    def _homophone_variants(self, line: str) -> list[str]:
        words = line.split()
        spots = [i for i, w in enumerate(words) if w in self._homophones]
        variants = [" ".join([*words[:i], self._homophones[words[i]], *words[i + 1 :]]) for i in spots]
        if len(spots) > 1:
            variants.append(" ".join(self._homophones.get(w, w) for w in words))
        return variants

    def _snap_words(self, line: str) -> tuple[str, float] | None:
        """Unknown words of 4+ letters replaced by their unambiguous closest grammar word; the worst ratio."""
        words, worst = line.split(), 100.0
        for i, word in enumerate(words):
            if len(word) < 4 or word in self.vocabulary:
                continue
            if self._derived(word):
                continue
            best = process.extract(
                word, self._vocabulary, scorer=fuzz.ratio, limit=2, score_cutoff=WORD_CUTOFF
            )
            if not best or (len(best) > 1 and best[0][1] - best[1][1] < TIE_MARGIN):
                continue
            words[i], worst = best[0][0], min(worst, best[0][1])
        return None if worst == 100.0 else (" ".join(words), worst)

    def _derived(self, word: str) -> bool:
        """A word built on a grammar word is another word, no mangled one: "reprends", "rencontre"."""
        return word not in self.vocabulary and any(w in word for w in self.vocabulary if len(w) >= 4)

    def _snap_line(self, line: str, heard: str) -> Found | None:
        """The closest phrase of about the same length sharing the first or last word, unless tied with
        another meaning or changing a value word."""
        words = line.split()
        if sum(w not in self.vocabulary for w in words) > 1 or any(map(self._derived, words)):
            return None  # two unknown words: chatter, or too garbled to snap safely
        size = len(line)
        span = max(1, int(size * (100.0 - LINE_CUTOFF) / 100.0) + 1)
        candidates = [
            k
            for edge in dict.fromkeys((words[0], words[-1]))
            for n in range(size - span, size + span + 1)
            for k in self._by_edge.get((edge, n), ())
        ]
        best = process.extract(line, candidates, scorer=fuzz.ratio, limit=4, score_cutoff=LINE_CUTOFF)
        if not best:
            return None
        top = self.exact[best[0][0]]
        for other_key, closeness, _ in best[1:]:
            if best[0][1] - closeness < TIE_MARGIN and meaning(self.exact[other_key]) != meaning(top):
                return None
        if not self._keeps_values(heard, best[0][0]):
            return None
        if any(len(w) > 4 and w in self.vocabulary and w not in best[0][0].split() for w in words):
            return None  # a grammar word heard is no garbled one: "je reprends" is no "je prends"
        return top, best[0][1] / 100.0, {}

    def _keeps_values(self, line: str, phrase_key: str) -> bool:
        """The phrase's value words (numbers, list values, names, seats) are the ones heard: each heard value
        word is in the phrase, and each value word of the phrase was heard or stands for its own garbled
        (unknown) word ("deu" may be "deux"; "dix", "dis" or "saint" may not be "six", "dos" or "vingt")."""
        heard, phrase = line.split(), phrase_key.split()
        if any(w in self._values and w not in phrase for w in heard):
            return False
        garbled = [w for w in heard if w not in self._values and w not in self.vocabulary]
        for word in phrase:
            if word in self._values and word not in heard:
                cutoff = WORD_CUTOFF if len(word) >= 4 else SHORT_WORD_CUTOFF
                best = process.extractOne(word, garbled, scorer=fuzz.ratio, score_cutoff=cutoff)
                if best is None:
                    return False
                garbled.pop(best[2])
        return True
