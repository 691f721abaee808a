"""Each game's talker says the move the bots made (Q5, Q6, Q9, C3): the mover speaks, the value is
one of the phrase bank's ways to say it, dice are read out after a lift."""

from __future__ import annotations

import random

from assistant.games.cinquillo import talk as cinq_talk
from assistant.games.cinquillo.bot import deal
from assistant.games.cinquillo.commands import Card, Play
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.engine import CinquilloGame
from assistant.games.quinito import commands as cmd
from assistant.games.quinito import talk as quin_talk
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.engine import QuinitoGame
from assistant.sim.phrasebank import load
from assistant.sim.table.talk import Style, Table

PLAYERS = ("Ana", "Bruno", "Chloé", "David")


def _table(game: str) -> Table:
    books = load()
    return Table(books[game], books["table"], Style.clean())


def _said_one_of(text: str, forms: tuple[str, ...]) -> bool:
    return any(f" {form} " in f" {text} " for form in forms)


def test_q5_an_announcement_is_said_by_the_thrower_with_its_score() -> None:
    config = QuinitoConfig(PLAYERS)
    state = QuinitoGame(config).initial()
    table = _table("quinito")
    forms = table.game.forms["scores"]["62"]
    for seed in range(40):
        said = quin_talk.say(state, cmd.Announce("Ana", 62), config, table, random.Random(seed))
        assert said.lines[0].speaker == "Ana" and _said_one_of(said.lines[0].text, forms)


def test_q6_after_a_lift_someone_reads_the_dice_out() -> None:
    config = QuinitoConfig(PLAYERS)
    game = QuinitoGame(config)
    state = game.initial()
    for command in (cmd.Throw("Ana", (5, 4)), cmd.Announce("Ana", 62)):
        for event in game.decide(state, command):
            state = game.evolve(state, event)
    table = _table("quinito")
    said = quin_talk.say(state, cmd.Lift("Bruno"), config, table, random.Random(0))
    assert said.lines[0].speaker == "Bruno" and said.lines[1].role == "readout"
    assert _said_one_of(said.lines[1].text, table.game.forms["scores"]["54"])


def test_c3_the_opener_says_the_five_of_oros_and_the_table_can_name_them() -> None:
    config = CinquilloConfig(PLAYERS)
    game = CinquilloGame(config)
    state = game.initial()
    for event in game.decide(state, deal(state, config, random.Random(0))):
        state = game.evolve(state, event)
    holder = next(p for p in PLAYERS if Card(5, "oros") in (state.hand(p) or ()))
    table = _table("cinquillo")
    forms = table.game.forms
    for seed in range(20):
        said = cinq_talk.say(state, Play(holder, Card(5, "oros")), table, random.Random(seed))
        assert said.lines[-1].speaker == holder
        assert _said_one_of(said.lines[-1].text, forms["ranks"]["5"])
        assert said.answer is not None and holder in said.answer.text


def test_c2_three_players_the_fourteen_card_holder_says_so() -> None:
    config = CinquilloConfig(PLAYERS[:3])
    game = CinquilloGame(config)
    state = game.initial()
    dealt = deal(state, config, random.Random(4))
    holder = PLAYERS[dealt.counts.index(14)]
    said = cinq_talk.say(state, dealt, _table("cinquillo"), random.Random(0))
    assert said.lines[0].speaker == holder
    assert said.answer is not None and holder in said.answer.text
