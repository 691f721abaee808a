"""`kinito serve [--uri tcp://127.0.0.1:10700]`: answer Home Assistant Assist's questions about a table
("les scores", "c'est à qui") as a Wyoming handle service (issue 14)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from assistant.commands.game_flags import add_game_flags, game_options
from assistant.core.clock import SystemClock
from assistant.game import default_game, game_names
from assistant.paths import store_path
from assistant.referee.referee import Referee
from assistant.runtime.questions import TableQuestions, stored_referee
from assistant.settings.play import load_settings
from assistant.store.sqlite import SqliteStore, default_db_path
from assistant.voice.wyoming_uri import parse_uri

HELP = "Répondre aux questions de Home Assistant (Wyoming) sur une partie."
DEFAULT_URI = "tcp://127.0.0.1:10700"
SERVE_KEYS = ("game", "players", "wake_word", "db", "resume")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito serve`: the table like `kinito play`, or --resume, and the address."""
    parser.add_argument(
        "--uri",
        default=DEFAULT_URI,
        help=(
            f"adresse d'écoute Wyoming (défaut {DEFAULT_URI}; tcp://0.0.0.0:… pour le réseau local,"
            " unix:///chemin pour un socket local)"
        ),
    )
    parser.add_argument("--game", choices=game_names(), help=f"le jeu (défaut {default_game()})")
    parser.add_argument("--players", help='les joueurs dans l\'ordre de la table, ex. "Ana,Bruno,Chloé"')
    add_game_flags(parser)
    parser.add_argument("--wake-word", dest="wake_word", help="le mot qui s'adresse à l'arbitre (arbitre)")
    parser.add_argument("--config", help="fichier de réglages TOML (comme kinito play)")
    parser.add_argument("--db", help=f"fichier SQLite des parties (défaut : {store_path()})")
    parser.add_argument(
        "--resume",
        action="store_true",
        default=None,
        help="répondre sur la dernière partie enregistrée (celle que kinito play arbitre)",
    )


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C."""
    parse_uri(args.uri, "--uri")
    flags: dict[str, Any] = {k: getattr(args, k, None) for k in (*SERVE_KEYS, *game_options())}
    settings = load_settings(flags, args.config)
    store = SqliteStore(Path(settings.db) if settings.db else default_db_path()) if flags["resume"] else None

    def referee() -> Referee:  # rebuilt per question: the stored game as it is now, or a new game
        if store is not None:
            return stored_referee(store, settings.table)
        return Referee(settings.table, SystemClock())

    from assistant.runtime.wyoming_handle import serve

    which = "la dernière partie enregistrée" if store is not None else "une nouvelle partie"
    print(f"kinito: service Wyoming sur {args.uri} ({which}) ; Ctrl-C pour arrêter.", file=sys.stderr)
    try:
        asyncio.run(serve(args.uri, TableQuestions(referee)))
    except KeyboardInterrupt:
        pass
    finally:
        if store is not None:
            store.close()
    return 0
