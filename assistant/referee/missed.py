"""A line the referee missed, shown by the table playing on: never stuck on a turn nobody took.

When a named move is refused as out of turn ("Ce n'est pas à toi, c'est à Ana.") and the next line is
the following seat's move, the likeliest story is that the referee missed a line or two: the players
from the expected one up to the first speaker moved without being heard. The game says which move a
missed turn is taken for (`Rulebook.missed`: a pass at Cinquillo, C3; none at Quinito, where a missed
announcement cannot be guessed). The hypothesis is kept only when the engine accepts the missed moves,
the first line and this one in that order, each missed move leaves the game waiting for the same kind
of move, and nobody is charged on it (a penalty is never charged on a guess). The referee says what it
assumed, so the table can correct it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant import speech
from assistant.core.game import Session
from assistant.game import Decision, Moves, Parse, Reply
from assistant.referee.decoding.hypotheses import fit

if TYPE_CHECKING:
    from assistant.referee.referee import Referee

GAP = 3
"""How many lines may come between the refused line and the one that shows the table played on."""


def refused_turn(decision: Decision[Any], expected: str | None) -> bool:
    """Whether the decision is the refusal of a move out of turn (the expected player's to make)."""
    if expected is None or not isinstance(decision, Reply):
        return False
    return decision.sentence == speech.say("not_your_turn", player=expected)


def out_of_turn(ref: Referee, decision: Decision[Any], parse: Parse, who: str | None) -> list[str] | None:
    """The moves of the missed turns and of the two lines that show them, or None (the refusal
    stands, and is remembered for the next line)."""
    expected = ref.expectations()[0].player
    if who is None or not refused_turn(decision, expected):
        return None
    held, ref.talk.refused_turn = ref.talk.refused_turn, (who, parse, ref.talk.line)
    if held is None or held[0] == who or ref.talk.line - held[2] > GAP:
        return None
    first, first_parse, _ = held
    found = _missed(ref, ref.session, first)
    if found is None:
        return None
    skipped, missed, session = found
    commands: list[Any] = list(missed)
    for line_parse, speaker in ((first_parse, first), (parse, who)):
        decided = ref.decide_on(session, line_parse, speaker)
        if not isinstance(decided, Moves):
            return None
        fitted = fit(session, decided.commands)
        if fitted is None or fitted.charges:
            return None
        commands += decided.commands
        session = fitted.session
    ref.talk.refused_turn = None
    said = speech.say("missed_turn", players=speech.names(skipped))
    return [said, *ref.apply(tuple(commands))]


def _missed(
    ref: Referee, session: Session[Any, Any, Any], first: str
) -> tuple[list[str], list[Any], Session[Any, Any, Any]] | None:
    """The players whose turns were missed before `first`'s, the moves taken for them and the game
    after them; None when the game has no such move or the engine refuses one."""
    skipped: list[str] = []
    missed: list[Any] = []
    for _ in ref.config.players:
        expect = session.state.expecting_all()[0]
        if expect.player == first:
            return (skipped, missed, session) if skipped else None
        command = ref.book.missed(expect, session.state)
        if command is None or expect.player is None:
            return None
        fitted = fit(session, (command,))
        if fitted is None or fitted.charges:
            return None
        if fitted.session.state.expecting_all()[0].awaiting != expect.awaiting:
            return None  # the missed move would end the round or change what is played: no guess
        skipped.append(expect.player)
        missed.append(command)
        session = fitted.session
    return None
