"""`kinito rules --game quinito|cinquillo [...]`: the rules as this table plays them, printed or spoken."""

from __future__ import annotations

import argparse
import json
from typing import Any

from assistant.errors import UserError
from assistant.referee.session_config import table_config
from assistant.rules.quinito.commands import Score
from assistant.rules.quinito.config import QuinitoConfig
from assistant.rules.quinito.scores import CHANCE, is_legal

HELP = "Dire ou afficher les règles telles que la table les a choisies."

PLACEHOLDER_PLAYERS = "A,B,C,D"
"""Explanations do not depend on names; four seats suit both games unless --players says otherwise."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--game, --edition, --variants, --mode, --hand, --target, --players, --topic, --say."""
    parser.add_argument("--game", choices=("quinito", "cinquillo"), default="quinito")
    parser.add_argument("--edition", choices=("drinking", "family"), default="drinking")
    parser.add_argument("--variants", default="", help="identifiants de rules.md, séparés par des virgules")
    parser.add_argument("--mode", choices=("original", "caprone"), default="original")
    parser.add_argument("--hand", type=int, default=12, help="cartes par joueur à deux (cinquillo)")
    parser.add_argument("--target", type=int, default=50, help="score à atteindre (cinquillo)")
    parser.add_argument("--players", default=PLACEHOLDER_PLAYERS, help="joueurs, séparés par des virgules")
    parser.add_argument("--topic", default=None, help="un sujet précis (par exemple « quinito », « défi »)")
    parser.add_argument("--say", action="store_true", help="dire les règles à voix haute")
    parser.add_argument(
        "--odds",
        metavar="SCORE",
        help="quinito : la chance qu'un lancer fasse au moins SCORE (ex. 62), dans l'ordre de la table",
    )
    parser.add_argument("--json", action="store_true", help="avec --odds : un objet JSON")


def odds_score(text: str) -> Score:
    """--odds: a Q3 score written in digits ("62"), or "chance" (L-V6)."""
    word = text.strip().casefold()
    if word == CHANCE:
        return CHANCE
    value = int(word) if word.isdigit() else None
    if value is None or not is_legal(value):
        raise UserError(
            f"{text} n'est pas un score de Quinito (Q3 : 31, 32, 41 ... 66, 21, ou chance).",
            fix="kinito rules --game quinito --odds 62",
        )
    return value


def odds_lines(args: argparse.Namespace) -> tuple[list[str], dict[str, Any]]:
    """Q3 coach: the sentence of `--odds SCORE` for this table's order, and its JSON form."""
    from assistant.referee.coach import odds_sentence
    from assistant.rules.quinito.odds import at_least

    if args.game != "quinito":
        raise UserError("--odds ne vaut que pour le quinito.", fix="kinito rules --game quinito --odds 62")
    rules = table_config(
        {"game": "quinito", "players": args.players, "edition": args.edition, "variants": args.variants}
    ).rules
    assert isinstance(rules, QuinitoConfig)
    odds = at_least(odds_score(args.odds), rules.variants)
    data = {
        "score": odds.score,
        "throws": odds.throws,
        "of": 36,
        "percent": odds.percent,
        "probability": float(odds.chance),
        "order": list(order_of(rules)),
    }
    return [odds_sentence(odds, printed=True)], data


def order_of(rules: QuinitoConfig) -> tuple[int, ...]:
    """Q3: the order the odds were counted in."""
    from assistant.rules.quinito.scores import order

    return order(rules.variants)


def lines_for(args: argparse.Namespace) -> list[str]:
    """The explanation sentences for these settings."""
    header: dict[str, Any] = {"game": args.game, "players": args.players}
    if args.game == "quinito":
        header.update(edition=args.edition, variants=args.variants)
    else:
        header.update(mode=args.mode, hand=args.hand, target=args.target)
    rules = table_config(header).rules
    if isinstance(rules, QuinitoConfig):
        from assistant.rules.quinito.explain import explain as explain_quinito

        return list(explain_quinito(rules, args.topic))
    from assistant.rules.cinquillo.explain import explain as explain_cinquillo

    return list(explain_cinquillo(rules, args.topic))


def run(args: argparse.Namespace) -> int:
    """Print the rules (or, with --odds, one chance), and speak them with --say."""
    if getattr(args, "odds", None) is not None:
        lines, data = odds_lines(args)
        if args.json:
            print(json.dumps(data, ensure_ascii=False))
            return 0
    else:
        lines = lines_for(args)
    for line in lines:
        print(line)
    if args.say:
        from assistant.voice.playback import SoundDevicePlayback, Speaker
        from assistant.voice.tts import make_synthesizer

        speaker = Speaker(make_synthesizer(), SoundDevicePlayback())
        for line in lines:
            speaker.say(line)
    return 0
