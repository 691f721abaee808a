"""`kinito leaderboard`: the XP ranking across saved games (C8)."""

from __future__ import annotations

import argparse

from assistant import jsonline, wording
from assistant.paths import store_path
from assistant.store.opening import open_store

HELP = "Classement XP entre les parties (C8)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--json and --db."""
    parser.add_argument("--db", default=None, help=f"fichier SQLite (défaut : {store_path()})")
    parser.add_argument("--json", action="store_true", help="un objet JSON sur stdout")


def run(args: argparse.Namespace) -> int:
    """Print the ranking, highest XP first."""
    store = open_store(args.db, read_only=True)  # a file, or a postgresql://... league server
    try:
        ranking = store.leaderboard()
    finally:
        store.close()
    path = store.path
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
