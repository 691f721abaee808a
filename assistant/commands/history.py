"""`kinito history [--json] [--hours H] [--db FILE]`: past games, the night's totals, the XP ranking.

Lists every stored game (number, start, game, players, moves, winner); then, over the games started in
the last H hours (12 by default), each Quinito player's total of doses, sips and lives taken, and the
Cinquillo XP leaderboard (C8). Simulated games are listed but left out of the night's totals.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any

from assistant import wording
from assistant.commands.export import clock_time, penalties
from assistant.commands.leaderboard import league_lines
from assistant.errors import finite
from assistant.invocation import runnable
from assistant.paths import store_path
from assistant.store.league import board_json, in_league, league_board
from assistant.store.opening import TableStore, open_store
from assistant.store.protocol import DamagedGame
from assistant.store.sql import GameSummary

HELP = "Lister les parties passées, les totaux de la soirée et le classement XP."
UNITS = ("dose", "sip", "life")
MAX_HOURS = 24 * 366 * 100
"""The longest night `--hours` may ask for (a century: every game)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--json, --hours, --db."""
    parser.add_argument("--json", action="store_true", help="un objet JSON sur stdout")
    parser.add_argument(
        "--hours",
        type=float,
        default=12.0,
        metavar="HEURES",
        help="la soirée : les parties des HEURES dernières",
    )
    parser.add_argument(
        "--db", help=f"fichier SQLite des parties, ou postgresql://… (défaut : {store_path()})"
    )
    parser.add_argument("--league", help="seulement les parties de cette ligue, toutes tables confondues")


def summary(game: GameSummary) -> dict[str, Any]:
    """One game as history lists it."""
    return {
        "id": game.id,
        "game": game.kind,
        "players": list(game.config.get("players") or []),
        "started": clock_time(game.created_at),
        "moves": game.moves,
        "status": game.status,
        "winner": game.winner,
        "simulated": "sim" in game.config,
        "results": {p: dict(r) for p, r in game.results.items()},
        "league": game.league,
        "damaged": game.damaged,
    }


def night_totals(store: TableStore, games: Sequence[GameSummary], since: float) -> dict[str, dict[str, int]]:
    """Per player, the penalties (doses, sips, lives) taken in the games played since `since`, whatever
    the game (a game without penalties adds nothing)."""
    totals: dict[str, dict[str, int]] = {}
    for game in games:
        if game.created_at < since or "sim" in game.config:
            continue
        if game.damaged is not None:
            continue
        try:
            entries = store.load(game.id).entries
        except DamagedGame as damaged:  # what reads of it still counts; `kinito export` names the rest
            entries = damaged.readable.entries if damaged.readable is not None else ()
        for entry in entries:
            for penalty in penalties(entry):
                row = totals.setdefault(penalty["player"], dict.fromkeys(UNITS, 0))
                row[penalty["unit"]] = row.get(penalty["unit"], 0) + int(penalty["amount"])
    return dict(sorted(totals.items()))


def run(args: argparse.Namespace) -> int:
    """Print the history."""
    finite(args.hours, "Durée de la soirée (--hours)", 0, MAX_HOURS)
    since = time.time() - args.hours * 3600
    store = open_store(args.db, read_only=True)  # a file, or a postgresql://... league server
    try:
        games = store.games()
        board = league_board(games, args.league) if args.league else None
        if args.league:
            games = in_league(games, args.league)
        totals = night_totals(store, games, since)
        ranking = board.xp if board is not None else store.leaderboard()
    finally:
        store.close()
    if args.json:
        report = {
            "db": str(store.path),
            "games": [summary(g) for g in games],
            "unfinished": [g.id for g in games if g.status == "playing" and g.damaged is None],
            "night": {"since": clock_time(since), "penalties": totals},
            "leaderboard": [{"player": s.player, "xp": s.xp, "games": s.games} for s in ranking],
        }
        if board is not None:
            report["league"] = board_json(board)
        print(json.dumps(report, ensure_ascii=False))
        return 0
    if not games:
        print(f"Aucune partie enregistrée dans {store.path}.")
    for game in games:
        if game.damaged is not None:
            print(f"n° {game.id}  partie abîmée ({game.damaged}) : kinito export {game.id} montre ses coups")
            continue
        row = summary(game)
        winner = game.winner if not isinstance(game.winner, list) else " et ".join(game.winner)
        end = f"gagnant : {winner}" if winner else wording.status(game.status)
        kind = f"{game.kind} (simulation)" if row["simulated"] else game.kind
        moves = wording.count(game.moves, "coup", "coups")
        print(f"n° {game.id}  {row['started']}  {kind}  {', '.join(row['players'])}  {moves}  {end}")
    unfinished = [g.id for g in games if g.status == "playing" and not g.damaged and "sim" not in g.config]
    if unfinished:
        numbers = ", ".join(f"n° {n}" for n in unfinished)
        resume = runnable("kinito play --resume NUMÉRO")
        print(f"Parties non finies : {numbers} ; pour en reprendre une : {resume}")
    if totals:
        print(f"Totaux de la soirée (Quinito, {args.hours:g} dernières heures) :")
        for player, units in totals.items():
            print(f"  {player} : " + ", ".join(wording.stake(units[unit], unit) for unit in UNITS))
    if board is not None:
        print("\n".join(league_lines(board)))
        return 0
    if ranking:
        print("Classement XP (Cinquillo, C8) :")
        for i, standing in enumerate(ranking, 1):
            print(f"  {i}. {standing.player} : {standing.xp:+d} XP")
    return 0
