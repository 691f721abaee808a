"""A Cinquillo bot for simulation: deals with a seeded random source and plays a whole match.

Every bit of randomness comes from the `random.Random` it is handed and ends up inside a command:
the shuffled deck (hands and stock order) in `Deal`, so a `Draw` needs no card (the engine records
the stock's top card in the `Drew` event) and the match log replays exactly.
"""

from __future__ import annotations

import random

from assistant.core.game import Refused, Session
from assistant.game import Driver, SimOptions
from assistant.games.cinquillo.commands import Card, Command, Deal, Draw, Pass, Play
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import DECK, POSITION
from assistant.games.cinquillo.engine import CinquilloGame
from assistant.games.cinquillo.events import Event
from assistant.games.cinquillo.state import CinquilloState

CinquilloSession = Session[CinquilloState, Command, Event]


class CinquilloBot:
    """Plays every seat: deals, lays a card, passes or draws.

    Strategy: among the legal cards, lay the one that opens the way to most of its own cards further
    along the same row (keeping the others blocked), and in caprone avoid blocking its own cards.
    `bluff_rate`: how often it first tries an illegal card from its hand, to exercise refusals.
    """

    def __init__(self, bluff_rate: float = 0.0) -> None:
        self.bluff_rate = bluff_rate

    def choose(self, state: CinquilloState, config: CinquilloConfig, rng: random.Random) -> Command | None:
        """The next command for whoever must act, or None when the match is over."""
        if state.phase == "over":
            return None
        if state.phase == "deal":
            return deal(state, config, rng)
        player = state.current
        if player is None:
            raise ValueError("the bot needs known hands: deal with it")
        if state.phase == "draw":
            return Draw(player)
        legal = state.legal_cards(player)
        held = state.hand(player) or ()
        if rng.random() < self.bluff_rate:
            illegal = [c for c in held if c not in legal]
            if illegal:
                return Play(player, rng.choice(illegal))
        if not legal:
            return Pass(player)
        worth = {card: _worth(state, held, card) for card in legal}
        best = max(worth.values())
        return Play(player, rng.choice([c for c in legal if worth[c] == best]))


def deal(state: CinquilloState, config: CinquilloConfig, rng: random.Random) -> Deal:
    """C2: shuffle and deal; with 3 players the lot for the 14 cards is drawn in round 1, then moves
    to the right of the previous holder."""
    deck = list(DECK)
    rng.shuffle(deck)
    players = config.players
    n = len(players)
    counts: tuple[int, ...]
    if n == 2:
        counts = (config.hand, config.hand)
    elif n == 4:
        counts = (10, 10, 10, 10)
    else:
        holder = rng.choice(players) if state.fourteen is None else state.right_of(state.fourteen)
        counts = tuple(14 if p == holder else 13 for p in players)
    hands: list[tuple[Card, ...]] = []
    at = 0
    for count in counts:
        hands.append(tuple(deck[at : at + count]))
        at += count
    return Deal(counts, tuple(hands), tuple(deck[at:]) if n == 2 else None)


def _worth(state: CinquilloState, held: tuple[Card, ...], card: Card) -> int:
    """How good laying `card` is: own cards it leads towards, minus (heavily) own cards it blocks."""
    row = state.layout.row(card.suit)
    at = POSITION[card.rank]
    mine = [POSITION[c.rank] for c in held if c.suit == card.suit and c != card]
    if row is None:
        towards = len(mine)
    elif at > POSITION[row[1]]:
        towards = sum(1 for p in mine if p > at)
    else:
        towards = sum(1 for p in mine if p < at)
    _, blocked = state.layout.after(card)
    return towards - 3 * sum(1 for c in blocked if c in held)


def play_game(
    config: CinquilloConfig,
    rng: random.Random,
    max_moves: int = 20_000,
    bot: CinquilloBot | None = None,
) -> CinquilloSession:
    """Play a whole match to the target (C7) with `bot` in every seat; the session is the log.

    A refused move (a bluffing bot) is not logged: the seat then plays an honest move instead.
    """
    session: CinquilloSession = Session.start(CinquilloGame(config))
    player = bot or CinquilloBot()
    honest = CinquilloBot()
    for _ in range(max_moves):
        command = player.choose(session.state, config, rng)
        if command is None:
            return session
        try:
            session = session.apply(command)
        except Refused:
            fallback = honest.choose(session.state, config, rng)
            assert fallback is not None
            session = session.apply(fallback)
    raise RuntimeError(f"no winner after {max_moves} moves")


def simulation(config: CinquilloConfig, options: SimOptions) -> Driver[CinquilloState, Command]:
    """Bots in every seat (an honest one retries a refused bluff); the match ends the game."""
    from assistant.games.cinquillo import talk

    game = CinquilloGame(config)
    bot, honest = CinquilloBot(options.bluff_rate), CinquilloBot()
    return Driver(
        game,
        game.codec(),
        lambda s, r: bot.choose(s, config, r),
        lambda s, r: honest.choose(s, config, r),
        lambda s: s.phase == "over",
        talk.say,
        "cinquillo",
    )
