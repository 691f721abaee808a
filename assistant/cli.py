"""The `kinito` console script: a table of subcommands, each in its own module, imported lazily.

Every subcommand module in `assistant.commands` offers `HELP: str`, `add_arguments(parser)` and
`run(args) -> int`. Expected failures raise `UserError`: one sentence and the command that fixes it,
never a stack trace.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, TextIO, cast

from assistant import __version__
from assistant.cli_fr import VERBOSE_HELP, VERSION_HELP, FrenchParser, localise
from assistant.errors import UserError, os_sentence

SUBCOMMANDS: dict[str, str] = {
    "play": "Arbitrer une partie à voix haute (micro et haut-parleur).",
    "replay": "Rejouer une partie écrite à travers l'arbitre.",
    "demo": "Écouter une partie de démonstration jouée par l'arbitre.",
    "rules": "Dire ou afficher les règles telles que la table les a choisies.",
    "variants": "Lister les variantes (numéros des règles) avec leur description.",
    "parse": "Comprendre des transcriptions (une par ligne sur l'entrée standard).",
    "say": "Faire parler la synthèse vocale.",
    "transcribe": "Transcrire un fichier WAV avec Vosk.",
    "doctor": "Vérifier tout ce dont `kinito play` a besoin.",
    "calibrate": "Calibrer l'oreille dans cette salle : seuil de confiance conseillé.",
    "model": "Télécharger et vérifier le modèle Vosk français.",
    "simulate": "Simuler des parties entre robots.",
    "bench": "Mesurer les performances sur cette machine.",
    "leaderboard": "Classement XP entre les parties (C8).",
    "history": "Lister les parties passées, les totaux de la soirée et le classement XP.",
    "serve": "Répondre aux questions de Home Assistant (Wyoming) sur une partie.",
    "export": "Exporter les coups et les pénalités d'une partie (JSON ou CSV).",
    "settings": "Afficher les réglages en vigueur et le fichier d'où vient chacun.",
}


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"assistant.commands.{name}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with `only`, just that subcommand's module is imported."""
    parser = FrenchParser(prog="kinito", description="Arbitre vocal hors ligne, en français.")
    parser.add_argument("--version", action="version", version=f"kinito {__version__}", help=VERSION_HELP)
    parser.add_argument("-v", "--verbose", action="store_true", help=VERBOSE_HELP)
    subs = parser.add_subparsers(dest="command", metavar="COMMANDE", title="commandes")
    for name, help_text in SUBCOMMANDS.items():
        sub = subs.add_parser(name, help=help_text, description=help_text)
        if name == only:
            _module(name).add_arguments(sub)
        _verbose_here_too(sub)
    return localise(parser)


def _verbose_here_too(parser: argparse.ArgumentParser) -> None:
    """-v after a subcommand (and after `model download`...); SUPPRESS keeps a -v given earlier."""
    parser.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help=VERBOSE_HELP)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for nested in {id(p): p for p in action.choices.values()}.values():  # aliases: once
                _verbose_here_too(nested)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: parse the command line, run one subcommand, turn expected failures into a sentence."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    unreadable = next((a for a in args_list if not _utf8(a)), None)
    if unreadable is not None:
        _tell(
            f"L'argument « {_shown(unreadable)} » n'est pas de l'UTF-8 valide : kinito ne lit que des noms,"
            " des textes et des chemins en UTF-8."
        )
        return 2
    chosen = next((a for a in args_list if a in SUBCOMMANDS), None)
    parser = build_parser(only=chosen)
    args = parser.parse_args(args_list)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        stream=sys.stderr,
        format="%(levelname)s %(name)s: %(message)s",
    )
    if args.command is None:
        parser.print_help()
        return 0
    watched = _Watched(sys.stdout)
    sys.stdout = cast(TextIO, watched)
    try:
        code = int(_module(args.command).run(args))
        sys.stdout.flush()  # a full disk under stdout (`> /dev/full`) is told here, not at exit
        return code
    except UserError as error:
        _tell_error(error)
        return error.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `kinito parse | head -1`: the reader left, nothing more to say
        _silence_stdout()
        return 1
    except OSError as error:  # the system's failure, in French, naming what it was about
        logging.getLogger("kinito").debug("system failure", exc_info=True)
        if error.filename is None and watched.failed:
            _silence_stdout()
            _tell(os_sentence(error, "Impossible d'écrire la sortie"))
        else:
            _tell(os_sentence(error))
        return 1
    except Exception as error:  # the last net: one line, never a traceback (it is logged with -v)
        logging.getLogger("kinito").debug("unexpected failure", exc_info=True)
        _tell(f"erreur inattendue ({type(error).__name__}: {error}) ; relance avec -v pour le détail.")
        return 1
    finally:
        if sys.stdout is cast(TextIO, watched):
            sys.stdout = watched.stream


class _Watched:
    """Standard output, remembering whether writing to it failed (`> /dev/full`): an OSError without
    a file name is then told as the output's failure, not as some file's."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        """The real standard output."""
        self.failed = False
        """Whether a write or a flush of it raised an OSError."""

    def write(self, text: str) -> int:
        """The stream's write, remembering a failure."""
        try:
            return self.stream.write(text)
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        """The stream's flush, remembering a failure."""
        try:
            self.stream.flush()
        except OSError:
            self.failed = True
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _utf8(text: str) -> bool:
    """Whether a command-line word is valid UTF-8 (bytes that are not come in as surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(text: str) -> str:
    """A word with its undecodable bytes shown as �."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _tell_error(error: UserError) -> None:
    """A UserError's sentence, its commands written as they run on this machine (`./run` or
    `kinito`)."""
    from assistant.invocation import in_sentence, runnable

    message = in_sentence(error.message)
    _tell(message if error.fix is None else f"{message} Pour corriger : {runnable(error.fix)}")


def _tell(sentence: str) -> None:
    """One line on stderr (even when stdout's reader is gone)."""
    with contextlib.suppress(OSError, ValueError):
        print(f"kinito: {' '.join(sentence.split())}", file=sys.stderr, flush=True)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush does not fail again
    (the recipe of Python's `signal` documentation for SIGPIPE)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    with contextlib.suppress(OSError, ValueError):
        os.dup2(devnull, sys.stdout.fileno())
