"""`kinito bench`'s natural-table figures: the referee hearing bots' games talked the way people talk
(assistant.sim.table), named and anonymous, on a fixed seed; games per second are timed here only."""

from __future__ import annotations

from typing import Any

SEED = 2026
"""The bench's seed: the same tables and talk on every machine."""
GAMES = 40
"""Games per run (named, then anonymous)."""
QUICK_GAMES = 3
"""Games per run with --quick."""
FLAT = ("right_rate", "false_units", "false_games", "missed_units", "wedged", "questions_per_game")
"""Figures copied to top-level keys `natural_<run>_<figure>`."""


def natural_table(quick: bool = False, games: int | None = None) -> dict[str, Any]:
    """Outcomes right, false and missed penalties, wedges and questions per game, named and anonymous."""
    from assistant.sim.table.play import Setup
    from assistant.sim.table.report import run

    count = games if games is not None else (QUICK_GAMES if quick else GAMES)
    out: dict[str, Any] = {}
    runs: dict[str, Any] = {}
    for name, anonymous in (("named", False), ("anonymous", True)):
        report = run(count, SEED, Setup(anonymous))
        seconds = report["seconds"]
        report["games_per_s"] = round(count / seconds, 2) if seconds > 0 else None
        runs[name] = report
        out.update({f"natural_{name}_{key}": report[key] for key in FLAT})
    out["natural_table"] = runs
    return out
