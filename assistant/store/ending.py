"""A game's end as the store keeps it: the winner and each player's tallies, read from the state.

This is the one place that turns a finished state into a `GameEnd`: the referee's saver calls
`game_end`, the simulator `final`.
"""

from __future__ import annotations

from assistant.game.view import TableView
from assistant.store.protocol import GameEnd

TALLIES = ("xp", "doses", "sips", "lives")
"""The standings' counters that are a game's results: Cinquillo's XP change (C8); Quinito's doses and
sips (drinking edition) or lives (family edition). Cards in hand, points and "eliminated" are not."""


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


def final(state: TableView) -> GameEnd:
    """The end of a game stopped in `state`, winner or not (a simulated drinking game's last round);
    XP only with a winner (C8 awards it at the match's end)."""
    results = results_of(state)
    if state.winner is None:
        results = {p: {k: v for k, v in row.items() if k != "xp"} for p, row in results.items()}
    return GameEnd(state.winner, results)


def game_end(state: TableView) -> GameEnd | None:
    """The game's end once its state names a winner, else None (the game goes on)."""
    return None if state.winner is None else final(state)
