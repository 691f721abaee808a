"""`kinito rules --game quinito|cinquillo [...]`: the rules as this table plays them, printed or spoken."""

from __future__ import annotations

import argparse
from typing import Any

from assistant.errors import UserError
from assistant.referee.session_config import table_config
from assistant.rules.quinito.config import DRINKING_ONLY, FAMILY_ONLY, VARIANTS, QuinitoConfig

HELP = "Dire ou afficher les règles telles que la table les a choisies."

PLACEHOLDER_PLAYERS = "A,B,C,D"
"""Explanations do not depend on names; four seats suit both games unless --players says otherwise."""
NO_TOPIC = "\x00"
"""A topic no game knows: what `explain` answers to it is its answer to an unknown topic."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--game, --edition, --variants, --mode, --hand, --target, --players, --topic, --say."""
    parser.add_argument("--game", choices=("quinito", "cinquillo"), default="quinito", help="le jeu")
    parser.add_argument(
        "--edition", choices=("drinking", "family"), default="drinking", help="Quinito : l'édition"
    )
    parser.add_argument("--variants", default="", help="identifiants de rules.md, séparés par des virgules")
    parser.add_argument(
        "--mode", choices=("original", "caprone"), default="original", help="Cinquillo : le mode"
    )
    parser.add_argument("--hand", type=int, default=12, help="cartes par joueur à deux (cinquillo)")
    parser.add_argument("--target", type=int, default=50, help="score à atteindre (cinquillo)")
    parser.add_argument("--players", default=PLACEHOLDER_PLAYERS, help="joueurs, séparés par des virgules")
    parser.add_argument("--topic", default=None, help="un sujet précis (par exemple « quinito », « défi »)")
    parser.add_argument("--say", action="store_true", help="dire les règles à voix haute")
    parser.add_argument(
        "--list", action="store_true", help="lister les variantes du jeu (identifiants de rules.md)"
    )


def variant_lines(game: str) -> list[str]:
    """Every variant id of the game with its one-line description (what --variants accepts)."""
    if game != "quinito":
        return ["Le cinquillo n'a pas de variante à identifiant : --mode original|caprone, --hand, --target."]
    only = {**dict.fromkeys(FAMILY_ONLY, " (édition famille)"), **dict.fromkeys(DRINKING_ONLY, " (apéro)")}
    return [f"{rule_id:16} {text}{only.get(rule_id, '')}" for rule_id, text in VARIANTS.items()]


def lines_for(args: argparse.Namespace) -> list[str]:
    """The explanation sentences for these settings."""
    header: dict[str, Any] = {"game": args.game, "players": args.players}
    if args.game == "quinito":
        header.update(edition=args.edition, variants=args.variants)
    else:
        header.update(mode=args.mode, hand=args.hand, target=args.target)
    rules = table_config(header).rules
    topics: tuple[str, ...]
    if isinstance(rules, QuinitoConfig):
        from assistant.rules.quinito.explain import TOPICS as quinito_topics
        from assistant.rules.quinito.explain import explain as explain_quinito

        topics = quinito_topics
        lines, unknown = explain_quinito(rules, args.topic), explain_quinito(rules, NO_TOPIC)
    else:
        from assistant.rules.cinquillo.explain import TOPICS as cinquillo_topics
        from assistant.rules.cinquillo.explain import explain as explain_cinquillo

        topics = tuple(cinquillo_topics)
        lines, unknown = explain_cinquillo(rules, args.topic), explain_cinquillo(rules, NO_TOPIC)
    if args.topic and args.topic.strip() and lines == unknown:
        raise UserError(
            f"Sujet inconnu : « {args.topic} ». Sujets : {', '.join(topics)}.",
            f"kinito rules --game {args.game} --topic {topics[0]}",
        )
    return list(lines)


def run(args: argparse.Namespace) -> int:
    """Print the rules (or, with --list, the variants), and speak them with --say."""
    lines = variant_lines(args.game) if args.list else lines_for(args)
    for line in lines:
        print(line)
    if args.say:
        from assistant.voice.playback import SoundDevicePlayback, Speaker
        from assistant.voice.tts import make_synthesizer

        speaker = Speaker(make_synthesizer(), SoundDevicePlayback())
        for line in lines:
            speaker.say(line)
    return 0
