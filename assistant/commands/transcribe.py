"""`kinito transcribe FILE.wav [--model DIR] [--game GAME|open] --jsonl`.

Runs the real Vosk recogniser over a WAV file of any format (converted to 16 kHz mono) and prints one
JSON object per final result: text, start, end, conf, and the `parse` object of `kinito parse`
(docs/command-line.md). With --game GAME Vosk is constrained to the game's phrases (grammar
mode, adapted to the model's vocabulary); with open it hears anything.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from assistant import jsonline
from assistant.core.table import comma_list
from assistant.errors import UserError
from assistant.game import default_game, game_names, get_game
from assistant.understanding.grammar import respellings
from assistant.understanding.parser import Parser
from assistant.understanding.phrases import adapt_to_vocabulary, phrases_for
from assistant.voice.hear.endpoint import load_with_rules, parse_rules
from assistant.voice.hear.heard import Heard
from assistant.voice.hear.listener import Listener
from assistant.voice.hear.recognizer import Recognizer
from assistant.voice.hear.wavfile import WavSource
from assistant.voice.model.files import FIX_DOWNLOAD, find_model
from assistant.voice.model.trust import ensure_trusted
from assistant.voice.speak.phonemes import default_phonetizer

HELP = "Transcrire un fichier WAV avec Vosk."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito transcribe`."""
    parser.add_argument(
        "file", metavar="FICHIER.wav", help="le fichier WAV (toute fréquence, mono ou stéréo)"
    )
    parser.add_argument(
        "--model", metavar="DOSSIER", help="dossier du modèle Vosk (défaut : le modèle installé)"
    )
    parser.add_argument(
        "--game",
        choices=(*game_names(), "open"),
        default="open",
        help="un jeu : sa grammaire ; libre : vocabulaire libre (défaut)",
    )
    parser.add_argument("--players", default="", help='les joueurs, séparés par des virgules : "Ana,Bruno"')
    parser.add_argument("--wake-word", default="arbitre", help="le mot qui s'adresse à l'arbitre")
    parser.add_argument(
        "--endpoint",
        choices=("play", "short", "model"),
        default="play",
        help="fin d'énoncé : play (celle de kinito play, défaut), short (plus brève) ou model (du modèle)",
    )
    parser.add_argument("--jsonl", action="store_true", help="un objet JSON par résultat (sinon lisible)")
    parser.add_argument(
        "--trust-anyway",
        dest="trust_anyway",
        action="store_true",
        help="charger le modèle même si ses sommes diffèrent de son manifeste",
    )


def record(heard: Heard, parser: Parser) -> dict[str, Any]:
    """One line of output: the transcript fields and what `kinito parse` makes of the text."""
    return {**heard.to_json(), "parse": parser.parse(heard.text).to_json()}


def run(args: argparse.Namespace) -> int:
    """Transcribe the file and print the final results in order."""
    source = WavSource(args.file, trailing_silence=1.0)  # UserError for a missing or unreadable file
    model_dir = find_model(args.model)
    if not (model_dir / "conf" / "model.conf").is_file():
        raise UserError(
            f"{model_dir} n'est pas un modèle Vosk complet : conf/model.conf manque.", FIX_DOWNLOAD
        )
    ensure_trusted(model_dir, args.trust_anyway)  # sums cached by size and modification time
    model = load_with_rules(model_dir, parse_rules(args.endpoint), progress=sys.stderr).model
    players = comma_list(args.players)
    module = get_game(default_game() if args.game == "open" else args.game)
    back: dict[str, str] = {}
    phrases: list[str] | None = None
    if args.game != "open":
        wanted = phrases_for(module, None, players, args.wake_word)
        phrases, back = adapt_to_vocabulary(
            wanted, lambda w: model.vosk_model_find_word(w) >= 0, respellings(module)
        )
        if not [p for p in phrases if p != "[unk]"]:
            raise UserError(
                f"Le modèle {model_dir} ne connaît aucun mot des phrases du jeu {args.game}.",
                "utilise le modèle français (`kinito model download`) ou --game open.",
            )
    parser = Parser(
        module, players, wake_word=args.wake_word, respellings=back, phonetizer=default_phonetizer()
    )
    recognizer = Recognizer(model, phrases)
    for heard in Listener(source, recognizer):
        line = record(heard, parser)
        if args.jsonl:
            print(jsonline.dumps(line), flush=True)
        else:
            print(f"[{heard.start:7.2f} - {heard.end:7.2f}] ({heard.conf:.2f}) {heard.text}", flush=True)
    sys.stdout.flush()
    return 0
