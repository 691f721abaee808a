"""A referee `Snapshot` to the JSON the board page draws (pure: no I/O, no clock).

Every string a player can influence (names) travels as JSON data and is drawn by the page as text,
never as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant import speech
from assistant.game import plain_summary
from assistant.referee.snapshot import Snapshot

SAID_KEPT = 4
"""How many of the referee's latest sentences the page shows."""
JOURNAL_KEPT = 5
"""How many of the latest moves the page lists."""


def latest(events: tuple[Any, ...], describe: Callable[[Any], str | None], limit: int) -> list[str]:
    """The last `limit` described moves, oldest first (walking back from the end of the log)."""
    lines: list[str] = []
    for event in reversed(events):
        line = describe(event)
        if line:
            lines.append(line)
            if len(lines) == limit:
                break
    return lines[::-1]


def board_view(snapshot: Snapshot) -> dict[str, Any]:
    """Everything the page shows, as JSON-ready data."""
    config, state, events = snapshot.config, snapshot.state, snapshot.events
    module = config.module
    data = module.board_view(config.rules, state, events) if module.board_view else {}
    describe = module.describe_event or (lambda _event: None)
    winner = state.winner
    winners = winner if isinstance(winner, list) else ([winner] if winner else [])
    summary = (module.summary or plain_summary)(state, events)
    asked = speech.say("summary_title") in snapshot.said or speech.say("summary_empty") in snapshot.said
    data.update(
        game=config.game,
        current=state.current,
        over=winner is not None,
        winners=winners,
        paused=snapshot.paused,
        said=list(snapshot.said[-SAID_KEPT:]),
        summary=summary.to_json() if winner is not None or asked else None,
        moves=len(events),
        journal=latest(events, describe, JOURNAL_KEPT),
    )
    return data
