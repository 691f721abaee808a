"""C3: the table corrects a card count the referee heard wrong; C2 the deal counts.

The referee never sees the hands: a corrected count is what the table says, refused only when it
cannot be (below zero, more cards than the hands hold together, or hands known in simulation); a
count of 0 ends the round (C5). Undo drops a correction like any move.
"""

from __future__ import annotations

import random

import pytest

from assistant.core.game import Refused
from assistant.games.cinquillo.bot import deal
from assistant.games.cinquillo.commands import SetCount
from assistant.games.cinquillo.counts import most_cards
from assistant.games.cinquillo.events import CountCorrected, RoundWon
from tests.games.cinquillo.builders import plays, referee_deal, session


def test_C3_a_corrected_count_replaces_the_heard_one_and_undo_restores_it() -> None:
    s = plays(referee_deal(session("A,B,C")), "B:5-oros")
    fixed = s.apply(SetCount("B", 12))
    assert fixed.events[-1] == CountCorrected("B", 12)
    assert fixed.state.standings()["B"]["cards"] == 12
    assert fixed.undo(1).state == s.state


def test_C3_the_most_a_hand_holds_is_what_the_table_and_other_hands_leave() -> None:
    s = plays(referee_deal(session("A,B,C,D")), "B:5-oros")  # 10, 9, 10, 10 and one card down
    assert most_cards(s.state, "B") == 40 - 1 - 30
    assert s.apply(SetCount("B", 9)).state.counts[1] == 9
    with pytest.raises(Refused) as refused:
        s.apply(SetCount("B", 12))
    assert refused.value.code == "count_too_many"
    assert refused.value.values["most"] == 9


@pytest.mark.parametrize(
    ("player", "count", "code"), [("B", -1, "count_negative"), ("Zoé", 3, "unknown_player")]
)
def test_C3_an_impossible_count_or_an_unknown_player_is_refused(player: str, count: int, code: str) -> None:
    s = plays(referee_deal(session("A,B,C")), "B:5-oros")
    with pytest.raises(Refused) as refused:
        s.apply(SetCount(player, count))
    assert refused.value.code == code


def test_C3_no_count_is_told_before_the_deal_nor_when_the_hands_are_known() -> None:
    with pytest.raises(Refused) as refused:
        session("A,B,C,D").apply(SetCount("A", 3))
    assert refused.value.code == "deal_first"
    s = session("A,B,C,D")
    dealt = s.apply(deal(s.state, s.state.config, random.Random(7)))  # simulation: hands known
    with pytest.raises(Refused) as refused:
        dealt.apply(SetCount("A", 3))
    assert refused.value.code == "count_known"


def test_C5_a_count_of_zero_wins_the_round_for_that_player() -> None:
    s = plays(referee_deal(session("A,B,C,D")), "B:5-oros").apply(SetCount("C", 0))
    won = [e for e in s.events if isinstance(e, RoundWon)]
    assert won == [RoundWon(("C",), 5 + 10 + 9 + 10, (10, 9, 0, 10))]
    assert s.state.standings()["C"]["points"] == 34
