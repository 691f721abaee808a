"""The evening set as development data: the classes of errors it showed, on lines written for
these tests (none of them a corpus line). Precision first: a wrong move is worse than a missed one."""

from __future__ import annotations

from functools import cache

import pytest

from assistant.game import get_game
from assistant.understanding.parser import Parser


@cache
def quinito() -> Parser:
    return Parser(get_game("quinito"), ("Ana", "Bruno", "Chloé", "David"), vigilance=True)


@pytest.mark.parametrize(
    "text", ["l'arbitre a sifflé contre nous", "l'arbitre est pénalité", "l'arbitre nous a annulé ça"]
)
def test_a_referee_talked_about_is_no_command(text: str) -> None:
    """docs/command-line.md wake word: "l'arbitre a ..." talks about a referee, it does not address ours."""
    parse = quinito().parse(text)
    assert parse.intent is None
    assert not parse.addressed


@pytest.mark.parametrize(
    ("text", "intent"), [("l'arbitre les scores", "standings"), ("l'arbitre annule", "undo")]
)
def test_the_referee_addressed_with_its_article_is_still_a_command(text: str, intent: str) -> None:
    assert quinito().parse(text).intent == intent


@pytest.mark.parametrize(
    ("text", "score"),
    [("un trois et un trois", 33), ("ouais un six un six", 66), ("il y a un as et un as", 11)],
)
def test_q2_a_pair_read_die_by_die_is_the_pair(text: str, score: int) -> None:
    """Q2: "un X et un X" reads both dice of a pair (not a 21 read lower die first)."""
    parse = quinito().parse(text)
    assert (parse.intent, parse.fields.get("score")) == ("score", score)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("je n'en crois pas un mot", "challenge"),
        ("même pas en rêve", "challenge"),
        ("c'est du flan", "challenge"),
        ("je marche pas", "challenge"),
        ("tope là", "accept"),
        ("ça roule", "accept"),
        ("je resecoue", "reroll"),
        ("arbitre on va reprendre", "resume"),
    ],
)
def test_synonym_families_are_data(text: str, intent: str) -> None:
    """grammars/quinito.yaml, commands.yaml: families of synonyms (challenge, accept, reroll, resume)."""
    assert quinito().parse(text).intent == intent


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("le quatre des paix", "4-espadas"),
        ("le six de dernier", "6-oros"),
        ("le valait de bâtons", "sota-bastos"),
    ],
)
def test_c1_cards_heard_through_homophones(text: str, card: str) -> None:
    """grammars/cinquillo.yaml homophones: "des paix" for "d'épées", "dernier" for "deniers" (C1)."""
    parse = Parser(get_game("cinquillo"), ("Ana", "Bruno", "Chloé"), vigilance=False).parse(text)
    assert (parse.intent, parse.fields.get("card")) == ("play", card)


@pytest.mark.parametrize("text", ["qui nid tôt", "qui nie tôt"])
def test_q9_quinito_split_by_the_recogniser(text: str) -> None:
    """grammars/respellings.yaml: the split spellings of "quinito" are glued back (Q9)."""
    assert quinito().parse(text).intent == "quinito"
