"""The French Vosk model on disk: where it is, and whether it is complete and intact.

The manifest (`vosk-model-small-fr-0.22.sha256`, shipped in this package) lists every file as
`sha256  size  path`. It was taken from a public copy of the model, not from its publisher, so a
size mismatch means a broken download (the model is unusable), while a hash mismatch is reported
for a person to judge, never silently accepted.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from assistant.errors import UserError
from assistant.paths import CHECKOUT_MODELS, models_dir, user_models_dir

MODEL_NAME = "vosk-model-small-fr-0.22"
MODEL_URL = f"https://alphacephei.com/vosk/models/{MODEL_NAME}.zip"
MANIFEST_PATH = Path(__file__).with_name(f"{MODEL_NAME}.sha256")
PROJECT_MODELS = CHECKOUT_MODELS
"""`models/` next to the package, in a source checkout."""
FIX_DOWNLOAD = "kinito model download"


@dataclass(frozen=True)
class ManifestEntry:
    """One file the model must contain."""

    path: str
    """Path inside the model directory, with forward slashes."""
    size: int
    """Size in bytes."""
    sha256: str
    """Lower-case hex digest."""


@dataclass(frozen=True)
class SizeMismatch:
    """A file whose size is not the manifest's: the download is broken."""

    path: str
    """Path inside the model directory."""
    expected: int
    """Size the manifest gives."""
    actual: int
    """Size on disk."""


@dataclass(frozen=True)
class VerifyReport:
    """What `verify_model` found, file by file against the manifest."""

    model: Path
    """The directory checked."""
    checked: int
    """Number of manifest entries."""
    missing: tuple[str, ...]
    """Manifest files absent from the directory."""
    size_mismatch: tuple[SizeMismatch, ...]
    """Files present with the wrong size."""
    hash_mismatch: tuple[str, ...]
    """Files of the right size whose sha256 differs (only when hashes were computed)."""
    hashed: bool
    """Whether sha256 digests were computed (sizes are always checked)."""

    @property
    def complete(self) -> bool:
        """Every file present with its size: Vosk can load it."""
        return not self.missing and not self.size_mismatch

    @property
    def ok(self) -> bool:
        """Complete, and no checksum differs."""
        return self.complete and not self.hash_mismatch

    def summary(self) -> str:
        """One French sentence for a person."""
        if self.missing:
            shown = ", ".join(self.missing[:3]) + ("…" if len(self.missing) > 3 else "")
            return f"{len(self.missing)} fichier(s) manquant(s) dans {self.model} : {shown}."
        if self.size_mismatch:
            bad = self.size_mismatch[0]
            return (
                f"Modèle incomplet ou abîmé : {bad.path} fait {bad.actual} octets au lieu de {bad.expected}"
                f" ({len(self.size_mismatch)} fichier(s) touché(s))."
            )
        if self.hash_mismatch:
            return (
                f"Sommes de contrôle différentes du manifeste pour : {', '.join(self.hash_mismatch)}"
                " (tailles exactes : fichiers modifiés, ou d'une autre version)."
            )
        how = "tailles et sommes sha256" if self.hashed else "tailles"
        return f"Modèle complet : {self.checked} fichiers conformes ({how})."


def parse_manifest(text: str) -> tuple[ManifestEntry, ...]:
    """Parse `sha256  size  path` lines; `#` lines and blank lines are comments."""
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parts = stripped.split(maxsplit=2)
        if len(parts) != 3 or len(parts[0]) != 64 or not parts[1].isdigit():
            raise ValueError(f"manifest line {number} is not 'sha256  size  path': {line!r}")
        entries.append(ManifestEntry(path=parts[2], size=int(parts[1]), sha256=parts[0].lower()))
    return tuple(entries)


MANIFEST_LIMIT = 1 << 20
"""Bytes a manifest may take (the shipped one is 2 KB; a model of thousands of files fits)."""


def read_manifest(path: Path) -> tuple[ManifestEntry, ...]:
    """A manifest file, read with a bound: a device (/dev/zero), a FIFO or a huge file is refused in
    one sentence instead of being read without end."""
    fix = "kinito model verify --manifest FICHIER.sha256"
    try:
        with path.open("rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise UserError(f"Manifeste refusé : {path} n'est pas un fichier ordinaire.", fix=fix)
            raw = file.read(MANIFEST_LIMIT + 1)
        if len(raw) > MANIFEST_LIMIT:
            raise UserError(f"Manifeste refusé : {path} dépasse {MANIFEST_LIMIT // 1024} Kio.", fix=fix)
        return parse_manifest(raw.decode("utf-8"))
    except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
        raise UserError(f"Manifeste illisible : {path} ({error}).", fix=fix) from None


def load_manifest(path: Path = MANIFEST_PATH) -> tuple[ManifestEntry, ...]:
    """The packaged manifest of the French model (or another one), read with a bound."""
    return read_manifest(path)


def sha256_of(path: Path) -> str:
    """Hex sha256 of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        while block := file.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def verify_model(
    path: Path,
    manifest: Sequence[ManifestEntry],
    hashes: bool = True,
    digest: Callable[[Path], str] = sha256_of,
) -> VerifyReport:
    """Check every manifest file in `path`: present, right size, and (with `hashes`) right sha256
    (`digest`: a cache may answer for a file it already hashed)."""
    missing: list[str] = []
    sizes: list[SizeMismatch] = []
    digests: list[str] = []
    for entry in manifest:
        file = path / entry.path
        if not file.is_file():
            missing.append(entry.path)
            continue
        actual = file.stat().st_size
        if actual != entry.size:
            sizes.append(SizeMismatch(entry.path, entry.size, actual))
        elif hashes and digest(file) != entry.sha256:
            digests.append(entry.path)
    return VerifyReport(path, len(manifest), tuple(missing), tuple(sizes), tuple(digests), hashes)


def is_model_dir(path: Path) -> bool:
    """Looks like a Vosk model: an acoustic model file where Vosk expects one."""
    return (path / "am" / "final.mdl").is_file() or (path / "final.mdl").is_file()


def vosk_cache_dirs(env: Mapping[str, str]) -> list[Path]:
    """Where Vosk itself looks for named models (vosk/__init__.py MODEL_DIRS), without importing it."""
    dirs = [Path(env["VOSK_MODEL_PATH"])] if env.get("VOSK_MODEL_PATH") else []
    home = Path(env.get("HOME") or Path.home())
    return [*dirs, Path("/usr/share/vosk"), home / "AppData/Local/vosk", home / ".cache/vosk"]


def default_model_dirs(env: Mapping[str, str] | None = None, cwd: Path | None = None) -> list[Path]:
    """Places searched when no model is named: project models/, ./models/, kinito's data folder
    (assistant.paths), then Vosk's caches."""
    env = os.environ if env is None else env
    here = Path.cwd() if cwd is None else cwd
    roots = [PROJECT_MODELS, here / "models", user_models_dir(), *vosk_cache_dirs(env)]
    unique: list[Path] = []
    for root in roots:
        if root / MODEL_NAME not in unique:
            unique.append(root / MODEL_NAME)
    return unique


def default_download_dir() -> Path:
    """Where `kinito model download` unpacks by default: the checkout's models/, else kinito's data
    folder (assistant.paths)."""
    return models_dir()


def _named(path: Path, origin: str) -> Path:
    if not path.is_dir():
        raise UserError(f"Le modèle vocal donné par {origin} n'existe pas : {path}.", fix=FIX_DOWNLOAD)
    if not is_model_dir(path):
        raise UserError(f"{path} (donné par {origin}) n'est pas un modèle Vosk.", fix=FIX_DOWNLOAD)
    return path


def find_model(
    explicit: str | None = None,
    configured: str | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Path:
    """The Vosk model directory to use.

    Order: `explicit` (--model), env KINITO_MODEL, `configured` (a config file's model key), then
    models/vosk-model-small-fr-0.22 in the project, in the current directory and in kinito's data
    folder, then Vosk's own caches (VOSK_MODEL_PATH, /usr/share/vosk, ~/.cache/vosk). A model named
    explicitly (the first three) must exist: no silent fallback to another one.
    """
    env = os.environ if env is None else env
    if explicit:
        return _named(Path(explicit).expanduser(), "--model")
    if env.get("KINITO_MODEL"):
        return _named(Path(env["KINITO_MODEL"]).expanduser(), "KINITO_MODEL")
    if configured:
        return _named(Path(configured).expanduser(), "la configuration")
    for candidate in default_model_dirs(env, cwd):
        if is_model_dir(candidate):
            return candidate
    raise UserError("Le modèle vocal français est absent.", fix=FIX_DOWNLOAD)
