"""What happened at a Quinito table, one frozen dataclass per fact (plus the shared PenaltyCalled).

`cup` is always the cup concerned (Q13 Double Kinito); 0 with a single cup.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.core.events import PenaltyCalled
from assistant.games.quinito.commands import Score


@dataclass(frozen=True)
class RoundStarted:
    """Q5, Q7, L4: a new round; `starter` holds the cup and throws."""

    starter: str
    """Who throws first."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Thrown:
    """Simulation: the holder rolled these dice under the cup."""

    player: str
    """The thrower."""
    dice: tuple[int, int]
    """The two dice."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Rerolled:
    """Q6, L3, L-V1: the holder threw again; `dice` None when unseen by the referee."""

    player: str
    """The thrower."""
    dice: tuple[int, int] | None
    """The two dice, when known (simulation)."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Announced:
    """Q5, L2: a valid announcement (fantasies are PenaltyCalled instead, Q10)."""

    player: str
    """The announcer."""
    score: Score
    """A Q3 value or "chance"."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Accepted:
    """Q6 accept / L3 believe."""

    player: str
    """The responder, now holding the cup."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Passed:
    """L3: handed on unseen with an equal or higher score; the passer becomes the announcer."""

    player: str
    """The passer."""
    score: Score
    """The score passed on."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Lifted:
    """Q6 lift / L3 disbelieve: the cup is lifted."""

    player: str
    """The lifter."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Revealed:
    """The dice under the lifted cup."""

    value: int
    """A Q3 value."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class SpecialShown:
    """Q8, V-31-replay, V-32, V-51, V-65: a special throw shown to the table."""

    player: str
    """The thrower."""
    value: int
    """21 (or 65), 31, 32 or 51."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class SpecialClaimed:
    """Q8: a special said as a number; the table must read the dice out."""

    player: str
    """The claimer."""
    value: int
    """The special claimed."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class ClaimChecked:
    """Q8: the table read the dice of a claimed special; a false claim leaves the claimer to throw again."""

    player: str
    """The claimer."""
    value: int
    """The value read out."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Amended:
    """Q5: the announcer corrected the standing announcement before any answer."""

    player: str
    """The announcer."""
    score: Score
    """The announcement that now stands."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class DirectionReversed:
    """Q8 32 / L-V4: play now goes the other way."""


@dataclass(frozen=True)
class QuinitoAttacked:
    """Q9: the quinito thrower attacks `target`."""

    attacker: str
    """The thrower."""
    target: str
    """The attacked player."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class Countered:
    """Q9: the target counters and will throw for a quinito."""

    player: str
    """The counterer."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class CounterThrown:
    """Q9: one counter throw."""

    player: str
    """The counterer."""
    value: int
    """The Q3 value thrown."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class TotemGiven:
    """Q12: the quinito is over; `player` is protected from the next attack."""

    player: str
    """The new totem holder."""
    cup: int = 0
    """Which cup's totem (Q13: two totems)."""


@dataclass(frozen=True)
class DefiStarted:
    """Q8 31 défi: two racers named by the thrower."""

    thrower: str
    """Who threw 31."""
    first: str
    """One racer."""
    second: str
    """The other racer."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class DefiLost:
    """Q8: the racer who finished last (a PenaltyCalled follows)."""

    player: str
    """The slower racer."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class RedemptionStarted:
    """L-V5: `player` lost by revealing a 21 and may throw three times for a 21."""

    player: str
    """The player trying."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class RedemptionThrown:
    """L-V5: one redemption throw."""

    player: str
    """The player trying."""
    value: int
    """The Q3 value thrown."""
    cup: int = 0
    """Which cup."""


@dataclass(frozen=True)
class PlayerEliminated:
    """L1: a player has no life left and is skipped from now on."""

    player: str
    """Who is out."""


@dataclass(frozen=True)
class GameWon:
    """L1: the last player with lives wins."""

    player: str
    """The winner."""


Event = (
    RoundStarted
    | Thrown
    | Rerolled
    | Announced
    | Accepted
    | Passed
    | Lifted
    | Revealed
    | SpecialShown
    | SpecialClaimed
    | ClaimChecked
    | Amended
    | DirectionReversed
    | QuinitoAttacked
    | Countered
    | CounterThrown
    | TotemGiven
    | DefiStarted
    | DefiLost
    | RedemptionStarted
    | RedemptionThrown
    | PlayerEliminated
    | GameWon
    | PenaltyCalled
)

EVENT_TYPES: tuple[type[Event], ...] = (
    RoundStarted,
    Thrown,
    Rerolled,
    Announced,
    Accepted,
    Passed,
    Lifted,
    Revealed,
    SpecialShown,
    SpecialClaimed,
    ClaimChecked,
    Amended,
    DirectionReversed,
    QuinitoAttacked,
    Countered,
    CounterThrown,
    TotemGiven,
    DefiStarted,
    DefiLost,
    RedemptionStarted,
    RedemptionThrown,
    PlayerEliminated,
    GameWon,
    PenaltyCalled,
)
"""Every event class, for the codec."""
