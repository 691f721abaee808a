"""`kinito parse --game GAME --players "Ana,Bruno" --jsonl < lines.txt`: transcripts to intents.

One JSON object per input line, in order (docs/command-line.md); without --jsonl one readable line each.
`--bench N` times the parser instead (p50/p99 per line over N lines, JSON on stdout).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Sequence

from assistant import jsonline
from assistant.bench.stats import percentile
from assistant.commands.game_flags import add_game_flags, game_settings
from assistant.core.table import comma_list
from assistant.errors import UserError
from assistant.game import GameRules, Parse, default_game, game_names, get_game
from assistant.reading import text_lines
from assistant.understanding.grammar_files import FIX_REINSTALL
from assistant.understanding.parser import Parser
from assistant.voice.speak.phonemes import default_phonetizer

HELP = "Comprendre des transcriptions (une par ligne sur l'entrée standard)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito parse`."""
    parser.add_argument(
        "--game", choices=game_names(), default=default_game(), help=f"le jeu (défaut {default_game()})"
    )
    parser.add_argument(
        "--players", default="", help='les joueurs, séparés par des virgules : "Ana,Bruno,Chloé"'
    )
    parser.add_argument(
        "--jsonl", action="store_true", help="un objet JSON par ligne (sinon une ligne lisible)"
    )
    parser.add_argument(
        "--wake-word", default="arbitre", help="le mot qui s'adresse à l'arbitre (défaut \"arbitre\")"
    )
    add_game_flags(parser)
    parser.add_argument(
        "--vigilance",
        choices=("on", "off"),
        help="forcer la vigilance Q11 (mots interdits, prénoms) ; par défaut, selon les règles de la table",
    )
    parser.add_argument("--bench", type=int, metavar="N", help="mesurer p50/p99 sur N lignes (JSON)")


def _vigilance(args: argparse.Namespace) -> bool:
    """Q11 applies where the game's rules say so (the drinking edition) unless the table says otherwise."""
    if args.vigilance is not None:
        return bool(args.vigilance == "on")
    header = {"players": args.players or "A,B,C", **game_settings(args, args.game)}
    try:
        rules: GameRules = get_game(args.game).rules(header)
    except UserError:
        return False
    return rules.vigilance


def readable(parse: Parse) -> str:
    """One human line: the text, then what was understood."""
    data = parse.to_json()
    parts = [
        f"{k}={v}" for k, v in data.items() if k not in ("text", "violations") and v not in (None, [], ())
    ]
    parts += [f"{v['rule']}:{v.get('word') or v.get('player')}" for v in data["violations"]]
    meaning = " ".join(parts) if parse.intent or parts else "(rien)"
    return f"{parse.text!r} -> {meaning}"


def timings(parser: Parser, lines: Sequence[str], rounds: int) -> dict[str, float]:
    """p50/p99 of `parser.parse` in microseconds over `rounds` lines cycled from `lines`: wall time, and
    this thread's CPU time (which a busy machine's preemptions do not inflate)."""
    wall: list[float] = []
    cpu: list[float] = []
    for i in range(rounds):
        line = lines[i % len(lines)]
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        parser.parse(line)
        cpu.append((time.thread_time_ns() - start_cpu) / 1000)
        wall.append((time.perf_counter_ns() - start) / 1000)

    def at(samples: list[float], q: float) -> float:
        return round(percentile(samples, q), 1)

    return {
        "lines": float(rounds),
        "parse_p50_us": at(wall, 0.5),
        "parse_p99_us": at(wall, 0.99),
        "parse_cpu_p50_us": at(cpu, 0.5),
        "parse_cpu_p99_us": at(cpu, 0.99),
    }


def run(args: argparse.Namespace) -> int:
    """Parse stdin line by line and print the result of each."""
    players = comma_list(args.players)
    try:
        parser = Parser(
            get_game(args.game),
            players,
            wake_word=args.wake_word,
            vigilance=_vigilance(args),
            phonetizer=default_phonetizer(),
        )
    except (OSError, ValueError) as error:
        raise UserError(f"Grammaire illisible : {error}.", FIX_REINSTALL) from error
    lines: Iterable[str] = text_lines(sys.stdin.buffer)
    if args.bench is not None and args.bench < 1:
        raise UserError(
            f"--bench attend un nombre de lignes positif, pas {args.bench}.", "kinito parse --bench 10000"
        )
    if args.bench:
        sample = [line for line in lines if line.strip()]
        if not sample:
            raise UserError(
                "Aucune ligne à mesurer sur l'entrée standard.", "kinito parse --bench 10000 < lignes.txt"
            )
        print(json.dumps(timings(parser, sample, args.bench)))
        return 0
    for line in lines:
        parse = parser.parse(line)
        print(jsonline.dumps(parse.to_json()) if args.jsonl else readable(parse), flush=True)
    return 0
