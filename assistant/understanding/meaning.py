"""From a meaning (a grammar phrase, or a frame's intent and slots) to the `Parse` the referee gets."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.game import Parse, Violation
from assistant.understanding.frame import TARGET_INTENT
from assistant.understanding.grammar import WILDCARD, Phrase

HIDDEN_INTENTS = frozenset({TARGET_INTENT})
"""Grammar intents that are no contract intent: their lines give intent None with the target filled."""
_NO_WAKE_SLOTS = frozenset({"wake_word"})


def meaning(phrase: Phrase) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """What a phrase means, whatever its words and wake word: two phrases with it are one meaning."""
    return phrase.intent, tuple(sorted((k, str(v)) for k, v in phrase.slots if k not in _NO_WAKE_SLOTS))


Fields = Callable[[str | None, Mapping[str, object]], Mapping[str, object]]
"""The game's `parse_fields`: its own keys of the `kinito parse` object, from an intent and its slots."""


def to_parse(
    text: str,
    phrase: Phrase,
    extra: dict[str, Any],
    confidence: float,
    addressed: bool,
    violations: tuple[Violation, ...],
    fields: Fields,
) -> Parse:
    """The Parse of a grammar phrase, with the slots the line added (`invalid`, a free topic)."""
    slots = {**dict(phrase.slots), **extra}
    return from_slots(text, phrase.intent, slots, confidence, addressed, violations, fields)


def from_slots(
    text: str,
    intent: str | None,
    slots: dict[str, Any],
    confidence: float,
    addressed: bool,
    violations: tuple[Violation, ...],
    fields: Fields,
) -> Parse:
    """The Parse of a grammar intent and its slots (a phrase's, or a frame's)."""
    named = tuple(str(slots[s]) for s in ("player", "player2") if s in slots)
    seats = tuple(slots[s] for s in ("position", "position2") if s in slots)
    topic = slots.get("topic", slots.get("topic_free"))
    topic = None if topic == WILDCARD else topic
    return Parse(
        text=text,
        intent=None if intent in HIDDEN_INTENTS else intent,
        slots=slots,
        fields=fields(intent, slots),
        violations=violations,
        player=named[0] if len(named) == 1 else None,
        players=named if len(named) > 1 else (),
        position=seats[0] if len(seats) == 1 else None,
        positions=seats if len(seats) > 1 else (),
        topic=None if topic is None else str(topic),
        addressed=addressed or "wake_word" in slots,
        confidence=confidence,
        extra=_extra(intent or "", slots),
    )


def _extra(intent: str, slots: Mapping[str, Any]) -> dict[str, Any]:
    """Flags for the referee: a bare target ("à ma gauche"), a self-designation ("c'est moi")."""
    if intent not in HIDDEN_INTENTS:
        return {}
    return {"target": True, "self": True} if slots.get("self") else {"target": True}
