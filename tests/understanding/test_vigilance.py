"""Q11: forbidden words and players called by name, on the corpora and on edge cases."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz.fuzz import ratio
from rapidfuzz.process import extractOne

from assistant.core.folding import fold
from assistant.game import Violation, get_game
from assistant.understanding.parser import Parser
from assistant.understanding.vigilance import Vigilance, common_word_names, words_of_game

CORPUS = Path(__file__).parent / "corpus"
PLAYERS = ("Ana", "Bruno", "Chloé", "David", "Julie", "Sophie", "Léa", "Marc", "Paul", "Anne")
TABLE = Vigilance(PLAYERS)


def rows(name: str) -> list[list[str]]:
    """The tab-separated rows of a corpus file, comments and blank lines skipped."""
    lines = (CORPUS / name).read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]


MUST_FIRE = rows("vigilance_must_fire.tsv")
NEAR_MISSES = [row[0] for row in rows("vigilance_near_misses.tsv")]


def described(violations: tuple[Violation, ...]) -> list[str]:
    """Violations in the corpus notation: "name_called:Ana", "forbidden_word:bois"."""
    return [f"{v.rule}:{v.word if v.rule == 'forbidden_word' else v.player}" for v in violations]


def test_q11_corpora_are_big_enough() -> None:
    """Q11: at least 100 must-fire and 100 near-miss lines."""
    assert len(MUST_FIRE) >= 100
    assert len(NEAR_MISSES) >= 100


@pytest.mark.parametrize(("text", "expected"), MUST_FIRE, ids=[row[0] for row in MUST_FIRE])
def test_q11_must_fire_corpus_is_caught_exactly(text: str, expected: str) -> None:
    """Q11: every breach of the corpus is reported, in order, and nothing else."""
    assert described(TABLE.scan(text)) == expected.split(";")


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_q11_near_misses_never_fire(text: str) -> None:
    """Q11: nouns, lookalike words and common words are never breaches."""
    assert TABLE.scan(text) == ()


def test_q11_addressed_lines_may_name_players_but_not_say_boire() -> None:
    """Q11: after the wake word a name is a designation; "boire" is still forbidden."""
    assert TABLE.scan("arbitre pénalité pour bruno", addressed=True) == ()
    assert described(TABLE.scan("arbitre bruno a bu", addressed=True)) == ["forbidden_word:bu"]
    assert described(TABLE.scan("arbitre pénalité pour bruno")) == ["name_called:Bruno"]


def test_q11_each_rule_can_be_switched_off() -> None:
    """Q11: a table may play without either rule."""
    line = "bruno tu bois"
    assert described(Vigilance(PLAYERS, names=False).scan(line)) == ["forbidden_word:bois"]
    assert described(Vigilance(PLAYERS, forbidden_words=False).scan(line)) == ["name_called:Bruno"]
    assert Vigilance(PLAYERS, forbidden_words=False, names=False).scan(line) == ()


def test_q11_nicknames_report_the_player_as_configured() -> None:
    """Q11: a nickname is the player's name too; the configured name is reported."""
    table = Vigilance(["Bruno", "Élodie"], nicknames={"bruno": ["Bubu"], "Élodie": ["Lolo", "la grande"]})
    assert described(table.scan("bubu à toi")) == ["name_called:Bruno"]
    assert described(table.scan("lolo tu lèves")) == ["name_called:Élodie"]
    assert described(table.scan("elodie")) == ["name_called:Élodie"]
    assert described(table.scan("vas-y la grande")) == ["name_called:Élodie"]
    assert Vigilance(["Bruno"], nicknames={"Inconnu": ["zaza"]}).scan("zaza") == ()


@pytest.mark.parametrize("text", ["jean-pierre à toi", "jean pierre à toi", "jeanpierre à toi"])
def test_q11_compound_names_match_with_or_without_hyphen(text: str) -> None:
    """Q11: "Jean-Pierre" however the recogniser splits it; a part alone is not the name."""
    table = Vigilance(["Jean-Pierre", "Marie Claire"])
    assert described(table.scan(text)) == ["name_called:Jean-Pierre"]
    assert described(table.scan("marie-claire tu passes")) == ["name_called:Marie Claire"]
    assert table.scan("pierre") == ()
    assert table.scan("claire") == ()


def test_q11_longest_name_wins() -> None:
    """Q11: "marie claire" is Marie Claire, not Marie, when both play."""
    table = Vigilance(["Marie", "Marie Claire"])
    assert described(table.scan("marie claire à toi")) == ["name_called:Marie Claire"]
    assert described(table.scan("marie à toi")) == ["name_called:Marie"]


def test_q11_names_are_whole_words_only() -> None:
    """Q11: a name inside another word is not the name."""
    for text in ("la philosophie", "une brunoise", "annabelle", "davidson", "paulette", "marcel"):
        assert TABLE.scan(text) == (), text


def test_q11_common_word_names_need_exact_spelling_and_no_determiner() -> None:
    """Q11 / "la rose" is a flower, "rose à toi" is Rose, "du rosé" is wine."""
    table = Vigilance(["Rose", "Pierre", "Olive"])
    assert described(table.scan("rose à toi")) == ["name_called:Rose"]
    assert described(table.scan("c'est le tour de pierre")) == ["name_called:Pierre"]
    for text in ("la rose", "une rose", "un vin rosé", "une maison en pierre", "les olives", "une olive"):
        assert table.scan(text) == (), text


def test_q11_common_word_names_are_flagged_for_the_setup() -> None:
    """Names that are common French words are returned, as configured."""
    players = ["Pierre", "Ana", "rose", "Olive", "France", "Marie Claire", "Chloé", "Marc"]
    assert common_word_names(players) == ["Pierre", "rose", "Olive", "France", "Marc"]
    assert common_word_names([]) == []


def test_q11_accents_settle_words_that_fold_to_a_name() -> None:
    """Q11: "marié" is no Marie, "merci" no Mercier; an accent the setup left out is forgiven."""
    table = Vigilance(["Marie", "Mercier", "Chloe"])
    assert table.scan("les mariés et le marié merci") == ()
    assert described(table.scan("marie à toi")) == ["name_called:Marie"]
    assert described(table.scan("chloé à toi")) == ["name_called:Chloe"]


def test_q11_one_violation_per_breach_kind_per_line() -> None:
    """Q11: a name repeated in one line is one breach; distinct breaches are all reported."""
    assert described(TABLE.scan("bruno bruno bruno")) == ["name_called:Bruno"]
    assert described(TABLE.scan("bruno dis à ana")) == ["name_called:Bruno", "name_called:Ana"]


def test_q11_no_players_means_no_name_breach() -> None:
    """Q11: an empty table or empty names never fire."""
    assert Vigilance([]).scan("ana") == ()
    assert Vigilance(["", "  ", "-"]).scan("ana et bruno") == ()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_q11_scan_never_raises_on_any_unicode(text: str) -> None:
    """Q11: any unicode line gives a tuple of violations."""
    assert isinstance(TABLE.scan(text), tuple)
    assert isinstance(TABLE.scan(text, addressed=True), tuple)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.sampled_from(["bois", "bruno", "le", "en", "clo", "et", "ana", "é", "-", "'", " "]), max_size=40
    )
)
def test_q11_scan_never_raises_on_word_soup(words: list[str]) -> None:
    """Q11: sequences of tricky words and separators never raise."""
    assert isinstance(TABLE.scan(" ".join(words)), tuple)
    assert isinstance(TABLE.scan("".join(words)), tuple)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(max_size=20), max_size=6), st.text(max_size=100))
def test_q11_any_player_names_and_any_line_never_raise(players: list[str], text: str) -> None:
    """Q11: odd configured names (empty, symbols, any script) and any line: no exception."""
    table = Vigilance(players, nicknames={name: [name + name] for name in players})
    assert isinstance(table.scan(text), tuple)
    assert isinstance(table.scan(" ".join(players)), tuple)
    assert isinstance(common_word_names(players), list)


def test_q11_scan_survives_a_huge_line() -> None:
    """Q11: a 100 000-character line is scanned without error."""
    line = "je crois que la table est en bois " * 3000 + "bruno"
    assert described(TABLE.scan(line)) == ["name_called:Bruno"]


FRENCH_WORDS = Path("/usr/share/dict/french")


@pytest.mark.slow
@pytest.mark.skipif(not FRENCH_WORDS.exists(), reason="needs the wfrench word list (apt-get install wfrench)")
def test_q11_no_french_dictionary_word_is_heard_as_a_player() -> None:
    """Q11: of the ~346 000 words of a French dictionary, only the names themselves fire.

    For speed, only words with a piece (a part or two glued parts) within rapidfuzz ratio 60
    of a name are scanned: a superset of what scan can match (its thresholds are 65 and 78).
    """
    names = [fold(player) for player in PLAYERS]

    def near_a_name(word: str) -> bool:
        parts = re.findall(r"[^\W_]+", fold(word))
        pieces = parts + [a + b for a, b in itertools.pairwise(parts)]
        return any(extractOne(piece, names, scorer=ratio, score_cutoff=60) for piece in pieces)

    words = [w for w in FRENCH_WORDS.read_text(encoding="utf-8").split() if w[:1].islower()]
    candidates = [word for word in words if near_a_name(word)]
    assert len(candidates) > 1000  # the filter keeps the look-alikes, so the check is not vacuous
    scanner = Vigilance(PLAYERS, forbidden_words=False)
    allowed = {player.lower() for player in PLAYERS} | {"chloe", "lea"}
    assert [word for word in candidates if word not in allowed and scanner.scan(word)] == []


def test_q11_the_active_games_own_words_are_never_heard_as_a_name() -> None:
    """Q11: a game's words (its grammar file's `common_words`) match a name only exactly, at that game's
    table: the shared list does not hold them, the parser passes the active game's."""
    assert described(Vigilance(["Lev"]).scan("je lève")) == ["name_called:Lev"]
    assert described(Vigilance(["Batons"]).scan("le cinq de bâtons")) == ["name_called:Batons"]
    assert Vigilance(["Lev"], game_words=words_of_game("quinito.yaml")).scan("je lève") == ()
    assert Parser(get_game("quinito"), ["Lev", "Ana"]).parse("je lève").violations == ()
    assert Parser(get_game("cinquillo"), ["Batons", "Ana"]).parse("le cinq de bâtons").violations == ()


def test_q11_a_name_that_is_a_word_of_the_game_is_flagged_for_the_setup() -> None:
    """Q11: the setup warns about a name that is one of the game's words ("Totem" at a Quinito table)."""
    assert common_word_names(["Totem", "Ana"]) == []
    assert common_word_names(["Totem", "Ana"], game_words=words_of_game("quinito.yaml")) == ["Totem"]
