"""The state of a Quinito table: frozen, one CupState per cup (Q13), read through TableView."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.core.expectation import Awaiting, Expectation
from assistant.games.quinito.commands import Score
from assistant.games.quinito.config import Edition

TABLE_PHASES: frozenset[Awaiting] = frozenset({"reveal", "show", "defi_loser"})
"""Phases where the table, not one player, must speak (Expectation.player is None)."""


@dataclass(frozen=True)
class CupState:
    """One cup's round: what it waits for and what was said (Q5, Q6, L3)."""

    phase: Awaiting = "announce"
    """What this cup waits for (never "over": that is the table's)."""
    actor: str = ""
    """Whose move it is: holder, responder, lifter (reveal), attacker/target, thrower (défi)..."""
    announcer: str | None = None
    """Who made the standing announcement (L3: a pass makes the passer the announcer)."""
    announced: Score | None = None
    """The standing announcement, "chance" included (L-V6)."""
    to_beat: int | None = None
    """The last announcement that is no chance/low special: the next must be strictly higher (L-V6)."""
    origin: str | None = None
    """L3 full circle: who made the last raising announcement."""
    dice: int | None = None
    """The Q2 value under the cup when known (simulation or read out), else None."""
    rerolls: int = 0
    """Q6, L-V1: re-throws made by the current holder since taking the cup."""
    other: str | None = None
    """Q9: the attacker during a quinito."""
    racers: tuple[str, ...] = ()
    """Q8: the two défi racers."""
    saw21: bool = False
    """L-V2: a 21 was announced or revealed this round."""
    tries: int = 0
    """L-V5: redemption throws made."""
    bar: int | None = None
    """Q5: the bar the standing announcement had to beat (an amended announcement is checked against it)."""
    claimed: int | None = None
    """Q8: the special claimed while the table reads the dice ("show")."""


@dataclass(frozen=True)
class QuinitoState:
    """Everything the referee knows about a Quinito table; a fold over the events."""

    players: tuple[str, ...]
    """Seating order, clockwise."""
    edition: Edition
    """drinking or family."""
    cups: tuple[CupState, ...]
    """One per cup (Q13: two)."""
    doses: tuple[int, ...]
    """Doses taken, per player (drinking edition)."""
    sips: tuple[int, ...]
    """V-51 sips taken, per player."""
    lives: tuple[int, ...]
    """L1 lives left, per player (family edition)."""
    cup_totems: tuple[str | None, ...]
    """Q12/Q13: the totem of each cup, or None before its first quinito."""
    eliminated: frozenset[str] = frozenset()
    """L1: players without lives, skipped in turn order."""
    direction: int = 1
    """1 clockwise, -1 counter-clockwise (Q8 32, L-V4)."""
    winner: str | None = None
    """L1: the last player with lives; None while playing (always None in the drinking edition)."""
    rounds: int = 1
    """Rounds started so far, every cup counted (the first one included)."""

    @property
    def current(self) -> str | None:
        """Whose turn it is on cup 0 (the lifter while the table reads the dice); None when over."""
        if self.winner is not None:
            return None
        return self.cups[0].actor

    @property
    def totems(self) -> tuple[str, ...]:
        """Q12, Q13: players holding a totem."""
        return tuple(dict.fromkeys(t for t in self.cup_totems if t is not None))

    def active(self) -> tuple[str, ...]:
        """L1: players still in the game."""
        return tuple(p for p in self.players if p not in self.eliminated)

    def next_player(self, player: str, steps: int = 1) -> str:
        """The `steps`-th player still in after `player`, in the current direction."""
        n = len(self.players)
        i = self.players.index(player)
        while steps > 0:
            i = (i + self.direction) % n
            if self.players[i] not in self.eliminated:
                steps -= 1
        return self.players[i]

    def standings(self) -> dict[str, dict[str, int | bool]]:
        """Drinking: doses and sips; family: lives and eliminated."""
        if self.edition == "family":
            return {
                p: {"lives": self.lives[i], "eliminated": p in self.eliminated}
                for i, p in enumerate(self.players)
            }
        return {p: {"doses": self.doses[i], "sips": self.sips[i]} for i, p in enumerate(self.players)}

    def expecting_all(self) -> tuple[Expectation, ...]:
        """Q13: what each cup waits for, cup 0 first."""
        if self.winner is not None:
            return (Expectation("over"),)
        return tuple(_expect(cup, i) for i, cup in enumerate(self.cups))

    def expecting(self) -> Expectation:
        """What cup 0 waits for (or "over")."""
        if self.winner is not None:
            return Expectation("over")
        return _expect(self.cups[0], 0)


PLAYER_BOUND = frozenset({"announce", "response", "attack_target", "counter_or_submit", "defi_players"})
"""Moments only the expected player may answer, and during which their silence is slowness (Q10)."""


def _expect(cup: CupState, index: int) -> Expectation:
    phase = cup.phase
    bound = phase in PLAYER_BOUND
    if phase == "response":
        return Expectation(phase, cup.actor, cup.announcer, index, bound, bound)
    if phase in ("counter_or_submit", "counter_throw"):
        return Expectation(phase, cup.actor, cup.other, index, bound, bound)
    if phase in TABLE_PHASES:
        return Expectation(phase, None, cup.actor, index)
    return Expectation(phase, cup.actor, None, index, bound, bound)
