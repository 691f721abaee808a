"""A referee `Snapshot` to the JSON the board page draws (no I/O, no clock).

`BoardView` keeps the values that fold over the whole log (the chart, the last penalty, the journal,
the move count) running (assistant.board.running), so an update costs the same all night; the rest
comes from the state. The summary is computed when the page shows it (asked for, or the game over),
once per log.

Every string a player can influence (names) travels as JSON data and is drawn by the page as text,
never as markup.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from assistant import speech
from assistant.board.running import Journal, Running
from assistant.game import plain_summary
from assistant.game.running import Fold
from assistant.referee.snapshot import Snapshot

SAID_KEPT = 4
"""How many of the referee's latest sentences the page shows."""
JOURNAL_KEPT = 5
"""How many of the latest moves the page lists."""
SPOKEN_ONLY = re.compile(r"\btoi\b", re.IGNORECASE)
"""A sentence for whoever just spoke ("Ce n'est pas à toi, c'est à Bruno."): said aloud, not shown on
a screen the whole table reads (the status already says whose turn it is)."""


def shown_said(said: Sequence[str]) -> list[str]:
    """What the referee said that the shared screen shows."""
    return [line for line in said if not SPOKEN_ONLY.search(line)][-SAID_KEPT:]


class BoardView:
    """Snapshots to the page's JSON, for one board (one referee thread calls it)."""

    def __init__(self) -> None:
        self._running: Running | None = None
        self._config: object = None
        self._summary: tuple[object, int, Any] | None = None

    def _folds(self, snapshot: Snapshot) -> Sequence[Fold]:
        config = snapshot.config
        if self._running is None or self._config != config:
            module = config.module
            describe = module.describe_event or (lambda _event: None)
            game = module.board_running

            def make() -> list[Fold]:
                folds: list[Fold] = [Journal(describe, JOURNAL_KEPT)]
                return [*folds, game(config.rules)] if game is not None else folds

            self._running, self._config = Running(make), config
        return self._running.over(snapshot.entries)

    def _summary_of(self, snapshot: Snapshot) -> Any:
        """The game's summary, computed once per log (the page shows it until the log changes)."""
        entries = snapshot.entries
        key = (entries[-1] if entries else None, len(entries))
        if self._summary is not None and self._summary[:2] == key:
            return self._summary[2]
        module = snapshot.config.module
        found = (module.summary or plain_summary)(snapshot.state, snapshot.events).to_json()
        self._summary = (key[0], key[1], found)
        return found

    def __call__(self, snapshot: Snapshot) -> dict[str, Any]:
        """Everything the page shows, as JSON-ready data."""
        config, state = snapshot.config, snapshot.state
        module = config.module
        newest = snapshot.entries[-1].events if snapshot.entries else ()
        data = module.board_view(config.rules, state, newest) if module.board_view else {}
        for fold in self._folds(snapshot):
            data.update(fold.value())
        winner = state.winner
        winners = winner if isinstance(winner, list) else ([winner] if winner else [])
        asked = speech.say("summary_title") in snapshot.said or speech.say("summary_empty") in snapshot.said
        data.update(
            game=config.game,
            current=state.current,
            over=winner is not None,
            winners=winners,
            paused=snapshot.paused,
            said=shown_said(snapshot.said),
            summary=self._summary_of(snapshot) if winner is not None or asked else None,
        )
        return data


def board_view(snapshot: Snapshot) -> dict[str, Any]:
    """One snapshot's JSON, folding its whole log (tests; the server keeps a `BoardView`)."""
    return BoardView()(snapshot)
