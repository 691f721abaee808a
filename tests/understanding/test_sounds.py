"""Q11: names heard by their pronunciation (sounds.py), with a fake phonetizer and with espeak-ng."""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence

import pytest

from assistant.game import get_game
from assistant.understanding.parser import Parser
from assistant.understanding.sounds import Sounds, plain
from assistant.understanding.vigilance import Vigilance
from assistant.voice.speak.phonemes import EspeakPhonetizer
from tests.understanding.test_vigilance import MUST_FIRE, NEAR_MISSES, PLAYERS, described

SOUND_ALIKES = [
    ("margot", "Margaux"),
    ("arnaud", "Arnault"),
    ("thibault", "Thibaut"),
    ("sofie", "Sophie"),
    ("cloé", "Chloé"),
]
"""Spellings heard for a name, and the name."""
TABLE = ("Margaux", "Arnault", "Thibaut", "Sophie", "Chloé", "Rose")
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


class FakePhonetizer:
    """Pronounces from a table and records each batch it was asked for."""

    def __init__(self, table: Mapping[str, str]) -> None:
        self.table = table
        self.batches: list[list[str]] = []

    def __call__(self, words: Sequence[str]) -> Mapping[str, str]:
        self.batches.append(list(words))
        return {w: self.table[w] for w in words if w in self.table}


FAKE = {"margaux": "maʁɡˈo", "margot": "maʁɡˈo", "rose": "ʁˈoz", "roze": "ʁˈoz", "marge": "maʁʒ"}


def test_q11_sounds_are_plain_ipa_asked_once_per_word() -> None:
    """Q11: stress and length marks do not count; a known word is never asked again."""
    assert plain("maʁɡˈo") == plain("maʁɡo") == "maʁɡo"
    fake = FakePhonetizer(FAKE)
    sounds = Sounds(fake, ["margaux", "rose"])
    assert sounds.of("margaux") == "maʁɡo" and sounds.of("margot") == "maʁɡo"
    sounds.of("margot")
    assert fake.batches == [["margaux", "rose"], ["margot"]]
    assert Sounds().of("margot") == "" and not Sounds().active


def test_q11_a_word_pronounced_like_a_name_is_the_name() -> None:
    """Q11: "margot" is Margaux when they sound alike; a different sound is not."""
    table = Vigilance(["Margaux"], sounds=Sounds(FakePhonetizer(FAKE)))
    assert described(table.scan("margot cinquante deux")) == ["name_called:Margaux"]
    assert table.scan("marge cinquante deux") == ()
    assert Vigilance(["Margaux"]).scan("margot cinquante deux") == ()  # no phonetizer: keys only


def test_q11_names_that_are_common_words_stay_exact_only() -> None:
    """Q11: Rose is heard only as "rose", whatever sounds like it."""
    table = Vigilance(["Rose"], sounds=Sounds(FakePhonetizer(FAKE)))
    assert table.scan("roze à toi") == ()
    assert described(table.scan("rose à toi")) == ["name_called:Rose"]


def test_q11_the_parser_pronounces_names_and_name_like_words_once_at_construction() -> None:
    """Q11: one batch at construction (names, grammar words close to them); parsing reads the cache."""
    fake = FakePhonetizer(FAKE)
    parser = Parser(get_game("quinito"), ["Margaux", "Bruno"], phonetizer=fake)
    assert len(fake.batches) == 1 and "margaux" in fake.batches[0]
    parsed = parser.parse("margot cinquante deux")
    assert parsed.intent == "score" and parsed.fields.get("score") == 52
    assert described(parsed.violations) == ["name_called:Margaux"]
    parser.parse("margot cinquante deux")
    assert len(fake.batches) == 2  # "margot" was asked once, then remembered


@needs_espeak
def test_espeak_pronounces_a_batch_in_order() -> None:
    """espeak-ng answers one line per word, in the order given."""
    ipa = EspeakPhonetizer()(["margot", "margaux", "deux"])
    assert list(ipa) == ["margot", "margaux", "deux"]
    assert plain(ipa["margot"]) == plain(ipa["margaux"]) != plain(ipa["deux"])


@needs_espeak
@pytest.mark.parametrize(("heard", "player"), SOUND_ALIKES)
def test_q11_sound_alike_names_with_espeak(heard: str, player: str) -> None:
    """Q11: spellings espeak-ng pronounces like a player's name are that name."""
    parser = Parser(get_game("quinito"), TABLE, phonetizer=EspeakPhonetizer())
    assert described(parser.parse(f"{heard} je prends").violations) == [f"name_called:{player}"]


@needs_espeak
def test_q11_corpora_hold_with_espeak() -> None:
    """Q11: with sounds on, the must-fire corpus is still caught exactly and near misses never fire."""
    table = Vigilance(PLAYERS, sounds=Sounds(EspeakPhonetizer()))
    assert [described(table.scan(text)) for text, _ in MUST_FIRE] == [e.split(";") for _, e in MUST_FIRE]
    assert [text for text in NEAR_MISSES if table.scan(text)] == []


def test_one_espeak_process_answers_every_batch() -> None:
    """Words first heard mid-game are asked of the same espeak-ng process (no new process per word),
    with the same answers as one-off runs; a line's words are asked together."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    phonetizer = EspeakPhonetizer()
    first = phonetizer(["margot", "chloé"])
    later = [phonetizer([word]) for word in ("zoé", "bruno", "jean-luc")]
    assert phonetizer.spawned == 1
    alone = EspeakPhonetizer()
    assert {**first, **{k: v for d in later for k, v in d.items()}} == {
        w: alone._run(w + ".").strip() for w in ("margot", "chloé", "zoé", "bruno", "jean-luc")
    }
    parser = Parser(get_game("quinito"), TABLE, phonetizer=phonetizer)
    before = phonetizer.spawned
    parser.parse("margaux et rébecca boivent avec karine")
    assert phonetizer.spawned == before
    phonetizer.close()
    assert phonetizer(["deux"]) == {"deux": alone._run("deux.").strip()}
