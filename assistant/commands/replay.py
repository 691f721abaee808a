"""`kinito replay game.txt [--json] [--db PATH]`: a written game through the same referee as `kinito play`."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from assistant import jsonline, speech, wording
from assistant.scripts.replay_run import run_script
from assistant.scripts.script import load_script

HELP = "Rejouer une partie écrite à travers l'arbitre."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The script path, --json, --db."""
    parser.add_argument("script", help="le fichier de la partie (en-tête, ---, puis « ORATEUR: paroles »)")
    parser.add_argument("--json", action="store_true", help="imprimer le résultat en JSON seulement")
    parser.add_argument("--db", metavar="FICHIER", help="enregistrer la partie dans cette base SQLite")


SHARED_KEYS = frozenset({"players", "penalties", "current", "direction", "winner", "spoken"})
"""The keys of the outcome every game has, printed below; the others are the game's (`Rulebook.extras`)."""


def readable(outcome: dict[str, Any], game: str) -> str:
    """The outcome for a person: standings, penalties, the game's own keys, then what the referee said."""
    lines = ["Joueurs :"]
    for name, counters in outcome["players"].items():
        values = ", ".join(wording.counter(k, v, game) for k, v in counters.items())
        lines.append(f"  {name} : {values}")
    lines.append("Pénalités :" if outcome["penalties"] else "Pénalités : aucune")
    lines += [f"  {wording.penalty(p, game)}" for p in outcome["penalties"]]
    for key, value in outcome.items():
        if key not in SHARED_KEYS:
            shown = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value or "")
            lines.append(f"{speech.capital(wording.field_name(key, game))} : {shown or '-'}")
    direction = "horaire" if outcome["direction"] == 1 else "antihoraire"
    lines.append(f"Au tour de : {outcome['current'] or '-'}   sens : {direction}")
    winner = outcome["winner"]
    lines.append(f"Gagnant : {' et '.join(winner) if isinstance(winner, list) else winner or '-'}")
    lines.append("L'arbitre a dit :")
    lines += [f"  « {s} »" for s in outcome["spoken"]]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Replay the script and print its outcome."""
    script = load_script(args.script)
    store = None
    if args.db:
        from assistant.store.sqlite import SqliteStore

        store = SqliteStore(args.db)
    referee = run_script(script, store=store)
    outcome = referee.outcome()
    if args.json:
        sys.stdout.write(jsonline.dumps(outcome) + "\n")
    else:
        print(readable(outcome, referee.config.game))
    return 0
