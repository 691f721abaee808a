"""`kinito model download`: the only network access in the program.

Fetches the model's zip from its publisher into `<dest>/.<name>.zip.part` (resumed with an HTTP
Range request when a previous attempt was cut), unpacks it into a hidden temporary directory of
`dest`, checks it against the manifest, and only then renames it into place: a cut download or a
broken archive never leaves a half-unpacked model where `find_model` would pick it up.
"""

from __future__ import annotations

import dataclasses
import errno
import http.client
import shutil
import stat
import tempfile
import urllib.error
import urllib.request
import zipfile
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import BinaryIO, TextIO

from assistant.errors import UserError, network_reason
from assistant.progress import progress_bar
from assistant.voice.models import (
    FIX_DOWNLOAD,
    MODEL_NAME,
    MODEL_URL,
    ManifestEntry,
    VerifyReport,
    is_model_dir,
    load_manifest,
    verify_model,
)

BLOCK = 1 << 16
Opener = Callable[[urllib.request.Request, float], BinaryIO]


def _open(request: urllib.request.Request, timeout: float) -> BinaryIO:
    response: BinaryIO = urllib.request.urlopen(request, timeout=timeout)
    return response


class ProgressBar:
    """Bytes received so far, drawn by the project's tqdm bar (rate, time left; redrawn only on a
    terminal, written at start and end in a log)."""

    def __init__(self, stream: TextIO | None, total: int | None, done: int = 0, name: str = "") -> None:
        self.done = done
        self._bar = progress_bar(stream, total, name, "o", done, in_bytes=True)

    def advance(self, count: int, final: bool = False) -> None:
        """Account for `count` more bytes; `final` closes the bar (its line ends)."""
        self.done += count
        if count:
            self._bar.update(count)
        if final:
            self._bar.close()


def fetch(
    url: str,
    part: Path,
    progress: TextIO | None,
    opener: Opener = _open,
    timeout: float = 30,
    limit: int | None = None,
) -> Path:
    """Download `url` into `part`, resuming from its current size; returns `part` once complete.
    More than `limit` bytes, or a full disk, drops the part (no half file left to fill the disk)."""
    offset = part.stat().st_size if part.exists() else 0
    try:
        request = urllib.request.Request(url, headers={"User-Agent": "kinito"})
        if offset:
            request.add_header("Range", f"bytes={offset}-")
        response = opener(request, timeout)
    except urllib.error.HTTPError as error:
        if error.code == 416 and offset:  # nothing left to fetch: the part is whole
            return part
        raise UserError(
            f"Le serveur du modèle a répondu {error.code} pour {url}.", fix=FIX_DOWNLOAD
        ) from error
    except ValueError:
        raise UserError(f"Adresse invalide : {url!r} (une adresse http(s) est attendue).") from None
    except (urllib.error.URLError, OSError) as error:
        raise UserError(
            f"Impossible de joindre {url} : {network_reason(error)}.",
            fix=f"vérifier la connexion à internet, puis {FIX_DOWNLOAD}",
        ) from error
    with response:
        status = getattr(response, "status", 200)
        if status != 206:
            offset = 0  # the server ignored Range: start over
        length = str(getattr(response, "headers", {}).get("Content-Length") or "")
        total = offset + int(length) if length.isdigit() else None
        bar = ProgressBar(progress, total, offset, url.rsplit("/", 1)[-1])
        try:
            _receive(response, part, offset, bar, url, limit)
        finally:
            bar.advance(0, final=True)  # the progress line ends before any sentence
    if total is not None and part.stat().st_size != total:
        raise UserError(
            f"Le téléchargement s'est interrompu ({part.stat().st_size} octets sur {total}).",
            fix=f"{FIX_DOWNLOAD} (il reprendra là où il s'est arrêté)",
        )
    return part


def _receive(
    response: BinaryIO, part: Path, offset: int, bar: ProgressBar, url: str, limit: int | None
) -> None:
    """The response's body appended to `part`; a full disk or too many bytes drop the part."""
    interrupted = f"{FIX_DOWNLOAD} (il reprendra)"
    try:
        with part.open("ab" if offset else "wb") as out:
            while block := response.read(BLOCK):
                out.write(block)
                bar.advance(len(block))
                if limit is not None and bar.done > limit:
                    part.unlink(missing_ok=True)
                    raise UserError(
                        f"{url} envoie plus de {limit // 1_000_000} Mo : ce n'est pas le modèle attendu.",
                        fix=FIX_DOWNLOAD,
                    )
    except OSError as error:
        if error.errno == errno.ENOSPC:
            part.unlink(missing_ok=True)
            raise UserError(_disk_sentence(error, part), fix=FIX_DOWNLOAD) from None
        raise UserError(
            f"Le téléchargement s'est interrompu à {bar.done} octets ({error}).", interrupted
        ) from error
    except http.client.HTTPException as error:
        raise UserError(
            f"Le téléchargement s'est interrompu à {bar.done} octets ({error}).", interrupted
        ) from error


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


def _limits(infos: Sequence[zipfile.ZipInfo], manifest: Sequence[ManifestEntry]) -> dict[str, int]:
    """Each file member's byte limit: its manifest size (paths relative to the model's root folder)."""
    expected = {entry.path: entry.size for entry in manifest}
    tops = {PurePosixPath(info.filename).parts[0] for info in infos}
    strip = len(tops) == 1 and all(len(PurePosixPath(i.filename).parts) > 1 or i.is_dir() for i in infos)
    limits: dict[str, int] = {}
    for info in infos:
        if info.is_dir():
            continue
        parts = _member_path(info).parts
        relative = "/".join(parts[1:] if strip else parts)
        limits[info.filename] = expected.get(relative, UNLISTED_LIMIT)
        if info.file_size > limits[info.filename]:
            raise UserError(
                f"L'archive du modèle annonce {info.file_size} octets pour {relative},"
                f" le manifeste en attend {limits[info.filename]} : archive refusée.",
                fix=FIX_DOWNLOAD,
            )
    return limits


def _extract(zipped: zipfile.ZipFile, info: zipfile.ZipInfo, into: Path, limit: int) -> None:
    """Write one member, stopping at `limit` bytes whatever its header declared (a zip bomb lies)."""
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


def unpack(archive: Path, into: Path, manifest: Sequence[ManifestEntry] = ()) -> Path:
    """Extract `archive` into `into` (refusing paths that escape it, links, and members larger than
    the manifest says); returns the model's root."""
    try:
        with zipfile.ZipFile(archive) as zipped:
            infos = zipped.infolist()
            if not infos:
                raise UserError("L'archive du modèle est vide.", fix=FIX_DOWNLOAD)
            limits = _limits(infos, manifest)
            into.mkdir(parents=True, exist_ok=True)
            for info in infos:
                if info.is_dir():
                    into.joinpath(*_member_path(info).parts).mkdir(parents=True, exist_ok=True)
                else:
                    _extract(zipped, info, into, limits[info.filename])
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


def download_model(
    dest: Path,
    url: str = MODEL_URL,
    manifest: Sequence[ManifestEntry] | None = None,
    progress: TextIO | None = None,
    name: str = MODEL_NAME,
    opener: Opener = _open,
    cache: Path | None = None,
) -> VerifyReport:
    """Fetch, unpack, verify and install the model as `dest/name`; returns the verification report.

    A size mismatch or a missing file aborts (nothing installed, the archive is dropped so the next
    attempt starts afresh). A hash mismatch installs the model and is reported in the result.
    """
    manifest = load_manifest() if manifest is None else manifest
    if dest.exists() and not dest.is_dir():
        raise UserError(f"{dest} est un fichier, pas un dossier.", fix="kinito model download --dest DOSSIER")
    partial = dest if cache is None else cache  # where the partial download waits (resumable)
    try:
        dest.mkdir(parents=True, exist_ok=True)
        partial.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{name}.unpack-", dir=dest))
    except OSError as error:
        raise UserError(_disk_sentence(error, dest / name)) from None
    final = dest / name
    try:
        limit = sum(entry.size for entry in manifest) + ARCHIVE_SLACK
        part = fetch(url, partial / f".{name}.zip.part", progress, opener, limit=limit)
        try:
            root = unpack(part, staging / "content", manifest)
        except UserError:
            part.unlink(missing_ok=True)  # a whole but bad archive: resuming it would fail forever
            raise
        report = verify_model(root, manifest, hashes=True)
        if not report.complete:
            part.unlink(missing_ok=True)
            raise UserError(f"Modèle téléchargé inutilisable : {report.summary()}", fix=FIX_DOWNLOAD)
        if not is_model_dir(root):
            part.unlink(missing_ok=True)
            raise UserError("L'archive téléchargée ne contient pas de modèle Vosk.", fix=FIX_DOWNLOAD)
        if final.exists():
            final.rename(staging / "previous")
        root.rename(final)
        part.unlink()
    except OSError as error:
        raise UserError(_disk_sentence(error, final), fix=FIX_DOWNLOAD) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return dataclasses.replace(report, model=final)
