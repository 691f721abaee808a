"""What a Quinito table can tell the referee, one frozen dataclass per move.

The referee builds these from speech; bots build them in simulation. The engine never sees the dice
unless a command carries them: `Throw` (a bot's recorded roll), `Reveal` (the value read out after a
lift), `ShowSpecial` (a special throw shown to the table), `CounterThrow` and `RedemptionThrow`.
A score is an int among the 21 of Q3 (e.g. 62, 11, 21), or the string "chance" (L-V6). Any other
int may be announced: the engine calls it a fantasy announcement (Q10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from assistant.core.events import FaultReason as TableFault

Score = int | Literal["chance"]
FaultReason = (
    TableFault
    | Literal["fantasy_announcement", "bluff", "wrong_lift", "quinito", "quinito_countered", "defi"]
)
"""Q10, Q11 faults; and a lift's loss the referee held and the table then named (`Reveal.held`)."""


@dataclass(frozen=True)
class Throw:
    """Simulation only: `player` rolled `dice` under the cup (recorded randomness)."""

    player: str
    """Who threw."""
    dice: tuple[int, int]
    """The two dice, each 1..6, in the order rolled."""
    cup: int = 0
    """Q13 Double Kinito: which cup (0 or 1)."""


@dataclass(frozen=True)
class Announce:
    """Q5/L2: the cup holder announces a score to the next player."""

    player: str
    """The announcer (must hold the cup)."""
    score: Score
    """What was announced: a Q3 value, "chance", or any other int (a fantasy announcement)."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Accept:
    """Q6 accept / L3 believe: the next player takes the cup and must raise."""

    player: str
    """The responder."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Lift:
    """Q6 lift / L3 disbelieve: the cup is lifted; the dice decide (via `Reveal` if unknown)."""

    player: str
    """The lifter."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Pass:
    """L3 pass (family edition): hand the cup on unseen, announcing an equal or higher score."""

    player: str
    """The passer."""
    score: Score
    """The score passed on (equal to or higher than the one received)."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Reroll:
    """Q6, L3, L-V1, V-forced-reroll: the holder throws again before announcing."""

    player: str
    """Who rerolls (the cup holder)."""
    dice: tuple[int, int] | None = None
    """The new dice, known in simulation only."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Reveal:
    """The dice under a lifted cup, as read out by the table ("il y a cinquante-quatre")."""

    value: int
    """One of the 21 Q3 values."""
    cup: int = 0
    """Which cup (Q13)."""
    held: bool = False
    """The lift's loss is held, not charged: the referee is not sure who lifted or announced (a line
    nobody is attributed to, after it lost the thread) and asks the table who pays (a `Fault`)."""


@dataclass(frozen=True)
class ShowSpecial:
    """Q8, V-*: the thrower shows a special throw: 21 (or 65 with V-65) quinito, 31 défi or
    replay (V-31-replay), 32 change of direction, 51 everyone sips (V-51)."""

    player: str
    """The thrower (the cup holder)."""
    value: int
    """The special value shown."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Claim:
    """Q8 (Decision): the holder says a special as a number ("trente et un", "vingt et un"): a claim the
    table checks by reading the dice out, not an announcement the next player may lift."""

    player: str
    """The claimer (the cup holder)."""
    value: int
    """The special value claimed (21, 65 with V-65, 31, 32, 51 with V-51)."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Amend:
    """Q5: the announcer corrects the announcement before the next player answers ("non attends
    soixante-trois")."""

    player: str
    """The announcer."""
    score: Score
    """The corrected announcement."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Attack:
    """Q9: the quinito thrower names the player who must take a double dose (Q12: not the totem)."""

    player: str
    """The attacker."""
    target: str
    """The attacked player."""


@dataclass(frozen=True)
class Submit:
    """Q9: the attacked player takes the double dose without countering."""

    player: str
    """The attacked player."""
    held: bool = False
    """The loss it causes is held, not charged: the referee asks the table who pays (a `Fault`)."""


@dataclass(frozen=True)
class Counter:
    """Q9: the attacked player counters ("je contre") and will throw for a 21."""

    player: str
    """The attacked player."""


@dataclass(frozen=True)
class CounterThrow:
    """Q9: the value of one counter throw; doubles and specials throw again."""

    player: str
    """The counterer."""
    value: int
    """The Q3 value thrown."""
    held: bool = False
    """The loss it causes is held, not charged: the referee asks the table who pays (a `Fault`)."""


@dataclass(frozen=True)
class DefiPlayers:
    """Q8 31 défi: the thrower names the two players who race."""

    player: str
    """The thrower who names them."""
    first: str
    """One racer."""
    second: str
    """The other racer."""


@dataclass(frozen=True)
class DefiLoser:
    """Q8 31 défi: the racer who finished last (takes a penalty dose)."""

    player: str
    """The last to finish."""
    held: bool = False
    """The loss it causes is held, not charged: the referee asks the table who pays (a `Fault`)."""


@dataclass(frozen=True)
class RedemptionThrow:
    """L-V5: one of the (at most three) throws of a player trying to cancel a loss on a revealed 21."""

    player: str
    """The player trying."""
    value: int
    """The Q3 value thrown."""


@dataclass(frozen=True)
class Resync:
    """The referee lost track of the table, which clearly plays on from `player` (their move heard,
    then the next seat's): a new round from them, holding the cup. Nobody is charged: what the
    referee missed is never paid on a guess."""

    player: str
    """Who holds the cup now."""
    reverse: bool = False
    """The table plays the other way round (L-V4, Q8 32: a change of direction the referee missed)."""
    cup: int = 0
    """Which cup (Q13)."""


@dataclass(frozen=True)
class Fault:
    """Q10/Q11: a fault called on a player (slowness, forbidden word, name called, other)."""

    player: str
    """The author of the fault."""
    reason: FaultReason
    """Which fault."""
    amount: int = 1
    """Doses or lives it costs (a held lift's loss may cost two, Q9 stake)."""
    beneficiary: str | None = None
    """L-V3: who receives the life (a held loss the table said who pays: the player who caused it)."""


Command = (
    Throw
    | Announce
    | Accept
    | Lift
    | Pass
    | Reroll
    | Reveal
    | ShowSpecial
    | Claim
    | Amend
    | Attack
    | Submit
    | Counter
    | CounterThrow
    | DefiPlayers
    | DefiLoser
    | RedemptionThrow
    | Resync
    | Fault
)
