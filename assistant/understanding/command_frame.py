"""The command frame: frames.py rule 1, for a line that holds the wake word."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from assistant.understanding.frame import Filled, Frame, Rules, usable
from assistant.understanding.leftovers import lowered
from assistant.understanding.spans import Reading, Span


def command(spans: Sequence[Span], rules: Rules, awaiting: Collection[str] | None) -> Filled:
    """Rule 1 (and rule 5: a body that is also a skip word, "quoi", counts only with nothing else said)."""
    leftovers = sum(1 for s in spans if s.kinds <= {"unknown", "number", "breach"})
    others = sum(1 for s in spans if not s.kinds & {"skip", "wake", "correction", "body"})
    found: list[Reading] = [
        r
        for s in spans
        if not ("skip" in s.kinds and others)
        for r in s.readings
        if r.command and usable(r, awaiting) and r.intent is not None
    ]
    intents = {r.intent for r in found}
    if len(intents) != 1:
        return Filled(attempt=bool(found))
    intent = next(iter(intents))
    if intent in rules.destructive or _words_before_body(spans):
        return Filled(attempt=True)
    slots: dict[str, Any] = {}
    for reading in found:  # "arbitre bruno a triché pénalité": the player of one phrase, the word of another
        if reading.phrase is not None:
            slots.update((k, v) for k, v in reading.phrase.slots if k != "wake_word")
    players = [r.value for s in spans for r in s.readings if r.kind == "player"]
    if "player" not in slots and len(set(players)) == 1:
        slots["player"] = players[0]
    confidence = lowered(min(r.confidence for r in found), leftovers)
    return Filled(Frame(intent, slots, confidence))


def _words_before_body(spans: Sequence[Span]) -> bool:
    """Unknown words between the wake word and the command may change it ("arbitre l'ovdre du
    classement" is no "le classement"): only words after the command are an aside ("arbitre pause deux
    minutes")."""
    after_wake = False
    for span in spans:
        if "wake" in span.kinds:
            after_wake = True
        elif any(r.command for r in span.readings):
            return False
        elif after_wake and span.kinds <= {"unknown", "number", "breach"}:
            return True
    return False
