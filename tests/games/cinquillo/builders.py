"""Shared builders for the Cinquillo tests: sessions in referee mode and dealt from a chosen deck."""

from __future__ import annotations

import random

from assistant.core.game import Session
from assistant.games.cinquillo.bot import CinquilloBot, deal
from assistant.games.cinquillo.commands import Card, Command, Deal, Play
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import parse_card_id
from assistant.games.cinquillo.engine import CinquilloGame
from assistant.games.cinquillo.events import Event
from assistant.games.cinquillo.state import CinquilloState

CinquilloSession = Session[CinquilloState, Command, Event]


def session(players: str, **settings: object) -> CinquilloSession:
    """A fresh session for "A,B,C" with the given settings."""
    config = CinquilloConfig.from_dict({"players": players, **settings})
    return Session.start(CinquilloGame(config))


def referee_deal(s: CinquilloSession) -> CinquilloSession:
    """Deal in referee mode: counts only, the 14 (3 players) to the first player in round 1."""
    n = len(s.state.players)
    if n == 2:
        counts: tuple[int, ...] = (s.state.config.hand,) * 2
    elif n == 4:
        counts = (10,) * 4
    else:
        holder = s.state.players[0] if s.state.fourteen is None else s.state.right_of(s.state.fourteen)
        counts = tuple(14 if p == holder else 13 for p in s.state.players)
    return s.apply(Deal(counts))


def plays(s: CinquilloSession, *moves: str) -> CinquilloSession:
    """Apply "A:5-oros" style plays."""
    for move in moves:
        player, card = move.split(":")
        s = s.apply(Play(player, parse_card_id(card)))
    return s


def dealt_with(
    s: CinquilloSession, hands: list[list[Card]], stock: list[Card] | None = None
) -> CinquilloSession:
    """Simulation deal with chosen hands."""
    counts = tuple(len(h) for h in hands)
    return s.apply(Deal(counts, tuple(tuple(h) for h in hands), None if stock is None else tuple(stock)))


def finish_round(s: CinquilloSession, rng: random.Random) -> CinquilloSession:
    """Let the bot play the current round (and deal it first if needed) until the next deal or the end."""
    bot = CinquilloBot()
    if s.state.phase == "deal":
        s = s.apply(deal(s.state, s.state.config, rng))
    while s.state.phase in ("play", "draw"):
        command = bot.choose(s.state, s.state.config, rng)
        assert command is not None
        s = s.apply(command)
    return s
