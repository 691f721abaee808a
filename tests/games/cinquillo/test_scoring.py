"""C5 (original scoring), C6 (caprone scoring and the split), C7 (match target), C8 (XP)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from assistant.core.expectation import Expectation
from assistant.core.game import Refused, Session
from assistant.games.cinquillo.commands import Abandon, Card, Play
from assistant.games.cinquillo.config import CinquilloConfig, Mode
from assistant.games.cinquillo.engine import CinquilloGame
from assistant.games.cinquillo.events import MatchWon, PlayerAbandoned, RoundWon, XpAwarded
from assistant.games.cinquillo.scoring import match_winners, round_result, xp_changes
from assistant.games.cinquillo.state import CinquilloState, Layout
from tests.games.cinquillo.builders import referee_deal, session


def _mid_round(
    mode: Mode, counts: tuple[int, ...], points: tuple[int, ...], target: int = 50
) -> CinquilloState:
    """A referee-mode round in progress: only the 5 of oros is down, A to play."""
    config = CinquilloConfig(("A", "B", "C", "D")[: len(counts)], mode=mode, target=target)
    return replace(
        CinquilloState.start(config),
        phase="play",
        round=2,
        current="A",
        starter="A",
        counts=counts,
        layout=Layout(((5, 5), None, None, None)),
        points=points,
    )


def test_c5_first_out_scores_five_plus_one_per_card_left() -> None:
    game = CinquilloGame(CinquilloConfig(("A", "B", "C", "D")))
    state = _mid_round("original", (1, 3, 4, 6), (0, 0, 0, 0))
    events = game.decide(state, Play("A", Card(6, "oros")))
    assert events[1] == RoundWon(("A",), 5 + 13, (0, 3, 4, 6))
    assert round_result(replace(state, counts=(0, 3, 4, 6))) == (("A",), 18)


def test_c6_fewest_cards_score_the_cards_left_1_3_4_6_gives_13() -> None:
    state = _mid_round("caprone", (1, 3, 4, 6), (0, 0, 0, 0))
    assert round_result(state) == (("A",), 13)


@pytest.mark.parametrize(
    ("counts", "winners", "each"),
    [
        ((2, 2, 5, 6), ("A", "B"), 5),  # 11 / 2 = 5.5 -> 5
        ((3, 1, 1, 1), ("B", "C", "D"), 1),  # 3 / 3
        ((1, 1, 1, 2), ("A", "B", "C"), 0),  # 2 / 3 -> 0
        ((4, 3, 4), ("B",), 8),
    ],
)
def test_c6_tied_winners_split_rounded_down(
    counts: tuple[int, ...], winners: tuple[str, ...], each: int
) -> None:
    state = _mid_round("caprone", counts, (0,) * len(counts))
    assert round_result(state) == (winners, each)


def test_c7_the_match_ends_at_the_target_and_the_highest_wins() -> None:
    assert match_winners(("A", "B", "C"), (49, 30, 0), 50) is None
    assert match_winners(("A", "B", "C"), (50, 30, 0), 50) == ("A",)
    assert match_winners(("A", "B", "C"), (55, 61, 0), 50) == ("B",)
    assert match_winners(("A", "B", "C"), (61, 61, 0), 50) == ("A", "B")


def test_c7_c8_equal_highest_scores_are_a_draw_through_the_engine() -> None:
    game = CinquilloGame(CinquilloConfig(("A", "B", "C", "D")))
    state = _mid_round("original", (1, 5, 5, 5), (45, 65, 0, 0))
    s = Session(game, (), state).apply(Play("A", Card(6, "oros")))
    assert s.state.points == (65, 65, 0, 0)
    assert s.state.winner == ["A", "B"]
    assert s.state.expecting() == Expectation("over")
    assert MatchWon(("A", "B")) in s.events
    assert xp_changes(s.state) == {"A": 0, "B": 0, "C": -10, "D": -10}
    with pytest.raises(Refused, match="game_over"):
        s.apply(Play("B", Card(7, "oros")))


def test_c7_c8_a_single_winner_gains_ten_per_player() -> None:
    game = CinquilloGame(CinquilloConfig(("A", "B", "C")))
    state = _mid_round("original", (1, 5, 5), (40, 10, 20))
    s = Session(game, (), state).apply(Play("A", Card(4, "oros")))
    assert s.state.winner == "A"
    assert [e for e in s.events if isinstance(e, XpAwarded)] == [
        XpAwarded("A", 30),
        XpAwarded("B", -10),
        XpAwarded("C", -10),
    ]
    assert s.state.standings()["A"] == {"cards": 0, "points": 55, "xp": 30}


def test_c7_below_the_target_a_new_round_is_awaited() -> None:
    game = CinquilloGame(CinquilloConfig(("A", "B")))
    state = _mid_round("original", (1, 5), (0, 0))
    s = Session(game, (), state).apply(Play("A", Card(4, "oros")))
    assert s.state.points == (10, 0)
    assert s.state.winner is None
    assert s.state.expecting() == Expectation("deal")


@pytest.mark.parametrize(("penalised", "loss"), [(True, -20), (False, -10)])
def test_c8_abandon_loses_twenty_when_penalised(penalised: bool, loss: int) -> None:
    s = referee_deal(session("A,B,C,D"))
    s = s.apply(Abandon("C", penalised))
    assert s.entries[-1].events[0:2] == (PlayerAbandoned("C", penalised), MatchWon(("A", "B", "D")))
    assert s.state.winner == ["A", "B", "D"]
    assert xp_changes(s.state)["C"] == loss


def test_c8_abandon_leaves_the_leader_as_winner() -> None:
    game = CinquilloGame(CinquilloConfig(("A", "B", "C")))
    s = Session(game, (), _mid_round("original", (5, 5, 5), (12, 30, 20))).apply(Abandon("B"))
    assert s.state.winner == "C"
    assert s.state.standings()["C"]["xp"] == 30
    assert s.state.standings()["B"]["xp"] == -20
    assert s.state.standings()["A"]["xp"] == -10
