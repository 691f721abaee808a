"""Q11 (drinking edition): forbidden words and names heard at the table become faults (Q10).

A violation by a known speaker is charged to them at once. An unattributed one (`table`) is never
charged at random: the referee asks "Qui a dit ça ?" and the next line may designate the culprit
("arbitre c'est Bruno", "c'est moi", "c'est lui à ma gauche" — seats relative to that line's speaker,
or, when that line is unattributed too, to the player whose turn it is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from assistant.core.events import Reason
from assistant.game import Parse, is_self, targets
from assistant.referee.decoding.words import WHO_QUESTIONS, tokens


@dataclass(frozen=True)
class Pending:
    """A fault heard from the table whose author is not known yet (or a penalty without a name)."""

    reason: Reason
    """What the culprit will be charged with."""


def reasons(parse: Parse, asked_who: bool = False) -> list[Reason]:
    """Q11: one fault per violation heard in the line, in order; a name said just after the referee
    asked for a player ("Qui vises-tu ?" → "c'est pour Océane") answers it, and is no breach."""
    return [v.rule for v in parse.violations if not (asked_who and v.rule == "name_called")]


def asks_who(sentences: Sequence[str]) -> bool:
    """Whether the referee's last words asked for a player ("Qui vises-tu ?", "Qui a dit ça ?")."""
    return any(s.endswith("?") and not WHO_QUESTIONS.isdisjoint(tokens(s)) for s in sentences)


def tries_to_designate(parse: Parse) -> bool:
    """Whether a line answers "who?" ("c'est moi", a seat, "arbitre c'est Bruno"), designated or not."""
    return is_self(parse) or bool(parse.position or parse.positions) or parse.intent == "penalty"


def designated(
    parse: Parse,
    speaker: str | None,
    players: tuple[str, ...],
    direction: int = 1,
    anchor: str | None = None,
) -> str | None:
    """The culprit a line designates: a name (after the wake word), "moi", or a seat relative to the
    speaker (to `anchor` when the line is unattributed); None when the line designates nobody."""
    if speaker is not None and is_self(parse):
        return speaker
    named = [parse.player] if parse.player in players else []
    if parse.intent == "penalty" and named:
        return named[0]
    found = targets(parse, players, speaker or anchor, direction)
    if found and (parse.addressed or parse.position or parse.positions or parse.intent == "penalty"):
        return found[0]
    return None
