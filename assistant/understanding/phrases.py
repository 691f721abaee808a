"""The Vosk side of the grammars: what may be said now, as a phrase list for Vosk's grammar mode.

Same data as the parser (grammar.py): every expanded phrase of the intents that make sense for
what the game awaits, always the wake-word commands, and "[unk]" for everything else. The words a
table says around a move (skip words, fillers, hesitations, corrections, announcing carriers, a
spoken yes) are phrases of their own: Vosk's grammar mode chains phrases, so a joined-up line the
parser's spans read ("ouais je prends", "euh non soixante deux") can come out of it. Vosk splits
phrases on spaces only, so hyphens become spaces and apostrophes stay ("j'annonce").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.game import GameModule
from assistant.understanding.grammar import WILDCARD, Grammar, built, names_a_player
from assistant.understanding.normalize import vosk_words
from assistant.understanding.numbers import french_number

UNKNOWN = "[unk]"
"""Vosk's garbage phrase: lets chatter come out as [unk] instead of a forced phrase."""
_FANTASY = range(0, 100)
"""Q10: bare numbers a player may say although the game's number list lacks them, so that Vosk can hear
them."""


def phrases_for(
    module: GameModule[Any, Any],
    awaiting: str | None,
    players: Sequence[str] = (),
    wake_word: str = "arbitre",
) -> list[str]:
    """Vosk phrase list for what may be said when the game awaits `awaiting` (None: anything)."""
    return grammar_phrases(built(module, tuple(players), wake_word), awaiting)


def grammar_phrases(grammar: Grammar, awaiting: str | None, players: bool = True) -> list[str]:
    """`phrases_for` of an expanded grammar; without `players`, as if the table had none (the
    phrases made from its players' names left out)."""
    allowed = {
        intent for intent, moments in grammar.awaiting.items() if awaiting is None or awaiting in moments
    }
    found: dict[str, None] = {}
    for phrase in grammar.phrases:
        if phrase.context and awaiting is not None and awaiting not in phrase.context:
            continue  # requires_context: said only at other moments
        if not players and names_a_player(phrase):
            continue
        if phrase.intent in allowed or phrase.intent not in grammar.awaiting:
            text = vosk_words(phrase.text.split(WILDCARD)[0])
            if text:
                found.setdefault(text, None)
    for word in around_moves(grammar):
        text = vosk_words(word)
        if text:
            found.setdefault(text, None)
    number_moments = grammar.awaiting.get(grammar.invalid_numbers or "", frozenset())
    if grammar.invalid_numbers and (awaiting is None or awaiting in number_moments):
        for n in _FANTASY:
            found.setdefault(french_number(n), None)
    found.setdefault(UNKNOWN, None)
    return list(found)


def around_moves(grammar: Grammar) -> tuple[str, ...]:
    """What the parser's spans read around a move without changing it (spans.py), as said."""
    return (
        *grammar.skip_words,
        *grammar.fillers,
        *grammar.hesitations,
        *grammar.corrections,
        *grammar.carriers,
        *grammar.confirm,
    )


def adapt_to_vocabulary(
    phrases: Iterable[str], has_word: Callable[[str], bool], table: Mapping[str, Sequence[str]]
) -> tuple[list[str], dict[str, str]]:
    """Phrases the model can decode, and the map {respelling: original} the Parser takes back.

    Out-of-vocabulary words are replaced by the first respelling (`table`: grammar.respellings of the
    game the phrases are of, then the apostrophe split "j' annonce") whose words the model all knows; a
    phrase with a word that has none is dropped. "[unk]" is always kept.
    """
    adapted: dict[str, None] = {}
    back: dict[str, str] = {}
    known: dict[str, str | None] = {}
    for phrase in phrases:
        if phrase == UNKNOWN:
            continue
        words: list[str] = []
        for word in phrase.split():
            if word not in known:
                known[word] = _spelling(word, table.get(word, ()), has_word)
            spelled = known[word]
            if spelled is None:
                break
            if spelled != word:
                back[spelled] = word
            words.append(spelled)
        else:
            adapted.setdefault(" ".join(words), None)
    adapted.setdefault(UNKNOWN, None)
    return list(adapted), back


@dataclass(frozen=True)
class Coverage:
    """How much of a phrase list a model's vocabulary can hear (`kinito doctor`)."""

    phrases: int
    """Phrases in the list ("[unk]" not counted)."""
    unknown: tuple[str, ...]
    """Words the model lacks and no respelling replaces, sorted."""
    respelled: dict[str, str]
    """{word of the grammar: the in-vocabulary spelling used instead}."""
    dropped: tuple[str, ...]
    """Phrases left out of the recogniser's list because one of their words is unknown."""


def coverage(
    phrases: Iterable[str], has_word: Callable[[str], bool], table: Mapping[str, Sequence[str]]
) -> Coverage:
    """What `adapt_to_vocabulary` does to `phrases` with this vocabulary and respellings, word by word."""
    listed = [p for p in dict.fromkeys(phrases) if p != UNKNOWN]
    spelled = {w: _spelling(w, table.get(w, ()), has_word) for p in listed for w in p.split()}
    return Coverage(
        phrases=len(listed),
        unknown=tuple(sorted(w for w, s in spelled.items() if s is None)),
        respelled={w: s for w, s in spelled.items() if s is not None and s != w},
        dropped=tuple(p for p in listed if any(spelled[w] is None for w in p.split())),
    )


def _spelling(word: str, candidates: Sequence[str], has_word: Callable[[str], bool]) -> str | None:
    if has_word(word):
        return word
    tries = list(candidates)
    if "'" in word[:-1]:
        head, tail = word.split("'", 1)
        tries.append(f"{head}' {tail}")
    for candidate in tries:
        if all(has_word(w) for w in candidate.split()):
            return candidate
    return None
