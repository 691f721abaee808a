"""Quinito's evolve: the state after one event. Never refuses (events are facts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from assistant.core.events import PenaltyCalled
from assistant.games.quinito import events as ev
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.scores import from_dice
from assistant.games.quinito.state import CupState, QuinitoState

T = TypeVar("T")
D = TypeVar("D")


def replace(obj: D, **changes: Any) -> D:
    """dataclasses.replace for our frozen, validation-free dataclasses, several times faster: the
    engine's speed is bounded by this copy (docs/command-line.md `engine_moves_per_s`)."""
    new = _NEW(type(obj))
    _SET(new, "__dict__", obj.__dict__ | changes)
    return new


_NEW = object.__new__
_SET = object.__setattr__


def initial_state(config: QuinitoConfig) -> QuinitoState:
    """Q5: the first player holds cup 0; Q13: cup 1 starts with the player facing (half-way round)."""
    players = config.players
    cups = tuple(CupState("announce", players[(i * len(players)) // 2]) for i in range(config.cups))
    zeros = (0,) * len(players)
    lives = (config.starting_lives,) * len(players) if config.edition == "family" else zeros
    return QuinitoState(
        players=players,
        edition=config.edition,
        cups=cups,
        doses=zeros,
        sips=zeros,
        lives=lives,
        cup_totems=(None,) * config.cups,
    )


class Evolver:
    """Folds Quinito events; keeps the table's rank table and players' indexes."""

    def __init__(self, config: QuinitoConfig) -> None:
        self.config = config
        self.ranks = config.ranks
        self.index = {p: i for i, p in enumerate(config.players)}
        self.low_specials = config.low_specials
        self.replay31 = config.replay31
        self.quinitos = config.quinito_scores
        self.forced = config.forced_reroll
        self._table: dict[type, Callable[[QuinitoState, Any], QuinitoState]] = {
            PenaltyCalled: self._penalty,
            ev.DirectionReversed: self._reversed,
            ev.PlayerEliminated: self._eliminated,
            ev.GameWon: self._won,
            ev.RoundStarted: self._round,
            ev.TotemGiven: self._totem,
        }
        self._cups: dict[type, Callable[[QuinitoState, CupState, Any], CupState]] = {
            ev.Thrown: self._thrown,
            ev.Rerolled: self._rerolled,
            ev.Announced: self._announced,
            ev.Passed: self._announced,
            ev.Accepted: self._accepted,
            ev.Lifted: self._lifted,
            ev.Revealed: self._revealed,
            ev.SpecialShown: self._special,
            ev.SpecialClaimed: self._claimed,
            ev.ClaimChecked: self._claim_checked,
            ev.Amended: self._amended,
            ev.QuinitoAttacked: self._attacked,
            ev.Countered: self._countered,
            ev.CounterThrown: self._counter_thrown,
            ev.DefiStarted: self._defi,
            ev.DefiLost: self._defi_lost,
            ev.RedemptionStarted: self._redemption,
            ev.RedemptionThrown: self._redemption_thrown,
        }

    def raises(self, cup: CupState, score: object) -> bool:
        """L-V6, Q8: an announcement sets the bar unless it is chance or a low special under the bar."""
        if not isinstance(score, int):
            return False
        if cup.to_beat is None:
            return True
        return self.ranks[score] > self.ranks[cup.to_beat]

    def evolve(self, state: QuinitoState, event: ev.Event) -> QuinitoState:
        """Dispatch on the event class (a dict lookup: the engine's hot path)."""
        table_handler = self._table.get(type(event))
        if table_handler is not None:
            return table_handler(state, event)
        index: int = event.cup  # type: ignore[union-attr]
        cup = self._cups[type(event)](state, state.cups[index], event)
        return replace(state, cups=_put(state.cups, index, cup))

    # -- table-wide events ---------------------------------------------------------------------------

    def _reversed(self, state: QuinitoState, event: ev.DirectionReversed) -> QuinitoState:
        """Q8 32, L-V4."""
        return replace(state, direction=-state.direction)

    def _eliminated(self, state: QuinitoState, event: ev.PlayerEliminated) -> QuinitoState:
        """L1."""
        return replace(state, eliminated=state.eliminated | {event.player})

    def _won(self, state: QuinitoState, event: ev.GameWon) -> QuinitoState:
        """L1."""
        return replace(state, winner=event.player)

    def _round(self, state: QuinitoState, event: ev.RoundStarted) -> QuinitoState:
        """Q7, L4: a fresh cup for the starter."""
        new = CupState("announce", event.starter)
        return replace(state, cups=_put(state.cups, event.cup, new), rounds=state.rounds + 1)

    def _totem(self, state: QuinitoState, event: ev.TotemGiven) -> QuinitoState:
        """Q9, Q12: the quinito is over, the attacker throws again."""
        cup = state.cups[event.cup]
        after = replace(cup, phase="announce", actor=cup.other or cup.actor, other=None, dice=None)
        totems = _put(state.cup_totems, event.cup, event.player)
        return replace(state, cups=_put(state.cups, event.cup, after), cup_totems=totems)

    # -- one cup's events ----------------------------------------------------------------------------

    def _thrown(self, state: QuinitoState, cup: CupState, event: ev.Thrown) -> CupState:
        """Q5."""
        return replace(cup, dice=from_dice(*event.dice))

    def _rerolled(self, state: QuinitoState, cup: CupState, event: ev.Rerolled) -> CupState:
        """Q6, L3, L-V1."""
        dice = None if event.dice is None else from_dice(*event.dice)
        return replace(cup, dice=dice, rerolls=cup.rerolls + 1)

    def _announced(self, state: QuinitoState, cup: CupState, event: ev.Announced | ev.Passed) -> CupState:
        """Q5, L2, L3 (a pass makes the passer the announcer), L-V6 (chance keeps the bar)."""
        raised = self.raises(cup, event.score)
        announced_anew = isinstance(event, ev.Announced) or raised
        return replace(
            cup,
            phase="response",
            actor=state.next_player(event.player),
            announcer=event.player,
            announced=event.score,
            to_beat=event.score if raised and isinstance(event.score, int) else cup.to_beat,
            bar=cup.to_beat,
            origin=event.player if announced_anew else cup.origin,
            saw21=cup.saw21 or event.score == 21,
            rerolls=0,
        )

    def _accepted(self, state: QuinitoState, cup: CupState, event: ev.Accepted) -> CupState:
        """Q6, L3, V-forced-reroll: a forced re-throw makes the dice unknown."""
        return replace(
            cup, phase="announce", actor=event.player, rerolls=0, dice=None if self.forced else cup.dice
        )

    def _lifted(self, state: QuinitoState, cup: CupState, event: ev.Lifted) -> CupState:
        """Q6, L3."""
        return replace(cup, phase="reveal", actor=event.player)

    def _revealed(self, state: QuinitoState, cup: CupState, event: ev.Revealed) -> CupState:
        """Q6, L-V2."""
        return replace(cup, dice=event.value, saw21=cup.saw21 or event.value == 21)

    def _special(self, state: QuinitoState, cup: CupState, event: ev.SpecialShown) -> CupState:
        """Q8, V-31-replay: quinito attacks, 31 défi (or replay), others throw again."""
        if event.value in self.quinitos:
            return replace(cup, phase="attack_target", dice=None)
        if event.value == 31 and not self.replay31:
            return replace(cup, phase="defi_players", dice=None)
        return replace(cup, phase="announce", dice=None, rerolls=0)

    def _claimed(self, state: QuinitoState, cup: CupState, event: ev.SpecialClaimed) -> CupState:
        """Q8: the table must read the dice of a claimed special."""
        return replace(cup, phase="show", claimed=event.value)

    def _claim_checked(self, state: QuinitoState, cup: CupState, event: ev.ClaimChecked) -> CupState:
        """Q8: the dice were shown; the claimer throws again (a true special then takes effect)."""
        return replace(cup, phase="announce", claimed=None, dice=None, rerolls=0)

    def _amended(self, state: QuinitoState, cup: CupState, event: ev.Amended) -> CupState:
        """Q5: the corrected announcement replaces the standing one, against the same bar."""
        return self._announced(state, replace(cup, to_beat=cup.bar), ev.Announced(event.player, event.score))

    def _attacked(self, state: QuinitoState, cup: CupState, event: ev.QuinitoAttacked) -> CupState:
        """Q9."""
        return replace(cup, phase="counter_or_submit", actor=event.target, other=event.attacker)

    def _countered(self, state: QuinitoState, cup: CupState, event: ev.Countered) -> CupState:
        """Q9."""
        return replace(cup, phase="counter_throw")

    def _counter_thrown(self, state: QuinitoState, cup: CupState, event: ev.CounterThrown) -> CupState:
        """Q9: the outcome is told by the PenaltyCalled and TotemGiven that follow, if any."""
        return cup

    def _defi(self, state: QuinitoState, cup: CupState, event: ev.DefiStarted) -> CupState:
        """Q8."""
        return replace(cup, phase="defi_loser", racers=(event.first, event.second))

    def _defi_lost(self, state: QuinitoState, cup: CupState, event: ev.DefiLost) -> CupState:
        """Q8: the thrower throws again."""
        return replace(cup, phase="announce", racers=(), rerolls=0)

    def _redemption(self, state: QuinitoState, cup: CupState, event: ev.RedemptionStarted) -> CupState:
        """L-V5."""
        return replace(cup, phase="redemption_throw", actor=event.player, tries=0)

    def _redemption_thrown(self, state: QuinitoState, cup: CupState, event: ev.RedemptionThrown) -> CupState:
        """L-V5."""
        return replace(cup, tries=cup.tries + 1)

    def _penalty(self, state: QuinitoState, event: PenaltyCalled) -> QuinitoState:
        """Q6, Q9, Q10, V-51, L3, L-V3: standings are a fold over penalties."""
        i = self.index[event.player]
        if event.unit == "dose":
            return replace(state, doses=_add(state.doses, i, event.amount))
        if event.unit == "sip":
            return replace(state, sips=_add(state.sips, i, event.amount))
        lives = _add(state.lives, i, -event.amount)
        if event.beneficiary is not None:
            lives = _add(lives, self.index[event.beneficiary], event.amount)
        return replace(state, lives=lives)


def _put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*items[:i], value, *items[i + 1 :])


def _add(items: tuple[int, ...], i: int, amount: int) -> tuple[int, ...]:
    return (*items[:i], items[i] + amount, *items[i + 1 :])
