"""The Cinquillo bot: recorded randomness, legal play, whole matches to the target (C2, C3, C7)."""

from __future__ import annotations

import random

import pytest

from assistant.core.game import Session
from assistant.games.cinquillo.bot import CinquilloBot, play_game
from assistant.games.cinquillo.commands import Deal, Pass, Play
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.engine import CinquilloGame

CONFIGS = [
    CinquilloConfig(("A", "B"), hand=12, target=40),
    CinquilloConfig(("A", "B", "C"), mode="caprone", target=40),
    CinquilloConfig(("A", "B", "C", "D"), target=40),
]


@pytest.mark.parametrize("config", CONFIGS)
def test_c7_a_whole_match_reaches_the_target_and_is_reproducible(config: CinquilloConfig) -> None:
    first = play_game(config, random.Random(7))
    again = play_game(config, random.Random(7))
    assert first.entries == again.entries
    assert first.state.phase == "over"
    assert max(first.state.points) >= config.target
    assert CinquilloBot().choose(first.state, config, random.Random(0)) is None


def test_c2_the_deal_is_a_recorded_command() -> None:
    config = CONFIGS[2]
    session = play_game(config, random.Random(1))
    deals = [e.command for e in session.entries if isinstance(e.command, Deal)]
    assert deals and all(d.hands is not None for d in deals)
    assert len({d.hands for d in deals}) == len(deals)  # shuffled anew each round


def test_c3_the_bot_plays_when_it_can_and_passes_only_when_it_cannot() -> None:
    config = CONFIGS[2]
    session = play_game(config, random.Random(4))
    state = session.game.initial()
    for entry in session.entries:
        if isinstance(entry.command, Pass):
            assert state.legal_cards(entry.command.player) == ()
        if isinstance(entry.command, Play):
            assert entry.command.card in state.legal_cards(entry.command.player)
        for event in entry.events:
            state = session.game.evolve(state, event)


def test_a_bluffing_bot_is_refused_and_the_match_still_ends() -> None:
    config = CONFIGS[1]
    bot = CinquilloBot(bluff_rate=0.5)
    rng = random.Random(9)
    session = play_game(config, rng, bot=bot)
    assert session.state.winner is not None
    tries = 0
    s = Session.start(CinquilloGame(config))
    s = s.apply(bot.choose(s.state, config, rng) or Deal((14, 13, 13)))
    for _ in range(200):
        command = bot.choose(s.state, config, rng)
        assert command is not None
        if isinstance(command, Play) and command.card not in s.state.legal_cards(command.player):
            tries += 1
    assert tries > 20


def test_max_moves_guards_against_a_match_that_never_ends() -> None:
    with pytest.raises(RuntimeError):
        play_game(CONFIGS[2], random.Random(0), max_moves=30)
