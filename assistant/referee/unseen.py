"""What the table did without a line the referee heard, shown by a move that fits no other way.

A table plays on without waiting for the referee: it ends a round nobody can play on any more and
deals the next one (C6 at Cinquillo: the table sees that from its hands, the referee only from a turn
of passes nobody says), or a line that opened the round was lost. The referee then hears a move that
the game as it has it cannot take from anyone (a piece already on the table) and every
line after it is refused: the game would never catch up. The game says what may have happened unheard
(`Rulebook.unseen`, likeliest first); the first of these after which the line is a move the engine
accepts, charging nobody, is counted, said aloud so the table can correct it, and the line played.

A line that the game takes as it stands (from the player whose turn it is) never goes there: a move
that fits now is the missed-turn inference's (missed.py), not the end of a round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.core.game import Session
from assistant.game import Moves, Parse
from assistant.referee.decoding import readings
from assistant.referee.decoding.hypotheses import fit
from assistant.referee.missed import GAP, line_move, said_missed, settled

if TYPE_CHECKING:
    from assistant.referee.referee import Referee


def unseen(
    ref: Referee, parse: Parse, who: str | None, held: tuple[str, Parse, int] | None
) -> list[str] | None:
    """The line played after what the table did unheard, said first; None: refused as usual.

    `held` is the named line refused as out of turn just before (missed.py), which may be the first
    line after what went unheard (the next round's starter passing, then the seat after it opening
    the round); it counts only when the game as it stands could not take it either. Between what went
    unheard and a named line, the seats before the speaker may have passed unheard too (a pass
    changes nothing on the table: never a piece guessed there)."""
    if parse.intent not in ref.book.move_intents or readings.correction(parse.text) is not None:
        return None  # a correction ("non pardon ...") amends a move heard, it shows nothing unheard
    if _fits_now(ref, parse):
        return None
    session = ref.session
    before: list[tuple[str | None, Parse, int]] = [h for h in (held, ref.talk.unfit) if h is not None]
    ref.talk.unfit = (who, parse, ref.talk.line)
    tries: list[tuple[tuple[Parse, str | None], ...]] = [((parse, who),)]
    for first, first_parse, line in before:
        recent = ref.talk.line - line <= GAP
        if (first != who or first is None) and recent and not _fits_now(ref, first_parse):
            tries.insert(0, ((first_parse, first), (parse, who)))
            break
    for reading in ref.book.unseen(session.state):
        after = _replay(ref, session, reading.moves)
        if after is None:
            continue
        for lines in tries:
            if not reading.alone and len(lines) < 2:
                continue
            found = _passed(ref, after, lines[0][1]) if reading.alone else ((), after)
            if found is None:
                continue
            passes, then = found
            commands = _lines(ref, then, lines)
            if commands is None:
                continue
            ref.talk.refused_turn = ref.talk.unfit = None
            out = [reading.said, *ref.apply(reading.moves)]
            if passes:
                out += [said_missed(ref, "missed_turn", passes), *ref.apply(passes)]
            for line_commands in commands:
                out += ref.apply(line_commands)
            return out
    return None


def _passed(
    ref: Referee, session: Session[Any, Any, Any], first: str | None
) -> tuple[tuple[Any, ...], Session[Any, Any, Any]] | None:
    """The passes of the seats before `first` that the game awaits first (none for an unattributed
    line, which is the expected player's), and the game after them; None when they do not fit."""
    passes: list[Any] = []
    for _ in ref.config.players:
        expect = session.state.expecting_all()[0]
        if first is None or expect.player in (None, first):
            return tuple(passes), session
        moves = ref.book.missed(expect, session.state)
        if not moves:
            return None
        after = _replay(ref, session, moves[:1])  # the first reading of a missed turn: a pass
        if after is None or after.state.expecting_all()[0].awaiting != expect.awaiting:
            return None
        passes.append(moves[0])
        session = after
    return None


def _fits_now(ref: Referee, parse: Parse) -> bool:
    """Whether the line is a move the game takes as it stands from the player whose turn it is."""
    expect = ref.expectations()[0]
    decided = ref.decide_on(ref.session, parse, expect.player)
    return isinstance(decided, Moves) and fit(ref.session, decided.commands) is not None


def _lines(
    ref: Referee, session: Session[Any, Any, Any], lines: tuple[tuple[Parse, str | None], ...]
) -> list[tuple[Any, ...]] | None:
    """Each line's commands in the game `session` leads to, one after the other, or None when one is
    no move there, or charges someone (never on a guess)."""
    out: list[tuple[Any, ...]] = []
    for parse, speaker in lines:
        moved = line_move(ref, session, parse, speaker)
        if moved is None:
            return None
        out.append(moved[0])
        session = settled(ref, moved[1])
    return out


def _replay(
    ref: Referee, session: Session[Any, Any, Any], commands: tuple[Any, ...]
) -> Session[Any, Any, Any] | None:
    """The game after `commands` and the referee's own moves they call for (the next deal), or None
    when the engine refuses one or a penalty falls."""
    fitted = fit(session, commands)
    if fitted is None or fitted.charges:
        return None
    return settled(ref, fitted.session)
