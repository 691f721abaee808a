"""One French sentence for each way the SQLite save file can fail, read from SQLite's error code (never
from its English message, which never reaches the table).

A read that fails is said as a read ("n'a pas pu être lu"), a write as a save ("n'est pas
enregistrée"); "occupé par un autre programme" only for SQLite's own lock codes.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

FIX_DB = "choisis un autre fichier avec --db ou KINITO_DB"
"""How to point kinito at another save file (every sentence about an unusable file ends with it)."""


def _code(error: sqlite3.Error) -> int:
    """SQLite's primary result code (the low byte of the extended one), 0 when unknown."""
    return int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def sentence(error: sqlite3.Error, path: Path, writing: bool) -> str:
    """The sentence for `error` met while reading (writing=False) or writing the file at `path`."""
    code = _code(error)
    if code == sqlite3.SQLITE_FULL:
        return f"Le disque est plein : impossible d'enregistrer la partie dans {path}."
    if code == sqlite3.SQLITE_READONLY:
        return f"Le fichier de sauvegarde {path} est en lecture seule : la partie n'est pas enregistrée."
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return (
            f"Le fichier de sauvegarde {path} est occupé par un autre programme : réessaie dans un instant."
        )
    if code == sqlite3.SQLITE_CANTOPEN:
        return cannot_open(path)
    if code in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
        return not_a_save(path)
    if code == sqlite3.SQLITE_IOERR:
        verb = "enregistrer la partie dans" if writing else "lire"
        return f"Le disque refuse de {verb} {path} (erreur d'entrée-sortie) : vérifie le disque, ou {FIX_DB}."
    if writing:
        return f"La partie n'est pas enregistrée dans {path} (erreur SQLite n° {code}) : {FIX_DB}."
    return f"Le fichier de sauvegarde {path} n'a pas pu être lu (erreur SQLite n° {code}) : {FIX_DB}."


def not_a_save(path: Path) -> str:
    """A file that is not a readable SQLite save (damaged, or another program's)."""
    return (
        f"Le fichier {path} n'est pas une sauvegarde kinito lisible (abîmé ou d'un autre programme) :"
        f" il n'a pas été modifié ; {FIX_DB}."
    )


def cannot_open(path: Path) -> str:
    """Why the file at `path` cannot be opened, from what the file system says about it."""
    if path.is_dir():
        example = path / "kinito.sqlite3"
        return f"{path} est un dossier, pas un fichier de sauvegarde : {FIX_DB} (ex. --db {example})."
    folder = path.parent
    if not folder.is_dir():
        return f"Le dossier {folder} de la sauvegarde n'existe pas : {FIX_DB}."
    if not os.access(folder, os.W_OK | os.X_OK):
        return (
            f"Le dossier {folder} n'est pas accessible en écriture : la partie ne peut pas y être"
            f" enregistrée ; {FIX_DB}."
        )
    return f"Impossible d'ouvrir le fichier de sauvegarde {path} : {FIX_DB}."


def no_folder(folder: Path, error: OSError) -> str:
    """The save file's folder could not be created (permission, a file in the way, a full disk)."""
    why = "permission refusée" if isinstance(error, PermissionError) else "le système refuse"
    if isinstance(error, FileExistsError | NotADirectoryError):
        why = "un fichier porte déjà ce nom"
    return f"Impossible de créer le dossier {folder} des sauvegardes ({why}) : {FIX_DB}."


def newer(path: Path, version: int) -> str:
    """A file written by a newer kinito: refused, untouched."""
    return (
        f"Le fichier {path} vient d'une version plus récente de kinito (schéma {version}) : il n'a pas été"
        " modifié ; mets kinito à jour pour l'ouvrir, ou " + FIX_DB + "."
    )
