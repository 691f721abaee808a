"""C2: deal sizes per table size, the 2-player stock, and the 3-player 14-card hand moving right."""

from __future__ import annotations

import itertools
import random

import pytest

from assistant.core.game import Refused
from assistant.games.cinquillo.bot import deal
from assistant.games.cinquillo.commands import Card, Deal
from assistant.games.cinquillo.deck import DECK
from assistant.games.cinquillo.events import RoundDealt
from tests.games.cinquillo.builders import finish_round, session


def test_c2_two_players_get_the_table_hand_and_the_rest_is_stock() -> None:
    s = session("A,B", hand=13).apply(Deal((13, 13)))
    assert s.state.stock_count == 14
    assert s.state.standings()["A"]["cards"] == 13
    with pytest.raises(Refused, match=r"two_hands.*'hand': 13"):
        session("A,B", hand=13).apply(Deal((12, 12)))


def test_c2_four_players_get_ten_each_and_no_stock() -> None:
    s = session("A,B,C,D").apply(Deal((10, 10, 10, 10)))
    assert s.state.stock_count == 0
    for counts in [(10, 10, 10, 9), (11, 10, 10, 9), (10, 10, 10)]:
        with pytest.raises(Refused):
            session("A,B,C,D").apply(Deal(counts))


@pytest.mark.parametrize("holder", [0, 1, 2])
def test_c2_three_players_one_drawn_by_lot_gets_fourteen(holder: int) -> None:
    counts = tuple(14 if i == holder else 13 for i in range(3))
    s = session("A,B,C").apply(Deal(counts))
    assert s.state.fourteen == "ABC"[holder]
    with pytest.raises(Refused, match=r"three_hands|fourteen_goes_right"):
        session("A,B,C").apply(Deal((14, 14, 12)))
    with pytest.raises(Refused, match=r"three_hands|fourteen_goes_right"):
        session("A,B,C").apply(Deal((13, 13, 13)))


def test_c2_later_rounds_give_the_fourteen_to_the_right_of_the_previous_holder() -> None:
    """Seating is clockwise, so the right of B is A and the right of A is C."""
    rng = random.Random(3)
    s = session("A,B,C")
    s = s.apply(Deal((13, 14, 13), *_split((13, 14, 13), rng)))
    s = finish_round(s, rng)
    assert s.state.phase == "deal"
    with pytest.raises(Refused, match=r"fourteen_goes_right.*'player': 'A'"):
        s.apply(Deal((13, 14, 13)))
    with pytest.raises(Refused, match=r"fourteen_goes_right.*'player': 'A'"):
        s.apply(Deal((13, 13, 14)))
    s = s.apply(Deal((14, 13, 13)))
    assert s.state.fourteen == "A"


def test_c2_bot_deals_rotate_the_fourteen_right_round_after_round() -> None:
    rng = random.Random(11)
    s = session("A,B,C", target=500)
    holders: list[str | None] = []
    for _ in range(5):
        s = finish_round(s, rng)
        dealt = [e for e in s.events if isinstance(e, RoundDealt)]
        holders.append(dealt[-1].fourteen)
    for before, after in itertools.pairwise(holders):
        assert before is not None
        assert after == {"A": "C", "B": "A", "C": "B"}[before]


def test_c2_simulated_hands_must_hold_the_forty_cards_once() -> None:
    hands = (DECK[:10], DECK[10:20], DECK[20:30], (*DECK[30:39], DECK[0]))
    with pytest.raises(Refused, match="whole_deck"):
        session("A,B,C,D").apply(Deal((10,) * 4, hands))
    with pytest.raises(Refused, match=r"stock_size.*'count': 16"):
        session("A,B").apply(Deal((12, 12), (DECK[:12], DECK[12:24]), DECK[24:39]))


def test_c2_no_redeal_during_a_round() -> None:
    s = session("A,B,C,D").apply(Deal((10,) * 4))
    with pytest.raises(Refused, match="round_going"):
        s.apply(Deal((10,) * 4))


def _split(counts: tuple[int, ...], rng: random.Random) -> tuple[tuple[tuple[Card, ...], ...], None]:
    deck = list(DECK)
    rng.shuffle(deck)
    hands, at = [], 0
    for n in counts:
        hands.append(tuple(deck[at : at + n]))
        at += n
    return tuple(hands), None


def test_c2_bot_deal_matches_the_table_size() -> None:
    rng = random.Random(0)
    for players, counts in [("A,B", (12, 12)), ("A,B,C,D", (10,) * 4)]:
        state = session(players).state
        d = deal(state, state.config, rng)
        assert d.counts == counts
        assert d.hands is not None
        assert sorted([*(c for h in d.hands for c in h), *(d.stock or ())]) == sorted(DECK)
