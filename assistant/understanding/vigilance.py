"""Q11: the table's vigilance rules: never say "boire", never call a player by name.

`Vigilance(players, nicknames).scan(text, addressed)` returns the breaches heard in one
transcript, in the order they were said: `Violation(rule="forbidden_word", word=...)` for a
form of "boire" used as the verb (conjugation.py, grammars/boire.yaml) and
`Violation(rule="name_called", player=...)` for a player's name or nickname. How names are
recognised (sound-alike spellings, compound names, names that are common words) is documented
in grammars/vigilance.yaml. Pure: no I/O after the data tables are loaded, never raises on text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from rapidfuzz.fuzz import ratio
from rapidfuzz.process import extract, extractOne

from assistant.core.folding import fold
from assistant.game import Violation
from assistant.understanding import yaml_data
from assistant.understanding.conjugation import Conjugation, load_table
from assistant.understanding.grammar_files import grammar_file, read_data
from assistant.understanding.phonetic import keys
from assistant.understanding.sounds import Sounds

LEXICON_FILE = "vigilance.yaml"
"""The name-matching data shipped with the project, in grammars/."""

_WORD = re.compile(r"[^\W_]+")
"""A word of a transcript: letters and digits; apostrophes, hyphens and punctuation split words."""


@dataclass(frozen=True)
class NameLexicon:
    """Q11: the data that keeps name matching tolerant of spellings but deaf to common words."""

    fuzzy_ratio: float
    """Least rapidfuzz ratio (0-100) for a sound-alike word to count as the name."""
    loose_ratio: float
    """Least ratio when only the loose keys agree ("davide" for David, not "clope" for Chloé)."""
    joined_ratio: float
    """Least ratio for two words glued back together ("clo et" -> "cloet") to count as the name."""
    min_fuzzy_length: int
    """Words shorter than this match a name only exactly."""
    sound_ratio: float
    """Least ratio for a word pronounced exactly like the name (sounds.py) to count as it
    ("margot" for Margaux); below it the pronunciation is not even asked for."""
    common_word_names: frozenset[str]
    """Folded first names that are also common French words ("rose", "pierre", "olive")."""
    noun_markers: frozenset[str]
    """Folded words after which a common-word name is the common word ("la rose")."""
    common_words: frozenset[str]
    """Folded words never matched to a name by sound or spelling, only exactly (the shared ones; a
    table adds its game's, `with_game_words`)."""
    common_spellings: frozenset[str]
    """Accented words never a name, even when they fold to one ("marié" is not Marie)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> NameLexicon:
        """Build the lexicon from grammars/vigilance.yaml's parsed content."""

        def words(name: str) -> frozenset[str]:
            return frozenset(fold(str(word)) for word in data.get(name, []))

        return cls(
            fuzzy_ratio=float(data["fuzzy_ratio"]),
            loose_ratio=float(data["loose_ratio"]),
            joined_ratio=float(data["joined_ratio"]),
            min_fuzzy_length=int(data["min_fuzzy_length"]),
            sound_ratio=float(data["sound_ratio"]),
            common_word_names=words("common_word_names"),
            noun_markers=words("noun_markers"),
            common_words=words("common_words") | words("common_word_names"),
            common_spellings=frozenset(
                str(word).lower() for word in data.get("common_words", []) if not str(word).isascii()
            ),
        )

    def with_game_words(self, words: Iterable[str]) -> NameLexicon:
        """The lexicon with a game's own words among the common words (`words_of_game`)."""
        extra = frozenset(fold(str(word)) for word in words)
        return replace(self, common_words=self.common_words | extra) if extra else self


@cache
def load_lexicon(path: Traversable | None = None) -> NameLexicon:
    """Q11: read the name-matching data (once per path; grammars/vigilance.yaml by default)."""
    with (path or grammar_file(LEXICON_FILE)).open(encoding="utf-8") as stream:
        return NameLexicon.from_dict(yaml_data.load(stream))


def words_of_game(grammar: str) -> tuple[str, ...]:
    """Q11: a game's own words, never heard as a name by sound or spelling, only exactly: the
    `common_words` of its grammar file (`GameModule.grammar`), as written there."""
    return tuple(str(word) for word in read_data(grammar).get("common_words", ()))


@dataclass(frozen=True)
class NameEntry:
    """Q11: one way of calling a player: their configured name or a nickname, pre-digested."""

    player: str
    """The player as configured (what a `name_called` violation reports)."""
    tokens: tuple[str, ...]
    """The folded words of the name ("jean-pierre" -> ("jean", "pierre"))."""
    keys: tuple[tuple[str, str], ...]
    """The (loose, strict) phonetic keys of each word."""
    joined: str
    """The words glued together ("jeanpierre"), matched against one heard word or two."""
    joined_key: tuple[str, str]
    """The (loose, strict) phonetic keys of `joined`."""
    common: bool
    """The name is a common French word: exact matches only, and not after a determiner."""
    spelled: tuple[str, ...]
    """The words of the name in lower case with their accents: a common-word name must be
    heard spelled so ("rosé" is wine, not Rose); the keys are computed from them."""


def name_words(name: str) -> tuple[str, ...]:
    """The folded words of a name or transcript: "Jean-Pierre" -> ("jean", "pierre")."""
    return tuple(fold(word) for word in _WORD.findall(name))


def heard_words(text: str) -> list[str]:
    """The words of a transcript as `scan` reads them: lower case, accents kept ("Soirée" -> "soirée")."""
    return [word.lower() for word in _WORD.findall(text)]


def common_word_names(
    players: Iterable[str], lexicon: NameLexicon | None = None, game_words: Iterable[str] = ()
) -> list[str]:
    """Q11: the configured names that are common French words or words of the game (`words_of_game`),
    so the setup can warn.

    Such a name is heard only exactly and not after a determiner ("la rose" is a flower,
    "rose à toi" is Rose): the table should know it may be missed or misheard.
    """
    lexicon = (lexicon or load_lexicon()).with_game_words(game_words)
    flagged = []
    for player in players:
        words = name_words(player)
        if len(words) == 1 and words[0] in lexicon.common_words:
            flagged.append(player)
    return flagged


def _entries(
    players: Sequence[str], nicknames: Mapping[str, Sequence[str]], lexicon: NameLexicon
) -> tuple[NameEntry, ...]:
    """Every name and nickname of every player, longest first (so "marie claire" beats "marie")."""
    by_folded = {name_words(player): player for player in players}
    calls: list[tuple[str, str]] = [(player, player) for player in players]
    for owner, names in nicknames.items():
        player = by_folded.get(name_words(owner))
        if player is not None:
            calls.extend((player, name) for name in names)
    entries = []
    for player, name in calls:
        tokens = name_words(name)
        if not tokens:
            continue
        joined = "".join(tokens)
        common = len(tokens) == 1 and joined in lexicon.common_words
        spelled = tuple(word.lower() for word in _WORD.findall(name))
        sounds = tuple(keys(word) for word in spelled)
        entries.append(NameEntry(player, tokens, sounds, joined, keys("".join(spelled)), common, spelled))
    return tuple(sorted(entries, key=lambda entry: -len(entry.tokens)))


class Vigilance:
    """Q11: finds forbidden words and players' names in transcripts."""

    def __init__(
        self,
        players: Sequence[str],
        nicknames: Mapping[str, Sequence[str]] | None = None,
        forbidden_words: bool = True,
        names: bool = True,
        sounds: Sounds | None = None,
        known_words: Iterable[str] = (),
        game_words: Iterable[str] = (),
    ) -> None:
        """Prepare the scanner for a table; `forbidden_words`/`names` switch each rule on or off.

        `sounds` pronounces words (names heard by sound); the names, and those of `known_words`
        (the words the table is expected to say) spelled close enough to a name, are pronounced now.
        `game_words`: the active game's own words (`words_of_game(module.grammar)`), heard as a name only
        when spelled exactly so, like the shared common words."""
        self._lexicon = load_lexicon().with_game_words(game_words)
        self._sounds = sounds or Sounds()
        self._conjugation: Conjugation | None = load_table() if forbidden_words else None
        self._entries = _entries(players, nicknames or {}, self._lexicon) if names else ()
        self._by_word: dict[str, list[NameEntry]] = {}
        """Entries that may start at a word spelled so (whole name or its first word)."""
        self._by_key: dict[str, list[NameEntry]] = {}
        """Entries that may start at a word sounding so (sound-alike names)."""
        for entry in self._entries:
            for spelling in {entry.joined, entry.tokens[0]}:
                self._by_word.setdefault(spelling, []).append(entry)
            if not entry.common:
                for sound in {entry.joined_key[0], entry.keys[0][0]}:
                    self._by_key.setdefault(sound, []).append(entry)
        self._glueable = [entry for entry in self._entries if not entry.common]
        """Entries that two heard words glued together may spell ("clo et" -> Chloé)."""
        self._glueable_names = [entry.joined for entry in self._glueable]
        self._name_words = sorted({w for entry in self._glueable for w in (*entry.tokens, entry.joined)})
        """Folded words of the names heard by sound: a heard word must be spelled close to one."""
        self._by_sound: dict[str, list[NameEntry]] = {}
        """Entries that may start at a word pronounced so (sounds.py)."""
        if self._sounds.active and self._glueable:
            self._sounds.learn(
                [w for entry in self._glueable for w in (*entry.spelled, "".join(entry.spelled))]
                + [w for w in known_words if self._name_like(fold(w))]
            )
            for entry in self._glueable:
                for sound in {self._sounds.of("".join(entry.spelled)), self._sounds.of(entry.spelled[0])}:
                    if sound:
                        self._by_sound.setdefault(sound, []).append(entry)

    def scan(self, text: str, addressed: bool = False) -> tuple[Violation, ...]:
        """Q11: the breaches in one transcript, in order, each reported once.

        `addressed`: the line is a wake-word command ("arbitre pénalité pour bruno"), where
        naming a player is no breach; forbidden words still are.
        """
        heard = _WORD.findall(text)
        lowered = heard_words(text)
        found: list[tuple[int, Violation]] = []
        if self._conjugation is not None:
            for index in range(len(lowered)):
                if self._conjugation.breach_at(lowered, index):
                    found.append((index, Violation(rule="forbidden_word", word=heard[index])))
        if self._entries and not addressed:
            found.extend(
                (index, Violation(rule="name_called", player=player))
                for index, player in self.names_in(lowered)
            )
        found.sort(key=lambda item: item[0])
        return tuple(dict.fromkeys(violation for _, violation in found))

    def names_in(self, heard: Sequence[str]) -> list[tuple[int, str]]:
        """Q11: (position, player) for each name in `heard` (lower-case words), left to right."""
        return [(index, player) for index, _, player in self.name_spans(heard)]

    def name_spans(self, heard: Sequence[str]) -> list[tuple[int, int, str]]:
        """(position, words used, player) for each name in `heard` (lower-case words), left to right."""
        words = [fold(word) for word in heard]
        if self._sounds.active:  # every word that may be asked how it sounds, in one batch per line
            lexicon = self._lexicon
            self._sounds.learn(
                said
                for said, word in zip(heard, words, strict=True)
                if len(word) >= lexicon.min_fuzzy_length and word not in lexicon.common_words
            )
        out: list[tuple[int, int, str]] = []
        index = 0
        while index < len(words):
            match = self._best_at(heard, words, index)
            if match is None:
                index += 1
                continue
            player, length = match
            out.append((index, length, player))
            index += length
        return out

    def breaches_in(self, heard: Sequence[str]) -> set[int]:
        """Q11: positions of the forms of "boire" used as the verb in `heard` (lower-case words)."""
        if self._conjugation is None:
            return set()
        lowered = list(heard)
        return {index for index in range(len(lowered)) if self._conjugation.breach_at(lowered, index)}

    def _best_at(self, heard: Sequence[str], words: Sequence[str], index: int) -> tuple[str, int] | None:
        """The best name starting at words[index] (folded `heard`), as (player, words used), or None.

        Exact beats sound-alike, then more words beat fewer, then the closer spelling wins.
        """
        best: tuple[tuple[bool, int, float], str, int] | None = None
        for entry in self._candidates(heard, words, index):
            for length, closeness in self._matches(entry, heard, words, index):
                rank = (closeness >= 100, length, closeness)
                if best is None or rank > best[0]:
                    best = (rank, entry.player, length)
        return None if best is None else (best[1], best[2])

    def _candidates(self, heard: Sequence[str], words: Sequence[str], index: int) -> list[NameEntry]:
        """A cheap superset of the entries that `_matches` may accept at words[index]."""
        word = words[index]
        lexicon = self._lexicon
        found = list(self._by_word.get(word, ()))
        if len(word) >= lexicon.min_fuzzy_length and word not in lexicon.common_words:
            found.extend(self._by_key.get(keys(heard[index])[0], ()))
            if self._by_sound and self._name_like(word):
                found.extend(self._by_sound.get(self._sounds.of(heard[index]), ()))
        if index + 1 < len(words) and self._glueable_names:
            glued = word + words[index + 1]
            hits = extract(
                glued, self._glueable_names, scorer=ratio, score_cutoff=lexicon.joined_ratio, limit=None
            )
            found.extend(self._glueable[position] for _, _, position in hits)
            found.extend(self._by_word.get(glued, ()))
        return list(dict.fromkeys(found))

    def _matches(
        self, entry: NameEntry, heard: Sequence[str], words: Sequence[str], index: int
    ) -> Iterable[tuple[int, float]]:
        """(words used, closeness 0-100) for each way `entry` is heard at words[index]."""
        word = words[index]
        lexicon = self._lexicon
        if entry.common:
            previous = words[index - 1] if index else ""
            if heard[index] == entry.spelled[0] and previous not in lexicon.noun_markers:
                yield 1, 100.0
            return
        size = len(entry.tokens)
        if size > 1 and index + size <= len(words):
            ratios = [
                self._word_ratio(
                    heard[index + k], words[index + k], entry.tokens[k], entry.keys[k], entry.spelled[k]
                )
                for k in range(size)
            ]
            if all(ratios):
                yield size, min(ratios)
        single = self._word_ratio(heard[index], word, entry.joined, entry.joined_key, "".join(entry.spelled))
        if single:
            yield 1, single
        if index + 1 < len(words):
            following = words[index + 1]
            if word in lexicon.common_words and following in lexicon.common_words:
                return
            glued = heard[index] + heard[index + 1]
            if fold(glued) == entry.joined:
                yield 2, 100.0
                return
            closeness = ratio(fold(glued), entry.joined, score_cutoff=lexicon.joined_ratio)
            if closeness and keys(glued) == entry.joined_key:
                yield 2, closeness

    def _name_like(self, word: str) -> bool:
        """A folded word spelled close enough to a word of a name to be asked how it sounds."""
        if len(word) < self._lexicon.min_fuzzy_length or word in self._lexicon.common_words:
            return False
        return (
            extractOne(word, self._name_words, scorer=ratio, score_cutoff=self._lexicon.sound_ratio)
            is not None
        )

    def _word_ratio(
        self, heard: str, word: str, name: str, name_keys: tuple[str, str], spelled: str
    ) -> float:
        """How well one heard word (`word` is it folded) stands for one word of a name (`spelled` as
        configured): 100 exact, 0 not."""
        lexicon = self._lexicon
        if word == name:
            return 0.0 if heard in lexicon.common_spellings else 100.0
        if len(word) < lexicon.min_fuzzy_length or word in lexicon.common_words:
            return 0.0
        if self._sounds.active:
            close = ratio(word, name, score_cutoff=lexicon.sound_ratio)
            sound = self._sounds.of(spelled) if close else ""
            if sound and self._sounds.of(heard) == sound:
                return max(close, lexicon.fuzzy_ratio)
        closeness = ratio(word, name, score_cutoff=lexicon.fuzzy_ratio)
        if not closeness:
            return 0.0
        loose, strict = keys(heard)
        if loose != name_keys[0]:
            return 0.0
        if strict == name_keys[1] or closeness >= lexicon.loose_ratio:
            return float(closeness)
        return 0.0
