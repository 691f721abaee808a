"""A frame and the grammar facts frames need (frames.py fills them, command_frame.py for commands)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.understanding.spans import Reading

TARGET_INTENT = "target"
"""The grammar intent of a bare seat or name: no move, its targets kept."""


@dataclass(frozen=True)
class Frame:
    """The meaning filled from a line's spans."""

    intent: str | None
    """A grammar intent (TARGET_INTENT for a bare target)."""
    slots: Mapping[str, Any] = field(default_factory=dict)
    """The game's own slots (named after its lists), invalid, player(2), position(2), self, topic..."""
    confidence: float = 1.0
    """The lowest confidence of the readings used, lowered by leftovers in a command."""


@dataclass(frozen=True)
class Filled:
    """What filling gave: a frame, or none and whether a move was attempted."""

    frame: Frame | None = None
    """The frame, or None."""
    then: tuple[Frame, ...] = ()
    """The moves said after `frame` in the same line ("j'accepte soixante cinq"), in order."""
    attempt: bool = False
    """No frame, but a move or command phrase was heard (the referee may ask what was meant)."""
    refused: bool = False
    """Move phrases were heard whole and refused (a hedge, a correction taking them back): no near miss may
    bring them back ("qui a le sept de bâtons" is no snapped "j'ai le sept de bâtons")."""
    vetoed: bool = False
    """Leftover words vetoed the move phrases heard: a garbled word may still be snapped to its grammar
    word, but no whole-line snap may swap the leftovers away ("je vote contre" is no "je te contre")."""


@dataclass(frozen=True)
class Rules:
    """The grammar facts frames need (from grammars/, through the parser)."""

    invalid_intent: str | None
    """The intent a bare number is heard as, also the name of its number list and slot, or None."""
    legal: frozenset[Any]
    """The legal values of that intent's slot."""
    shown_values: Mapping[str, Any]
    """Intent -> the value of the number list it shows: said with that number, one move."""
    targeted: frozenset[str]
    """Intents whose phrases take a seat or a player."""
    destructive: frozenset[str]
    """Commands only their exact phrase may give."""
    number_joins: frozenset[str] = frozenset()
    """Intents that take a number said with them as their number slot (the game's grammar says which)."""
    markers: frozenset[str] = frozenset()
    """Noun markers, as keys (leftovers.py rules 2 and 3)."""
    openers: frozenset[str] = frozenset()
    """Words that negate or subordinate the move phrase they follow, as keys (leftovers.py rule 6)."""
    words: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Intent -> every word of its phrases: after a noun marker, one of them is still about the move, a word
    of no phrase is not ("je lève la main")."""
    negators: frozenset[str] = frozenset()
    """Words that make the move phrase right after them talk, as keys (clauses.py rule 1)."""
    negation_stops: frozenset[str] = frozenset()
    """Words that end a negator's reach: a new subject, a turn claimed, as keys (clauses.py rule 1)."""
    object_markers: frozenset[str] = frozenset()
    """Possessives and demonstratives before a move verb's object, as keys (clauses.py rule 2)."""
    move_objects: frozenset[str] = frozenset()
    """Nouns a move verb may take as its object, as keys (clauses.py rule 2)."""
    turn_claims: frozenset[tuple[str, ...]] = frozenset()
    """Turn claims said before a move, as tuples of keys (clauses.py rule 0)."""
    comment_openers: frozenset[str] = frozenset()
    """Words that open a remark after a complete move, as keys (clauses.py rule 3)."""
    comment_subjects: frozenset[str] = frozenset()
    """The comment openers that are a subject, as keys: one word after them is a clause (clauses rule 3)."""
    deferrals: frozenset[tuple[str, ...]] = frozenset()
    """Words that put the move off when they end the line, as tuples of keys (leftovers.py rule 8)."""
    move_pairs: frozenset[tuple[str, str]] = frozenset()
    """Intents one line may hold one after the other (clauses.py rule 4)."""


def usable(reading: Reading, awaiting: Collection[str] | None) -> bool:
    """hassil's requires_context: a phrase tied to moments counts only when one of them is awaited."""
    phrase = reading.phrase
    if phrase is None or not phrase.context:
        return True
    return awaiting is not None and any(a in phrase.context for a in awaiting)
