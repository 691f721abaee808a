"""Players enrol their voices; a breach heard with a confidently matched voice is charged to
that player, and one that matches nobody is asked about (Q11: never charged at random)."""

from __future__ import annotations

import random

from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.runtime.enrolment import enrol
from assistant.runtime.live import from_heard
from assistant.settings.table import table_config
from assistant.voice.hear.heard import Heard

PLAYERS = ("Ana", "Bruno", "Chloé")


def _voice(seed: int) -> tuple[float, ...]:
    rng = random.Random(seed)
    return tuple(rng.gauss(0.0, 1.0) for _ in range(128))


def _noisy(voice: tuple[float, ...], seed: int) -> tuple[float, ...]:
    rng = random.Random(seed)
    return tuple(x + rng.gauss(0.0, 0.4) for x in voice)


def _heard(text: str, voice: tuple[float, ...] | None, mode: str = "open") -> Heard:
    return Heard(text, 0.0, 1.0, 0.95, (), True, mode, True, voice)  # type: ignore[arg-type]


VOICES = {name: _voice(i) for i, name in enumerate(PLAYERS)}


def test_each_player_is_asked_and_enrolled_from_the_next_result_with_a_voice() -> None:
    said: list[str] = []
    results = iter(
        [
            _heard("bonjour", VOICES["Ana"]),
            _heard("euh", None),  # no speaker vector: wait for the next one
            _heard("salut", VOICES["Bruno"]),
            _heard("coucou", VOICES["Chloé"]),
        ]
    )
    book = enrol(PLAYERS, results, said.append)
    assert book.enrolled == PLAYERS
    assert said[0] == "Ana, dis quelques mots pour que je reconnaisse ta voix."
    assert said[-1] == "Merci, je reconnais 3 voix."


def test_a_player_who_never_gives_a_voice_is_skipped_not_guessed() -> None:
    said: list[str] = []
    results = iter(
        [_heard("bonjour", VOICES["Ana"]), *[_heard("...", None)] * 3, _heard("x", VOICES["Chloé"])]
    )
    book = enrol(PLAYERS, results, said.append)
    assert book.enrolled == ("Ana", "Chloé")
    assert "Je n'ai pas saisi la voix de Bruno : je demanderai qui parle." in said


def test_q11_a_breach_is_charged_to_the_voice_that_matches() -> None:
    book = enrol(PLAYERS, iter([_heard("a", v) for v in VOICES.values()]), lambda _s: None)
    referee = Referee(table_config({"game": "quinito", "players": ",".join(PLAYERS)}), FakeClock())
    heard = [_heard("allez je bois un coup", _noisy(VOICES["Bruno"], 5))]
    for utterance in from_heard(heard, referee.parser, dual=True, voices=book):
        referee.hear(utterance.speaker, utterance.text, utterance.conf)
    assert referee.penalties() == [
        {"player": "Bruno", "amount": 1, "unit": "dose", "reason": "forbidden_word"}
    ]


def test_q11_an_unknown_voice_makes_the_referee_ask_who_said_it() -> None:
    book = enrol(PLAYERS, iter([_heard("a", v) for v in VOICES.values()]), lambda _s: None)
    referee = Referee(table_config({"game": "quinito", "players": ",".join(PLAYERS)}), FakeClock())
    said: list[str] = []
    for utterance in from_heard([_heard("je bois", _voice(99))], referee.parser, dual=True, voices=book):
        said += referee.hear(utterance.speaker, utterance.text, utterance.conf)
    assert referee.penalties() == [] and said == ["Qui a dit ça ?"]
