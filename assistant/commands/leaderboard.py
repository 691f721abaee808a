"""`kinito leaderboard [--league NOM]`: the XP ranking across saved games (C8); with a league, across
all the tables of the league, with the night's doses and lives per player and the games per table."""

from __future__ import annotations

import argparse

from assistant import jsonline, wording
from assistant.paths import store_path
from assistant.store.league import LeagueBoard, board_json, league_board
from assistant.store.opening import open_store

UNIT = {"doses": "dose", "sips": "sip", "lives": "life"}
"""A night tally's penalty unit (wording.stake says it in French)."""
HELP = "Classement XP entre les parties (C8), ou d'une ligue (--league)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--json, --db and --league."""
    parser.add_argument(
        "--db", default=None, help=f"fichier SQLite ou postgresql://… (défaut : {store_path()})"
    )
    parser.add_argument("--json", action="store_true", help="un objet JSON sur stdout")
    parser.add_argument("--league", default=None, help='la ligue : toutes ses tables ("Soirée du 12")')


def league_lines(board: LeagueBoard) -> list[str]:
    """A league's board as text."""
    games = wording.count(board.games, "partie", "parties")
    lines = [f"Ligue « {board.league} » : {games}."]
    if board.xp:
        lines.append("Classement XP (Cinquillo, C8) :")
        lines += [f"  {i}. {s.player} : {s.xp:+d} XP" for i, s in enumerate(board.xp, 1)]
    if board.night:
        lines.append("Totaux de la soirée (Quinito) :")
        for player, row in board.night.items():
            lines.append(f"  {player} : " + ", ".join(wording.stake(v, UNIT[k]) for k, v in row.items()))
    if board.tables:
        lines.append("Parties par table :")
        lines += [f"  {table} : {n}" for table, n in board.tables.items()]
    return lines


def run(args: argparse.Namespace) -> int:
    """Print the ranking, highest XP first."""
    store = open_store(args.db, read_only=True)  # a file, or a postgresql://... league server
    try:
        ranking = store.leaderboard()
        board = league_board(store.games(), args.league) if args.league else None
    finally:
        store.close()
    path = store.path
    if board is not None:
        if args.json:
            print(jsonline.dumps({"db": str(path), **board_json(board)}))
        else:
            print("\n".join(league_lines(board)))
        return 0
    if args.json:
        rows = [
            {"rank": i, "player": s.player, "xp": s.xp, "games": s.games} for i, s in enumerate(ranking, 1)
        ]
        print(jsonline.dumps({"db": str(path), "leaderboard": rows}))
        return 0
    if not ranking:
        print("Aucune partie classée pour l'instant.")
    for i, standing in enumerate(ranking, 1):
        games = wording.count(standing.games, "partie", "parties")
        print(f"{i}. {standing.player} : {standing.xp:+d} XP ({games})")
    return 0
