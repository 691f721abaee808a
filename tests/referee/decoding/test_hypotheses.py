"""Hypotheses folded on the pure engine: a reading fits when the engine accepts it; two readings that
change who pays are told apart (Q2/Q4 "deux six", Q6)."""

from __future__ import annotations

from typing import Any

from assistant.core.game import Session
from assistant.game import get_game
from assistant.games.quinito import commands as q
from assistant.referee.decoding.echoes import Settled, is_echo, said_value, thrown
from assistant.referee.decoding.hypotheses import continuing, fit, fitting, same_payers
from assistant.scripts.replay_run import referee_for
from assistant.scripts.script import parse_script


def lifted_63() -> Session[Any, Any, Any]:
    """Ana announced 63, Bruno lifted: the table reads the dice out."""
    script = parse_script("game: quinito\nplayers: Ana, Bruno, Chloé\n---\n")
    referee = referee_for(script)
    referee.apply((q.Announce("Ana", 63), q.Lift("Bruno")))
    return referee.session


def test_Q4_the_two_readings_of_deux_six_change_who_pays() -> None:
    session = lifted_63()
    fitted = fitting(session, [(q.Reveal(66),), (q.Reveal(62),)])
    assert [f.charges for f in fitted] == [(("Bruno", "wrong_lift"),), (("Ana", "bluff"),)]
    assert not same_payers(fitted)


def test_Q6_readings_that_charge_the_same_player_need_no_question() -> None:
    fitted = fitting(lifted_63(), [(q.Reveal(64),), (q.Reveal(65),)])
    assert same_payers(fitted)


def test_a_reading_the_engine_refuses_does_not_fit() -> None:
    session = lifted_63()
    assert fit(session, (q.Announce("Chloé", 42),)) is None
    assert fit(session, (q.Reveal(62),)) is not None
    assert fit(session, ()) is not None and fit(session, ()).session is session  # type: ignore[union-attr]


def test_Q6_the_next_line_is_evidence_for_the_reading_it_continues() -> None:
    session = lifted_63()
    fitted = fitting(session, [(q.Reveal(66),), (q.Reveal(62),)])
    ana_next = continuing(fitted, lambda _s: (q.Announce("Ana", 42),))
    assert [r.commands for r, _ in ana_next] == [(q.Reveal(62),)]  # Ana throws next only if she paid


def test_Q6_an_echo_is_a_bare_repeat_of_the_value_just_settled() -> None:
    module = get_game("quinito")
    value_of = module.rulebook(module.rules({"players": "Ana,Bruno,Chloé"})).value_of
    settled = Settled(62, line=3)
    assert is_echo((q.Announce("Ana", 62),), settled, 4, value_of)
    assert not is_echo((q.Announce("Ana", 62),), settled, 7, value_of)
    assert not is_echo((q.Announce("Ana", 63),), settled, 4, value_of)
    assert thrown((q.Reveal(54),)) == 54 and said_value((q.Reveal(54),), value_of) is None
    assert said_value((q.Claim("Ana", 21),), value_of) == 21
