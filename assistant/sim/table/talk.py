"""What the table says around one move: the move's lines, then comments, chatter, echoes, protests
and questions to the referee, drawn from the phrase bank (the talk types are the game contract's,
assistant.game.talk, since each game's talker lives in its folder).

Pure: every choice comes from the `random.Random` handed in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from assistant.game.talk import Said, Style, Table, Talker, Utterance, fill

__all__ = ["Said", "Style", "Table", "Talker", "Utterance", "decorate", "fill", "repeat"]


def decorate(table: Table, said: Said, players: Sequence[str], rng: random.Random) -> tuple[Utterance, ...]:
    """The move's lines with what the table says around them."""
    style, out = table.style, list(said.lines)
    if not out:
        return ()
    mover = out[0].speaker
    others = [p for p in players if p != mover] or list(players)
    if rng.random() < style.comment_line:
        out.append(Utterance(mover, table.game.pick("comments", rng), "comment"))
    if said.echoable and rng.random() < style.echo:
        echoed = out[0].text
        out.append(Utterance(rng.choice(others), fill(table.common.pick("echoes", rng), text=echoed), "echo"))
    if rng.random() < style.protest:
        out.append(Utterance(rng.choice(others), table.common.pick("protests", rng), "protest"))
    if rng.random() < style.chatter:
        book = table.game if rng.random() < 0.5 else table.common
        line = _filled(book.pick("chatter", rng), said.slots)
        if line is not None:
            out.insert(rng.randrange(len(out) + 1), Utterance(rng.choice(players), line, "chatter"))
    if rng.random() < style.referee:
        out.append(Utterance(rng.choice(players), table.game.pick("referee", rng), "referee"))
    return tuple(out)


def repeat(table: Table, line: Utterance, rng: random.Random) -> Utterance:
    """A line said again because the referee asked."""
    return Utterance(line.speaker, fill(table.common.pick("repeats", rng), text=line.text), "answer")


def _filled(template: str, slots: Mapping[str, str]) -> str | None:
    """The template filled, or None when it needs a slot this moment has no value for."""
    try:
        return fill(template, **slots)
    except KeyError:
        return None
