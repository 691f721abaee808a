"""Q6: a line holding two moves (Parse.moves) is acted on in order, each in the game the one before
leaves, and one undo takes the whole line back."""

from __future__ import annotations

from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.settings.table import table_config


def referee() -> Referee:
    config = table_config({"game": "quinito", "players": "Ana,Bruno,Chloé", "slow": "30"})
    return Referee(config, FakeClock())


def test_q6_an_accept_and_the_next_announcement_in_one_line() -> None:
    r = referee()
    r.hear("Ana", "soixante deux")
    assert r.hear("Bruno", "j'accepte soixante cinq")[-1] == "Soixante-cinq, Bruno."
    assert r.state.current == "Chloé"


def test_q6_a_lift_and_its_read_out_in_one_line_charge_the_bluffer() -> None:
    r = referee()
    r.hear("Ana", "soixante deux")
    r.hear("Bruno", "j'accepte soixante cinq")
    r.hear("Chloé", "menteur y a soixante quatre")
    assert [(p["player"], p["reason"]) for p in r.penalties()] == [("Bruno", "bluff")]


def test_q6_one_undo_takes_back_both_moves_of_the_line() -> None:
    r = referee()
    r.hear("Ana", "soixante deux")
    before = len(r.session.entries)
    r.hear("Bruno", "j'accepte soixante cinq")
    assert len(r.session.entries) == before + 2
    r.hear("Bruno", "arbitre annule")
    assert len(r.session.entries) == before
