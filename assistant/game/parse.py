"""What the understanding layer hands the referee: one frozen `Parse` per transcript.

Like hassil's RecognizeResult, a Parse is an intent and its slots: the parser never knows what a slot
means to a game. Each game turns its slots into its own values and supplies its own
keys of the JSON form (`GameModule.parse_fields`); `to_json` is exactly the object `kinito parse`
prints (docs/command-line.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Position = Literal[
    "left",
    "right",
    "facing",
    "next",
    "left2",
    "left3",
    "left4",
    "left5",
    "right2",
    "right3",
    "right4",
    "right5",
]
"""Targets by seat, relative to the speaker: à ma gauche, à ma droite, en face, le suivant, and a seat
further round ("le deuxième à ma gauche" is `left2`, "trois places à ma droite" `right3`)."""


@dataclass(frozen=True)
class Violation:
    """Q11: a forbidden word or a player's name heard outside a wake-word command."""

    rule: Literal["forbidden_word", "name_called"]
    """Which of the table's rules was broken."""
    word: str | None = None
    """forbidden_word: the word as heard."""
    player: str | None = None
    """name_called: the player as configured."""

    def to_json(self) -> dict[str, Any]:
        """The contract's form: {"rule", "word"} or {"rule", "player"}."""
        if self.rule == "forbidden_word":
            return {"rule": self.rule, "word": self.word}
        return {"rule": self.rule, "player": self.player}


@dataclass(frozen=True)
class Parse:
    """The meaning of one transcript."""

    text: str
    """The input line, unchanged."""
    intent: str | None = None
    """A Quinito, Cinquillo or wake-word command intent of docs/command-line.md, or None for chatter."""
    slots: Mapping[str, object] = field(default_factory=dict)
    """Every slot of the phrase heard, by its grammar name (the game's own lists: what was said with
    the move), and `invalid`: a bare number that is no value of the game's number list."""
    fields: Mapping[str, object] = field(default_factory=dict)
    """The game's own keys of the JSON form, made from the slots by its `parse_fields`."""
    violations: tuple[Violation, ...] = ()
    """Breaches of Q11 heard in this line."""
    player: str | None = None
    """A player named in a wake-word command (penalty, designation) as configured."""
    players: tuple[str, ...] = ()
    """Several players named after the wake word (défi racers)."""
    position: Position | None = None
    """A target by seat, relative to the speaker."""
    positions: tuple[Position, ...] = ()
    """Several targets by seat (défi: "à ma gauche et en face")."""
    topic: str | None = None
    """rules: what the table asked about (free string), or None for the whole rules."""
    addressed: bool = False
    """True when the line began with the wake word."""
    confidence: float = 1.0
    """How close the line was to an allowed phrase (1.0 exact; lower after fuzzy snapping)."""
    attempt: bool = False
    """No move understood, but a move or command phrase was heard in the line (frames.py): the
    referee may ask the expected player what was meant instead of staying silent."""
    confirm: bool = False
    """The line is a spoken yes ("oui", "je confirme"): confirms a destructive command."""
    deny: bool = False
    """The line is a spoken no ("non"): answers a yes/no question of the referee."""
    moves: tuple[Parse, ...] = ()
    """Every move of a line that holds two or more ("j'accepte soixante cinq": the accept, then the
    announcement), in order, the first also at the top level; empty for a line of one move or none."""
    extra: dict[str, Any] = field(default_factory=dict)
    """The parser's flags for the referee: a bare target ("à ma gauche"), a self-designation
    ("c'est moi"); never printed."""

    def to_json(self) -> dict[str, Any]:
        """The object `kinito parse --jsonl` prints for this line."""
        out: dict[str, Any] = {"text": self.text, "intent": self.intent, **self.fields}
        out["violations"] = [v.to_json() for v in self.violations]
        if self.intent == "rules":
            out["topic"] = self.topic
        if self.intent == "penalty" or self.player is not None:
            out["player"] = self.player
        if self.players:
            out["players"] = list(self.players)
        if self.position is not None:
            out["position"] = self.position
        if self.positions:
            out["positions"] = list(self.positions)
        if self.moves:
            out["moves"] = [_move_json(move) for move in self.moves]
        return out


def _move_json(move: Parse) -> dict[str, Any]:
    """One move of a line of several, as its `kinito parse` keys (no text, no violations)."""
    out = move.to_json()
    del out["text"], out["violations"]
    return out
