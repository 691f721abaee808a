"""A simulated table talking to the referee: realistic utterance streams for the bench, soak and fuzzing.

Every sentence comes from the table's own grammar (grammars/, through the parser), chosen for what the
referee awaits, so the stream plays real games; noise (chatter, wrong speakers, undo, pause, new game,
silences) is mixed in at the rates of `Noise`. Randomness comes only from the `random.Random` given.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from assistant.understanding.grammar import WILDCARD, Phrase

CHATTER = (
    "il fait beau ce soir",
    "tu veux une bière",
    "passe moi les chips",
    "on commande des pizzas",
    "attends je reviens",
    "c'est quoi cette musique",
    "haha",
    "euh",
    "",
    "mmh ouais",
)
"""Table talk that is no move (a recogniser also hands over fragments and empty finals)."""


@dataclass(frozen=True)
class Utterance:
    """One thing that happens at the table: a line heard, or a silence."""

    speaker: str | None
    """A player's name, None for an unattributed voice (`table`)."""
    text: str
    """What the recogniser heard (empty for a silence)."""
    wait: float = 0.0
    """Seconds of silence before the line (the clock advances, the referee ticks)."""
    conf: float = 1.0
    """The recogniser's confidence."""


@dataclass(frozen=True)
class Noise:
    """How often each kind of disturbance happens, per utterance."""

    chatter: float = 0.15
    """Table talk that is no move."""
    wrong_speaker: float = 0.05
    """A move said by someone else than the expected player."""
    unattributed: float = 0.1
    """A move said with no known speaker."""
    low_confidence: float = 0.03
    """A line heard with a confidence under the referee's threshold."""
    command: float = 0.03
    """A wake-word command (standings, whose turn, rules, repeat)."""
    undo: float = 0.02
    """"arbitre annule"."""
    pause: float = 0.005
    """"arbitre pause" (a "arbitre reprends" follows a few lines later)."""
    new_game: float = 0.0005
    """"arbitre nouvelle partie"."""
    long_wait: float = 0.03
    """A silence long enough for a slowness fault (Q10)."""


class Talker:
    """Chooses the next utterance from the referee's expectations and the grammar's phrases."""

    def __init__(
        self,
        phrases: tuple[Phrase, ...],
        players: tuple[str, ...],
        noise: Noise | None = None,
        moments: Mapping[str, frozenset[str]] | None = None,
    ):
        self.players = players
        self.moments = moments or {}
        """The grammar's `awaiting`: intent -> the moments it belongs to (the game's own moves)."""
        self.noise = noise or Noise()
        self.by_intent: dict[str, list[str]] = defaultdict(list)
        self.by_value: dict[Any, list[str]] = defaultdict(list)
        self.value_intent: str | None = None
        """The game's intent of a value said alone: its phrases carry the slot named as the intent."""
        for phrase in phrases:
            if WILDCARD in phrase.text or phrase.context:
                continue  # a phrase said only at some moments ("quarante deux raté") is not said at any
            self.by_intent[phrase.intent].append(phrase.text)
            slots = dict(phrase.slots)
            if phrase.intent in slots and self.value_intent in (None, phrase.intent):
                self.value_intent = phrase.intent
                self.by_value[slots[phrase.intent]].append(phrase.text)
        self.values = sorted(self.by_value, key=str)
        self.paused = False

    def _say(self, rng: random.Random, *intents: str | None) -> str:
        choices = [t for i in intents if i is not None for t in self.by_intent.get(i, ())]
        return rng.choice(choices) if choices else rng.choice(CHATTER)

    def _value(self, rng: random.Random) -> str:
        if not self.values:
            return rng.choice(CHATTER)
        return rng.choice(self.by_value[rng.choice(self.values)])

    def move(self, awaiting: str, rng: random.Random) -> str:
        """A line answering what the referee awaits (any legal-looking move, right or not)."""
        if awaiting in ("announce", "reveal", "counter_throw", "redemption_throw"):
            if awaiting == "announce" and rng.random() < 0.1:
                alone = self.value_intent
                others = [i for i, when in self.moments.items() if awaiting in when and i != alone]
                return self._say(rng, *others)  # a special shown, a re-throw: the game's other moves
            return self._value(rng)
        if awaiting == "response":
            roll = rng.random()
            if roll < 0.45:
                return self._say(rng, "accept")
            return self._say(rng, "challenge") if roll < 0.85 else self._value(rng)
        if awaiting == "counter_or_submit":
            return self._say(rng, "counter", "accept")
        if awaiting in ("attack_target", "defi_players", "defi_loser"):
            return self._say(rng, "target", "defi")
        if awaiting == "over":
            return self._say(rng, "new_game")
        if awaiting in ("play", "draw", "deal"):
            return self._say(rng, "play", "pass", "draw")
        return self._say(rng, self.value_intent, "accept", "challenge")

    def next(self, expectations: tuple[Any, ...], rng: random.Random) -> Utterance:
        """The next utterance, given the referee's current expectations."""
        noise, players = self.noise, self.players
        if self.paused and rng.random() < 0.3:
            self.paused = False
            return Utterance(rng.choice(players), self._say(rng, "resume"))
        roll = rng.random()
        for kind, rate in (
            ("undo", noise.undo),
            ("pause", noise.pause),
            ("new_game", noise.new_game),
            ("command", noise.command),
        ):
            if roll < rate:
                if kind == "pause":
                    self.paused = True
                intents = ("standings", "whose_turn", "rules", "repeat") if kind == "command" else (kind,)
                return Utterance(rng.choice(players), self._say(rng, *intents), wait=rng.uniform(1, 5))
            roll -= rate
        if rng.random() < noise.chatter:
            who = rng.choice([*players, None])
            return Utterance(who, rng.choice(CHATTER), wait=rng.uniform(0.2, 1.5))
        expect = rng.choice(expectations) if expectations else None
        awaiting = getattr(expect, "awaiting", "over")
        speaker: str | None = getattr(expect, "player", None) or rng.choice(players)
        if rng.random() < noise.wrong_speaker:
            speaker = rng.choice(players)
        elif rng.random() < noise.unattributed:
            speaker = None
        wait = rng.uniform(35, 60) if rng.random() < noise.long_wait else rng.uniform(0.5, 4)
        conf = rng.uniform(0.2, 0.5) if rng.random() < noise.low_confidence else rng.uniform(0.8, 1.0)
        return Utterance(speaker, self.move(awaiting, rng), wait=wait, conf=conf)
