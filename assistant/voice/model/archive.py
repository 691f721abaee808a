"""A model's zip unpacked with bounds: no path out of its folder, no link, a cap on members, on each
member's bytes (its manifest size, whatever its header declares) and on the total (a zip bomb is
refused before it fills the disk)."""

from __future__ import annotations

import errno
import shutil
import stat
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from assistant.errors import UserError
from assistant.voice.model.files import FIX_DOWNLOAD, ManifestEntry

BLOCK = 1 << 16
"""Bytes read at a time."""


UNREADABLE_ZIP = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    NotImplementedError,
    RuntimeError,
    EOFError,
)
"""What zipfile raises on a broken, truncated, encrypted or exotically compressed archive."""
ARCHIVE_SLACK = 64 << 20
"""Bytes the downloaded zip may take beyond the model's own files (zip headers, unlisted files)."""
UNLISTED_LIMIT = 1 << 20
"""Bytes an archive member the manifest does not list may take (a README, a licence)."""
MAX_DEPTH = 12
"""Folders deep an archive member may be (the model's deepest file is 4 deep)."""
MAX_NAME = 200
"""Characters a member's name may have (a path component over 255 bytes cannot be created)."""


def _member_path(info: zipfile.ZipInfo) -> PurePosixPath:
    """The member's path, refused when it escapes the folder, is a link, or is absurdly deep or long."""
    pure = PurePosixPath(info.filename)
    if pure.is_absolute() or ".." in pure.parts or "\\" in info.filename:
        raise UserError(f"L'archive du modèle contient un chemin dangereux : {info.filename}.")
    if stat.S_ISLNK(info.external_attr >> 16):
        raise UserError(f"L'archive du modèle contient un lien symbolique : {info.filename}.")
    if len(pure.parts) > MAX_DEPTH or len(info.filename) > MAX_NAME:
        raise UserError(f"L'archive du modèle contient un chemin trop long : {info.filename[:60]}….")
    return pure


MAX_MEMBERS = 1000
"""Members an archive may hold (a Vosk model has a few dozen files)."""
UNLISTED_TOTAL = 4 << 20
"""Bytes all the members the manifest does not list may take together."""
MAX_MODEL_BYTES = 4 << 30
"""Bytes an archive of a model without manifest may unpack to (the big French model is 2.6 GB)."""


def _limits(
    infos: Sequence[zipfile.ZipInfo], manifest: Sequence[ManifestEntry], total: int
) -> dict[str, int]:
    """Each file member's byte limit: its manifest size (paths relative to the model's root folder),
    UNLISTED_LIMIT for a member the manifest does not list, `total` without a manifest; the archive is
    refused when it has too many members or declares more than `total` bytes."""
    if len(infos) > MAX_MEMBERS:
        raise UserError(
            f"L'archive du modèle contient {len(infos)} éléments (au plus {MAX_MEMBERS}) : archive refusée.",
            fix=FIX_DOWNLOAD,
        )
    expected = {entry.path: entry.size for entry in manifest}
    tops = {PurePosixPath(info.filename).parts[0] for info in infos}
    strip = len(tops) == 1 and all(len(PurePosixPath(i.filename).parts) > 1 or i.is_dir() for i in infos)
    limits: dict[str, int] = {}
    for info in infos:
        if info.is_dir():
            continue
        parts = _member_path(info).parts
        relative = "/".join(parts[1:] if strip else parts)
        unlisted = UNLISTED_LIMIT if manifest else total
        limits[info.filename] = expected.get(relative, unlisted)
        if info.file_size > limits[info.filename]:
            who = "le manifeste en attend" if relative in expected else "au plus"
            raise UserError(
                f"L'archive du modèle annonce {info.file_size} octets pour {relative},"
                f" {who} {limits[info.filename]} : archive refusée.",
                fix=FIX_DOWNLOAD,
            )
    if sum(i.file_size for i in infos) > total:
        raise UserError(_too_big(total), fix=FIX_DOWNLOAD)
    return limits


def _too_big(total: int) -> str:
    return f"L'archive du modèle se décompresse en plus de {total // (1 << 20)} Mio : archive refusée."


def _extract(zipped: zipfile.ZipFile, info: zipfile.ZipInfo, into: Path, limit: int) -> int:
    """Write one member, stopping at `limit` bytes whatever its header declared (a zip bomb lies);
    returns the bytes written."""
    target = into.joinpath(*_member_path(info).parts)
    target.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with zipped.open(info) as source, target.open("wb") as out:
        while block := source.read(min(BLOCK, limit - written + 1)):
            written += len(block)
            if written > limit:
                raise UserError(
                    f"L'archive du modèle contient plus de données que prévu pour {info.filename} :"
                    " archive refusée.",
                    fix=FIX_DOWNLOAD,
                )
            out.write(block)
    return written


def archive_total(manifest: Sequence[ManifestEntry], into: Path) -> int:
    """Bytes an archive may unpack to: its manifest's files and a little more, or without a manifest
    MAX_MODEL_BYTES, never more than the free space where it unpacks."""
    if manifest:
        return sum(entry.size for entry in manifest) + UNLISTED_TOTAL
    try:
        free = shutil.disk_usage(into if into.exists() else into.parent).free
    except OSError:
        free = MAX_MODEL_BYTES
    return min(MAX_MODEL_BYTES, free)


def unpack(archive: Path, into: Path, manifest: Sequence[ManifestEntry] = ()) -> Path:
    """Extract `archive` into `into` (refusing paths that escape it, links, too many members, members
    larger than the manifest says, and more bytes in all than `archive_total`); returns the model's
    root."""
    total = archive_total(manifest, into)
    try:
        with zipfile.ZipFile(archive) as zipped:
            infos = zipped.infolist()
            if not infos:
                raise UserError("L'archive du modèle est vide.", fix=FIX_DOWNLOAD)
            limits = _limits(infos, manifest, total)
            into.mkdir(parents=True, exist_ok=True)
            written = 0
            for info in infos:
                if info.is_dir():
                    into.joinpath(*_member_path(info).parts).mkdir(parents=True, exist_ok=True)
                    continue
                written += _extract(zipped, info, into, min(limits[info.filename], total - written))
    except UNREADABLE_ZIP as error:
        raise UserError(
            f"L'archive téléchargée n'est pas un zip lisible ({error}).", fix=FIX_DOWNLOAD
        ) from None
    except OSError as error:
        raise UserError(_disk_sentence(error, into), fix=FIX_DOWNLOAD) from None
    entries = [p for p in into.iterdir() if not p.name.startswith("__MACOSX")]
    return entries[0] if len(entries) == 1 and entries[0].is_dir() else into


def _disk_sentence(error: OSError, where: Path) -> str:
    if error.errno == errno.ENOSPC:
        return f"Le disque est plein : impossible d'écrire le modèle dans {where.parent}."
    return f"Impossible d'écrire le modèle dans {where.parent} ({error.strerror or error})."
