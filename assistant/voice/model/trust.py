"""Whether a model on disk is what it claims: the manifest that applies to it, sha256 sums cached by
size and modification time, and the check `kinito play` and `transcribe` make before loading it.

Which manifest applies:
- `kinito.sha256` inside the model folder: the sums `kinito model install` (or `download`) recorded
  when it installed that model, whatever model it is;
- else the shipped manifest of the small French model, for a folder of that name, or one holding
  every file of that manifest at its size;
- else none: another Vosk model, that kinito never installed ("un autre modèle", not "abîmé").
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from assistant.errors import UserError
from assistant.voice.model.files import (
    MODEL_NAME,
    ManifestEntry,
    VerifyReport,
    load_manifest,
    read_manifest,
    sha256_of,
    verify_model,
)

RECORD = "kinito.sha256"
"""The sums recorded in a model folder when kinito installed it (the manifest format)."""
CACHE_NAME = "model-sums.json"
"""The cache of sums (in kinito's cache folder), keyed by path, size and modification time."""
CACHE_LIMIT = 4 << 20
"""Bytes the cache file may take (a bigger one is ignored, as is a broken one)."""
ANOTHER_MODEL = (
    "un autre modèle Vosk que le petit modèle français, installé sans kinito : ses sommes ne sont pas"
    " connues (kinito model install DOSSIER les enregistre)."
)
"""What verify and the doctor say of a model no manifest applies to (not "abîmé")."""
FIX_TRUST = "kinito model verify (et réinstalle-le : kinito model install ARCHIVE|DOSSIER), ou --trust-anyway"


@dataclass(frozen=True)
class Claim:
    """The manifest a model is checked against, and where it comes from."""

    entries: tuple[ManifestEntry, ...]
    """The files the model must hold."""
    source: str
    """"record" (kinito's own sums of that model) or "shipped" (the small French model's manifest)."""


def claim_of(model: Path, shipped: Callable[[], tuple[ManifestEntry, ...]] = load_manifest) -> Claim | None:
    """The manifest that applies to `model`, or None for another model kinito never installed: the
    recorded sums, else the small French model's manifest (`shipped`) for a folder of its name or one
    holding at least half of its files at their sizes (a damaged copy under another name)."""
    record = model / RECORD
    if record.is_file():
        return Claim(read_manifest(record), "record")
    entries = shipped()
    if model.name == MODEL_NAME:
        return Claim(entries, "shipped")
    report = verify_model(model, entries, hashes=False)
    intact = len(entries) - len(report.missing) - len(report.size_mismatch)
    return Claim(entries, "shipped") if entries and 2 * intact >= len(entries) else None


class SumCache:
    """sha256 sums already computed, reused while a file keeps its size and modification time."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        """The JSON file (None: nothing kept between runs)."""
        self._sums: dict[str, list[object]] = self._read()
        self.computed = 0
        """Files hashed by this cache (not found in it)."""

    def _read(self) -> dict[str, list[object]]:
        if self.path is None:
            return {}
        try:
            with self.path.open("rb") as file:
                raw = file.read(CACHE_LIMIT + 1)
            found = json.loads(raw) if len(raw) <= CACHE_LIMIT else {}
        except (OSError, ValueError):
            return {}
        return {str(k): v for k, v in found.items() if isinstance(v, list)} if isinstance(found, dict) else {}

    def sha256(self, file: Path) -> str:
        """The file's sum, from the cache when its size and mtime are unchanged."""
        info = file.stat()
        key = str(file.resolve())
        known = self._sums.get(key)
        if known is not None and known[:2] == [info.st_size, info.st_mtime_ns] and isinstance(known[2], str):
            return known[2]
        digest = sha256_of(file)
        self.computed += 1
        self._sums[key] = [info.st_size, info.st_mtime_ns, digest]
        return digest

    def save(self) -> None:
        """Write the cache (a failure only costs hashing again next time)."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_suffix(".tmp")
            partial.write_text(json.dumps(self._sums), encoding="utf-8")
            os.replace(partial, self.path)
        except OSError:
            pass


def default_cache() -> SumCache:
    """The cache in kinito's cache folder."""
    from assistant.paths import cache_dir

    return SumCache(cache_dir() / CACHE_NAME)


def check(model: Path, cache: SumCache | None = None) -> tuple[Claim | None, VerifyReport | None]:
    """The model's claim and what its files say against it (None, None for another model)."""
    claim = claim_of(model)
    if claim is None:
        return None, None
    cache = default_cache() if cache is None else cache
    report = verify_model(model, claim.entries, hashes=True, digest=cache.sha256)
    cache.save()
    return claim, report


def ensure_trusted(model: Path, trust_anyway: bool = False, cache: SumCache | None = None) -> None:
    """Before `play` or `transcribe` loads `model`: a model whose files differ from its manifest is
    refused in one sentence, unless `trust_anyway`."""
    _claim, report = check(model, cache)
    if report is None or report.ok or trust_anyway:
        return
    raise UserError(f"Modèle refusé, abîmé ou modifié : {report.summary()}", fix=FIX_TRUST)


def walk_files(root: Path) -> Iterator[Path]:
    """Every file under `root`, sorted, the install record left out."""
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.relative_to(root).as_posix() != RECORD:
            yield path


def sums_of(root: Path, digest: Callable[[Path], str] = sha256_of) -> tuple[ManifestEntry, ...]:
    """The manifest of what `root` holds now."""
    return tuple(
        ManifestEntry(p.relative_to(root).as_posix(), p.stat().st_size, digest(p)) for p in walk_files(root)
    )


def manifest_text(entries: Sequence[ManifestEntry], title: str) -> str:
    """`sha256  size  path` lines, as the shipped manifest writes them."""
    lines = [f"# {title}: sha256, size in bytes, path (recorded by kinito model install)."]
    lines += [f"{e.sha256}  {e.size}  {e.path}" for e in entries]
    return "\n".join(lines) + "\n"
