"""What Cinquillo says, from its own responses file (grammars/responses/fr/cinquillo.yaml): its
sentences, a count of cards, and how undo names its commands."""

from __future__ import annotations

from collections.abc import Mapping

from assistant import speech
from assistant.game import sentence
from assistant.games.cinquillo.config import RESPONSES
from assistant.responses import section

DESCRIPTIONS: Mapping[str, str] = section(RESPONSES, "descriptions")
"""How "J'annule : ..." names each Cinquillo command class (undo)."""
CARDS: str = section(RESPONSES, "counters")["cards"]
"""C3: the card counter's noun, "singulier / pluriel"."""


def say(key: str, **values: object) -> str:
    """One of Cinquillo's sentences, or one the referee shares."""
    return sentence(RESPONSES, key, **values)


def cards_words(count: int) -> str:
    """C3: "zéro carte", "une carte", "douze cartes"."""
    return speech.counted(count, CARDS)
