"""A game's end as the store keeps it: the winner and each player's tallies, read from the state.

This is the one place that turns a finished state into a `GameEnd`: the referee's saver calls
`game_end`, the simulator `final`, both with the game's own results (`GameModule.results`) when the
game names a winner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.game.view import TableView
from assistant.store.protocol import GameEnd, Results

TALLIES = ("xp", "doses", "sips", "lives")
"""The standings' counters that are a game's results: Cinquillo's XP change (C8); Quinito's doses and
sips (drinking edition) or lives (family edition); the other counters of the standings are not."""


def results_of(state: TableView) -> dict[str, dict[str, int]]:
    """Per player, the state's tallies among TALLIES (booleans never count as numbers)."""
    return {
        player: {
            name: int(value)
            for name, value in row.items()
            if name in TALLIES and isinstance(value, int) and not isinstance(value, bool)
        }
        for player, row in state.standings().items()
    }


Tallies = Callable[[Any], Results]
"""A game's own results of a state (`GameModule.results` bound to the table's rules)."""


def final(state: TableView, tallies: Tallies | None = None) -> GameEnd:
    """The end of a game stopped in `state`, winner or not (a simulated drinking game's last round):
    with a winner, the game's own results (`tallies`); without one, the standings' counters but no
    XP (C8 awards it at the match's end)."""
    if state.winner is not None and tallies is not None:
        return GameEnd(state.winner, tallies(state))
    results = results_of(state)
    if state.winner is None:
        results = {p: {k: v for k, v in row.items() if k != "xp"} for p, row in results.items()}
    return GameEnd(state.winner, results)


def game_end(state: TableView, tallies: Tallies | None = None) -> GameEnd | None:
    """The game's end once its state names a winner, else None (the game goes on)."""
    return None if state.winner is None else final(state, tallies)


def ending_with(tallies: Tallies) -> Callable[[Any], GameEnd | None]:
    """`game_end` with the game's own results (what the referee's saver is given)."""
    return lambda state: game_end(state, tallies)
