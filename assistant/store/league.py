"""A league: the games of several tables of one night read as one (`kinito leaderboard --league`).

Players are matched by name within a league with accents, case and spaces folded ("Chloé", "chloe" and
" CHLOE " are one player); two people of the same name are told apart by writing them differently at
their tables ("Ana B." and "Ana M."). A table is the set of its players (folded likewise), so the games
of one table are counted together whatever machine referees them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from assistant.store.protocol import Results, Standing, standings, totals
from assistant.store.sql import GameSummary

NIGHT = ("doses", "sips", "lives")
"""The Quinito tallies a night sums per player (drinking edition doses and sips, family edition lives)."""


def folded(name: str) -> str:
    """The name as a league matches it: accents dropped, case folded, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


@dataclass(frozen=True)
class LeagueBoard:
    """A league's leaderboard across all its tables."""

    league: str
    """The league's name as asked."""
    xp: list[Standing] = field(default_factory=list)
    """C8: every player with an XP tally, summed over the league's finished games, highest first."""
    night: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per player, the doses, sips and lives of the league's finished games (only the tallies seen)."""
    tables: dict[str, int] = field(default_factory=dict)
    """Per table (its players, as first written), how many of the league's games it played."""
    games: int = 0
    """How many games the league holds (finished or not)."""


def in_league(games: Sequence[GameSummary], league: str) -> list[GameSummary]:
    """The games registered under `league` (its name folded like players' names), oldest first."""
    wanted = folded(league)
    return [g for g in games if g.league is not None and g.damaged is None and folded(g.league) == wanted]


def _matched(results: Results, names: dict[str, str]) -> Results:
    """The results with each player under the first spelling the league saw of their folded name."""
    merged: dict[str, dict[str, int]] = {}
    for player, tallies in results.items():
        shown = names.setdefault(folded(player), player)
        row = merged.setdefault(shown, {})
        for tally, value in tallies.items():
            row[tally] = row.get(tally, 0) + int(value)
    return merged


def ranking(target: str | None, league: str | None) -> dict[str, object]:
    """What the board's `/leaderboard` serves, read now from the save file `target` names (a file or
    a postgresql://... server, read-only): the league's board across its tables when the table plays
    in one, else the XP ranking of every game (C8)."""
    from assistant.store.opening import open_store

    store = open_store(target, read_only=True)
    try:
        if league is None:
            rows = [{"player": s.player, "xp": s.xp, "games": s.games} for s in store.leaderboard()]
            return {"league": None, "leaderboard": rows}
        board = league_board(store.games(), league)
    finally:
        store.close()
    return board_json(board)


def board_json(board: LeagueBoard) -> dict[str, object]:
    """A league's board as JSON (`kinito leaderboard --league --json`, the board's `/leaderboard`)."""
    return {
        "league": board.league,
        "games": board.games,
        "leaderboard": [
            {"rank": i, "player": s.player, "xp": s.xp, "games": s.games} for i, s in enumerate(board.xp, 1)
        ],
        "night": board.night,
        "tables": board.tables,
    }


def league_board(games: Sequence[GameSummary], league: str) -> LeagueBoard:
    """The league's XP ranking (C8), night tallies and games per table, from its stored games."""
    mine = in_league(games, league)
    names: dict[str, str] = {}
    results = [_matched(g.results, names) for g in mine if g.status == "finished"]
    night = {
        player: {k: v for k, v in row.items() if k in NIGHT}
        for player, row in totals(results).items()
        if any(k in NIGHT for k in row)
    }
    tables: dict[str, int] = {}
    seen: dict[tuple[str, ...], str] = {}
    for game in mine:
        players = [str(p) for p in game.config.get("players") or []]
        key = tuple(sorted(folded(p) for p in players))
        shown = seen.setdefault(key, ", ".join(names.setdefault(folded(p), p) for p in players))
        tables[shown] = tables.get(shown, 0) + 1
    return LeagueBoard(league, standings(results), night, tables, len(mine))
