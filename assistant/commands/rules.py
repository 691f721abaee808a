"""`kinito rules --game quinito|cinquillo [...]`: the rules as this table plays them, printed or spoken."""

from __future__ import annotations

import argparse
from typing import Any

from assistant.referee.session_config import table_config
from assistant.rules.quinito.config import QuinitoConfig

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
    """Print the rules, and speak them with --say."""
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
