"""The parser: one transcript to one `Parse`, pure and fast (no I/O after construction).

Matching, in order (the first that answers wins):
1. exact: the line's key (normalize.key, fillers dropped, respellings mapped back) is an expanded
   grammar phrase (one dictionary lookup), or Q10 a bare number, maybe after a carrier, that is no
   legal score (intent score, `invalid`);
2. spans, then frames (spans.py, frames.py): every run of words tagged with what it means (phrases,
   skip words, corrections, players, forms of "boire", numbers), split words glued back, homophones
   inside phrases; then the one move or command those spans fill, or none;
3. a rules question with a free topic ("arbitre c'est quoi un <anything>");
4. near misses, never across intents: homophones one word at a time, unknown words of 4+ letters
   snapped to the closest grammar word, then the closest phrase of about the same length. A line of
   one word is never snapped ("montre" is no "contre"), and a destructive command (`new_game`) is
   only ever its exact phrase.
Anything else is chatter: intent None, never a guess (`attempt` says whether a move phrase was heard).
Violations (Q11) come from vigilance.py when it is asked for.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cached_property
from typing import Any

from rapidfuzz import fuzz, process

from assistant.understanding.frames import TARGET_INTENT, Filled, Rules, fill
from assistant.understanding.grammar import WILDCARD, Phrase, build
from assistant.understanding.normalize import Respeller, drop_words, key, word_set
from assistant.understanding.numbers import after_carrier, french_number, spoken_number
from assistant.understanding.parse import Parse, Violation
from assistant.understanding.sounds import Phonetizer, Sounds
from assistant.understanding.spans import Tagger, Words
from assistant.understanding.vigilance import Vigilance, heard_words

WORD_CUTOFF = 75.0
"""Minimum rapidfuzz ratio to snap one unknown word (one letter wrong in a 4-letter word is 75)."""
LINE_CUTOFF = 88.0
"""Minimum rapidfuzz ratio to snap a whole line (one letter wrong in 10 letters is 90)."""
SHORT_WORD_CUTOFF = 50.0
"""The same for value words of 3 letters or less ("ub" for "un" passes; "saint" for "vingt" fails)."""
MAX_WORDS = 40
"""Longer lines are talk, not a move: spans and frames are not tried on them."""
HOMOPHONE_CONFIDENCE = 0.9
"""Confidence of a line understood after replacing one homophone ("saint deux" -> "cinq deux")."""
TIE_MARGIN = 2.0
"""Two different meanings scoring within this of each other: too close to call, no guess."""
_HIDDEN_INTENTS = frozenset({TARGET_INTENT})
"""Grammar intents that are no contract intent: their lines give intent None with the target filled."""
_NO_WAKE_SLOTS = frozenset({"wake_word"})


def _meaning(phrase: Phrase) -> tuple[str, tuple[tuple[str, Any], ...]]:
    return phrase.intent, tuple(sorted((k, str(v)) for k, v in phrase.slots if k not in _NO_WAKE_SLOTS))


class Parser:
    """French transcripts to intents for one table (game, players, wake word)."""

    def __init__(
        self,
        game: str,
        players: Sequence[str] = (),
        wake_word: str = "arbitre",
        nicknames: Mapping[str, Sequence[str]] | None = None,
        vigilance: bool = True,
        respellings: Mapping[str, str] | None = None,
        phonetizer: Phonetizer | None = None,
    ) -> None:
        """Expand the grammar once; `respellings` is the map phrases.adapt_to_vocabulary returned.

        `phonetizer` pronounces words so that names are heard by sound (sounds.py; production passes
        voice.phonemes.default_phonetizer()); the names and the grammar's name-like words are
        pronounced here, in one batch. None: names by spelling and phonetic keys only."""
        self.game = game
        grammar = build(game, players, wake_word, nicknames)
        self.grammar = grammar
        self._respell = Respeller(respellings)
        self._fillers = word_set(grammar.fillers)
        self._hesitations = word_set(grammar.hesitations)
        self._wake = key(wake_word) or "arbitre"
        self._wake_prefixes = word_set(grammar.wake_prefixes)
        self._carriers = sorted({key(c) for c in grammar.carriers if key(c)}, key=len, reverse=True)
        self._legal = frozenset(v for v in grammar.legal if isinstance(v, int))
        self.exact: dict[str, Phrase] = {}
        self.ambiguous: dict[str, tuple[Phrase, Phrase]] = {}
        self._wildcards: list[tuple[str, Phrase]] = []
        for phrase in grammar.phrases:
            if phrase.context:
                continue  # said only at some moments: spans and frames read it with the moment
            if phrase.wildcard:
                prefix = key(phrase.text.split(WILDCARD)[0])
                self._wildcards.append((prefix + " ", phrase))
                continue
            k = key(phrase.text)
            known = self.exact.setdefault(k, phrase)
            if known is not phrase and _meaning(known) != _meaning(phrase):
                self.ambiguous.setdefault(k, (known, phrase))
        self._wildcards.sort(key=lambda item: -len(item[0]))
        numbers = {w for n in range(100) for w in key(french_number(n)).split()}  # "dix" is never "six"
        negations = {w for n in grammar.negations for w in key(n).split()}
        self._values = frozenset(w for v in grammar.value_words for w in key(v).split()) | numbers | negations
        self._homophones = {
            key(k): key(v[0])
            for k, v in grammar.homophones.items()
            if v and key(k) and " " not in key(k) and key(v[0])
        }
        self._vocabulary = sorted({w for k in self.exact for w in k.split()})
        self._vocabulary_set = frozenset(self._vocabulary)
        self._by_edge: dict[tuple[str, int], list[str]] = {}
        for k in self.exact:
            words = k.split()
            for edge in dict.fromkeys((words[0], words[-1])):
                self._by_edge.setdefault((edge, len(k)), []).append(k)
        self._longest = max((len(k) for k in self.exact), default=0)
        sounds = Sounds(phonetizer)
        # the scan reads words as said (accents kept), the tagger reads them as keys: both forms
        said = {word for phrase in grammar.phrases for word in heard_words(phrase.text)}
        said |= self._vocabulary_set
        finder = Vigilance(players, nicknames, sounds=sounds, known_words=said)
        self._vigilance = finder if vigilance else None
        self.tagger = Tagger(grammar, wake_word, finder.name_spans, finder.breaches_in, spoken_number)
        self._splits = {
            tuple(key(spelling).split()): key(word)
            for word, spellings in grammar.respellings.items()
            for spelling in spellings
            if len(key(spelling).split()) > 1 and key(word)
        }
        self._confirm = frozenset(key(c) for c in grammar.confirm)
        self._destructive = grammar.destructive
        targeted = {
            p.intent
            for p in grammar.phrases
            if p.intent in grammar.awaiting and any(n.startswith(("player", "position")) for n, _ in p.slots)
        }
        self.rules = Rules(
            invalid_intent=grammar.invalid_numbers,
            legal=frozenset(grammar.legal),
            special_scores=grammar.special_scores,
            targeted=frozenset(targeted - {TARGET_INTENT}),
            destructive=grammar.destructive,
            markers=frozenset(w for m in grammar.noun_markers for w in key(m).split()),
            openers=frozenset(w for m in grammar.clause_openers for w in key(m).split()),
            vocabulary=frozenset(
                w for p in grammar.phrases if "wake_word" not in dict(p.slots) for w in key(p.text).split()
            ),
        )

    def parse(self, text: str, awaiting: Collection[str] | None = None) -> Parse:
        """The meaning of one transcript; never raises on any string.

        `awaiting`: what the game waits for now (Expectation.awaiting values), for the phrases that
        mean something only then (hassil's requires_context); None when the moment is unknown."""
        line = self._clean(text)
        addressed = line == self._wake or line.startswith(self._wake + " ")
        violations = self._scan(text, addressed)
        found = self._exact_or_number(drop_words(line, self._fillers), 1.0) if line else None
        filled = Filled()
        if found is None and line and line.count(" ") < MAX_WORDS:
            filled = self._fill(line, awaiting)
            if filled.frame is not None:
                frame = filled.frame
                return _from_slots(
                    text, frame.intent, dict(frame.slots), frame.confidence, addressed, violations
                )
            found = self._match(line)
        if found is None or (found[1] < 1.0 and found[0].intent in self._destructive):
            return Parse(
                text=text,
                addressed=addressed,
                violations=violations,
                confidence=0.0,
                attempt=filled.attempt,
                confirm=line in self._confirm,
            )
        phrase, confidence, slots = found
        return _to_parse(text, phrase, slots, confidence, addressed, violations)

    def words(self, line: str) -> Words:
        """A cleaned line cut into words: hesitations marked and dropped, split words rejoined."""
        out = Words()
        for word in line.split():
            if word in self._hesitations:
                out.pause_before.add(len(out.keys))
                continue
            out.keys.append(word)
        keys_ = out.keys
        joined: list[str] = []
        pauses: set[int] = set()
        i = 0
        while i < len(keys_):
            for size in (4, 3, 2):
                whole = self._splits.get(tuple(keys_[i : i + size]))
                if whole is not None:
                    break
            else:
                size, whole = 1, keys_[i]
            if i in out.pause_before:
                pauses.add(len(joined))
            joined.append(whole)
            i += size
        return self.tagger.glue(Words(joined, list(joined), pauses))

    def _fill(self, line: str, awaiting: Collection[str] | None) -> Filled:
        words = self.words(line)
        return fill(self.tagger.tag(words), self.rules, awaiting, words.pause_before, words.keys)

    def complete(self, text: str) -> bool:
        """Issue 4, early action: `text` is a whole phrase of the grammar and every longer phrase that
        goes on from it means the same, so the end of the utterance cannot change its meaning
        ("je soulève" is complete, "je soulève le gobelet" means the same; a special shown is not
        when its target may follow, "... à ma gauche")."""
        line = self._clean(text)
        phrase = self.exact.get(line)
        if phrase is None or line in self.ambiguous:
            return False
        longer = self._continuations.get(line)
        return longer is None or longer == {_meaning(phrase)}

    @cached_property
    def _continuations(self) -> dict[str, set[Any]]:
        """For every proper word-prefix of a grammar phrase, the meanings of the phrases it starts."""
        out: dict[str, set[Any]] = {}
        for k, phrase in self.exact.items():
            words = k.split()
            for i in range(1, len(words)):
                out.setdefault(" ".join(words[:i]), set()).add(_meaning(phrase))
        return out

    def _clean(self, text: str) -> str:
        words = self._respell(key(text)).split()
        while len(words) > 1 and words[0] in self._wake_prefixes and words[1] == self._wake.split()[0]:
            words = words[1:]
        return " ".join(words)

    def _match(self, line: str) -> tuple[Phrase, float, dict[str, Any]] | None:
        """Steps 3 and 4 of the module docstring."""
        line = drop_words(line, self._fillers)
        found = self._exact_or_number(line, 1.0) if line else None
        if found is not None or len(line) > self._longest + 8 or " " not in line:
            return found or self._wildcard(line)
        for variant in self._homophone_variants(line):
            found = self._exact_or_number(variant, HOMOPHONE_CONFIDENCE)
            if found is not None:
                return found
        snapped = self._snap_words(line)
        if snapped is not None:
            variant, ratio = snapped
            changed = set(variant.split()) - set(line.split())
            if variant in self.exact or not changed & self._values:
                found = self._exact_or_number(variant, ratio / 100.0)
                if found is not None:
                    return found
        found = self._wildcard(line)
        if found is not None:
            return found
        found = self._snap_line(line, line)
        if found is None and snapped is not None:
            found = self._snap_line(snapped[0], line)
        return found

    def _wildcard(self, line: str) -> tuple[Phrase, float, dict[str, Any]] | None:
        """A rules question about a topic the grammar does not list: the topic is the rest of the line."""
        for prefix, wild in self._wildcards:
            if line.startswith(prefix):
                return wild, 1.0, {wild.wildcard or "topic": line[len(prefix) :]}
            if line + " " == prefix:  # the question without its topic (Vosk heard [unk] for it)
                return wild, 1.0, {wild.wildcard or "topic": None}
        return None

    def _exact_or_number(self, line: str, confidence: float) -> tuple[Phrase, float, dict[str, Any]] | None:
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
            if len(word) < 4 or word in self._vocabulary_set:
                continue
            best = process.extract(
                word, self._vocabulary, scorer=fuzz.ratio, limit=2, score_cutoff=WORD_CUTOFF
            )
            if not best or (len(best) > 1 and best[0][1] - best[1][1] < TIE_MARGIN):
                continue
            words[i], worst = best[0][0], min(worst, best[0][1])
        return None if worst == 100.0 else (" ".join(words), worst)

    def _snap_line(self, line: str, heard: str) -> tuple[Phrase, float, dict[str, Any]] | None:
        """The closest phrase of about the same length sharing the first or last word, unless tied with
        another meaning or changing a value word."""
        words = line.split()
        if sum(w not in self._vocabulary_set for w in words) > 1:
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
        for other_key, score, _ in best[1:]:
            if best[0][1] - score < TIE_MARGIN and _meaning(self.exact[other_key]) != _meaning(top):
                return None
        if not self._keeps_values(heard, best[0][0]):
            return None
        return top, best[0][1] / 100.0, {}

    def _keeps_values(self, line: str, phrase_key: str) -> bool:
        """The phrase's value words (numbers, cards, names, seats) are the ones heard: each heard value word
        is in the phrase, and each value word of the phrase was heard or stands for its own garbled (unknown)
        word ("deu" may be "deux"; "dix", "dis" or "saint" may not be "six", "dos" or "vingt")."""
        heard, phrase = line.split(), phrase_key.split()
        if any(w in self._values and w not in phrase for w in heard):
            return False
        garbled = [w for w in heard if w not in self._values and w not in self._vocabulary_set]
        for word in phrase:
            if word in self._values and word not in heard:
                cutoff = WORD_CUTOFF if len(word) >= 4 else SHORT_WORD_CUTOFF
                best = process.extractOne(word, garbled, scorer=fuzz.ratio, score_cutoff=cutoff)
                if best is None:
                    return False
                garbled.pop(best[2])
        return True

    def _scan(self, text: str, addressed: bool) -> tuple[Violation, ...]:
        if self._vigilance is None:
            return ()
        return tuple(self._vigilance.scan(text, addressed=addressed))


def _to_parse(
    text: str,
    phrase: Phrase,
    extra: dict[str, Any],
    confidence: float,
    addressed: bool,
    violations: tuple[Violation, ...],
) -> Parse:
    return _from_slots(
        text, phrase.intent, {**dict(phrase.slots), **extra}, confidence, addressed, violations
    )


def _from_slots(
    text: str,
    intent: str | None,
    slots: dict[str, Any],
    confidence: float,
    addressed: bool,
    violations: tuple[Violation, ...],
) -> Parse:
    """The Parse of a grammar intent and its slots (a phrase's, or a frame's)."""
    rank, suit = slots.get("rank"), slots.get("suit")
    named = tuple(str(slots[s]) for s in ("player", "player2") if s in slots)
    seats = tuple(slots[s] for s in ("position", "position2") if s in slots)
    topic = slots.get("topic", slots.get("topic_free"))
    topic = None if topic == WILDCARD else topic
    return Parse(
        text=text,
        intent=None if intent in _HIDDEN_INTENTS else intent,
        score=slots.get("score"),
        invalid=slots.get("invalid"),
        card=f"{rank}-{suit}" if rank is not None and suit is not None else None,
        violations=violations,
        player=named[0] if len(named) == 1 else None,
        players=named if len(named) > 1 else (),
        position=seats[0] if len(seats) == 1 else None,
        positions=seats if len(seats) > 1 else (),
        topic=None if topic is None else str(topic),
        addressed=addressed or "wake_word" in slots,
        confidence=confidence,
        extra=_extra(intent or "", slots),
    )


def _extra(intent: str, slots: Mapping[str, Any]) -> dict[str, Any]:
    """Flags for the referee: a bare target ("à ma gauche"), a self-designation ("c'est moi")."""
    if intent not in _HIDDEN_INTENTS:
        return {}
    return {"target": True, "self": True} if slots.get("self") else {"target": True}
