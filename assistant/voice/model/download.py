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
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

from assistant.errors import UserError, network_reason
from assistant.progress import progress_bar
from assistant.voice.model.archive import ARCHIVE_SLACK, _disk_sentence, unpack
from assistant.voice.model.files import (
    FIX_DOWNLOAD,
    MODEL_NAME,
    MODEL_URL,
    ManifestEntry,
    VerifyReport,
    is_model_dir,
    load_manifest,
)
from assistant.voice.model.install import place

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


DEADLINE_SECONDS = 30 * 60.0
"""The whole download must end within this time (the small model takes a minute on a slow line)."""
MIN_RATE = 8 * 1024
"""Bytes per second a download must keep up, averaged over RATE_WINDOW (a trickle is cut)."""
RATE_WINDOW = 30.0
"""Seconds over which the rate is measured (a short stall is forgiven)."""


@dataclass
class Pace:
    """The download's overall deadline and minimum rate, on an injectable clock."""

    clock: Callable[[], float] = time.monotonic
    """Seconds, monotonic (tests advance a fake one)."""
    deadline: float = DEADLINE_SECONDS
    """Seconds the whole download may take."""
    min_rate: float = MIN_RATE
    """Bytes per second it must average over each `window`."""
    window: float = RATE_WINDOW
    """Seconds of the rate's window."""

    def __post_init__(self) -> None:
        self.started = self.clock()
        self._window_start = self.started
        self._window_bytes = 0

    def check(self, received: int, url: str) -> None:
        """Account for `received` more bytes; raise when the deadline passed or the rate fell."""
        now = self.clock()
        self._window_bytes += received
        fix = f"{FIX_DOWNLOAD} (il reprendra là où il s'est arrêté), ou kinito model install ARCHIVE"
        if now - self.started > self.deadline:
            raise UserError(
                f"Le téléchargement de {url} dépasse {self.deadline / 60:.0f} minutes : interrompu.", fix=fix
            )
        if now - self._window_start >= self.window:
            rate = self._window_bytes / (now - self._window_start)
            if rate < self.min_rate:
                raise UserError(
                    f"Le téléchargement de {url} est trop lent ({rate / 1024:.1f} Kio/s) : interrompu.",
                    fix=fix,
                )
            self._window_start, self._window_bytes = now, 0


def fetch(
    url: str,
    part: Path,
    progress: TextIO | None,
    opener: Opener = _open,
    timeout: float = 30,
    limit: int | None = None,
    pace: Pace | None = None,
) -> Path:
    """Download `url` into `part`, resuming from its current size; returns `part` once complete.
    More than `limit` bytes, or a full disk, drops the part (no half file left to fill the disk); past
    the pace's deadline or under its minimum rate the download stops (the part is kept to resume)."""
    pace = Pace() if pace is None else pace
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
            _receive(response, part, offset, bar, url, limit, pace)
        finally:
            bar.advance(0, final=True)  # the progress line ends before any sentence
    if total is not None and part.stat().st_size != total:
        raise UserError(
            f"Le téléchargement s'est interrompu ({part.stat().st_size} octets sur {total}).",
            fix=f"{FIX_DOWNLOAD} (il reprendra là où il s'est arrêté)",
        )
    return part


def _receive(
    response: BinaryIO, part: Path, offset: int, bar: ProgressBar, url: str, limit: int | None, pace: Pace
) -> None:
    """The response's body appended to `part`; a full disk or too many bytes drop the part. Each read
    returns what one receive brought (`read1`), so a trickle cannot hold a read for ever."""
    interrupted = f"{FIX_DOWNLOAD} (il reprendra)"
    read = getattr(response, "read1", response.read)
    try:
        with part.open("ab" if offset else "wb") as out:
            while block := read(BLOCK):
                out.write(block)
                bar.advance(len(block))
                pace.check(len(block), url)
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


def download_model(
    dest: Path,
    url: str = MODEL_URL,
    manifest: Sequence[ManifestEntry] | None = None,
    progress: TextIO | None = None,
    name: str = MODEL_NAME,
    opener: Opener = _open,
    cache: Path | None = None,
    trust_anyway: bool = False,
    pace: Pace | None = None,
) -> VerifyReport:
    """Fetch, unpack, verify and install the model as `dest/name`; returns the verification report.

    A size mismatch or a missing file aborts (nothing installed, the archive is dropped so the next
    attempt starts afresh). A hash mismatch, or a file the manifest does not list, is refused too,
    unless `trust_anyway`. The installed folder keeps its sums (assistant.voice.model.trust RECORD).
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
        part = fetch(url, partial / f".{name}.zip.part", progress, opener, limit=limit, pace=pace)
        try:
            root = unpack(part, staging / "content", manifest)
            if not is_model_dir(root):
                raise UserError("L'archive téléchargée ne contient pas de modèle Vosk.", fix=FIX_DOWNLOAD)
            fix = f"{FIX_DOWNLOAD} depuis l'adresse officielle, ou --trust-anyway"
            installed = place(root, dest, name, manifest, trust_anyway, staging / "previous", fix)
        except UserError:
            part.unlink(missing_ok=True)  # a whole but bad archive: resuming it would fail forever
            raise
        part.unlink()
    except OSError as error:
        raise UserError(_disk_sentence(error, final), fix=FIX_DOWNLOAD) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    assert installed.report is not None  # a manifest was given
    return dataclasses.replace(installed.report, model=final)
