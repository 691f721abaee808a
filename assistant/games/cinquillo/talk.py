"""A Cinquillo move as the table says it (C1-C6): cards in French, Spanish or both, passes, draws,
the opener of the first round, slips corrected at once, cards named in negations.

Pure: `say(before, command, table, rng)` draws every choice from `rng`. The natural table
(assistant.sim.table) reaches it through the simulation driver (bot.simulation, Driver.talk).
"""

from __future__ import annotations

import random

from assistant.game.talk import Said, Table, Utterance, fill, move_line
from assistant.games.cinquillo.commands import Card, Command, Deal, Draw, Pass, Play
from assistant.games.cinquillo.deck import DECK
from assistant.games.cinquillo.state import CinquilloState


def card_words(table: Table, card: Card, rng: random.Random) -> str:
    """A card as someone says it ("cinq de deniers", "sota d'oros", "roi d'épées")."""
    return f"{table.game.form('ranks', card.rank, rng)} {table.game.form('suits', card.suit, rng)}"


def _play(table: Table, before: CinquilloState, command: Play, rng: random.Random) -> Said:
    player, card = command.player, command.card
    opening = before.first_round and before.layout.empty
    section = "open" if opening else "play"
    words = card_words(table, card, rng)
    lines: list[Utterance] = []
    hand = before.hand(player) or ()
    if rng.random() < table.style.negation:
        absent = [c for c in DECK if c not in hand]
        if absent:
            text = fill(table.game.pick("negations", rng), card=card_words(table, rng.choice(absent), rng))
            lines.append(Utterance(player, text, "negation"))
    others = [c for c in hand if c != card]
    if others and not opening and rng.random() < table.style.correction:
        slip = move_line(
            table,
            player,
            fill(table.game.pick(section, rng), card=card_words(table, rng.choice(others), rng)),
            rng,
        )
        fixed = fill(table.game.pick("correction", rng), card=words)
        if rng.random() < 0.5:
            lines.append(Utterance(player, f"{slip.text} {fixed}", "move"))
        else:
            lines += [slip, Utterance(player, fixed, "move")]
    else:
        lines.append(move_line(table, player, fill(table.game.pick(section, rng), card=words), rng))
    if opening:  # "Qui joue ?": anyone names the opener (tabletest m01)
        answer = Utterance(
            rng.choice(before.players), fill(table.game.pick("opener", rng), name=player), "answer"
        )
        return Said(tuple(lines), answer)
    return Said(tuple(lines), lines[-1])


def say(before: CinquilloState, command: Command, table: Table, rng: random.Random) -> Said:
    """What the table says for `command`, played in state `before` (a deal is silent)."""
    if isinstance(command, Play):
        return _play(table, before, command, rng)
    if isinstance(command, Pass):
        line = move_line(table, command.player, table.game.pick("pass", rng), rng)
        return Said((line,), line)
    if isinstance(command, Draw):
        if rng.random() < 0.3:
            return Said((move_line(table, command.player, table.game.pick("draw", rng), rng),))
        return Said(())
    if isinstance(command, Deal) and before.fourteen is None and len(command.counts) == 3:
        holder = before.players[command.counts.index(max(command.counts))]
        line = move_line(table, holder, table.game.pick("fourteen", rng), rng)
        answer = Utterance(holder, fill(table.game.pick("fourteen_holder", rng), name=holder), "answer")
        return Said((line,), answer)
    return Said(())
