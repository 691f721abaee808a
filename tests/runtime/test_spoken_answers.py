"""What `kinito serve` hands a voice assistant is meant to be read out: whole sentences, at most
200 characters, never a path (pure, from text)."""

from __future__ import annotations

from assistant.runtime.questions import SPOKEN_LIMIT, spoken, topics_offer
from assistant.settings.play import settings_from


def test_short_answers_are_kept_whole() -> None:
    """Q7 standings under the limit pass unchanged."""
    assert spoken(["Ana : zéro dose.", "Bruno : une dose."]) == "Ana : zéro dose. Bruno : une dose."


def test_long_answers_keep_their_first_whole_sentences_then_the_offer() -> None:
    """Two minutes of rules become the sentences that fit, then the topics offered."""
    lines = [f"Phrase numéro {n} des règles, assez longue pour compter." for n in range(40)]
    said = spoken(lines, "Pour la suite, demande un sujet : ordre.")
    assert len(said) <= SPOKEN_LIMIT
    assert said.startswith("Phrase numéro 0 des règles") and said.endswith("demande un sujet : ordre.")
    assert "numéro 39" not in said


def test_one_overlong_sentence_is_cut_at_a_word() -> None:
    """A single sentence over the limit ends at a word, with an ellipsis."""
    said = spoken(["mot " * 100])
    assert len(said) <= SPOKEN_LIMIT and said.endswith("mot…")


def test_paths_are_never_said() -> None:
    """A file path (absolute, home, relative) is removed from whatever sentence carries it."""
    said = spoken(
        ["Aucune partie en cours dans /tmp/x/kinito.sqlite3.", "Voir ~/notes et ./a/b ou C:\\kinito."]
    )
    assert "/" not in said and "\\" not in said and "Aucune partie en cours dans" in said


def test_the_rules_offer_names_the_tables_topics_within_half_an_answer() -> None:
    """A Quinito table: the offer lists topics `kinito rules --topic` knows, in at most 100 characters."""
    table = settings_from({"players": "Ana,Bruno,Chloé"}).table
    offer = topics_offer(table)
    assert offer.startswith("Pour la suite, demande un sujet : ordre")
    assert len(offer) <= SPOKEN_LIMIT // 2
