"""A Quinito move as the table says it (Q5-Q13, L1-L-V7): announcements, accepts and lifts, dice
read out by anyone, specials shown by number or by name, targets as seats ("à ma gauche").

Pure: `say(before, command, config, table, rng)` draws every choice from `rng`. The natural table
(assistant.sim.table) reaches it through the simulation driver (bot.simulation, Driver.talk).
"""

from __future__ import annotations

import random
from dataclasses import replace

from assistant.game.talk import Said, Table, Utterance, fill, move_line, seat_words
from assistant.games.quinito import commands as cmd
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.state import QuinitoState


def score_words(table: Table, score: cmd.Score, rng: random.Random) -> str:
    """A score as someone says it ("soixante deux", "six deux", "double trois")."""
    return table.game.form("scores", score, rng)


def _line(table: Table, section: str, speaker: str, rng: random.Random, **slots: str) -> Utterance:
    return move_line(table, speaker, fill(table.game.pick(section, rng), **slots), rng)


def _readout(table: Table, state: QuinitoState, value: int, rng: random.Random, section: str) -> Said:
    """The dice read out by anyone at the table."""
    speaker = rng.choice(state.active())
    text = fill(table.game.pick(section, rng), score=score_words(table, value, rng))
    line = move_line(table, speaker, text, rng, "readout")
    return Said((line,), Utterance(speaker, text, "readout"), echoable=True)


def _revealed(table: Table, before: QuinitoState, index: int, value: int, rng: random.Random) -> Said:
    """Q6: the dice of a lifted cup read out by anyone, maybe with the announcer insisting (m07)."""
    said = _readout(table, before, value, rng, "readout")
    cup = before.cups[index]
    if cup.announcer is not None and cup.announced is not None and rng.random() < table.style.protest:
        protest = Utterance(
            cup.announcer,
            fill(table.game.pick("protest_lift", rng), announced=score_words(table, cup.announced, rng)),
            "protest",
        )
        lines = (protest, *said.lines) if rng.random() < 0.5 else (*said.lines, protest)
        return Said(lines, said.answer, said.echoable)
    return said


def _announce(
    table: Table, state: QuinitoState, command: cmd.Announce, config: QuinitoConfig, rng: random.Random
) -> Said:
    player, score = command.player, command.score
    words = score_words(table, score, rng)
    if rng.random() < table.style.correction and score != "chance":
        wrong = rng.choice([s for s in config.order if s != score])
        words = f"{score_words(table, wrong, rng)} {table.common.pick('corrections', rng)} {words}"
    line = _line(table, "announce", player, rng, score=words)
    return Said((line,), Utterance(player, score_words(table, score, rng), "move"), echoable=True)


def _special(table: Table, state: QuinitoState, command: cmd.ShowSpecial, rng: random.Random) -> Said:
    """Q8: the thrower shows a special; someone reads the dice out (the referee checks the claim)."""
    player, value = command.player, command.value
    names = table.game.forms["special_names"]
    name = rng.choice(names[str(value)]) if str(value) in names else score_words(table, value, rng)
    text = fill(table.game.pick("special", rng), score=score_words(table, value, rng), name=name)
    shown = move_line(table, player, text, rng)
    reader = rng.choice(state.active())
    read = Utterance(
        reader, fill(table.game.pick("readout", rng), score=score_words(table, value, rng)), "readout"
    )
    return Said((shown, read), Utterance(reader, score_words(table, value, rng), "readout"))


def say(
    before: QuinitoState, command: cmd.Command, config: QuinitoConfig, table: Table, rng: random.Random
) -> Said:
    """What the table says for `command`, played in state `before`; chatter may name the score received."""
    said = _say(before, command, config, table, rng)
    announced = before.cups[0].announced
    if announced is None:
        return said
    return replace(said, slots={"announced": table.game.forms["scores"][str(announced)][0]})


def _say(
    before: QuinitoState, command: cmd.Command, config: QuinitoConfig, table: Table, rng: random.Random
) -> Said:
    family = config.edition == "family"
    active = before.active()
    if isinstance(command, cmd.Announce):
        return _announce(table, before, command, config, rng)
    if isinstance(command, cmd.Accept):
        line = _line(table, "accept_family" if family else "accept", command.player, rng)
        return Said((line,), line)
    if isinstance(command, cmd.Lift):
        line = _line(table, "challenge_family" if family else "challenge", command.player, rng)
        dice = before.cups[command.cup].dice
        if dice is None:  # read out by the next move, a Reveal
            return Said((line,))
        shown = _revealed(table, before, command.cup, dice, rng)
        return Said((line, *shown.lines), shown.answer)
    if isinstance(command, cmd.Reveal):
        return _revealed(table, before, command.cup, command.value, rng)
    if isinstance(command, cmd.Pass):
        line = _line(table, "pass", command.player, rng, score=score_words(table, command.score, rng))
        return Said((line,), line)
    if isinstance(command, cmd.Reroll):
        return Said((_line(table, "reroll", command.player, rng),)) if rng.random() < 0.5 else Said(())
    if isinstance(command, cmd.ShowSpecial):
        return _special(table, before, command, rng)
    if isinstance(command, cmd.Attack):
        line = _line(
            table,
            "target",
            command.player,
            rng,
            seat=seat_words(table.game, active, command.player, command.target, rng),
        )
        return Said((line,), line)
    if isinstance(command, cmd.Submit):
        line = _line(table, "submit", command.player, rng)
        return Said((line,), line)
    if isinstance(command, cmd.Counter):
        line = _line(table, "counter", command.player, rng)
        return Said((line,), line)
    if isinstance(command, (cmd.CounterThrow, cmd.RedemptionThrow)):
        return _readout(table, before, command.value, rng, "throw_readout")
    if isinstance(command, cmd.DefiPlayers):
        first = seat_words(table.game, active, command.player, command.first, rng)
        second = seat_words(table.game, active, command.player, command.second, rng)
        line = _line(table, "defi_players", command.player, rng, first=first, second=second)
        return Said((line,), line)
    if isinstance(command, cmd.DefiLoser):
        speaker = before.cups[0].actor if before.cups[0].actor in active else rng.choice(active)
        where = seat_words(table.game, active, speaker, command.player, rng)
        line = _line(table, "defi_loser", speaker, rng, seat=where)
        return Said((line,), line)
    return Said(())  # Throw: dice rolled under the cup, nothing said
