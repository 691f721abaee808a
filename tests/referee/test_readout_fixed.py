"""Q6: a charge says what it relied on, so a wrong reading is fixed on the spot ("arbitre non c'était
six six"): the read-out and its charge are taken back, the dice said now are read instead."""

from __future__ import annotations

from assistant.scripts.replay_run import referee_for
from assistant.scripts.script import parse_script


def test_Q6_arbitre_non_cetait_six_six_moves_the_charge_to_the_lifter() -> None:
    r = referee_for(parse_script("game: quinito\nplayers: Ana, Bruno, Chloé\n---\n"))
    r.hear("Ana", "soixante trois")
    r.hear("Bruno", "menteur")
    assert r.hear(None, "six deux")[:2] == ["Six deux : soixante-deux.", "Ana prend une dose : bluff."]
    fixed = r.hear(None, "arbitre non c'était six six")
    assert "Six six : double six." in fixed and "Bruno prend une dose : levée à tort." in fixed
    assert r.penalties() == [{"player": "Bruno", "amount": 1, "unit": "dose", "reason": "wrong_lift"}]


def test_Q6_a_correction_long_after_the_read_out_changes_nothing() -> None:
    r = referee_for(parse_script("game: quinito\nplayers: Ana, Bruno, Chloé\n---\n"))
    for speaker, line in (("Ana", "soixante trois"), ("Bruno", "menteur"), (None, "six deux")):
        r.hear(speaker, line)
    r.hear("Ana", "quarante deux")
    r.hear("Bruno", "j'accepte")
    r.hear("Bruno", "cinquante deux")
    r.hear(None, "arbitre non c'était six six")
    assert r.penalties() == [{"player": "Ana", "amount": 1, "unit": "dose", "reason": "bluff"}]
