"""`kinito simulate`: bots play many games; one JSON object on stdout with --json.

With --db every move is saved in its own transaction; --progress prints "move N" on stderr after
each saved move (what the kill test waits for); --resume GAME_ID continues a saved game to its end.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import Any

from assistant import jsonline, wording
from assistant.commands.game_flags import add_game_flags, game_settings
from assistant.core.table import ConfigError, comma_list
from assistant.errors import UserError
from assistant.game import default_game, game_names, get_game
from assistant.progress import progress_bar
from assistant.sim import simulate as sim
from assistant.store.protocol import GameStore
from assistant.store.sqlite import SqliteStore

HELP = "Simuler des parties entre robots."
DEFAULT_PLAYERS = "Ana,Bruno,Chloé,David"
MAX_GAMES = 1_000_000
"""Games one run may simulate (a million takes hours here)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of docs/command-line.md and a few more."""
    parser.add_argument("--game", choices=game_names(), default=default_game(), help="le jeu")
    parser.add_argument("--games", type=int, default=1, help="nombre de parties")
    parser.add_argument("--seed", type=int, default=0, help="graine du hasard")
    parser.add_argument("--bluff-rate", type=float, default=None, help="fréquence du bluff (0..1)")
    parser.add_argument("--players", default=DEFAULT_PLAYERS, help="noms séparés par des virgules")
    add_game_flags(parser)
    parser.add_argument(
        "--rounds", type=int, default=10, help="tours par partie des jeux sans fin propre (défaut 10)"
    )
    parser.add_argument("--max-moves", type=int, default=20_000, help="coups au plus par partie")
    parser.add_argument("--db", default=None, help="fichier SQLite où enregistrer chaque coup")
    parser.add_argument(
        "--resume", type=int, default=None, metavar="PARTIE", help="reprendre la partie n° PARTIE"
    )
    # Test hooks (the SIGKILL-and-resume test), hidden from --help.
    parser.add_argument("--progress", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--kill-after-moves", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--verbose-games", action="store_true", help="détail par partie")
    parser.add_argument("--json", action="store_true", help="une ligne JSON sur stdout")
    parser.add_argument(
        "--natural",
        action="store_true",
        help="table naturelle : les robots jouent, la table parle (bruit compris), l'arbitre écoute",
    )
    parser.add_argument("--anonymous", action="store_true", help="avec --natural : aucune ligne attribuée")
    parser.add_argument("--plain", action="store_true", help="avec --natural : coups seuls, sans bruit")
    parser.add_argument(
        "--scripts",
        metavar="DOSSIER",
        help="avec --natural : écrire chaque partie ratée (script kinito replay)",
    )


def _on_move(args: argparse.Namespace) -> Any:
    if not args.progress and args.kill_after_moves is None:
        return None
    total = [0]

    def on_move(count: int) -> None:
        total[0] += 1
        if args.progress:
            print(f"move {count}", file=sys.stderr, flush=True)
        if args.kill_after_moves is not None and total[0] >= args.kill_after_moves:
            os.kill(os.getpid(), signal.SIGKILL)

    return on_move


def _settings(args: argparse.Namespace) -> sim.SimSettings:
    options = {"players": list(comma_list(args.players)), **game_settings(args, args.game)}
    module = get_game(args.game)
    bluff = args.bluff_rate if args.bluff_rate is not None else module.bluff_rate
    if not 0.0 <= bluff <= 1.0:
        raise UserError("--bluff-rate est une fréquence entre 0 et 1.")
    if not 0 <= args.games <= MAX_GAMES:
        raise UserError(f"--games compte de 0 à {MAX_GAMES} parties, pas {args.games}.")
    return sim.SimSettings(
        module, sim.table_settings(module, options), args.seed, bluff, args.rounds, args.max_moves
    )


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print its report."""
    store: GameStore | None = SqliteStore(args.db) if args.db else None
    on_move = _on_move(args)
    report: dict[str, Any]
    try:
        if args.natural:
            report = _natural(args)
        elif args.resume is not None:
            if store is None:
                raise UserError("--resume a besoin de --db.", "kinito simulate --db FICHIER --resume N")
            outcome = sim.resume_game(store, args.resume, on_move)
            state = outcome.session.state
            report = {
                "game_id": args.resume,
                "moves": len(outcome.session.entries),
                "winner": state.winner,
                "players": state.standings(),
            }
        else:
            stream = None if args.progress else sys.stderr  # the kill test reads bare "move N" lines
            settings = _settings(args)
            with progress_bar(stream, args.games, "simulation", " partie") as bar:
                report = sim.run(settings, args.games, store, on_move, args.verbose_games, on_game=bar.update)
            report["db"] = args.db
    except ConfigError as error:
        raise UserError(str(error)) from error
    finally:
        if isinstance(store, SqliteStore):
            store.close()
    if args.json:
        print(jsonline.dumps(report))
    else:
        _print_text(report, args.game)
    return 0


def _natural(args: argparse.Namespace) -> dict[str, Any]:
    """Natural tables of every game, edition and size (the table's options do not apply)."""
    from assistant.sim.table.noise import Noise
    from assistant.sim.table.play import Setup
    from assistant.sim.table.report import run as natural_run
    from assistant.sim.table.talk import Style

    setup = Setup(args.anonymous, bluff_rate=args.bluff_rate)
    if args.plain:
        setup = Setup(args.anonymous, Style.clean(), Noise.none(), args.bluff_rate)
    with progress_bar(sys.stderr, args.games, "table naturelle", " partie") as bar:
        scripts = Path(args.scripts) if args.scripts else None
        return natural_run(
            args.games, args.seed, setup, args.verbose_games, on_game=bar.update, scripts=scripts
        )


def _print_natural(report: dict[str, Any]) -> None:
    games = report["games"]
    print(
        f"{games} parties{' anonymes' if report['anonymous'] else ''} : {report['right']} justes,"
        f" {report['false_units']} pénalités à tort ({report['false_games']} parties),"
        f" {report['missed_units']} pénalités manquées, {report['wedged']} parties bloquées,"
        f" {report['questions_per_game']} questions par partie."
    )


def _print_text(report: dict[str, Any], game: str) -> None:
    if report.get("natural"):
        _print_natural(report)
        return
    if "games" in report:
        moves = wording.count(report["moves"], "coup", "coups")
        speed = f"{moves} en {report['seconds']} s ({report['moves_per_s']} coups/s)"
        print(f"{wording.count(report['games'], 'partie', 'parties')}, {speed}.")
    for player, row in report["players"].items():
        print(f"{player} : " + ", ".join(wording.counter(k, v, game) for k, v in row.items()))
