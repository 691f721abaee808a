"""One conformance test every registered game passes (OpenSpiel's random_sim_test, docs/architecture.md).

For each game of the registry (the toy game of tests/games/toy included): its rules build from a
header and round-trip through `to_dict`; bots play seeded games to their end; undo then re-apply gives
the same states; every entry survives the save format; every moment the engine waits for is either
made by the referee itself or heard through the game's grammar; the referee's prompts and the spoken
rules answer for it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tests.games.toy  # noqa: F401  (registers the toy game, as a game folder would)
from assistant import speech
from assistant.core.expectation import OVER
from assistant.core.game import Session
from assistant.game import (
    VALUE_SENTENCES,
    GameModule,
    Hearing,
    SimOptions,
    game_names,
    get_game,
    has_sentence,
    question_of,
)
from assistant.sim.runner import advance
from assistant.understanding.grammar import build

PLAYERS = {2: "Ana,Bruno", 3: "Ana,Bruno,Chloé", 4: "Ana,Bruno,Chloé,David"}
SEEDS = range(6)


def _tables(module: GameModule) -> list[dict[str, Any]]:
    """A few legal tables of this game: each seating size its rules accept, default settings."""
    tables = []
    for players in PLAYERS.values():
        try:
            module.rules({"players": players})
        except ValueError:
            continue
        tables.append({"players": players})
    assert tables, f"{module.name}: no table of 2 to 4 players is accepted"
    return tables


@pytest.fixture(params=game_names())
def module(request: pytest.FixtureRequest) -> GameModule:
    return get_game(str(request.param))


def test_the_registry_knows_the_two_games_and_the_toy() -> None:
    assert {"quinito", "cinquillo", "allumettes"} <= set(game_names())
    assert game_names()[0] == "quinito"  # the default game comes first


def test_rules_round_trip_through_their_header(module: GameModule) -> None:
    for table in _tables(module):
        rules = module.rules(table)
        again = module.rules(rules.to_dict())
        assert again.to_dict() == rules.to_dict()
        assert tuple(rules.players) == tuple(table["players"].split(","))


def test_random_games_reach_their_end_and_undo_refolds_the_same_states(module: GameModule) -> None:
    for table in _tables(module):
        rules = module.rules(table)
        for seed in SEEDS:
            driver = module.simulation(rules, SimOptions(bluff_rate=0.2, rounds=3))
            outcome = advance(driver, Session.start(driver.game), seed, 0, 3000)
            session = outcome.session
            assert not outcome.stopped, (module.name, seed)
            assert driver.done(session.state)
            assert session.entries
            back = random.Random(seed).randint(1, len(session.entries))
            undone = session.undo(back)
            redone = undone
            for entry in session.entries[len(session.entries) - back :]:
                redone = redone.apply(entry.command)
            assert redone.state == session.state
            assert redone.entries == session.entries


def test_every_entry_survives_the_save_format(module: GameModule) -> None:
    rules = module.rules(_tables(module)[0])
    driver = module.simulation(rules, SimOptions())
    session = advance(driver, Session.start(driver.game), 1, 0, 3000).session
    codec = driver.codec
    for entry in session.entries:
        assert codec.decode(codec.encode(entry.command)) == entry.command
        assert codec.decode(codec.encode(list(entry.events))) == entry.events


def test_every_moment_is_heard_or_made_by_the_referee(module: GameModule) -> None:
    """What the engine waits for is said through the grammar (an intent whose `awaiting` names it), or
    is a move the referee makes itself (the deal, a draw), or the end."""
    for table in _tables(module):
        rules = module.rules(table)
        book = module.rulebook(rules)
        grammar = build(module, rules.players)
        heard = {moment for moments in grammar.awaiting.values() for moment in moments}
        for seed in SEEDS[:3]:
            driver = module.simulation(rules, SimOptions(rounds=2))
            session = advance(driver, Session.start(driver.game), seed, 0, 3000).session
            state = driver.game.initial()
            for entry in session.entries:
                for expect in state.expecting_all():
                    made = book.auto(state, expect) is not None
                    assert expect.awaiting in heard or made or expect.awaiting == OVER, (
                        module.name,
                        expect,
                    )
                    line = book.prompt(expect, state, None, True)
                    assert line is None or (isinstance(line, str) and line.strip())
                for event in entry.events:
                    state = driver.game.evolve(state, event)


def test_a_game_that_says_values_words_the_decoders_sentences_about_them(module: GameModule) -> None:
    """assistant/game/hearing.py: a Rulebook answering `said_value` has each of VALUE_SENTENCES in its
    own responses file (the referee's shared files word no game's values)."""
    book = module.rulebook(module.rules(_tables(module)[0]))
    if type(book).said_value is Hearing.said_value:
        return
    for key in VALUE_SENTENCES:
        assert has_sentence(module.responses, key) and key not in speech.TEMPLATES, (module.name, key)


def test_the_spoken_rules_answer_the_whole_and_every_topic(module: GameModule) -> None:
    rules = module.rules(_tables(module)[-1])
    assert module.explain(rules, None)
    for topic in module.topics(rules):
        lines = module.explain(rules, topic)
        assert lines and all(line.strip() for line in lines), topic


def test_the_results_of_a_finished_game_are_per_player_tallies(module: GameModule) -> None:
    """GameModule.results: what the store keeps of a game, per player, as the game owns it."""
    for table in _tables(module):
        rules = module.rules(table)
        driver = module.simulation(rules, SimOptions(bluff_rate=0.0, rounds=2))
        state = advance(driver, Session.start(driver.game), 0, 0, 3000).session.state
        results = module.results(rules, state)
        assert set(results) <= set(rules.players)
        assert all(isinstance(v, int) for tally in results.values() for v in tally.values())


def test_c8_cinquillo_results_are_the_match_xp_and_quinito_results_the_doses() -> None:
    cinquillo, quinito = get_game("cinquillo"), get_game("quinito")
    rules = cinquillo.rules({"players": PLAYERS[3]})
    driver = cinquillo.simulation(rules, SimOptions(bluff_rate=0.0))
    state = advance(driver, Session.start(driver.game), 2, 0, 3000).session.state
    assert state.winner is not None
    results = cinquillo.results(rules, state)
    assert results == {p: {"xp": row["xp"]} for p, row in state.standings().items()}
    assert sum(tally["xp"] for tally in results.values()) != 0
    rules = quinito.rules({"players": PLAYERS[3]})
    driver = quinito.simulation(rules, SimOptions(rounds=2))
    state = advance(driver, Session.start(driver.game), 2, 0, 3000).session.state
    doses = {p: row["doses"] for p, row in state.standings().items()}
    assert {p: tally["doses"] for p, tally in quinito.results(rules, state).items()} == doses


def test_q12_a_table_question_belongs_to_the_game_that_declares_it() -> None:
    """Q12: "qui a le totem" is Quinito's table question (GameModule.questions), and no other game's: at
    another game's table the referee says it is not that game's (question_of)."""
    assert question_of("totem") is get_game("quinito")
    assert "totem" not in get_game("cinquillo").questions
    assert question_of("play") is None
