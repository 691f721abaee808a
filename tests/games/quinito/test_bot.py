"""The Quinito bot: legal moves for every expectation, whole games, reproducibility."""

from __future__ import annotations

import random

import pytest

from assistant.core.events import PenaltyCalled
from assistant.core.game import Session
from assistant.game import SimOptions, TableView
from assistant.games.quinito.bot import QuinitoBot, play_game, simulation
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.engine import QuinitoGame
from assistant.games.quinito.events import Announced, Lifted, QuinitoAttacked, SpecialShown
from assistant.sim.runner import engine_moves_per_second

PLAYERS = ("Ana", "Bruno", "Chloé", "David")


def test_drinking_game_stops_after_the_requested_rounds() -> None:
    """Q7: a drinking game never ends by itself; play_game stops after `rounds` rounds."""
    config = QuinitoConfig(PLAYERS, variants=frozenset({"V-51", "V-65"}))
    session = play_game(config, random.Random(3), rounds=12)
    assert session.state.rounds == 13
    assert session.state.winner is None
    kinds = {type(e) for e in session.events}
    assert {Announced, Lifted, PenaltyCalled, SpecialShown} <= kinds


@pytest.mark.parametrize("variants", [(), ("L-V1", "L-V2", "L-V3", "L-V4", "L-V5", "L-V6", "L-V7")])
def test_family_game_plays_to_a_winner(variants: tuple[str, ...]) -> None:
    """L1: the bots play a family game until one player has lives left."""
    config = QuinitoConfig(PLAYERS, edition="family", variants=frozenset(variants))
    session = play_game(config, random.Random(5))
    assert session.state.winner in PLAYERS
    assert QuinitoBot().choose(session.state, config, random.Random(0)) is None


def test_same_seed_same_game() -> None:
    """Randomness travels in the commands: a seed reproduces the game exactly."""
    config = QuinitoConfig(PLAYERS, variants=frozenset({"Q13"}))
    first = play_game(config, random.Random(11), rounds=8)
    second = play_game(config, random.Random(11), rounds=8)
    assert first.entries == second.entries


def test_bluff_rate_changes_how_often_announcers_pay() -> None:
    """Q6: honest bots are caught bluffing less often than habitual bluffers."""
    config = QuinitoConfig(PLAYERS)

    def bluffs(rate: float) -> int:
        session = play_game(config, random.Random(2), bluff_rate=rate, rounds=150, max_moves=20_000)
        return sum(1 for e in session.events if isinstance(e, PenaltyCalled) and e.reason == "bluff")

    assert bluffs(0.0) < bluffs(0.9)


def test_q12_bots_never_attack_the_totem_holder() -> None:
    """Q12: across many quinitos, the attacked is never the one holding the totem."""
    config = QuinitoConfig(PLAYERS, variants=frozenset({"V-65"}))
    session: Session = Session.start(QuinitoGame(config))  # type: ignore[type-arg]
    bot, rng, attacks = QuinitoBot(), random.Random(8), 0
    for _ in range(3000):
        command = bot.choose(session.state, config, rng)
        assert command is not None
        before = session.state.totems
        session = session.apply(command)
        for event in session.entries[-1].events:
            if isinstance(event, QuinitoAttacked):
                attacks += 1
                assert event.target not in before
    assert attacks > 5


def test_engine_throughput_is_measurable() -> None:
    """engine_moves_per_second runs and reports a positive rate (no timing assertion)."""
    assert engine_moves_per_second(simulation(QuinitoConfig(PLAYERS), SimOptions()), moves=500) > 0


def test_state_is_a_table_view() -> None:
    """The referee reads any game through TableView: standings, totems, current, direction, winner."""
    config = QuinitoConfig(PLAYERS, variants=frozenset({"V-51"}))
    view: TableView = play_game(config, random.Random(4), rounds=20).state
    assert set(view.standings()) == set(PLAYERS)
    assert all(set(row) == {"doses", "sips"} for row in view.standings().values())
    assert view.current in PLAYERS and view.direction in (1, -1) and view.winner is None
    assert set(view.totems) <= set(PLAYERS)
