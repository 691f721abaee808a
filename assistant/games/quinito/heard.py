"""What a Quinito line said, read from the parser's slots (the grammar's {score} list), and the game's
keys of the `kinito parse` object (docs/command-line.md: `score`, `card`, `invalid`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from assistant.game import Parse
from assistant.games.quinito.commands import Score
from assistant.games.quinito.scores import CHANCE


def score_in(slots: Mapping[str, object]) -> Score | None:
    """Q3: the score said (a legal value or "chance"), or None."""
    value = slots.get("score")
    if value == CHANCE:
        return CHANCE
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def said_score(parse: Parse) -> Score | None:
    """Q3: the score a line said, or None."""
    return score_in(parse.slots)


def said_invalid(parse: Parse) -> int | None:
    """Q10: a number said as a score that is no legal score (a fantasy announcement), or None."""
    value = parse.slots.get("invalid")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def fragment(value: int) -> bool:
    """Whether a number said as a score is what a recogniser leaves of one, rather than an announcement:
    one die ("cinq" of "cinq quatre") or bare tens ("cinquante" of "cinquante-quatre"). Such a value is
    asked, never charged as a fantasy (Q10 on a guess)."""
    return 1 <= value <= 6 or (value % 10 == 0 and 10 <= value <= 60)


def said_value(parse: Parse) -> int | None:
    """Q3: the score a line says as a number (its parse's `score` key, else its slot), or None."""
    value = parse.fields.get("score", parse.slots.get("score"))
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def as_score(parse: Parse, value: int) -> Parse:
    """The line as if it said the score `value` (Q8: the read-out that would confirm a claim)."""
    return replace(
        parse, intent="score", slots={**parse.slots, "score": value}, fields={**parse.fields, "score": value}
    )


def parse_fields(intent: str | None, slots: Mapping[str, object]) -> Mapping[str, object]:
    """docs/command-line.md: `score` (null when none), `card` (null: Quinito has no card), and `invalid` when
    a number that is no legal score was said."""
    out: dict[str, object] = {"score": score_in(slots), "card": None}
    if "invalid" in slots:
        out["invalid"] = slots["invalid"]
    return out
