"""What the live loop hears: one utterance, from the recogniser or a typed line."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Utterance:
    """One thing heard at the table."""

    speaker: str | None
    """Who said it, as typed (None: not attributed; the referee gives moves to the expected player)."""
    text: str
    """The words, as a recogniser would write them."""
    conf: float = 1.0
    """Recognition confidence 0..1; under the table's level the referee asks to repeat."""
