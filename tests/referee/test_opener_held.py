"""C3 from one microphone: the first cards heard before anyone says who laid the 5 of oros are kept
and played in turn once the table says it; the question is said twice at most."""

from __future__ import annotations

from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.settings.table import table_config


def referee() -> Referee:
    return Referee(table_config({"game": "cinquillo", "players": "Ana, Bruno, Chloé, David"}), FakeClock())


def test_C3_cards_held_until_the_opener_is_said_then_played_in_turn() -> None:
    r = referee()
    said = [
        r.hear(None, line) for line in ("cinq de deniers", "six de deniers", "je passe", "quatre de deniers")
    ]
    assert said[0] == ["Qui joue ?"] and said[1] == ["Qui joue ?"] and said[2] == [] and said[3] == []
    r.hear(None, "c'est Bruno")
    cards = {p: c["cards"] for p, c in r.state.standings().items()}
    assert cards == {"Ana": 9, "Bruno": 9, "Chloé": 9, "David": 10}  # Bruno 5, Chloé 6, David passes, Ana 4
    assert r.state.current == "Bruno"


def test_C3_a_named_card_after_held_ones_says_who_opened() -> None:
    r = referee()
    r.hear(None, "cinq de deniers")
    r.hear("Chloé", "six de deniers")
    cards = {p: c["cards"] for p, c in r.state.standings().items()}
    assert cards == {"Ana": 10, "Bruno": 9, "Chloé": 9, "David": 10}
    assert r.state.current == "David"
