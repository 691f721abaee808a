"""`kinito model download`: the only network access in the program.

Fetches the model's zip from its publisher into `.<name>.zip.part` (in `cache`, else in `dest`;
resumed with an HTTP Range request when a previous attempt was cut), unpacks it into a hidden
temporary directory of `dest`, checks it against the manifest, and only then renames it into place:
a cut download or a broken archive never leaves a half-unpacked model where `find_model` would pick
it up.
"""

from __future__ import annotations

import dataclasses
import http.client
import shutil
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import BinaryIO, TextIO

from assistant.errors import UserError
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


def fetch(url: str, part: Path, progress: TextIO | None, opener: Opener = _open, timeout: float = 30) -> Path:
    """Download `url` into `part`, resuming from its current size; returns `part` once complete."""
    offset = part.stat().st_size if part.exists() else 0
    request = urllib.request.Request(url, headers={"User-Agent": "kinito"})
    if offset:
        request.add_header("Range", f"bytes={offset}-")
    try:
        response = opener(request, timeout)
    except urllib.error.HTTPError as error:
        if error.code == 416 and offset:  # nothing left to fetch: the part is whole
            return part
        raise UserError(
            f"Le serveur du modèle a répondu {error.code} pour {url}.", fix=FIX_DOWNLOAD
        ) from error
    except (urllib.error.URLError, OSError) as error:
        raise UserError(
            f"Impossible de joindre {url} ({error}).",
            fix=f"vérifier la connexion à internet, puis {FIX_DOWNLOAD}",
        ) from error
    with response:
        status = getattr(response, "status", 200)
        if status != 206:
            offset = 0  # the server ignored Range: start over
        length = getattr(response, "headers", {}).get("Content-Length")
        total = offset + int(length) if length is not None else None
        done = offset
        name = url.rsplit("/", 1)[-1]
        try:
            with (
                part.open("ab" if offset else "wb") as out,
                progress_bar(progress, total, name, "o", offset, in_bytes=True) as bar,
            ):
                while block := response.read(BLOCK):
                    out.write(block)
                    done += len(block)
                    bar.update(len(block))
        except (OSError, http.client.HTTPException) as error:
            raise UserError(
                f"Le téléchargement s'est interrompu à {done} octets ({error}).",
                fix=f"{FIX_DOWNLOAD} (il reprendra là où il s'est arrêté)",
            ) from error
    if total is not None and part.stat().st_size != total:
        raise UserError(
            f"Le téléchargement s'est interrompu ({part.stat().st_size} octets sur {total}).",
            fix=f"{FIX_DOWNLOAD} (il reprendra là où il s'est arrêté)",
        )
    return part


def unpack(archive: Path, into: Path) -> Path:
    """Extract `archive` into `into` (refusing paths that escape it); returns the model's root."""
    try:
        with zipfile.ZipFile(archive) as zipped:
            for name in zipped.namelist():
                pure = PurePosixPath(name)
                if pure.is_absolute() or ".." in pure.parts:
                    raise UserError(f"L'archive du modèle contient un chemin dangereux : {name}.")
            zipped.extractall(into)
    except zipfile.BadZipFile as error:
        raise UserError("L'archive téléchargée n'est pas un zip valide.", fix=FIX_DOWNLOAD) from error
    entries = [p for p in into.iterdir() if not p.name.startswith("__MACOSX")]
    return entries[0] if len(entries) == 1 and entries[0].is_dir() else into


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
    dest.mkdir(parents=True, exist_ok=True)
    partial = dest if cache is None else cache
    partial.mkdir(parents=True, exist_ok=True)
    final = dest / name
    part = fetch(url, partial / f".{name}.zip.part", progress, opener)
    staging = Path(tempfile.mkdtemp(prefix=f".{name}.unpack-", dir=dest))
    try:
        try:
            root = unpack(part, staging / "content")
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
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return dataclasses.replace(report, model=final)
