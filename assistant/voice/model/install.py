"""`kinito model install ARCHIVE|DIR`: a Vosk model copied from another machine (a zip, or a folder),
checked before it is installed, and its sums recorded.

Any Vosk model is accepted (the small French model, the big one, another language for tests); its
sha256 sums are shown and kept in the installed folder (`kinito.sha256`, see assistant.voice.model.trust),
so `play`, `transcribe` and `doctor` later tell a damaged model from another one. The small French
model is checked against the shipped manifest first: a file missing, of another size, of another sum,
or a file the manifest does not list (a script slipped in) refuses it, unless `trust_anyway`.
"""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from assistant.errors import UserError
from assistant.voice.model.archive import _disk_sentence, unpack
from assistant.voice.model.files import MODEL_NAME, ManifestEntry, VerifyReport, is_model_dir, verify_model
from assistant.voice.model.trust import RECORD, manifest_text, sums_of, walk_files

FIX_INSTALL = "kinito model install ARCHIVE.zip|DOSSIER (un modèle Vosk), ou --trust-anyway"


@dataclass(frozen=True)
class Installed:
    """What an install put in place."""

    model: Path
    """The installed model folder."""
    sums: tuple[ManifestEntry, ...]
    """Every file's sha256 and size, as recorded in the folder."""
    report: VerifyReport | None
    """The check against the shipped manifest (the small French model), or None for another model."""
    unlisted: tuple[str, ...]
    """Files the shipped manifest does not list (installed only with trust_anyway)."""


def unlisted_files(root: Path, manifest: Sequence[ManifestEntry]) -> tuple[str, ...]:
    """Files of `root` that `manifest` does not list."""
    listed = {entry.path for entry in manifest}
    return tuple(rel for p in walk_files(root) if (rel := p.relative_to(root).as_posix()) not in listed)


def place(
    root: Path,
    dest: Path,
    name: str,
    manifest: Sequence[ManifestEntry] | None,
    trust_anyway: bool,
    aside: Path,
    fix: str = FIX_INSTALL,
) -> Installed:
    """Check the unpacked model at `root`, record its sums, and rename it to `dest/name` (a previous
    one goes to `aside`, inside the staging folder that is dropped afterwards). `manifest`: the small
    French model's, checked first (a mismatch refuses unless `trust_anyway`), or None for another
    model."""
    if not is_model_dir(root):
        raise UserError(f"{root.name} n'est pas un modèle Vosk (pas de am/final.mdl).", fix=FIX_INSTALL)
    links = [p for p in root.rglob("*") if p.is_symlink()]
    if links:
        raise UserError(f"Le modèle contient un lien symbolique : {links[0].name} : refusé.", fix=FIX_INSTALL)
    report = verify_model(root, manifest, hashes=True) if manifest else None
    if report is not None and not report.complete:
        raise UserError(f"Modèle inutilisable : {report.summary()}", fix=fix)
    unlisted = unlisted_files(root, manifest) if manifest else ()
    if report is not None and not trust_anyway:
        if report.hash_mismatch:
            raise UserError(f"Modèle refusé : {report.summary()}", fix=fix)
        if unlisted:
            shown = ", ".join(unlisted[:3]) + ("…" if len(unlisted) > 3 else "")
            raise UserError(f"Modèle refusé : fichiers absents du manifeste : {shown}.", fix=fix)
    sums = sums_of(root)
    (root / RECORD).write_text(manifest_text(sums, name), encoding="utf-8")
    final = dest / name
    if final.exists():
        final.rename(aside)
    root.rename(final)
    return Installed(final, sums, report, unlisted)


def _shipped_for(name: str, manifest: Sequence[ManifestEntry]) -> Sequence[ManifestEntry] | None:
    """The shipped manifest applies to the small French model (by its folder's name)."""
    return manifest if name == MODEL_NAME else None


def _archive_top(archive: Path) -> str | None:
    """The single top folder of a zip, if it has one."""
    try:
        with zipfile.ZipFile(archive) as zipped:
            tops = {Path(info.filename).parts[0] for info in zipped.infolist() if info.filename}
    except (zipfile.BadZipFile, OSError, ValueError):
        return None
    return tops.pop() if len(tops) == 1 else None


def install_model(
    source: Path, dest: Path, manifest: Sequence[ManifestEntry], trust_anyway: bool = False
) -> Installed:
    """Install the model of `source` (a zip, or a folder) into `dest`, named as its folder is."""
    if not source.exists():
        raise UserError(f"Introuvable : {source}.", fix=FIX_INSTALL)
    try:
        dest.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".install-", dir=dest))
    except OSError as error:
        raise UserError(_disk_sentence(error, dest / source.name)) from None
    try:
        if source.is_dir():
            name = source.resolve().name
            root = staging / name
            shutil.copytree(source, root, symlinks=True)
        else:
            top = _archive_top(source)
            name = top or source.name.removesuffix(".zip")
            shipped = _shipped_for(name, manifest) or ()
            root = unpack(source, staging / "content", shipped)
            if root == staging / "content":
                root = root.rename(staging / name)
        return place(root, dest, name, _shipped_for(name, manifest), trust_anyway, staging / "previous")
    except OSError as error:
        raise UserError(_disk_sentence(error, dest / source.name)) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
