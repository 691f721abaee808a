"""`kinito rules --game GAME [...]`: the rules as this table plays them, printed or spoken."""

from __future__ import annotations

import argparse
import json
from typing import Any

from assistant.commands.game_flags import add_game_flags, game_settings
from assistant.errors import UserError
from assistant.game import default_game, game_names, get_game
from assistant.settings.table import table_config

HELP = "Dire ou afficher les règles telles que la table les a choisies."

PLACEHOLDER_PLAYERS = "A,B,C,D"
"""Explanations do not depend on names; four seats suit both games unless --players says otherwise."""
NO_TOPIC = "\x00"
"""A topic no game knows: what `explain` answers to it is its answer to an unknown topic."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--game, each game's settings (--edition, --variants, --mode...), --players, --topic, --say."""
    parser.add_argument("--game", choices=game_names(), default=default_game(), help="le jeu")
    add_game_flags(parser, defaults=True)
    parser.add_argument("--players", default=PLACEHOLDER_PLAYERS, help="joueurs, séparés par des virgules")
    parser.add_argument("--topic", default=None, help="un sujet précis ; un sujet inconnu affiche la liste")
    parser.add_argument("--say", action="store_true", help="dire les règles à voix haute")
    parser.add_argument(
        "--list", action="store_true", help="lister les variantes du jeu (numéros des règles)"
    )
    parser.add_argument(
        "--odds",
        metavar="VALEUR",
        help="la chance qu'un lancer fasse au moins VALEUR (ex. 62), dans l'ordre de la table",
    )
    parser.add_argument("--json", action="store_true", help="avec --odds : un objet JSON")


def variant_lines(game: str) -> list[str]:
    """Every variant id of the game with its one-line description (what --variants accepts)."""
    module = get_game(game)
    if module.variant_lines is None:
        keys = ", ".join(f"--{key}" for key in module.setting_keys)
        return [f"Le jeu {module.title} n'a pas de variante à identifiant : règle-le avec {keys}."]
    return list(module.variant_lines())


def odds_lines(args: argparse.Namespace) -> tuple[list[str], dict[str, Any]]:
    """Q3 coach: the sentence of `--odds VALUE` for this table's order, and its JSON form (the game's
    `GameModule.odds`)."""
    module = get_game(args.game)
    if module.odds is None:
        raise UserError(
            f"--odds ne vaut pas pour le jeu {module.title} : ce jeu n'a pas de chances à calculer.",
            fix=f"kinito rules --game {default_game()} --odds 62",
        )
    header = {"game": module.name, "players": args.players, **game_settings(args, module.name)}
    return module.odds(table_config(header).rules, args.odds)


def lines_for(args: argparse.Namespace) -> list[str]:
    """The explanation sentences for these settings."""
    module = get_game(args.game)
    header: dict[str, Any] = {"game": module.name, "players": args.players}
    header.update(game_settings(args, module.name))
    rules = table_config(header).rules
    topics = tuple(module.topics(rules))
    lines, unknown = module.explain(rules, args.topic), module.explain(rules, NO_TOPIC)
    if args.topic and args.topic.strip() and lines == unknown:
        raise UserError(
            f"Sujet inconnu : « {args.topic} ». Sujets : {', '.join(topics)}.",
            f"kinito rules --game {module.name} --topic {topics[0]}",
        )
    return list(lines)


def run(args: argparse.Namespace) -> int:
    """Print the rules (or, with --list, the variants; with --odds, one chance), and speak them with --say."""
    if getattr(args, "odds", None) is not None:
        lines, data = odds_lines(args)
        if args.json:
            print(json.dumps(data, ensure_ascii=False))
            return 0
    else:
        lines = variant_lines(args.game) if args.list else lines_for(args)
    for line in lines:
        print(line)
    if args.say:
        from assistant.voice.speak.playback import SoundDevicePlayback, Speaker
        from assistant.voice.speak.synthesizers import make_synthesizer

        speaker = Speaker(make_synthesizer(), SoundDevicePlayback())
        for line in lines:
            speaker.say(line)
    return 0
