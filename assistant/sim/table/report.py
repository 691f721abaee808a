"""Many natural games, summed up: outcomes right, false and missed penalties, wedges, questions.

`run(games, seed, setup)` draws each game's table from the seed (tables.draw), plays and talks it
(play.play) and returns the JSON object of `kinito simulate --natural --json`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import UserError
from assistant.sim.table.play import GameResult, Setup, play
from assistant.sim.table.tables import draw


@dataclass
class Sums:
    """Counts over games of one kind (all, or one game and edition)."""

    games: int = 0
    """Games played."""
    right: int = 0
    """Games whose standings and winner the referee got right."""
    false_units: int = 0
    """Stake units charged to players who did not owe them."""
    false_games: int = 0
    """Games with at least one false penalty."""
    missed_units: int = 0
    """Stake units owed and not charged."""
    wedged: int = 0
    """Games with a sentence said three times in a row or a stuck referee."""
    repeated: int = 0
    """Games where the referee said one sentence three times in a row."""
    stalled: int = 0
    """Games where the referee took nothing from many talked moves in a row."""
    unfinished: int = 0
    """Games the bots finished and the referee did not."""
    cut: int = 0
    """Games cut at the line or move limit."""
    questions: int = 0
    """Questions the referee asked."""
    lines: int = 0
    """Lines that reached the referee."""
    moves: int = 0
    """Moves of the bots' games."""

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.right += result.right
        self.false_units += result.false_units
        self.false_games += result.false_units > 0
        self.missed_units += result.missed_units
        self.wedged += result.wedged
        self.repeated += result.repeated
        self.stalled += result.stalled
        self.unfinished += result.unfinished
        self.cut += result.cut
        self.questions += result.questions
        self.lines += result.lines
        self.moves += result.moves

    def to_json(self) -> dict[str, Any]:
        """The counts, with rates per game."""
        per = max(self.games, 1)
        return {
            **vars(self),
            "right_rate": round(self.right / per, 4),
            "questions_per_game": round(self.questions / per, 2),
            "lines_per_game": round(self.lines / per, 1),
        }


@dataclass
class Run:
    """A natural run in progress."""

    total: Sums = field(default_factory=Sums)
    """Every game."""
    kinds: dict[str, Sums] = field(default_factory=dict)
    """Per table kind: the game and its edition or mode ("<game> <edition>")."""
    per_game: list[dict[str, Any]] = field(default_factory=list)
    """With verbose: one object per game."""


def kind(header: dict[str, str]) -> str:
    """The table's kind, for the per-kind sums."""
    return f"{header['game']} {header.get('edition') or header.get('mode') or ''}".strip()


def run(
    games: int,
    seed: int,
    setup: Setup,
    verbose: bool = False,
    on_game: Callable[[], object] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    scripts: Path | None = None,
) -> dict[str, Any]:
    """Play `games` natural games; the report of `kinito simulate --natural --json`. With `scripts`, each
    game the referee got wrong or wedged is written there as a `kinito replay` script."""
    if games < 0:
        raise UserError("--games doit être positif.")
    tables = random.Random(seed)
    sums = Run()
    start = clock()
    for index in range(games):
        header = draw(tables)
        result = play(header, seed, index, setup, keep=scripts is not None)
        if scripts is not None and (not result.right or result.wedged):
            scripts.mkdir(parents=True, exist_ok=True)
            name = f"natural_{seed}_{index:05d}{'_anonymous' if setup.anonymous else ''}.txt"
            (scripts / name).write_text(result.as_script(f"seed {seed}, game {index}"), encoding="utf-8")
        sums.total.add(result)
        sums.kinds.setdefault(kind(header), Sums()).add(result)
        if verbose:
            sums.per_game.append({"game": index, "table": header, **_flags(result)})
        if on_game is not None:
            on_game()
    report: dict[str, Any] = {
        "natural": True,
        "anonymous": setup.anonymous,
        "seed": seed,
        **sums.total.to_json(),
        "kinds": {name: s.to_json() for name, s in sorted(sums.kinds.items())},
        "seconds": round(clock() - start, 3),
    }
    if verbose:
        report["per_game"] = sums.per_game
    return report


def _flags(result: GameResult) -> dict[str, Any]:
    return {k: v for k, v in vars(result).items() if k not in ("header", "script", "expected", "seen")}
