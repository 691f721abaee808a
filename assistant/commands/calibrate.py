"""`kinito calibrate` (and `kinito doctor --listen`): the table says a handful of the game's phrases,
the referee shows what it heard with its confidence and the room's noise, and suggests the
`confirm_below` threshold for that room."""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Mapping
from typing import Any

from assistant.doctor.calibration import NOISY_SNR_DB, SETTING, Calibration, Take, calibrate
from assistant.errors import UserError
from assistant.game import GameModule, default_game, game_names, get_game
from assistant.responses import render, section
from assistant.voice.hear.audio import StreamFactory

HELP = "Calibrer l'oreille dans cette salle : seuil de confiance conseillé."
PHRASES = 5
"""Phrases asked by default."""
_FILE = "referee.yaml"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito calibrate`."""
    parser.add_argument("--model", help="dossier du modèle Vosk")
    parser.add_argument("--game", choices=game_names(), default=default_game(), help="le jeu")
    parser.add_argument("--phrases", type=int, default=PHRASES, help="nombre de phrases à dire")
    parser.add_argument("--device", help="micro (nom ou numéro ; défaut : celui du système)")
    parser.add_argument("--json", action="store_true", help="JSON seul sur stdout")


def _say(key: str, /, **values: object) -> str:
    return render(section(_FILE, "calibrate")[key], values)


def _device(value: str | None) -> str | int | None:
    return int(value) if value is not None and value.isdigit() else value


def run(
    args: argparse.Namespace,
    *,
    stream_factory: StreamFactory | None = None,
    stand_in: Mapping[str, str] | None = None,
) -> int:
    """Ask, listen, report: the figures and the setting line, or the JSON alone on stdout."""
    result = listen_room(args, stream_factory=stream_factory, stand_in=stand_in)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        _report(result)
    return 0


def listen_room(
    args: argparse.Namespace,
    *,
    stream_factory: StreamFactory | None = None,
    stand_in: Mapping[str, str] | None = None,
) -> Calibration:
    """Ask for the phrases and listen to each (prompts on stderr with --json). `stream_factory`
    replaces the microphone (tests: FakeStream); `stand_in` lets another language's model hear the
    French phrases (testing.standin). A UserError when no phrase can be asked."""
    from assistant.doctor.listen import listen_takes, pick_phrases
    from assistant.testing.standin import StandIn
    from assistant.understanding.phrases import phrases_for
    from assistant.voice.hear.audio import MicrophoneSource
    from assistant.voice.hear.endpoint import load_with_rules
    from assistant.voice.hear.recognizer import Recognizer
    from assistant.voice.model.files import find_model
    from assistant.voice.model.loading import in_vocabulary

    model = load_with_rules(find_model(args.model), progress=sys.stderr).model
    module = get_game(args.game)
    grammar = phrases_for(module, None)
    if stand_in is None:
        heard = set(in_vocabulary(model, [p for p in grammar if not p.startswith("[")])[0])
        decoder: Any = Recognizer(model, grammar)
    else:
        heard = {p for p in grammar if p.split() and all(w in stand_in for w in p.split())}
        decoder = StandIn(Recognizer(model, StandIn.translate(grammar, stand_in)), stand_in)
    groups = [[p for p in g if p in heard] for g in (*_moves(module), grammar)]
    asked = pick_phrases(groups, args.phrases)
    out = sys.stderr if args.json else sys.stdout
    if not asked:
        raise UserError(_say("no_phrase"), "kinito doctor --model DOSSIER (couverture du vocabulaire)")
    print(_say("start", count=len(asked)), file=out)
    mic = MicrophoneSource(_device(args.device), stream_factory=stream_factory)
    watchdog = threading.Timer(60.0 * len(asked), mic.close)  # never hang on a silent device
    watchdog.start()
    try:
        takes = listen_takes(
            mic.chunks(),
            decoder,
            asked,
            ask=lambda phrase: print(_say("ask", phrase=phrase), file=out, flush=True),
            heard=lambda take: print(_take_line(take), file=out, flush=True),
        )
    finally:
        watchdog.cancel()
        mic.close()
    return calibrate(takes)


def _moves(module: GameModule[Any, Any]) -> list[list[str]]:
    """The game's move phrases as Vosk hears them, one list per kind of move (intent)."""
    from assistant.understanding.grammar import WILDCARD, build
    from assistant.understanding.normalize import vosk_words

    grammar = build(module, (), "arbitre")
    kinds: dict[str, list[str]] = {}
    for phrase in grammar.phrases:
        if phrase.intent in grammar.awaiting and WILDCARD not in phrase.text:
            kinds.setdefault(phrase.intent, []).append(vosk_words(phrase.text))
    return list(kinds.values())


def _take_line(take: Take) -> str:
    if not take.heard:
        return _say("nothing", phrase=take.asked)
    verdict = section(_FILE, "calibrate")["right" if take.right else "wrong"]
    return _say(
        "heard", heard=take.heard, conf=f"{take.conf:.2f}", min_conf=f"{take.min_conf:.2f}", verdict=verdict
    )


def _report(result: Calibration) -> None:
    print(
        _say(
            "noise",
            noise=f"{result.noise_dbfs:.0f}",
            speech=f"{result.speech_dbfs:.0f}",
            snr=f"{result.snr_db:.0f}",
            right=result.right,
            count=len(result.takes),
        )
    )
    if result.snr_db < NOISY_SNR_DB:
        print(_say("noisy"))
    print(_say("suggest"))
    print(f"{SETTING} = {result.suggested:.2f}")
