"""What the referee says: short French, and (Q11) never the verb "boire" in any form."""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

import pytest

from assistant import speech
from assistant.core.events import PenaltyCalled
from assistant.game import game_names, get_game
from assistant.games.cinquillo import words as cinquillo_words
from assistant.games.quinito import words as quinito_words
from assistant.responses import section
from assistant.scripts.replay_run import run_script
from assistant.scripts.script import load_script
from assistant.understanding.parser import Parser
from tests.referee.contract import CONTRACT_REASONS as REASONS

GAMES = sorted((Path(__file__).parent / "games").glob("*.txt"))

BOIRE = re.compile(r"\b(boi\w*|buv\w*|bu|bue|bues|bus|but|bûmes|bûtes|burent|bût)\b", re.IGNORECASE)
"""Q11: every conjugated form of "boire" (present, past, future, conditional, subjunctive, participles)."""


@cache
def vigilant() -> Parser:
    """One parser with the vigilance on (building one expands the whole grammar)."""
    return Parser(get_game("quinito"), (), vigilance=True)


def forbidden(sentence: str) -> list[str]:
    """The forbidden words the project's vigilance finds in a sentence (names are not our concern here)."""
    parser = vigilant()
    return [v.word or "" for v in parser.parse(sentence).violations if v.rule == "forbidden_word"]


def test_the_vigilance_check_does_catch_boire() -> None:
    assert forbidden("tu bois") and forbidden("il faut boire")
    assert BOIRE.search("nous buvons") and BOIRE.search("vous boirez")


def _templates() -> dict[str, str]:
    """Every sentence the referee may say: its shared ones and each game's own."""
    found = {f"referee.yaml:{key}": text for key, text in speech.TEMPLATES.items()}
    for name in game_names():
        responses = get_game(name).responses
        if responses:
            found.update(
                {f"{responses}:{key}": text for key, text in section(responses, "sentences").items()}
            )
    return found


@pytest.mark.parametrize("key", sorted(_templates()))
def test_no_template_uses_boire_Q11(key: str) -> None:
    text = _templates()[key]
    assert not BOIRE.search(text)
    filled = text.format(**{f: "Ana" for _, f, _, _ in string.Formatter().parse(text) if f})
    assert forbidden(filled) == []


def test_no_reason_unit_or_description_uses_boire_Q11() -> None:
    words = [*speech.REASONS.values(), *(w for pair in speech.UNITS.values() for w in pair)]
    words += [
        *quinito_words.REASONS.values(),
        *quinito_words.DESCRIPTIONS.values(),
        *quinito_words.SCORES.values(),
    ]
    words += list(cinquillo_words.DESCRIPTIONS.values())
    for word in words:
        assert not BOIRE.search(word), word


@pytest.mark.parametrize("unit", ["dose", "sip", "life"])
@pytest.mark.parametrize("reason", REASONS)
def test_every_penalty_sentence_is_short_and_clean(unit: str, reason: str) -> None:
    for amount in (1, 2, 4):
        sentence = quinito_words.penalty(PenaltyCalled("Bruno", amount, unit, reason))  # type: ignore[arg-type]
        assert sentence.startswith("Bruno ") and sentence.endswith(".")
        assert len(sentence.split()) <= 8
        assert not BOIRE.search(sentence) and forbidden(sentence) == []


def test_penalty_sentences() -> None:
    assert (
        quinito_words.penalty(PenaltyCalled("Bruno", 1, "dose", "bluff")) == "Bruno prend une dose : bluff."
    )
    assert quinito_words.penalty(PenaltyCalled("Ana", 2, "life", "bluff")) == "Ana perd deux vies : bluff."
    gift = PenaltyCalled("Ana", 1, "life", "wrong_lift", beneficiary="Bruno")
    assert quinito_words.penalty(gift) == "Ana donne une vie à Bruno : levée à tort."


def test_nothing_said_in_any_written_game_uses_boire_Q11() -> None:
    said = [s for path in GAMES for s in run_script(load_script(path)).outcome()["spoken"]]
    assert len(said) > 100
    for sentence in said:
        assert not BOIRE.search(sentence), sentence
        assert forbidden(sentence) == [], sentence


def test_a_games_own_counter_is_said_in_its_words_between_the_stakes_and_the_points() -> None:
    """C3: the standings say a game's counters ("singulier / pluriel", its responses' `counters`) after
    the shared stakes; feminine cardinals up to twenty, then digits; 0 and 1 take the singular."""
    own = section(get_game("cinquillo").responses, "counters")
    assert [speech.counted(n, own["cards"]) for n in (0, 1, 2, 12, 25)] == [
        "zéro carte",
        "une carte",
        "deux cartes",
        "douze cartes",
        "25 cartes",
    ]
    line = speech.standing("Ana", {"cards": 3, "points": 12, "xp": 40}, own)
    assert line == "Ana : trois cartes, 12 points."
    assert speech.standing("Ana", {"cards": 3, "points": 12}) == "Ana : 12 points."  # no words, not said
    assert cinquillo_words.cards_words(1) == "une carte"
