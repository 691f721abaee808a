"""What Cinquillo says, from its own responses file (grammars/responses/fr/cinquillo.yaml): its
sentences and how undo names its commands."""

from __future__ import annotations

from collections.abc import Mapping

from assistant.game import sentence
from assistant.games.cinquillo.config import RESPONSES
from assistant.responses import section

DESCRIPTIONS: Mapping[str, str] = section(RESPONSES, "descriptions")
"""How "J'annule : ..." names each Cinquillo command class (undo)."""


def say(key: str, **values: object) -> str:
    """One of Cinquillo's sentences, or one the referee shares."""
    return sentence(RESPONSES, key, **values)
