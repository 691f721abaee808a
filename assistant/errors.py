"""Errors a person can act on (docs/architecture.md), and the French of the system's own failures."""

from __future__ import annotations

import contextlib
import errno
import math
import sys

OS_REASONS: dict[int, str] = {
    errno.ENOENT: "il n'existe pas",
    errno.ENOTDIR: "un élément du chemin n'est pas un dossier",
    errno.EISDIR: "c'est un dossier",
    errno.EACCES: "permission refusée",
    errno.EPERM: "opération interdite",
    errno.ENOSPC: "le disque est plein",
    errno.EDQUOT: "le quota du disque est atteint",
    errno.EROFS: "le disque est en lecture seule",
    errno.EEXIST: "il existe déjà",
    errno.ENAMETOOLONG: "le nom est trop long",
    errno.ELOOP: "trop de liens symboliques",
    errno.EMFILE: "trop de fichiers ouverts",
    errno.ENFILE: "trop de fichiers ouverts sur la machine",
    errno.ENOMEM: "plus assez de mémoire",
    errno.EIO: "erreur d'entrée-sortie du disque",
    errno.ENXIO: "périphérique absent",
    errno.ENODEV: "périphérique absent",
    errno.EBUSY: "occupé",
    errno.ETXTBSY: "occupé",
    errno.EAGAIN: "pas disponible pour l'instant",
    errno.EPIPE: "le lecteur est parti",
    errno.ECONNREFUSED: "connexion refusée (rien n'écoute à cette adresse)",
    errno.ECONNRESET: "connexion coupée par l'autre côté",
    errno.ECONNABORTED: "connexion interrompue",
    errno.ETIMEDOUT: "délai dépassé",
    errno.EHOSTUNREACH: "machine injoignable",
    errno.ENETUNREACH: "réseau injoignable",
    errno.EADDRINUSE: "adresse déjà utilisée par un autre programme",
    errno.EADDRNOTAVAIL: "adresse absente de cette machine",
    errno.EINVAL: "valeur refusée par le système",
    errno.EFBIG: "fichier trop gros",
    errno.ENOEXEC: "ce n'est pas un programme",
    errno.ESPIPE: "ce n'est pas un fichier ordinaire (un tube ou une prise ne peut pas recevoir un WAV)",
}
"""errno -> what it means, in French (what `strerror` says in English)."""


class UserError(Exception):
    """An expected failure: one sentence saying what is wrong, and the command that fixes it."""

    def __init__(self, message: str, fix: str | None = None, exit_code: int = 2) -> None:
        super().__init__(message if fix is None else f"{message} Pour corriger : {fix}")
        self.message = message
        self.fix = fix
        self.exit_code = exit_code


def os_reason(error: OSError) -> str:
    """What went wrong, in French, without the file name (`il n'existe pas`, `permission refusée`)."""
    if isinstance(error, TimeoutError) and error.errno is None:
        return "délai dépassé"
    if error.errno in OS_REASONS:
        return OS_REASONS[error.errno]
    if error.errno is not None:
        return f"erreur système n° {error.errno}"
    return f"erreur système ({type(error).__name__})"


SHOWN_PATH = 160
"""Characters of a path a sentence shows (a 100,000-character name is cut, with its end)."""


def shorten(path: object) -> str:
    """A path as a sentence shows it: whole, or its start and end around "…" when very long."""
    text = str(path)
    if len(text) <= SHOWN_PATH:
        return text
    return f"{text[: SHOWN_PATH // 2]}…{text[-SHOWN_PATH // 2 :]}"


def os_sentence(error: OSError, doing: str = "Impossible d'utiliser") -> str:
    """One French sentence for an OSError: `doing` the file or address it names, and why."""
    where = f" {shorten(error.filename)}" if error.filename is not None else ""
    if error.filename2 is not None:
        where += f" vers {shorten(error.filename2)}"
    return f"{doing}{where} : {os_reason(error)}."


def network_reason(error: BaseException) -> str:
    """Why a connection failed, in French: a refused connection, an unknown name, a timeout (the
    reason inside urllib's URLError too), never the system's English."""
    import socket

    reason = getattr(error, "reason", None)  # urllib.error.URLError wraps the socket's error
    if isinstance(reason, BaseException):
        error = reason
    if isinstance(error, socket.gaierror):
        return "nom de machine inconnu (pas de réseau, ou adresse mal écrite)"
    if isinstance(error, TimeoutError | socket.timeout):
        return "délai dépassé"
    if isinstance(error, OSError):
        return os_reason(error)
    return f"erreur réseau ({type(error).__name__})"


def finite(value: float, what: str, low: float, high: float) -> float:
    """`value` when it is a number from `low` to `high`; a UserError naming `what` otherwise
    (nan and the infinities included)."""
    if not (math.isfinite(value) and low <= value <= high):
        raise UserError(f"{what} invalide : « {value:g} » (un nombre de {low:g} à {high:g}).")
    return value


def tell(sentence: str) -> None:
    """One French line on stderr while a command goes on (a peer lost, a service refused)."""
    with contextlib.suppress(OSError, ValueError):
        print(f"kinito: {' '.join(sentence.split())}", file=sys.stderr, flush=True)
