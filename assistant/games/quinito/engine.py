"""Quinito's decide: one game, edition and variants as parameters (QuinitoConfig).

Decisions documented here (docs/rules.md leaves them open):
- Fantasy announcements (Q10) in the drinking edition cost the announcer a dose and change nothing
  else; in the family edition (no fault rules) they are refused.
- Specials (Q8) may be announced in the drinking edition whatever the bar; 31, 32 (51 with V-51) under
  the bar leave it where it was, like "chance" (L-V6).
- Accepting a cup that nothing can beat is refused: the responder must lift.
- V-forced-reroll and the family "believe" (L3): accepting makes the dice unknown (the accepter
  re-throws); a `Reroll` may then give the new dice. Otherwise one `Reroll` per turn (two with L-V1).
- After a quinito (Q9), a défi (Q8), a 32 or a 51 the thrower throws again and still holds the cup.
- Q12: when every other player holds a totem, protection lapses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from assistant.core.codec import Codec, dataclasses_of
from assistant.core.events import PenaltyCalled, Reason, Unit
from assistant.core.game import Refused
from assistant.games.quinito import commands as cmd
from assistant.games.quinito import events as ev
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.evolve import Evolver, initial_state
from assistant.games.quinito.resolve import Resolver
from assistant.games.quinito.scores import CHANCE, DOUBLES, is_legal
from assistant.games.quinito.state import CupState, QuinitoState
from assistant.games.quinito.upcasters import UPCASTERS


def warnings(config: QuinitoConfig) -> list[str]:
    """Q1: the drinking edition needs at least 3 players (2 are allowed, with a warning): the keys of
    the sentences to say."""
    if config.edition == "drinking" and len(config.players) < 3:
        return ["few_players"]
    return []


class QuinitoGame:
    """Game[QuinitoState, Command, Event] for one table's configuration. Pure: no random, clock, I/O."""

    def __init__(self, config: QuinitoConfig) -> None:
        self.config = config
        self._evolver = Evolver(config)
        self._resolver = Resolver(config)
        self._family = config.edition == "family"
        self._unit: Unit = "life" if self._family else "dose"
        self._chance = config.chance
        self._max_rerolls = config.max_rerolls
        self._top = self._evolver.ranks[21]
        self._specials = self._evolver.low_specials | config.quinito_scores
        self._handlers: dict[type, Callable[[QuinitoState, Any], Sequence[ev.Event]]] = {
            cmd.Throw: self._throw,
            cmd.Reroll: self._reroll,
            cmd.Announce: self._announce,
            cmd.Accept: self._accept,
            cmd.Lift: self._lift,
            cmd.Pass: self._pass,
            cmd.Reveal: self._reveal,
            cmd.ShowSpecial: self._show_special,
            cmd.Claim: self._claim,
            cmd.Amend: self._amend,
            cmd.Attack: self._attack,
            cmd.Submit: self._submit,
            cmd.Counter: self._counter,
            cmd.CounterThrow: self._counter_throw,
            cmd.DefiPlayers: self._defi_players,
            cmd.DefiLoser: self._defi_loser,
            cmd.RedemptionThrow: self._redemption,
            cmd.Resync: self._resync,
        }

    def initial(self) -> QuinitoState:
        """Q5, Q13: the first player holds cup 0."""
        return initial_state(self.config)

    def evolve(self, state: QuinitoState, event: ev.Event) -> QuinitoState:
        """The state after one event."""
        return self._evolver.evolve(state, event)

    def codec(self) -> Codec:
        """Stores commands and events (the save file)."""
        return codec()

    def decide(self, state: QuinitoState, command: cmd.Command) -> Sequence[ev.Event]:
        """The events a command causes; `Refused` with a reason code for an impossible move."""
        if state.winner is not None:
            raise Refused("game_over", winner=state.winner)
        if isinstance(command, cmd.Fault):
            return self._fault(state, command)
        handler = self._handlers.get(type(command))
        if handler is None:
            raise Refused("unknown_move")
        events = handler(state, command)
        if not getattr(command, "held", False):
            return events
        if any(isinstance(e, ev.PlayerEliminated) for e in events):  # L1: held as if it put nobody out;
            events = handler(replace(state, lives=tuple(n + 2 for n in state.lives)), command)  # the
        return [e for e in events if not isinstance(e, PenaltyCalled)]  # table says who pays (a Fault)

    # -- helpers ---------------------------------------------------------------------------------

    def _known(self, state: QuinitoState, player: str) -> None:
        if player not in self._evolver.index:
            raise Refused("not_at_table", player=player)
        if player in state.eliminated:
            raise Refused("player_out", player=player)

    def _cup(
        self, state: QuinitoState, command: cmd.Command, phases: tuple[str, ...], who: str | None
    ) -> tuple[int, CupState]:
        """Q13: the cup a command is about (its `cup` field, else the one waiting for this move)."""
        index = getattr(command, "cup", None)
        if index is None:
            for i, cup in enumerate(state.cups):
                if cup.phase in phases and (who is None or cup.actor == who):
                    return i, cup
            index = 0
        if not 0 <= index < len(state.cups):
            raise Refused("no_second_cup")
        cup = state.cups[index]
        if cup.phase not in phases:
            raise Refused(f"waiting_{cup.phase}")
        if who is not None:
            self._known(state, who)
            if cup.actor != who:
                raise Refused("not_your_move", player=who, expected=cup.actor)
        return index, cup

    def _penalty(self, player: str, reason: Reason, amount: int = 1) -> PenaltyCalled:
        return PenaltyCalled(player, amount, self._unit, reason)

    def _can_raise(self, cup: CupState) -> bool:
        if self._chance or not self._family:
            return True
        return cup.to_beat is None or self._evolver.ranks[cup.to_beat] < self._top

    # -- throwing and announcing ------------------------------------------------------------------

    def _throw(self, state: QuinitoState, c: cmd.Throw) -> Sequence[ev.Event]:
        """Q5 (simulation): the holder's dice, recorded."""
        i, _ = self._cup(state, c, ("announce",), c.player)
        _check_dice(c.dice)
        return (ev.Thrown(c.player, c.dice, i),)

    def _reroll(self, state: QuinitoState, c: cmd.Reroll) -> Sequence[ev.Event]:
        """Q6, L3, L-V1, V-forced-reroll: one re-throw per turn, two with L-V1."""
        i, cup = self._cup(state, c, ("announce",), c.player)
        if cup.rerolls >= self._max_rerolls:
            raise Refused("rerolled")
        if c.dice is not None:
            _check_dice(c.dice)
        return (ev.Rerolled(c.player, c.dice, i),)

    def _valid_score(self, cup: CupState, score: cmd.Score, equal_ok: bool) -> bool:
        """Q10, L3, L-V6: a real score, strictly higher (equal for a pass) than the bar."""
        if score == CHANCE:
            return self._chance
        if not is_legal(score):
            return False
        assert isinstance(score, int)
        if not self._family and score in self._specials:
            return True
        if cup.to_beat is None:
            return True
        mine, bar = self._evolver.ranks[score], self._evolver.ranks[cup.to_beat]
        return mine > bar or (equal_ok and mine == bar)

    def _announce(self, state: QuinitoState, c: cmd.Announce) -> Sequence[ev.Event]:
        """Q5, Q6, Q10, L2, L3, L-V6: announce, or pay for a fantasy announcement."""
        i, cup = self._cup(state, c, ("announce",), c.player)
        if self._valid_score(cup, c.score, equal_ok=False):
            return (ev.Announced(c.player, c.score, i),)
        if self._family:
            raise _higher(cup)
        return (self._penalty(c.player, "fantasy_announcement"),)

    def _accept(self, state: QuinitoState, c: cmd.Accept) -> Sequence[ev.Event]:
        """Q6 accept / L3 believe: the responder takes the cup and must raise."""
        i, cup = self._cup(state, c, ("response",), c.player)
        if not self._can_raise(cup):
            raise Refused("nothing_beats_21")
        return (ev.Accepted(c.player, i),)

    def _pass(self, state: QuinitoState, c: cmd.Pass) -> Sequence[ev.Event]:
        """L3: pass unseen with an equal or higher score; after a full circle, raise or reveal."""
        if not self._family:
            raise Refused("pass_family_only")
        i, cup = self._cup(state, c, ("response",), c.player)
        if cup.origin == c.player:
            raise Refused("full_circle")
        if not self._valid_score(cup, c.score, equal_ok=True):
            raise _higher(cup, equal=True)
        return (ev.Passed(c.player, c.score, i),)

    def _lift(self, state: QuinitoState, c: cmd.Lift) -> Sequence[ev.Event]:
        """Q6 lift / L3 disbelieve: resolve now when the dice are known, else wait for the reveal."""
        i, cup = self._cup(state, c, ("response",), c.player)
        lifted = ev.Lifted(c.player, i)
        if cup.dice is None:
            return (lifted,)
        after = self._evolver.evolve(state, lifted)
        return (lifted, *self._resolver.reveal(after, i, cup.dice))

    def _reveal(self, state: QuinitoState, c: cmd.Reveal) -> Sequence[ev.Event]:
        """Q6, L3: the dice read out after a lift; Q8: or shown for a claimed special."""
        if not is_legal(c.value):
            raise Refused("impossible_dice", value=c.value)
        i, cup = self._cup(state, c, ("reveal", "show"), None)
        if cup.phase == "show":
            return self._checked(state, i, cup.actor, cup.claimed or 0, c.value)
        return self._resolver.reveal(state, i, c.value)

    def _amend(self, state: QuinitoState, c: cmd.Amend) -> Sequence[ev.Event]:
        """Q5: the announcer corrects the announcement before the next player answers."""
        i, cup = self._cup(state, c, ("response",), None)
        self._known(state, c.player)
        if cup.announcer != c.player:
            raise Refused("only_announcer_corrects", player=cup.announcer)
        if not self._valid_score(replace(cup, to_beat=cup.bar), c.score, equal_ok=False):
            raise _higher(replace(cup, to_beat=cup.bar))
        return (ev.Amended(c.player, c.score, i),)

    # -- specials (drinking edition) ---------------------------------------------------------------

    def _claim(self, state: QuinitoState, c: cmd.Claim) -> Sequence[ev.Event]:
        """Q8 (Decision), Q10: a special said as a number is shown to the table, which reads the dice
        out; saying the very score received is a fantasy announcement whatever it is."""
        if self._family:
            raise Refused("no_special_family")
        i, cup = self._cup(state, c, ("announce",), c.player)
        if c.value not in self._specials:
            raise Refused("not_special", value=c.value)
        if cup.announced == c.value:
            return (self._penalty(c.player, "fantasy_announcement"),)
        if cup.dice is not None:
            return self._checked(state, i, c.player, c.value, cup.dice)
        return (ev.SpecialClaimed(c.player, c.value, i),)

    def _checked(self, state: QuinitoState, i: int, player: str, claimed: int, value: int) -> list[ev.Event]:
        """Q8: the dice confirm the claim (the special takes effect) or contradict it (the claimer's
        fault, Q10); either way the claimer throws again. V-65: a quinito claimed ("quinito", "kinito"
        name 21 as well as 65) is confirmed by either quinito shown."""
        events: list[ev.Event] = [ev.ClaimChecked(player, value, i)]
        quinitos = self.config.quinito_scores
        if value != claimed and not (claimed in quinitos and value in quinitos):
            return [*events, self._penalty(player, "fantasy_announcement")]
        after = self._evolver.evolve(state, events[0])
        return [*events, *self._show_special(after, cmd.ShowSpecial(player, value, i))]

    def _show_special(self, state: QuinitoState, c: cmd.ShowSpecial) -> Sequence[ev.Event]:
        """Q8, V-31-replay, V-32, V-51, V-65: a special throw is shown; the thrower throws again."""
        if self._family:
            raise Refused("no_special_family")
        i, cup = self._cup(state, c, ("announce",), c.player)
        if c.value not in self._specials:
            raise Refused("not_special", value=c.value)
        if cup.dice is not None and cup.dice != c.value:
            raise Refused("dice_differ", dice=cup.dice, value=c.value)
        shown = ev.SpecialShown(c.player, c.value, i)
        if c.value == 32:
            return (shown, ev.DirectionReversed())
        if c.value == 51:
            sips = (PenaltyCalled(p, 1, "sip", "everyone_sips") for p in state.active())
            return (shown, *sips)
        return (shown,)

    def _attack(self, state: QuinitoState, c: cmd.Attack) -> Sequence[ev.Event]:
        """Q9, Q12, Q13: attack anyone but the totem holders."""
        i, _ = self._cup(state, c, ("attack_target",), c.player)
        self._known(state, c.target)
        if c.target == c.player:
            raise Refused("attack_self")
        if c.target not in attackable(state, c.player):
            raise Refused("totem_protects", player=c.target)
        return (ev.QuinitoAttacked(c.player, c.target, i),)

    def _submit(self, state: QuinitoState, c: cmd.Submit) -> Sequence[ev.Event]:
        """Q9: the attacked takes a double dose and the totem (Q12)."""
        i, _ = self._cup(state, c, ("counter_or_submit",), c.player)
        return (self._penalty(c.player, "quinito", 2), ev.TotemGiven(c.player, i))

    def _counter(self, state: QuinitoState, c: cmd.Counter) -> Sequence[ev.Event]:
        """Q9: "je contre"."""
        i, _ = self._cup(state, c, ("counter_or_submit",), c.player)
        return (ev.Countered(c.player, i),)

    def _counter_throw(self, state: QuinitoState, c: cmd.CounterThrow) -> Sequence[ev.Event]:
        """Q9, Q12: a quinito sends a quadruple dose back (counterer takes the totem); doubles and
        specials throw again; anything else: double dose and totem for the counterer."""
        if not is_legal(c.value):
            raise Refused("impossible_dice", value=c.value)
        i, cup = self._cup(state, c, ("counter_throw",), c.player)
        thrown = ev.CounterThrown(c.player, c.value, i)
        attacker = cup.other or cup.actor
        if c.value in self.config.quinito_scores:
            return (thrown, self._penalty(attacker, "quinito_countered", 4), ev.TotemGiven(c.player, i))
        if c.value in DOUBLES or c.value in self._specials:
            return (thrown,)
        return (thrown, self._penalty(c.player, "quinito", 2), ev.TotemGiven(c.player, i))

    def _defi_players(self, state: QuinitoState, c: cmd.DefiPlayers) -> Sequence[ev.Event]:
        """Q8 31: the thrower names two racers."""
        i, _ = self._cup(state, c, ("defi_players",), c.player)
        self._known(state, c.first)
        self._known(state, c.second)
        if c.first == c.second:
            raise Refused("same_racers")
        return (ev.DefiStarted(c.player, c.first, c.second, i),)

    def _defi_loser(self, state: QuinitoState, c: cmd.DefiLoser) -> Sequence[ev.Event]:
        """Q8 31: the last to finish takes a penalty dose; the thrower throws again."""
        racing = [
            i for i, cup in enumerate(state.cups) if cup.phase == "defi_loser" and c.player in cup.racers
        ]
        i, cup = (racing[0], state.cups[racing[0]]) if racing else self._cup(state, c, ("defi_loser",), None)
        if c.player not in cup.racers:
            raise Refused("not_a_racer", player=c.player, first=cup.racers[0], second=cup.racers[1])
        return (ev.DefiLost(c.player, i), self._penalty(c.player, "defi"))

    def _redemption(self, state: QuinitoState, c: cmd.RedemptionThrow) -> Sequence[ev.Event]:
        """L-V5: up to three throws to make a 21 and cancel the loss."""
        if not is_legal(c.value):
            raise Refused("impossible_dice", value=c.value)
        i, _ = self._cup(state, c, ("redemption_throw",), c.player)
        return self._resolver.redemption(state, i, c.player, c.value)

    def _resync(self, state: QuinitoState, c: cmd.Resync) -> Sequence[ev.Event]:
        """The table plays on from `player` (the referee lost track): a new round from them, during an
        ordinary turn only (never while a lift, a quinito or a défi is settled), nobody charged."""
        i, _ = self._cup(state, c, ("announce", "response"), None)
        self._known(state, c.player)
        started = ev.RoundStarted(c.player, i)
        return (ev.DirectionReversed(), started) if c.reverse else (started,)

    def _fault(self, state: QuinitoState, c: cmd.Fault) -> Sequence[ev.Event]:
        """Q10, Q11: a fault costs its author a dose (a life in the family edition; L-V3: a held loss's
        life goes to the player who caused it)."""
        self._known(state, c.player)
        penalty = self._penalty(c.player, c.reason, max(1, c.amount))
        if c.beneficiary is not None and c.beneficiary != c.player and penalty.unit == "life":
            self._known(state, c.beneficiary)
            penalty = replace(penalty, beneficiary=c.beneficiary)
        return self._resolver.fault(state, penalty)


def attackable(state: QuinitoState, attacker: str) -> tuple[str, ...]:
    """Q12, Q13: who a quinito may hit; protection lapses when every other player holds a totem."""
    others = tuple(p for p in state.active() if p != attacker)
    free = tuple(p for p in others if p not in state.cup_totems)
    return free or others


def codec() -> Codec:
    """Every Quinito command and event class."""
    return Codec([*dataclasses_of(cmd), *ev.EVENT_TYPES], UPCASTERS)


def _check_dice(dice: tuple[int, int]) -> None:
    if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
        raise Refused("bad_die")


def _higher(cup: CupState, equal: bool = False) -> Refused:
    """Q10, L3: an announcement (or a pass, `equal`) that does not beat the bar."""
    if cup.to_beat is None:
        return Refused("not_a_score")
    return Refused("not_lower" if equal else "not_higher", to_beat=cup.to_beat)
