"""A Quinito player for simulation: one legal command for whatever the table waits for.

Randomness comes from the `random.Random` the caller passes and travels inside the commands (dice),
so a game is reproducible from its seed and replayable from its log.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from assistant.core.game import Session
from assistant.game import Driver, SimOptions
from assistant.games.quinito import commands as cmd
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.engine import QuinitoGame, attackable
from assistant.games.quinito.events import Event
from assistant.games.quinito.scores import CHANCE, from_dice, outcomes
from assistant.games.quinito.state import CupState, QuinitoState

QuinitoSession = Session[QuinitoState, cmd.Command, Event]
_COUNTS = outcomes()
_FAULTS: tuple[cmd.FaultReason, ...] = ("slowness", "forbidden_word", "name_called", "fault")


def roll(rng: random.Random) -> tuple[int, int]:
    """Two dice."""
    return rng.randint(1, 6), rng.randint(1, 6)


class QuinitoBot:
    """Throws honestly, announces truthfully or bluffs at `bluff_rate`, lifts what looks implausible."""

    def __init__(self, bluff_rate: float = 0.2, counter_rate: float = 0.5, fault_rate: float = 0.0) -> None:
        self.bluff_rate = bluff_rate
        self.counter_rate = counter_rate
        self.fault_rate = fault_rate

    def choose(self, state: QuinitoState, config: QuinitoConfig, rng: random.Random) -> cmd.Command | None:
        """One legal command for what the table (any cup, Q13) waits for; None when the game is over."""
        if state.winner is not None:
            return None
        if self.fault_rate and rng.random() < self.fault_rate:
            return cmd.Fault(rng.choice(state.active()), rng.choice(_FAULTS))
        expectations = state.expecting_all()
        expected = expectations[0] if len(expectations) == 1 else rng.choice(expectations)
        i = expected.part
        cup = state.cups[i]
        player = cup.actor
        phase = cup.phase
        if phase == "announce":
            return self._announce(cup, i, config, rng)
        if phase == "response":
            return self._respond(state, cup, i, config, rng)
        if phase == "reveal":
            return cmd.Reveal(cup.dice if cup.dice is not None else from_dice(*roll(rng)), i)
        if phase == "attack_target":
            return cmd.Attack(player, rng.choice(attackable(state, player)))
        if phase == "counter_or_submit":
            return cmd.Counter(player) if rng.random() < self.counter_rate else cmd.Submit(player)
        if phase == "counter_throw":
            return cmd.CounterThrow(player, from_dice(*roll(rng)))
        if phase == "defi_players":
            first, second = rng.sample(state.active(), 2)
            return cmd.DefiPlayers(player, first, second)
        if phase == "defi_loser":
            return cmd.DefiLoser(rng.choice(cup.racers))
        if phase == "redemption_throw":
            return cmd.RedemptionThrow(player, from_dice(*roll(rng)))
        raise AssertionError(f"unexpected phase {phase}")

    def _announce(self, cup: CupState, i: int, config: QuinitoConfig, rng: random.Random) -> cmd.Command:
        """Q5, Q6, Q8, L2, L3: throw if needed, show a special, else announce (maybe a bluff)."""
        player, table = cup.actor, config.ranks
        max_rerolls = config.max_rerolls
        bar = -1 if cup.to_beat is None else table[cup.to_beat]
        if cup.dice is None:
            if cup.announced is not None and cup.rerolls < max_rerolls:
                return cmd.Reroll(player, roll(rng), i)
            return cmd.Throw(player, roll(rng), i)
        if config.edition == "drinking" and cup.dice in _specials(config):
            return cmd.ShowSpecial(player, cup.dice, i)
        if table[cup.dice] <= bar and cup.announced is not None and cup.rerolls < max_rerolls:
            return cmd.Reroll(player, roll(rng), i)
        higher = [s for s in config.order if table[s] > bar]
        if config.edition == "drinking":
            higher = [s for s in higher if s not in _specials(config)] or higher
        if config.chance and cup.dice == 31 and rng.random() < 0.5:
            return cmd.Announce(player, CHANCE, i)
        if table[cup.dice] > bar:
            if rng.random() >= self.bluff_rate:
                return cmd.Announce(player, cup.dice, i)
            higher = [s for s in higher if table[s] > table[cup.dice]] or [cup.dice]
        if not higher:
            return cmd.Announce(player, CHANCE if config.chance else 32, i)
        return cmd.Announce(player, rng.choice(higher[:3]), i)

    def _respond(
        self, state: QuinitoState, cup: CupState, i: int, config: QuinitoConfig, rng: random.Random
    ) -> cmd.Command:
        """Q6, L3: lift with the probability that the announcement is false; pass sometimes (family)."""
        player, table = cup.actor, config.ranks
        announced = cup.announced
        if announced == CHANCE or announced is None:
            plausible = _COUNTS[31] / 36
        else:
            assert isinstance(announced, int)
            plausible = sum(n for s, n in _COUNTS.items() if table[s] >= table[announced]) / 36
        can_raise = cup.to_beat is None or table[cup.to_beat] < table[21] or config.chance
        if config.edition == "drinking":
            can_raise = can_raise and (cup.to_beat is None or table[cup.to_beat] < table[21])
        if not can_raise or rng.random() > 0.3 + 0.7 * plausible:
            return cmd.Lift(player, i)
        passing = config.edition == "family" and cup.origin != player and announced is not None
        if passing and announced is not None and rng.random() < 0.2:
            return cmd.Pass(player, announced, i)
        return cmd.Accept(player, i)


@lru_cache(maxsize=256)
def _specials(config: QuinitoConfig) -> frozenset[int]:
    return config.low_specials | config.quinito_scores


def play_game(
    config: QuinitoConfig,
    rng: random.Random,
    bluff_rate: float = 0.2,
    rounds: int = 10,
    max_moves: int = 10_000,
    bot: QuinitoBot | None = None,
) -> QuinitoSession:
    """Drive a whole game through Session.apply: drinking stops after `rounds` rounds, family at a winner."""
    player = bot or QuinitoBot(bluff_rate)
    session: QuinitoSession = Session.start(QuinitoGame(config))
    for _ in range(max_moves):
        if config.edition == "drinking" and session.state.rounds > rounds:
            break
        command = player.choose(session.state, config, rng)
        if command is None:
            break
        session = session.apply(command)
    return session


def simulation(config: QuinitoConfig, options: SimOptions) -> Driver[QuinitoState, cmd.Command]:
    """Bots in every seat; the drinking edition names no winner, so it stops after `options.rounds`."""
    game, bot, rounds = QuinitoGame(config), QuinitoBot(options.bluff_rate), options.rounds
    if config.edition == "drinking":
        done: Callable[[QuinitoState], bool] = lambda s: s.winner is not None or s.rounds > rounds  # noqa: E731
    else:
        done = lambda s: s.winner is not None  # noqa: E731
    from assistant.game.talk import Said, Table
    from assistant.games.quinito import talk

    def talker(before: QuinitoState, command: cmd.Command, table: Table, rng: random.Random) -> Said:
        return talk.say(before, command, config, table, rng)

    return Driver(game, game.codec(), lambda s, r: bot.choose(s, config, r), None, done, talker, "quinito")
