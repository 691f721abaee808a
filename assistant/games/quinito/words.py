"""What Quinito says, from its own responses file (grammars/responses/fr/quinito.yaml): its sentences,
the 21 scores as said aloud (Q2/Q3), its penalty reasons and how undo names its commands."""

from __future__ import annotations

from collections.abc import Mapping

from assistant import game, speech
from assistant.core.events import PenaltyCalled
from assistant.game import sentence
from assistant.games.quinito.config import RESPONSES
from assistant.responses import responses, section

SCORES: Mapping[int, str] = {int(k): str(v) for k, v in responses(RESPONSES)["scores"].items()}
"""Q2/Q3: the 21 scores as the referee says them."""

REASONS: Mapping[str, str] = {**speech.REASONS, **section(RESPONSES, "reasons")}
"""Each penalty reason of docs/command-line.md as said aloud: the referee's shared ones (faults, Q10/Q11) and
Quinito's own."""

DESCRIPTIONS: Mapping[str, str] = section(RESPONSES, "descriptions")
"""How "J'annule : ..." names each Quinito command class (undo)."""


def say(key: str, **values: object) -> str:
    """One of Quinito's sentences, or one the referee shares."""
    return sentence(RESPONSES, key, **values)


def has_sentence(key: str) -> bool:
    """Whether Quinito's file (or the referee's) has a sentence of that key (a prompt per moment)."""
    return game.has_sentence(RESPONSES, key)


def score(value: int | str) -> str:
    """A score as said aloud ("soixante-deux", "double trois"...); "chance" as is."""
    if isinstance(value, int):
        return SCORES.get(value, str(value))
    return value


def penalty(event: PenaltyCalled) -> str:
    """The announcement of one penalty, its reason in Quinito's words: "Bruno prend une dose : bluff."."""
    return speech.penalty(event, REASONS)
