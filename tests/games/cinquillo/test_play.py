"""C3 (original play, who starts, passing and drawing) and C4 (later rounds)."""

from __future__ import annotations

import random

import pytest

from assistant.core.expectation import Expectation
from assistant.core.game import Refused
from assistant.game import get_game
from assistant.games.cinquillo.commands import Card, Draw, Pass, Play
from assistant.games.cinquillo.deck import DECK, RANK_ORDER, SUIT_ORDER
from assistant.games.cinquillo.events import CardPlayed, Drew, RoundDealt
from assistant.games.cinquillo.state import Layout
from tests.games.cinquillo.builders import dealt_with, finish_round, plays, referee_deal, session


def test_c3_referee_mode_first_round_opens_with_the_five_of_oros_by_whoever_holds_it() -> None:
    s = referee_deal(session("A,B,C,D"))
    assert s.state.expecting() == Expectation("play", None)
    with pytest.raises(Refused, match="first_round_opening"):
        plays(s, "A:5-copas")
    s = plays(s, "C:5-oros")
    assert s.state.starter == "C"
    assert s.state.current == "D"
    assert s.state.standings()["C"]["cards"] == 9


def test_c3_simulation_the_holder_of_the_five_of_oros_starts() -> None:
    deck = [c for c in DECK if c != Card(5, "oros")]
    hands = [deck[0:10], deck[10:20], [*deck[20:29], Card(5, "oros")], deck[29:39]]
    s = dealt_with(session("A,B,C,D"), hands)
    assert s.state.current == "C"
    with pytest.raises(Refused, match=r"not_your_move.*'player': 'A', 'expected': 'C'"):
        s.apply(Pass("A"))


def test_c3_a_row_grows_one_step_up_or_down_and_fives_open_suits() -> None:
    s = plays(referee_deal(session("A,B,C,D")), "A:5-oros", "B:5-copas")
    with pytest.raises(Refused) as refused:
        plays(s, "C:7-copas")
    assert refused.value.code == "not_next" and refused.value.values["row"] == (5, 5)
    book = get_game("cinquillo").rulebook(get_game("cinquillo").rules({"players": "A,B,C,D"}))
    said = book.refusal(refused.value)
    assert said == "Le sept de coupes ne se pose pas : la rangée de coupes s'arrête au cinq."
    with pytest.raises(Refused, match=r"five_first.*'suit': 'espadas'"):
        plays(s, "C:4-espadas")
    with pytest.raises(Refused, match="on_table"):
        plays(s, "C:5-copas")
    s = plays(s, "C:6-copas", "D:4-copas", "A:7-copas", "B:sota-copas", "C:5-espadas")
    with pytest.raises(Refused) as refused:
        plays(s, "D:rey-copas")
    assert book.refusal(refused.value) == (
        "Le roi de coupes ne se pose pas : la rangée de coupes va du quatre au valet."
    )
    s = plays(s, "D:caballo-copas", "A:3-copas")
    assert s.state.layout.row("copas") == (3, 11)
    assert s.state.layout.cards_on_table() == 9  # 5-oros, copas 3..caballo (7), 5-espadas


def test_c3_every_card_walks_its_row_in_deck_order() -> None:
    """Walk each suit up from 5 to rey then down to 1; at every step exactly the next card up, the
    next card down and the unopened fives are playable, among all 40 cards."""
    layout = Layout()
    for suit in SUIT_ORDER:
        order = [c for c in DECK if c.suit == suit]
        for card in [order[4], *order[5:], *order[3::-1]]:
            layout, blocked = layout.after(card)
            assert blocked == ()
            expected = set()
            for other in SUIT_ORDER:
                row = layout.row(other)
                if row is None:
                    expected.add(Card(5, other))
                    continue
                low, high = RANK_ORDER.index(row[0]), RANK_ORDER.index(row[1])
                expected |= {Card(RANK_ORDER[i], other) for i in (low - 1, high + 1) if 0 <= i < 10}
            assert {c for c in DECK if layout.playable(c, caprone=False, first_round=False)} == expected
            assert {
                c for c in DECK if layout.refusal(c, caprone=False, first_round=False) is None
            } == expected
    assert layout.cards_on_table() == 40
    assert layout.exhausted()


def test_c3_cannot_pass_with_a_playable_card_when_hands_are_known() -> None:
    hands = [list(DECK[i : i + 10]) for i in range(0, 40, 10)]  # A holds every oros
    s = dealt_with(session("A,B,C,D"), hands)
    assert s.state.current == "A"
    with pytest.raises(Refused, match="can_play"):
        s.apply(Pass("A"))
    with pytest.raises(Refused, match=r"not_in_hand.*'player': 'A'.*rank=5, suit='copas'"):
        s.apply(Play("A", Card(5, "copas")))
    s = s.apply(Play("A", Card(5, "oros")))
    with pytest.raises(Refused, match="can_play"):
        s.apply(Pass("B"))  # B holds the 5 of copas
    s = s.apply(Play("B", Card(5, "copas")))
    s = s.apply(Play("C", Card(5, "espadas"))).apply(Play("D", Card(5, "bastos")))
    s = s.apply(Play("A", Card(6, "oros")))
    assert s.state.current == "B"


def test_c3_two_players_pass_then_draw_the_top_of_the_stock() -> None:
    deck = list(DECK)
    a = [c for c in deck if c.suit == "oros"] + [Card(1, "copas"), Card(2, "copas")]
    b = [c for c in deck if c.suit == "espadas"] + [Card(1, "bastos"), Card(2, "bastos")]
    stock = [c for c in deck if c not in a and c not in b]
    s = dealt_with(session("A,B", hand=12), [a, b], stock)
    s = plays(s, "A:5-oros")
    s = s.apply(Play("B", Card(5, "espadas")))
    s = plays(s, "A:6-oros", "B:6-espadas", "A:4-oros")
    s = s.apply(Play("B", Card(4, "espadas")))
    for _ in range(2):
        s = plays(s, f"A:{['7', '3'][_]}-oros", f"B:{['7', '3'][_]}-espadas")
    s = plays(s, "A:sota-oros", "B:sota-espadas", "A:2-oros", "B:2-espadas", "A:caballo-oros")
    s = plays(s, "B:caballo-espadas", "A:1-oros", "B:1-espadas", "A:rey-oros", "B:rey-espadas")
    assert s.state.current == "A"
    with pytest.raises(Refused, match="draw_after_pass"):
        s.apply(Draw("A"))
    s = s.apply(Pass("A"))
    assert s.state.expecting() == Expectation("draw", "A")
    with pytest.raises(Refused, match=r"draw_first.*'player': 'A'"):
        s.apply(Play("A", Card(1, "copas")))
    top = stock[0]
    s = s.apply(Draw("A"))
    assert s.events[-1] == Drew("A", top)
    assert s.state.stock_count == len(stock) - 1
    assert s.state.counts[0] == 3
    assert s.state.current == "B"


def test_c3_referee_mode_drawing_counts_cards_without_knowing_them() -> None:
    s = referee_deal(session("A,B", hand=10))
    s = s.apply(Pass("B"))
    assert s.state.expecting() == Expectation("draw", "B")
    s = s.apply(Draw("B"))
    assert s.state.counts == (10, 11)
    assert s.state.stock_count == 19
    assert s.state.current is None  # still waiting for the 5 of oros, from anyone


def test_c4_later_rounds_start_right_of_the_previous_starter_with_any_five() -> None:
    rng = random.Random(5)
    s = finish_round(session("A,B,C,D", target=500), rng)
    first = next(e for e in s.events if isinstance(e, CardPlayed))
    assert first.card == Card(5, "oros")
    starters = [first.player]
    for _ in range(3):
        s = finish_round(s, rng)
        dealt = [e for e in s.events if isinstance(e, RoundDealt)][-1]
        assert dealt.starter == {"A": "D", "B": "A", "C": "B", "D": "C"}[starters[-1]]
        starters.append(dealt.starter)


def test_c4_the_starter_must_open_with_a_five_or_pass() -> None:
    rng = random.Random(2)
    s = finish_round(session("A,B,C,D", target=500), rng)
    s = referee_deal(s)
    starter = s.state.starter
    assert starter is not None and s.state.current == starter
    with pytest.raises(Refused, match="round_opening"):
        s.apply(Play(starter, Card(6, "copas")))
    opened = s.apply(Play(starter, Card(5, "bastos")))
    assert opened.state.layout.row("bastos") == (5, 5)
    passed = s.apply(Pass(starter))
    assert passed.state.current == passed.state.left_of(starter)


def test_c3_when_the_five_of_oros_lies_in_the_stock_the_first_seat_passes_and_draws() -> None:
    five = Card(5, "oros")
    rest = [c for c in DECK if c != five]
    a = [c for c in rest if c.suit == "copas"] + [Card(1, "oros"), Card(2, "oros")]
    b = [c for c in rest if c.suit == "espadas"] + [Card(3, "oros"), Card(4, "oros")]
    stock = [five] + [c for c in rest if c not in a and c not in b]
    s = dealt_with(session("A,B", hand=12), [a, b], stock)
    assert s.state.current == "A"
    with pytest.raises(Refused, match="first_round_opening"):
        s.apply(Play("A", Card(5, "copas")))
    s = s.apply(Pass("A")).apply(Draw("A"))
    assert s.state.hand("A") == (*a, five)
    s = s.apply(Pass("B")).apply(Draw("B"))
    s = s.apply(Play("A", five))
    assert s.state.starter == "A"
    assert s.state.current == "B"


def test_c3_referee_mode_without_stock_nobody_passes_before_the_five_of_oros() -> None:
    s = referee_deal(session("A,B,C,D", mode="caprone"))
    with pytest.raises(Refused, match="five_of_oros_first"):
        s.apply(Pass("B"))
