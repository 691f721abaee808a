"""`kinito export GAME [--json|--csv] [--db FILE]`: one stored game's moves and penalties.

Each move comes with the time it was saved and the line heard that caused it ("Ana: soixante
trois"), so a dispute ("I never said 63!") is settled from the file. GAME is a game number (see
`kinito history`) or `dernier` for the latest.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from datetime import datetime
from typing import Any

from assistant import wording
from assistant.core.folding import fold
from assistant.errors import UserError
from assistant.paths import store_path
from assistant.store.opening import TableStore, open_store
from assistant.store.protocol import StoredEntry, StoredGame

HELP = "Exporter les coups et les pénalités d'une partie (JSON ou CSV)."
LATEST = ("dernier", "derniere", "last")
"""What names the latest game (accents and case aside: « dernière », « Dernier »)."""
HISTORY_FIX = "kinito history (la liste des parties)"
LARGEST_ID = 2**63 - 1
"""SQLite's largest row number: a game number beyond it names no game."""
CSV_COLUMNS = ("coup", "heure", "entendu", "commande", "événements", "pénalités")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME, --json, --csv, --db."""
    parser.add_argument("game", metavar="PARTIE", help="numéro de la partie (kinito history) ou « dernier »")
    formats = parser.add_mutually_exclusive_group()
    formats.add_argument("--json", action="store_true", help="un objet JSON sur stdout")
    formats.add_argument("--csv", action="store_true", help="un tableau CSV sur stdout, un coup par ligne")
    parser.add_argument(
        "--db", help=f"fichier SQLite des parties, ou postgresql://… (défaut : {store_path()})"
    )


def clock_time(at: float | None, iso: bool = True) -> str | None:
    """Local time of a wall-clock stamp: ISO 8601 with its offset, or HH:MM:SS; None when unknown."""
    if at is None:
        return None
    moment = datetime.fromtimestamp(at).astimezone()
    return moment.isoformat(timespec="seconds") if iso else moment.strftime("%H:%M:%S")


def penalties(entry: StoredEntry) -> list[dict[str, Any]]:
    """The penalties a stored move caused (its PenaltyCalled events), as docs/command-line.md writes them."""
    keys = ("player", "amount", "unit", "reason")
    return [{k: e[k] for k in keys} for e in entry.events if e.get("type") == "PenaltyCalled"]


def game_header(game: StoredGame) -> dict[str, Any]:
    """The game itself: id, kind, settings, times, winner."""
    return {
        "id": game.id,
        "game": game.kind,
        "config": game.config,
        "status": game.status,
        "winner": game.winner,
        "started": clock_time(game.created_at),
        "finished": clock_time(game.finished_at),
    }


def export(game: StoredGame) -> dict[str, Any]:
    """The `--json` object: the game, every move, every penalty with the move that caused it."""
    moves = [
        {
            "seq": seq,
            "at": clock_time(entry.at),
            "heard": entry.heard,
            "command": entry.command,
            "events": entry.events,
        }
        for seq, entry in enumerate(game.entries)
    ]
    charged = [
        {"seq": seq, "at": clock_time(entry.at), "heard": entry.heard, **penalty}
        for seq, entry in enumerate(game.entries)
        for penalty in penalties(entry)
    ]
    return {"game": game_header(game), "moves": moves, "penalties": charged}


def csv_rows(game: StoredGame) -> list[tuple[Any, ...]]:
    """One row per move, in CSV_COLUMNS order."""
    return [
        (
            seq,
            clock_time(entry.at) or "",
            entry.heard or "",
            wording.command(entry.command, game.kind),
            ", ".join(wording.event(e.get("type"), game.kind) for e in entry.events if isinstance(e, dict)),
            "; ".join(wording.penalty(p, game.kind) for p in penalties(entry)),
        )
        for seq, entry in enumerate(game.entries)
    ]


def find_game(store: TableStore, wanted: str) -> StoredGame:
    """The game numbered `wanted`, or the latest for `dernier`; UserError naming `kinito history`."""
    if fold(wanted.strip()) in LATEST:
        ids = store.game_ids()
        if not ids:
            raise UserError(f"Aucune partie enregistrée dans {store.path}.", "kinito play")
        return store.load(ids[-1])
    if not (wanted.isascii() and wanted.isdigit()):
        raise UserError(f"« {wanted} » n'est pas un numéro de partie.", HISTORY_FIX)
    if int(wanted) > LARGEST_ID:
        raise UserError(f"Aucune partie numéro {wanted} dans la sauvegarde {store.path}.", HISTORY_FIX)
    return store.load(int(wanted))


def run(args: argparse.Namespace) -> int:
    """Print the game's export."""
    store = open_store(args.db, read_only=True)  # a file, or a postgresql://... league server
    try:
        game = find_game(store, args.game)
    finally:
        store.close()
    if args.json:
        print(json.dumps(export(game), ensure_ascii=False))
        return 0
    if args.csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(CSV_COLUMNS)
        writer.writerows(csv_rows(game))
        return 0
    header = game_header(game)
    print(f"Partie n° {game.id} ({game.kind}), commencée {header['started']}, {wording.status(game.status)}.")
    for seq, entry in enumerate(game.entries):
        words = f"« {entry.heard} »" if entry.heard else "(rien d'entendu)"
        moment = clock_time(entry.at, iso=False) or "--:--:--"
        line = f"{seq:4} {moment}  {words}  {wording.command(entry.command, game.kind)}"
        print(line + "".join(f"\n       → {wording.penalty(p, game.kind)}" for p in penalties(entry)))
    return 0
