"""C6: caprone mode — skipping cards blocks them, and the round ends when nobody can play."""

from __future__ import annotations

import random

import pytest

from assistant.core.game import Refused, fold
from assistant.core.table import ConfigError
from assistant.games.cinquillo.commands import Card, Pass, Play
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.events import CardPlayed, RoundWon
from assistant.games.cinquillo.scoring import round_over
from tests.games.cinquillo.builders import finish_round, plays, referee_deal, session


def test_c6_rules_md_example_sota_over_five_blocks_six_and_seven() -> None:
    s = plays(referee_deal(session("A,B,C", mode="caprone")), "A:5-oros", "B:5-copas", "C:sota-copas")
    assert s.events[-1] == CardPlayed("C", Card(10, "copas"), (Card(6, "copas"), Card(7, "copas")))
    for rank in (6, 7):
        with pytest.raises(Refused, match="blocked"):
            s.apply(Play("A", Card(rank, "copas")))
    s = plays(s, "A:rey-copas", "B:2-copas")
    assert s.state.layout.blocked == {Card(r, "copas") for r in (6, 7, 11, 3, 4)}
    with pytest.raises(Refused, match="on_table"):
        s.apply(Play("C", Card(10, "copas")))
    s = plays(s, "C:1-copas")
    assert s.state.layout.row("copas") == (1, 12)
    assert s.state.layout.cards_on_table() == 6  # 5-oros, 1, 2, 5, sota, rey of copas


def test_c6_original_mode_does_not_allow_skipping() -> None:
    s = plays(referee_deal(session("A,B,C")), "A:5-oros", "B:5-copas")
    with pytest.raises(Refused, match=r"not_next.*'row': \(5, 5\)"):
        s.apply(Play("C", Card(10, "copas")))


def test_c6_caprone_is_for_three_or_four_players_only() -> None:
    with pytest.raises(ConfigError):
        CinquilloConfig(("A", "B"), mode="caprone")


def test_c6_referee_mode_a_full_turn_of_passes_ends_the_round_fewest_cards_win() -> None:
    s = plays(referee_deal(session("A,B,C,D", mode="caprone")), "A:5-oros", "B:5-copas", "C:5-espadas")
    s = s.apply(Pass("D")).apply(Pass("A")).apply(Pass("B"))
    assert s.state.phase == "play"
    s = s.apply(Pass("C"))
    # A, B and C hold 9 cards each, D 10: the three split D's 10 cards, rounded down (Decision).
    assert s.events[-1] == RoundWon(("A", "B", "C"), 3, (9, 9, 9, 10))
    assert s.state.points == (3, 3, 3, 0)
    assert s.state.phase == "deal"


def test_c6_the_round_ends_once_every_card_is_on_the_table_or_blocked() -> None:
    s = referee_deal(session("A,B,C,D", mode="caprone"))
    s = plays(s, "A:5-oros", "B:rey-oros", "C:1-oros", "D:5-copas", "A:rey-copas", "B:1-copas")
    s = plays(s, "C:5-espadas", "D:rey-espadas", "A:1-espadas", "B:5-bastos", "C:rey-bastos")
    assert s.state.phase == "play"
    s = plays(s, "D:1-bastos")
    assert s.state.layout.exhausted()
    assert s.events[-1] == RoundWon(("A", "B", "C", "D"), 0, (7, 7, 7, 7))


def test_c6_simulation_ends_the_round_as_soon_as_nobody_can_play() -> None:
    for seed in range(6):
        s = finish_round(session("A,B,C,D", mode="caprone", target=500), random.Random(seed))
        before = s.undo(1).state
        last = s.entries[-1].events
        end = next(i for i, e in enumerate(last) if isinstance(e, RoundWon))
        after = fold(s.game, last[:end], before)
        assert round_over(after)
        assert not round_over(before)
        if 0 not in after.counts:
            assert not any(after.legal_cards(p) for p in after.players)
