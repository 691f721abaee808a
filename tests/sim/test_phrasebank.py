"""The phrase bank: every book loads, templates look like a recogniser's output, slots are known,
and no template owes a fault of its own (Q11: no player's name, no form of the forbidden verb)."""

from __future__ import annotations

import re

from assistant.game.talk import seat_key
from assistant.sim.phrasebank import SLOT, load
from assistant.sim.table.tables import NAMES

SCORES = (31, 32, 41, 42, 43, 51, 52, 53, 54, 61, 62, 63, 64, 65, 11, 22, 33, 44, 55, 66, 21)
VOSK = re.compile(r"[a-zàâçéèêëîïôûùüÿœæ' {}_-]+")
FORBIDDEN = re.compile(r"\b(boire|bois|boit|boivent|buvons|buvez|buvait|buvais|bu|boira|bue)\b")
SLOTS = {
    "quinito": {"score", "name", "seat", "first", "second", "announced"},
    "cinquillo": {"card", "name"},
    "table": {"text", "name"},
}


def _templates() -> list[tuple[str, str, str]]:
    return [
        (name, section, t)
        for name, book in load().items()
        for section, ts in book.templates.items()
        for t in ts
    ]


def test_every_book_of_every_game_loads_with_several_hundred_templates() -> None:
    books = load()
    assert {"quinito", "cinquillo", "table", "noise"} <= set(books)
    assert len(_templates()) >= 300


def test_templates_are_lower_case_words_without_punctuation() -> None:
    for name, section, template in _templates():
        assert VOSK.fullmatch(template), (name, section, template)
        assert template == template.strip() and "  " not in template, (name, section, template)


def test_templates_use_only_the_slots_their_book_fills() -> None:
    for name, section, template in _templates():
        assert set(SLOT.findall(template)) <= SLOTS[name], (name, section, template)


def test_q11_no_template_names_a_player_or_says_the_forbidden_verb() -> None:
    names = {n.casefold() for n in NAMES}
    for name, section, template in _templates():
        assert not FORBIDDEN.search(template), (name, section, template)
        assert not names & set(template.casefold().split()), (name, section, template)


def test_q3_q4_every_score_and_chance_can_be_said() -> None:
    scores = load()["quinito"].forms["scores"]
    assert set(scores) == {str(s) for s in SCORES} | {"chance"}
    assert all(len(forms) >= 2 for forms in scores.values())


def test_c1_every_rank_and_suit_can_be_said() -> None:
    book = load()["cinquillo"]
    assert set(book.forms["ranks"]) == {"1", "2", "3", "4", "5", "6", "7", "10", "11", "12"}
    assert set(book.forms["suits"]) == {"oros", "copas", "espadas", "bastos"}


def test_every_seat_of_tables_of_2_to_12_has_words() -> None:
    seats = load()["quinito"].forms["seats"]
    for size in range(2, 13):
        seating = NAMES[:size]
        for speaker in seating:
            for target in seating:
                assert seat_key(seating, speaker, target) in seats


def test_seats_follow_the_contract_left_is_next_clockwise() -> None:
    seating = ("Ana", "Bruno", "Chloé", "David")
    assert seat_key(seating, "Ana", "Bruno") == "left"
    assert seat_key(seating, "Ana", "David") == "right"
    assert seat_key(seating, "Ana", "Chloé") == "facing"
    assert seat_key(seating, "Ana", "Ana") == "self"
    assert seat_key(NAMES[:7], NAMES[0], NAMES[3]) == "left3"
