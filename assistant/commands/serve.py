"""`kinito serve [--uri tcp://127.0.0.1:10750]`: answer Home Assistant Assist's questions about a table
("le classement", "c'est à qui") as a Wyoming handle service, announced with zeroconf.

The default port is kinito's own: 10700 is wyoming-satellite's, 10200/10300/10400 piper's, whisper's
and openWakeWord's."""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from typing import Any

from assistant.commands.game_flags import add_game_flags, game_options
from assistant.core.clock import SystemClock
from assistant.game import default_game, game_names
from assistant.paths import store_path
from assistant.referee.referee import Referee
from assistant.runtime.questions import StoredTable, TableQuestions
from assistant.settings.play import load_settings
from assistant.store.opening import open_store
from assistant.voice.wyoming.uri import parse_uri

HELP = "Répondre aux questions de Home Assistant (Wyoming) sur une partie."
DEFAULT_URI = "tcp://127.0.0.1:10750"
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
    parser.add_argument(
        "--no-zeroconf",
        dest="zeroconf",
        action="store_false",
        help="ne pas s'annoncer sur le réseau local (Home Assistant ne le découvrira pas tout seul)",
    )
    parser.add_argument("--game", choices=game_names(), help=f"le jeu (défaut {default_game()})")
    parser.add_argument("--players", help='les joueurs dans l\'ordre de la table, ex. "Ana,Bruno,Chloé"')
    add_game_flags(parser)
    parser.add_argument("--wake-word", dest="wake_word", help="le mot qui s'adresse à l'arbitre (arbitre)")
    parser.add_argument("--config", help="fichier de réglages TOML (comme kinito play)")
    parser.add_argument(
        "--db", help=f"fichier SQLite des parties, ou postgresql://… (défaut : {store_path()})"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        default=None,
        help="répondre sur la dernière partie enregistrée (celle que kinito play arbitre)",
    )


def _interrupt(_signal: int, _frame: object) -> None:
    raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C or SIGTERM."""
    parse_uri(args.uri, "--uri")
    flags: dict[str, Any] = {k: getattr(args, k, None) for k in (*SERVE_KEYS, *game_options())}
    settings = load_settings(flags, args.config)
    store = open_store(settings.db, read_only=True) if flags["resume"] else None  # it reads, never writes
    stored = StoredTable(store, settings.table) if store is not None else None

    def new_game() -> Referee:  # a table typed like kinito play: a new game per question
        return Referee(settings.table, SystemClock())

    from assistant.runtime.wyoming_handle import serve

    which = "la dernière partie enregistrée" if stored is not None else "une nouvelle partie"
    questions = TableQuestions(stored.referee if stored is not None else new_game)

    def ready(where: str) -> None:
        print(f"kinito: service Wyoming sur {where} ({which}) ; Ctrl-C pour arrêter.", file=sys.stderr)

    previous = signal.signal(signal.SIGTERM, _interrupt)  # systemctl stop: withdraw the announcement too
    try:
        asyncio.run(serve(args.uri, questions, ready, zeroconf=args.zeroconf))
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        if store is not None:
            store.close()
    return 0
