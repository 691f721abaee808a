"""Q11: the forms of "boire", generated from grammars/boire.yaml, and their homographs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.core.folding import fold
from assistant.understanding.conjugation import Form, from_dict, generate, load_table
from assistant.understanding.vigilance import Vigilance

CONJUGATION = load_table()
SCANNER = Vigilance([], names=False)
SUBJECTS = ("je", "tu", "il", "nous", "vous", "ils")
"""Subject of each person of a finite tense, in the table's order."""


def sentence_for(form: Form, spelling: str) -> str:
    """A sentence using `form` as the verb, the way a player would say it."""
    if form.tense == "infinitif":
        return f"il faut {spelling}"
    if form.tense == "imperatif":
        return f"{spelling} un coup"
    if form.tense == "participe_present":
        return f"en {spelling}"
    if form.tense == "participe_passe":
        return f"j'ai {spelling}"
    return f"{SUBJECTS[form.person]} {spelling}"


def test_q11_table_generates_every_tense_of_boire_and_reboire() -> None:
    """Q11: 51 forms per prefix (infinitive, 8 finite tenses, imperative, both participles)."""
    written = {form.word for form in CONJUGATION.forms}
    assert len(CONJUGATION.forms) == 2 * 51
    expected = {"boire", "bois", "boit", "buvons", "buvez", "boivent", "buvais", "buvaient", "bus", "but"}
    expected |= {"bûmes", "bûtes", "burent", "boirai", "boiront", "boirais", "boiraient", "boive"}
    expected |= {"buvions", "busse", "bût", "bussent", "buvant", "bu", "bue", "bues", "reboire", "rebu"}
    assert expected <= written
    assert {form.tense for form in CONJUGATION.forms} >= {"passe_simple", "subjonctif_imparfait", "futur"}


def test_q11_generate_expands_stems_and_endings_for_each_prefix() -> None:
    """Q11: the expansion is data-driven: a made-up table gives exactly its products."""
    forms = generate(
        {"t": [{"stem": "x", "endings": ["a", "b"]}, {"stem": "y", "endings": [""]}]}, ["", "re"]
    )
    assert [(f.word, f.person, f.prefix) for f in forms] == [
        ("xa", 0, ""),
        ("xb", 1, ""),
        ("y", 2, ""),
        ("rexa", 0, "re"),
        ("rexb", 1, "re"),
        ("rey", 2, "re"),
    ]


@pytest.mark.parametrize("form", CONJUGATION.forms, ids=lambda form: f"{form.tense}-{form.word}")
def test_q11_every_generated_form_is_caught_in_a_sentence(form: Form) -> None:
    """Q11: exhaustive walk: each form, as written and without accents, is a breach in use."""
    for spelling in {form.word, fold(form.word)}:
        text = sentence_for(form, spelling)
        violations = SCANNER.scan(text)
        assert [(v.rule, v.word) for v in violations] == [("forbidden_word", spelling)], text


@pytest.mark.parametrize(
    "text",
    [
        "je bois",
        "tu bois",
        "bois un coup",
        "allez bois",
        "j'en bois",
        "tu en bois",
        "je n'en bois pas",
        "je les bois",
        "j'ai bu",
        "t'as bu",
        "il a bu",
        "déjà bu",
        "bu",
        "il l'a bu",
        "il but",
        "elle en but",
        "je bus",
        "j'ai tout bus",
        "vous butes",
        "à boire",
        "le boire et le manger",
        "il bût",
        "vous bûtes",
    ],
)
def test_q11_homographs_used_as_the_verb_are_breaches(text: str) -> None:
    """Q11: "bois", "bu", "bus", "but", "butes" after a subject, auxiliary or clitic are the verb."""
    assert len(SCANNER.scan(text)) == 1, text


@pytest.mark.parametrize(
    "text",
    [
        "une table en bois",
        "du bois",
        "le bois",
        "en bois",
        "les bois",
        "dans les bois",
        "un petit bois",
        "c'est en bois",
        "le bus",
        "t'as les bus",
        "en bus",
        "le but du jeu",
        "dans le but de gagner",
        "un but",
        "une boisson",
        "une boîte",
        "un buvard",
        "une bûche",
        "debout",
        "un buveur",
        "un pourboire",
        "des déboires",
        "un rébus",
        "au rebut",
        "tu butes sur le mot",
        "le bu du jeu",
        "",
    ],
)
def test_q11_homographs_used_as_nouns_and_lookalikes_are_not_breaches(text: str) -> None:
    """Q11: determiners make the noun; derived nouns and words containing a form are not the verb."""
    assert SCANNER.scan(text) == (), text


def test_q11_breach_at_reads_only_the_words_before() -> None:
    """Q11: "bois" is settled by what precedes it, not by what follows."""
    assert CONJUGATION.breach_at(["je", "bois", "du", "vin"], 1)
    assert not CONJUGATION.breach_at(["du", "bois", "je", "crois"], 1)
    assert not CONJUGATION.breach_at(["table"], 0)


def test_q11_unknown_word_set_in_table_is_an_error() -> None:
    """Q11: a homograph naming an unknown word set is a configuration error, not a silent pass."""
    data = {
        "tenses": {"t": [{"stem": "bo", "endings": ["is"]}]},
        "word_sets": {"subjects": ["je"], "clitics": [], "adverbs": []},
        "homographs": {"bois": {"default": "noun", "verb_after": "missing"}},
    }
    with pytest.raises(KeyError):
        from_dict(data)


@given(st.lists(st.text(max_size=12), max_size=12), st.integers(min_value=0, max_value=11))
def test_q11_breach_at_never_raises(tokens: list[str], index: int) -> None:
    """Q11: any words, any position within them: a boolean, never an exception."""
    if tokens:
        assert CONJUGATION.breach_at(tokens, index % len(tokens)) in (True, False)
