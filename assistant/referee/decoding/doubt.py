"""Doubt: after the referee may have lost the thread, a charge resting on whose turn it thinks it is
is asked, not charged (a penalty is never charged on a guess).

Without a speaker model every line reaches the referee unattributed, and it places each line by
whose turn it is. One lost line ("j'accepte" that never reached it) shifts every player by one seat,
and the next lift then charges the wrong player. The signs that the referee may be out of step are
its own, on lines nobody is attributed to: a move it could not place (not one for this moment, or
one it did not understand), a value it had to ask about, a turn it inferred as missed. A move the
rules refuse is no sign (the right player may try a move the rules do not allow), nor an echo of
the move just made. For DOUBT lines after a sign, a move from an unattributed voice that charges
someone is made with its loss held (the game says how, `Rulebook.held`), and the referee asks who
pays, naming whom it would have charged: "oui" charges them, a name charges that player. Whoever
speaks, the first charge after a step the referee inferred (a missed turn counted, a reading
changed, a seat taken up) on a player that line placed rests on that step, and is held and asked
the same way. Where the game gives a loss to whoever caused it (L-V3), an answered loss is given as
the referee counted it after an inferred step (the speakers were named), and to nobody after a doubt
about who speaks (whom it caused rests on the same guess).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant import speech
from assistant.core.events import PenaltyCalled
from assistant.game import Moves, Parse
from assistant.referee import listening
from assistant.referee.decoding.hypotheses import fit
from assistant.referee.decoding.question import Question
from assistant.responses import section

if TYPE_CHECKING:
    from assistant.referee.referee import Referee

DOUBT = 60
"""Lines after a sign of lost thread during which a charge on an unattributed line is asked. A seat
lost stays lost however long the table chats, and a "oui" to one held loss does not show the next
line was not lost: with 8 lines, or with the doubt cleared by that "oui", most of the false charges
of an anonymous table got through (docs/measurements.md)."""


def sign(ref: Referee, who: str | None) -> None:
    """The line just heard, from `who`, shows the referee may be out of step with the table: a doubt
    about who speaks when nobody is attributed to it; from a named speaker (placed by their name, not
    by a guess), a doubt only about what it counted of the game (`strayed`)."""
    if who is None:
        ref.talk.doubt = ref.talk.line
    else:
        ref.talk.strayed = ref.talk.line


def inferred(ref: Referee, who: str | None) -> None:
    """The line just heard made the referee count a step nobody said: a sign (`sign`), and, whoever
    spoke, the next charge on a player it placed on that step rests on it."""
    sign(ref, who)
    placed = {str(p) for c in ref.line_moves() if (p := getattr(c, "player", None)) is not None}
    if placed - {who}:
        ref.talk.inferred = frozenset(placed - {who})


def unplaced(ref: Referee, parse: Parse, who: str | None) -> None:
    """A move the game cannot take now: a sign, unless it repeats the kind of move just made (an
    echo: "menteur" twice, the announcement said again) or the game waits for the table as a whole
    ("menteur" during a read-out)."""
    echo = (parse.intent, ref.book.said_value(parse)) == ref.talk.moved
    if echo or all(e.player is None for e in ref.expectations()):
        return  # an echo, or a moment anyone may speak at (the read-out): no seat is guessed
    standing = ref.book.standing(ref.expectations()[0], ref.state)
    heard = ref.parser.parse(parse.text, {e.awaiting for e in ref.expectations()})
    if standing is not None and standing in {ref.book.said_value(p) for p in (heard, *heard.moves)}:
        return  # the standing announcement said again ("je relance soixante-cinq" after it)
    sign(ref, who)
    if who is None:
        ref.talk.unplaced += 1


def in_doubt(ref: Referee, who: str | None) -> bool:
    """Whether a line from `who` (None: unattributed) is placed on a guess the referee doubts."""
    return who is None and ref.talk.line - ref.talk.doubt <= DOUBT


def hold(ref: Referee, decision: Moves[Any], who: str | None, text: str) -> list[str] | None:
    """The move made with its penalty held and the question of who pays, or None (no doubt, no
    charge, or a charge the game cannot hold: the move is made as usual)."""
    doubted = in_doubt(ref, who)
    if not doubted and not ref.talk.inferred:
        return None
    fitted = fit(ref.session, decision.commands)
    if fitted is None or not fitted.charges:
        return None
    events = [e for entry in fitted.session.entries[len(ref.session.entries) :] for e in entry.events]
    penalties = [e for e in events if isinstance(e, PenaltyCalled)]
    placed, ref.talk.inferred = ref.talk.inferred, frozenset()  # this charge closes the inferred step
    if not doubted and not any(p.player in placed for p in penalties):
        return None
    held = ref.book.held(decision.commands)
    calm = fit(ref.session, held) if held is not None else None
    if held is None or calm is None or calm.charges:
        return None
    if len(penalties) != 1:
        return None
    charge = penalties[0]
    lines = ref.apply(held)
    relied, settled = listening.relied(ref, decision.commands, text, ref.talk.line)
    if settled is not None:  # what the held charge rests on, said first ("Six deux : soixante-deux.")
        ref.talk.settled = settled
        lines = [relied, *lines] if relied is not None else lines
    reasons = section(ref.config.module.responses, "reasons")
    reason = str(reasons.get(charge.reason, speech.REASONS.get(charge.reason, charge.reason)))
    what = speech.amount(charge.amount, charge.unit)
    asked = speech.say("held_penalty", reason=reason, amount=what, player=charge.player)
    ref.talk.open = Question(
        "culprit",
        asked,
        reason=charge.reason,
        amount=charge.amount,
        guess=charge.player,
        beneficiary=None if doubted else charge.beneficiary,  # whom it caused rests on the same guess
    )
    return [*lines, speech.say("held_doubt" if doubted else "held_inferred"), asked]
