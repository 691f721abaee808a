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


def test_q6_v_forced_reroll_three_moves_in_one_line_are_all_acted_on() -> None:
    """An accept, the re-throw it obliges and the new announcement: the re-throw is no longer dropped (the
    referee asked "relance les dés" of a player who just said he did)."""
    config = table_config(
        {"game": "quinito", "players": "Ana,Bruno,Chloé", "slow": "30", "variants": "V-forced-reroll"}
    )
    r = Referee(config, FakeClock())
    r.hear("Ana", "soixante deux")
    before = len(r.session.entries)
    said = r.hear("Bruno", "j'accepte je relance soixante cinq")
    assert said[-1] == "Soixante-cinq, Bruno."
    assert not any("relance" in s for s in said)
    assert len(r.session.entries) == before + 3
    assert r.state.current == "Chloé"
