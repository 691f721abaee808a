"""Shared helpers: a table and a way to play commands through the real Session."""

from __future__ import annotations

from collections.abc import Iterable

from assistant.core.events import PenaltyCalled
from assistant.core.game import Session
from assistant.games.quinito.commands import Command
from assistant.games.quinito.config import Edition, QuinitoConfig
from assistant.games.quinito.engine import QuinitoGame
from assistant.games.quinito.events import Event
from assistant.games.quinito.state import QuinitoState

PLAYERS = ("Ana", "Bruno", "Chloé", "David")
QSession = Session[QuinitoState, Command, Event]


def table(edition: Edition = "drinking", *variants: str, players: tuple[str, ...] = PLAYERS) -> QSession:
    """A fresh session."""
    config = QuinitoConfig(players, edition=edition, variants=frozenset(variants))
    return Session.start(QuinitoGame(config))


def play(session: QSession, commands: Iterable[Command]) -> QSession:
    """Apply commands one by one (a refusal fails the test)."""
    for command in commands:
        session = session.apply(command)
    return session


def penalties(session: QSession) -> list[tuple[str, int, str, str]]:
    """(player, amount, unit, reason) of every penalty, in order."""
    return [(e.player, e.amount, e.unit, e.reason) for e in session.events if isinstance(e, PenaltyCalled)]
