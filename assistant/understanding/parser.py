"""The parser: one transcript to one `Parse`, pure and fast (no I/O after construction).

Matching, in order (the first that answers wins):
1. exact: the line's key (normalize.key, fillers dropped, respellings mapped back) is an expanded
   grammar phrase (one dictionary lookup), or Q10 a bare number, maybe after a carrier, that is no
   legal value of the game's number list (the game's `invalid_numbers` intent, with `invalid`);
2. spans, then frames (spans.py, frames.py): every run of words tagged with what it means (phrases,
   skip words, corrections, players, forms of "boire", numbers), split words glued back, homophones
   inside phrases; then the one move or command those spans fill, or none;
3. a rules question with a free topic ("arbitre c'est quoi un <anything>");
4. near misses, never across intents (near_miss.py): homophones one word at a time, unknown words
   snapped to the closest grammar word, then the closest phrase of about the same length. A line of
   one word is never snapped ("montre" is no "contre"), and a destructive command (`new_game`) is
   only ever its exact phrase.
Anything else is chatter: intent None, never a guess (`attempt` says whether a move phrase was heard).
Violations (Q11) come from vigilance.py when it is asked for.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from itertools import pairwise
from typing import Any

from assistant.game import GameModule, Parse, Violation
from assistant.understanding.clauses import claim_end
from assistant.understanding.frame import TARGET_INTENT, Filled, Rules
from assistant.understanding.frames import fill
from assistant.understanding.grammar import WILDCARD, Phrase, build, built
from assistant.understanding.meaning import from_slots, meaning, to_parse
from assistant.understanding.near_miss import NearMiss
from assistant.understanding.normalize import Respeller, drop_words, key, word_set
from assistant.understanding.numbers import spoken_number
from assistant.understanding.sounds import Phonetizer, Sounds
from assistant.understanding.spans import Tagger, Words
from assistant.understanding.vigilance import Vigilance, heard_words, words_of_game

MAX_WORDS = 40
"""Longer lines are talk, not a move: spans and frames are not tried on them."""


class Parser:
    """French transcripts to intents for one table (game, players, wake word)."""

    def __init__(
        self,
        module: GameModule[Any, Any],
        players: Sequence[str] = (),
        wake_word: str = "arbitre",
        nicknames: Mapping[str, Sequence[str]] | None = None,
        vigilance: bool = True,
        respellings: Mapping[str, str] | None = None,
        phonetizer: Phonetizer | None = None,
    ) -> None:
        """Expand the grammar once; `respellings` is the map phrases.adapt_to_vocabulary returned.

        `phonetizer` pronounces words so that names are heard by sound (sounds.py; production passes
        voice.speak.phonemes.default_phonetizer()); the names and the grammar's name-like words are
        pronounced here, in one batch. None: names by spelling and phonetic keys only."""
        self.game = module.name
        if nicknames:
            grammar = build(module, players, wake_word, nicknames)
        else:
            grammar = built(module, tuple(players), wake_word)  # the one the name check expanded
        self.grammar = grammar
        self._respell = Respeller(respellings)
        self._fillers = word_set(grammar.fillers)
        self._hesitations = word_set(grammar.hesitations)
        self._wake = key(wake_word) or "arbitre"
        self._wake_prefixes = word_set(grammar.wake_prefixes)
        self._about_wake = frozenset(grammar.about_wake)
        self.exact: dict[str, Phrase] = {}
        self.ambiguous: dict[str, tuple[Phrase, Phrase]] = {}
        wildcards: list[tuple[str, Phrase]] = []
        for phrase in grammar.phrases:
            if phrase.context:
                continue  # said only at some moments: spans and frames read it with the moment
            if phrase.wildcard:
                wildcards.append((key(phrase.text.split(WILDCARD)[0]) + " ", phrase))
                continue
            k = key(phrase.text)
            known = self.exact.setdefault(k, phrase)
            if known is not phrase and meaning(known) != meaning(phrase):
                self.ambiguous.setdefault(k, (known, phrase))
        self._near = NearMiss(grammar, self.exact, wildcards, self._fillers)
        sounds = Sounds(phonetizer)
        # the scan reads words as said (accents kept), the tagger reads them as keys: both forms
        said = {word for phrase in grammar.phrases for word in heard_words(phrase.text)}
        said |= self._near.vocabulary
        finder = Vigilance(
            players, nicknames, sounds=sounds, known_words=said, game_words=words_of_game(module.grammar)
        )
        self._vigilance = finder if vigilance else None
        self.tagger = Tagger(grammar, wake_word, finder.name_spans, finder.breaches_in, spoken_number)
        self._splits = {
            tuple(key(spelling).split()): key(word)
            for word, spellings in grammar.respellings.items()
            for spelling in spellings
            if len(key(spelling).split()) > 1 and key(word)
        }
        self._confirm = frozenset(key(c) for c in grammar.confirm)
        self._deny = frozenset(key(c) for c in grammar.deny)
        self._destructive = grammar.destructive
        targeted = {
            p.intent
            for p in grammar.phrases
            if p.intent in grammar.awaiting and any(n.startswith(("player", "position")) for n, _ in p.slots)
        }
        self.rules = Rules(
            invalid_intent=grammar.invalid_numbers,
            legal=frozenset(grammar.legal),
            shown_values=grammar.shown_values,
            number_joins=grammar.number_joins,
            targeted=frozenset(targeted - {TARGET_INTENT}),
            destructive=grammar.destructive,
            markers=frozenset(w for m in grammar.noun_markers for w in key(m).split()),
            openers=frozenset(w for m in grammar.clause_openers for w in key(m).split()),
            words=_words_by_intent(grammar.phrases),
            negators=_keys(grammar.negators),
            negation_stops=_keys(grammar.negation_stops) | _keys(grammar.comment_openers),
            object_markers=_keys(grammar.object_markers),
            move_objects=_keys(grammar.move_objects),
            turn_claims=frozenset(tuple(key(c).split()) for c in grammar.turn_claims if key(c)),
            comment_openers=frozenset(key(w).split()[0] for w in grammar.comment_openers if key(w)),
            comment_subjects=frozenset(key(w).split()[0] for w in grammar.comment_subjects if key(w)),
            deferrals=frozenset(tuple(key(w).split()) for w in grammar.deferrals if key(w)),
            move_pairs=frozenset(grammar.move_pairs),
        )

    def parse(self, text: str, awaiting: Collection[str] | None = None) -> Parse:
        """The meaning of one transcript; never raises on any string.

        `awaiting`: what the game waits for now (Expectation.awaiting values), for the phrases that
        mean something only then (hassil's requires_context); None when the moment is unknown."""
        line = "" if self._talked_about(text) else self._clean(text)
        addressed = line == self._wake or line.startswith(self._wake + " ")
        violations = self._scan(text, addressed)
        found = self._near.exact_or_number(drop_words(line, self._fillers), 1.0) if line else None
        filled = Filled()
        if found is None and line and line.count(" ") < MAX_WORDS:
            filled = self._fill(line, awaiting)
            if filled.frame is not None:
                frames = [filled.frame, *filled.then]
                fields = self.grammar.fields
                said = [
                    from_slots(text, f.intent, dict(f.slots), f.confidence, addressed, violations, fields)
                    for f in frames
                ]
                return replace(said[0], moves=tuple(said)) if len(said) > 1 else said[0]
            found = None if filled.refused else self._near.match(line, whole=not filled.vetoed)
        if found is None or (found[1] < 1.0 and found[0].intent in self._destructive):
            return Parse(
                text=text,
                addressed=addressed,
                violations=violations,
                confidence=0.0,
                attempt=filled.attempt,
                confirm=line in self._confirm,
                deny=line in self._deny,
                fields=self.grammar.fields(None, {}),
            )
        phrase, confidence, slots = found
        return to_parse(text, phrase, slots, confidence, addressed, violations, self.grammar.fields)

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
        spans = self.tagger.tag(words)
        end = claim_end(spans, words.keys, self.rules.turn_claims)
        crossing = [span for span in spans if span.start < end < span.end]
        if crossing and crossing[0].kinds == {"skip"}:
            spans = self.tagger.tag(words, cut=end)  # "c'est à moi je passe": the claim ends inside "moi je"
        return fill(spans, self.rules, awaiting, words.pause_before, words.keys)

    def complete(self, text: str) -> bool:
        """Early action: `text` is a whole phrase of the grammar and every longer phrase that
        goes on from it means the same, so the end of the utterance cannot change its meaning
        ("je soulève" is complete when every phrase it starts is a lift too; a special shown is not
        when its target may follow, "... à ma gauche")."""
        line = self._clean(text)
        phrase = self.exact.get(line)
        if phrase is None or line in self.ambiguous:
            return False
        longer = self._continuations.get(line)
        return longer is None or longer == {meaning(phrase)}

    @cached_property
    def _continuations(self) -> dict[str, set[Any]]:
        """For every proper word-prefix of a grammar phrase, the meanings of the phrases it starts."""
        out: dict[str, set[Any]] = {}
        for k, phrase in self.exact.items():
            words = k.split()
            for i in range(1, len(words)):
                out.setdefault(" ".join(words[:i]), set()).add(meaning(phrase))
        return out

    def _clean(self, text: str) -> str:
        words = self._respell(key(text)).split()
        while len(words) > 1 and words[0] in self._wake_prefixes and words[1] == self._wake.split()[0]:
            words = words[1:]
        return " ".join(words)

    def _talked_about(self, text: str) -> bool:
        """ "l'arbitre a annulé le but": the wake word with an article and a verb of the third person is a
        referee talked about (grammars/commands.yaml `about_wake`), no command and no move."""
        words = text.casefold().replace("\u2019", "'").split()
        article = "l'" + self._wake
        return any(w == article and after in self._about_wake for w, after in pairwise(words))

    def _scan(self, text: str, addressed: bool) -> tuple[Violation, ...]:
        if self._vigilance is None:
            return ()
        return tuple(self._vigilance.scan(text, addressed=addressed))


def _keys(words: Sequence[str]) -> frozenset[str]:
    """Each word list entry's words, as keys."""
    return frozenset(w for entry in words for w in key(entry).split())


def _words_by_intent(phrases: Sequence[Phrase]) -> dict[str, frozenset[str]]:
    """Intent -> the words of its phrases, as keys (leftovers.py rule 2)."""
    out: dict[str, set[str]] = {}
    for phrase in phrases:
        out.setdefault(phrase.intent, set()).update(key(phrase.text).split())
    return {intent: frozenset(words) for intent, words in out.items()}
