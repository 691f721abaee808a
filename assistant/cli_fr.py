"""argparse in French: its own strings ("usage", errors), defaults in every help, French choice aliases.

argparse builds its messages with `gettext` calls on English strings (`_("usage: ")`,
`_("invalid choice: ...")`). `FrenchParser` runs each of its methods that builds or prints text with
those two functions swapped for a lookup in `FRENCH`, and puts them back after, so no other argparse
user of the process is touched. `localise` then walks a built parser: every choice that has a French
name (`--edition apero`) accepts it and passes the English value on, which the rest of the program
and the contracts keep.
"""

from __future__ import annotations

import argparse
import contextlib
import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

from assistant.core.folding import fold

FRENCH: dict[str, str] = {
    "usage: ": "utilisation : ",
    "positional arguments": "arguments",
    "options": "options",
    "show this help message and exit": "afficher cette aide et quitter",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "the following arguments are required: %s": "ces arguments sont obligatoires : %s",
    "unrecognized arguments: %s": "arguments inconnus : %s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "choix invalide : %(value)r (au choix : %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "valeur invalide : %(value)r (il faut %(type)s)",
    "expected one argument": "une valeur attendue",
    "expected at most one argument": "une valeur au plus attendue",
    "expected at least one argument": "une valeur au moins attendue",
    "expected %s argument": "%s valeur attendue",
    "expected %s arguments": "%s valeurs attendues",
    "ambiguous option: %(option)s could match %(matches)s": (
        "option ambiguë : %(option)s peut être %(matches)s"
    ),
    "not allowed with argument %s": "interdit avec l'argument %s",
    "one of the arguments %s is required": "l'un des arguments %s est obligatoire",
    "ignored explicit argument %r": "valeur %r ignorée : cette option n'en prend pas",
    "can't open '%(filename)s': %(error)s": "impossible d'ouvrir '%(filename)s' : %(error)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "sous-commande inconnue %(parser_name)r (au choix : %(choices)s)"
    ),
    "subcommands": "sous-commandes",
}
"""argparse's user-facing English strings (Python 3.11) and their French."""

CHOICE_NAMES: dict[str, str] = {
    "drinking": "apero",
    "family": "famille",
    "mic": "micro",
    "text": "texte",
    "on": "oui",
    "off": "non",
    "open": "libre",
    "short": "court",
    "model": "modele",
}
"""English choice value -> its French name on the command line (accents optional: "apéro" too)."""

METAVARS: dict[str, str] = {
    "bluff_rate": "TAUX",
    "config": "FICHIER",
    "db": "FICHIER",
    "dest": "DOSSIER",
    "device": "PÉRIPHÉRIQUE",
    "games": "N",
    "kill_after_moves": "K",
    "manifest": "FICHIER",
    "max_moves": "N",
    "model": "DOSSIER",
    "out": "FICHIER.wav",
    "players": "JOUEURS",
    "rate": "MOTS_PAR_MINUTE",
    "rounds": "N",
    "script": "FICHIER",
    "seed": "GRAINE",
    "slow": "SECONDES",
    "speaker_model": "DOSSIER",
    "text": "TEXTE",
    "topic": "SUJET",
    "url": "URL",
    "voice": "VOIX",
    "volume": "VOLUME",
    "wake_word": "MOT",
}
"""Option destination -> the French placeholder shown in help, where the option names none itself (a
game's settings name their own: `GameOption.metavar`)."""
FALLBACK_METAVAR = "VALEUR"
TYPE_NAMES: dict[Any, str] = {int: "un nombre entier", float: "un nombre"}
"""How argparse's "invalid int value" names the expected type, in French."""
VERSION_HELP = "afficher la version et quitter"
VERBOSE_HELP = "journal détaillé sur stderr"


def _french(message: str) -> str:
    return FRENCH.get(message, message)


def _french_plural(singular: str, plural: str, count: int) -> str:
    return _french(singular if count == 1 else plural)


@contextlib.contextmanager
def french() -> Iterator[None]:
    """argparse speaks French inside this block (its `_` and `ngettext` are swapped, then restored)."""
    module = vars(argparse)
    saved = module["_"], module["ngettext"]
    module["_"], module["ngettext"] = _french, _french_plural
    try:
        yield
    finally:
        module["_"], module["ngettext"] = saved


class FrenchFormatter(argparse.HelpFormatter):
    """French headings ("options :") and the default at the end of every option's help."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        """argparse's wrapping, without cutting paths and addresses at their hyphens."""
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False, break_long_words=False)

    def start_section(self, heading: str | None) -> None:
        """French typography: a space before the colon argparse adds."""
        super().start_section(None if heading is None else f"{heading} ")

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            not action.option_strings
            or default is None
            or isinstance(default, bool)
            or default in (argparse.SUPPRESS, "")
            or "%(default)" in text
            or "défaut" in text
        ):
            return text
        shown = CHOICE_NAMES.get(default, default) if isinstance(default, str) else default
        return f"{text} (défaut : {str(shown).replace('%', '%%')})"


class FrenchParser(argparse.ArgumentParser):
    """An ArgumentParser whose own texts (usage, help, errors) are French; subparsers are French too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", FrenchFormatter)
        with french():
            super().__init__(*args, **kwargs)

    def parse_known_args(  # type: ignore[override]  # typeshed's overloads on the namespace type
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """argparse's own, with its messages in French."""
        with french():
            return super().parse_known_args(args, namespace)

    def parse_args(  # type: ignore[override]  # typeshed's overloads on the namespace type
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        """argparse's own ("unrecognized arguments" is built here), with its messages in French."""
        with french():
            return super().parse_args(args, namespace)

    def add_subparsers(self, **kwargs: Any) -> Any:
        """argparse's own; the sub-parsers are FrenchParsers."""
        with french():
            return super().add_subparsers(**kwargs)

    def format_usage(self) -> str:
        """The usage line, in French."""
        with french():
            return super().format_usage()

    def format_help(self) -> str:
        """The whole help, in French."""
        with french():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        """Usage and "erreur : ..." on stderr, exit 2 (argparse's behaviour, in French)."""
        with french():
            super().error(message)


def _renamed(convert: Callable[[str], Any], name: str) -> Callable[[str], Any]:
    """The same conversion under another name (argparse names the type in its error)."""

    def converted(value: str) -> Any:
        return convert(value)

    converted.__name__ = name
    return converted


def _named(convert: Callable[[str], Any]) -> Callable[[str], Any]:
    """Accept a choice's French name (accents optional) and pass on its English value."""

    def french_name(value: str) -> Any:
        folded = fold(value)
        english = next((e for e, f in CHOICE_NAMES.items() if f == folded), value)
        return convert(english)

    french_name.__name__ = getattr(convert, "__name__", "str")
    return french_name


def _subparsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """Each sub-parser once (a French alias names the same parser as its English name)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from {id(p): p for p in action.choices.values()}.values()


def localise(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """French placeholders and choice names for this parser and its sub-parsers (in place); returns it.

    argparse would show an option's value as its destination in capitals (PLAYERS): each gets its
    French placeholder from METAVARS instead (VALEUR for one not listed there).
    """
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            continue
        if action.nargs != 0 and action.metavar is None and not action.choices:
            action.metavar = METAVARS.get(action.dest, FALLBACK_METAVAR)
        if action.type in TYPE_NAMES and callable(action.type):
            action.type = _renamed(action.type, TYPE_NAMES[action.type])
        if not action.choices:
            continue
        english = [c for c in action.choices if isinstance(c, str)]
        names = [CHOICE_NAMES[c] for c in english if c in CHOICE_NAMES]
        if names and not set(names) <= set(action.choices):
            action.choices = [*names, *action.choices]
            action.type = _named(action.type if callable(action.type) else str)
    for sub in _subparsers(parser):
        localise(sub)
    return parser
