"""How a lifted cup, a redemption or a fault settles: penalties, eliminations, the next round."""

from __future__ import annotations

from dataclasses import replace

from assistant.core.events import PenaltyCalled, Reason
from assistant.games.quinito import events as ev
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.evolve import Evolver
from assistant.games.quinito.scores import covers
from assistant.games.quinito.state import QuinitoState


class Resolver:
    """Settles rounds for one table's configuration."""

    def __init__(self, config: QuinitoConfig) -> None:
        self.config = config
        self._evolver = Evolver(config)
        self._family = config.edition == "family"
        self._stake21 = config.stake21
        self._gift = config.gift_life
        self._reverse21 = config.reverse_on_21
        self._redeem = config.redemption

    def reveal(self, state: QuinitoState, i: int, value: int) -> list[ev.Event]:
        """Q6, Q7, L3, L4, L-V2..L-V5: the dice decide who pays and who starts the next round."""
        cup = state.cups[i]
        lifter, announcer = cup.actor, cup.announcer or cup.actor
        events: list[ev.Event] = [ev.Revealed(value, i)]
        if self._reverse21 and value == 21:
            events.append(ev.DirectionReversed())
        true = cup.announced is None or covers(value, cup.announced, self.config.ranks)
        if true and self._redeem and value == 21:
            events.append(ev.RedemptionStarted(lifter, i))
            return events
        loser, causer = (lifter, announcer) if true else (announcer, lifter)
        amount = 2 if self._stake21 and (cup.saw21 or value == 21) else 1
        penalty = self._penalty(state, loser, amount, "wrong_lift" if true else "bluff", causer)
        return self._settle(state, events, penalty, i)

    def redemption(self, state: QuinitoState, i: int, player: str, value: int) -> list[ev.Event]:
        """L-V5: a quinito cancels the loss and its thrower starts; three misses and the loss stands."""
        cup = state.cups[i]
        events: list[ev.Event] = [ev.RedemptionThrown(player, value, i)]
        if value in self.config.quinito_scores:
            events.append(ev.RoundStarted(player, i))
            return events
        if cup.tries + 1 < 3:
            return events
        amount = 2 if self._stake21 else 1
        penalty = self._penalty(state, player, amount, "wrong_lift", cup.announcer or player)
        return self._settle(state, events, penalty, i)

    def fault(self, state: QuinitoState, penalty: PenaltyCalled) -> list[ev.Event]:
        """Q10, Q11: a fault; in the family edition a player out of lives leaves the round."""
        if penalty.unit != "life":
            return [penalty]
        penalty = replace(penalty, amount=min(penalty.amount, state.lives[_at(state, penalty.player)]))
        events: list[ev.Event] = [penalty]
        after = self._evolver.evolve(state, penalty)
        out = penalty.player
        if after.lives[_at(after, out)] > 0:
            return events
        return self._eliminate(after, events, out, None)

    def _penalty(
        self, state: QuinitoState, loser: str, amount: int, reason: Reason, causer: str
    ) -> PenaltyCalled:
        """Q6, L3, L-V3: a dose, or lives (never more than are left; L-V3 gives them to the causer)."""
        if not self._family:
            return PenaltyCalled(loser, amount, "dose", reason)
        amount = min(amount, state.lives[_at(state, loser)])
        beneficiary = causer if self._gift and causer != loser else None
        return PenaltyCalled(loser, amount, "life", reason, beneficiary)

    def _settle(
        self, state: QuinitoState, events: list[ev.Event], penalty: PenaltyCalled, i: int
    ) -> list[ev.Event]:
        """Q7, L1, L4: the loser (or the next player still in) starts the next round."""
        events.append(penalty)
        after = state
        for event in events:
            after = self._evolver.evolve(after, event)
        loser = penalty.player
        if penalty.unit == "life" and after.lives[_at(after, loser)] <= 0:
            return self._eliminate(after, events, loser, i)
        events.append(ev.RoundStarted(loser, i))
        return events

    def _eliminate(
        self, after: QuinitoState, events: list[ev.Event], out: str, restart: int | None
    ) -> list[ev.Event]:
        """L1: `out` has no life left: the game is won, or every cup `out` was part of restarts."""
        events.append(ev.PlayerEliminated(out))
        after = self._evolver.evolve(after, events[-1])
        if len(after.active()) == 1:
            events.append(ev.GameWon(after.active()[0]))
            return events
        starter = after.next_player(out)
        for i, cup in enumerate(after.cups):
            if i == restart or out in (cup.actor, cup.announcer, cup.other, cup.origin, *cup.racers):
                events.append(ev.RoundStarted(starter, i))
        return events


def _at(state: QuinitoState, player: str) -> int:
    return state.players.index(player)
