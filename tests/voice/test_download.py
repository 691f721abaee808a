"""`kinito model download` against a local HTTP server (127.0.0.1, a thread): no internet needed."""

from __future__ import annotations

import hashlib
import http.server
import io
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from assistant.cli import main
from assistant.errors import UserError
from assistant.invocation import runnable
from assistant.voice.model.download import download_model
from assistant.voice.model.files import ManifestEntry

NAME = "vosk-model-small-fr-0.22"
FILES = {
    "am/final.mdl": bytes(range(256)) * 400,
    "conf/model.conf": b"--min-active=200\n",
    "graph/Gr.fst": b"graph" * 1000,
    "README": b"fake French model\n",
}


def _zip(files: dict[str, bytes], prefix: str = f"{NAME}/") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as zipped:  # stored: big enough to cut
        for name, data in files.items():
            zipped.writestr(prefix + name, data)
    return buffer.getvalue()


def _manifest(files: dict[str, bytes]) -> list[ManifestEntry]:
    return [ManifestEntry(n, len(d), hashlib.sha256(d).hexdigest()) for n, d in files.items()]


class _Handler(http.server.BaseHTTPRequestHandler):
    payload: ClassVar[bytes] = b""
    cut_at: ClassVar[int | None] = None
    """Send a full Content-Length, then hang up after this many bytes."""
    honor_range: ClassVar[bool] = True
    status: ClassVar[int] = 200
    ranges: ClassVar[list[str | None]] = []

    def do_GET(self) -> None:
        type(self).ranges.append(self.headers.get("Range"))
        if self.status != 200:
            self.send_error(self.status)
            return
        start = 0
        wanted = self.headers.get("Range")
        if wanted and self.honor_range:
            start = int(wanted.removeprefix("bytes=").split("-")[0])
            if start >= len(self.payload):
                self.send_error(416)
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(self.payload) - 1}/{len(self.payload)}")
        else:
            self.send_response(200)
        body = self.payload[start:]
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.cut_at is not None:
            self.wfile.write(body[: self.cut_at])
            self.wfile.flush()
            self.close_connection = True
            return
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[str, type[_Handler]]]:
    handler = type("Handler", (_Handler,), {"ranges": [], "payload": _zip(FILES)})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/{NAME}.zip", handler
    httpd.shutdown()
    httpd.server_close()


def _leftovers(dest: Path) -> list[str]:
    return sorted(p.name for p in dest.iterdir() if p.name != NAME)


def test_download_unpacks_verifies_and_installs(server: tuple[str, type[_Handler]], tmp_path: Path) -> None:
    url, _ = server
    bar = io.StringIO()
    report = download_model(tmp_path, url, _manifest(FILES), progress=bar)
    assert report.ok and report.hashed
    assert report.model == tmp_path / NAME
    for name, data in FILES.items():
        assert (tmp_path / NAME / name).read_bytes() == data
    assert _leftovers(tmp_path) == []  # no .part, no unpack directory
    assert "100%" in bar.getvalue()


def test_size_mismatch_installs_nothing(server: tuple[str, type[_Handler]], tmp_path: Path) -> None:
    url, _ = server
    manifest = _manifest(FILES)
    manifest[0] = ManifestEntry(manifest[0].path, manifest[0].size + 1, manifest[0].sha256)
    with pytest.raises(UserError, match=r"inutilisable.*am/final\.mdl"):
        download_model(tmp_path, url, manifest)
    assert list(tmp_path.iterdir()) == []


def test_hash_mismatch_is_refused_unless_trusted(server: tuple[str, type[_Handler]], tmp_path: Path) -> None:
    """A tampered model (right sizes, wrong sums) is refused and nothing is installed; with
    --trust-anyway it is installed and the mismatch reported."""
    url, _ = server
    manifest = _manifest(FILES)
    manifest[3] = ManifestEntry("README", manifest[3].size, "0" * 64)
    with pytest.raises(UserError, match=r"Modèle refusé : Sommes de contrôle différentes.*README") as caught:
        download_model(tmp_path, url, manifest)
    assert "--trust-anyway" in (caught.value.fix or "")
    assert not (tmp_path / NAME).exists()
    report = download_model(tmp_path, url, manifest, trust_anyway=True)
    assert report.complete and not report.ok
    assert report.hash_mismatch == ("README",)
    assert (tmp_path / NAME / "am/final.mdl").is_file()


def test_an_extra_file_in_the_archive_is_refused(server: tuple[str, type[_Handler]], tmp_path: Path) -> None:
    """Right sizes and sums, and a run.sh the manifest does not list: refused."""
    url, handler = server
    handler.payload = _zip({**FILES, "run.sh": b"#!/bin/sh\nrm -rf ~\n"})
    with pytest.raises(UserError, match=r"absents du manifeste : run\.sh"):
        download_model(tmp_path, url, _manifest(FILES))
    assert not (tmp_path / NAME).exists()


def test_a_cut_download_waits_in_the_cache_not_beside_the_models(
    server: tuple[str, type[_Handler]], tmp_path: Path
) -> None:
    url, handler = server
    dest, cache = tmp_path / "models", tmp_path / "cache"
    handler.cut_at = 40_000
    with pytest.raises(UserError, match="interrompu"):
        download_model(dest, url, _manifest(FILES), cache=cache)
    assert list(dest.iterdir()) == []
    assert (cache / f".{NAME}.zip.part").stat().st_size == 40_000
    handler.cut_at = None
    assert download_model(dest, url, _manifest(FILES), cache=cache).model == dest / NAME
    assert handler.ranges == [None, "bytes=40000-"] and list(cache.iterdir()) == []


def test_interrupted_download_leaves_no_model_then_resumes(
    server: tuple[str, type[_Handler]], tmp_path: Path
) -> None:
    url, handler = server
    handler.cut_at = 40_000
    with pytest.raises(UserError, match="interrompu"):
        download_model(tmp_path, url, _manifest(FILES))
    assert not (tmp_path / NAME).exists()
    assert _leftovers(tmp_path) == [f".{NAME}.zip.part"]  # only the resumable part
    assert (tmp_path / f".{NAME}.zip.part").stat().st_size == 40_000
    handler.cut_at = None
    assert download_model(tmp_path, url, _manifest(FILES)).ok
    assert handler.ranges == [None, "bytes=40000-"]
    assert _leftovers(tmp_path) == []


def test_whole_part_from_a_killed_run_is_unpacked_without_refetching(
    server: tuple[str, type[_Handler]], tmp_path: Path
) -> None:
    url, handler = server
    (tmp_path / f".{NAME}.zip.part").write_bytes(handler.payload)
    assert download_model(tmp_path, url, _manifest(FILES)).ok
    assert handler.ranges == [f"bytes={len(handler.payload)}-"]  # answered 416: nothing left to fetch
    assert _leftovers(tmp_path) == []


def test_server_ignoring_range_restarts_from_scratch(
    server: tuple[str, type[_Handler]], tmp_path: Path
) -> None:
    url, handler = server
    handler.honor_range = False
    (tmp_path / f".{NAME}.zip.part").write_bytes(b"garbage from an older attempt")
    assert download_model(tmp_path, url, _manifest(FILES)).ok


def test_not_a_zip_or_unsafe_zip_is_refused(server: tuple[str, type[_Handler]], tmp_path: Path) -> None:
    url, handler = server
    handler.payload = b"<html>not found</html>"
    with pytest.raises(UserError, match="zip"):
        download_model(tmp_path / "a", url, _manifest(FILES))
    handler.payload = _zip({"../evil": b"x"}, prefix="")
    with pytest.raises(UserError, match="dangereux"):
        download_model(tmp_path / "b", url, _manifest(FILES))
    assert not (tmp_path / "evil").exists()
    for dest in (tmp_path / "a", tmp_path / "b"):
        assert list(dest.iterdir()) == []  # no model, no unpack directory, no stuck .part


def test_cli_download_verify_path(
    server: tuple[str, type[_Handler]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, handler = server
    manifest = tmp_path / "fake.sha256"
    manifest.write_text(
        "# fake\n" + "".join(f"{e.sha256}  {e.size}  {e.path}\n" for e in _manifest(FILES)), encoding="utf-8"
    )
    dest = tmp_path / "models"
    args = ["model", "download", "--dest", str(dest), "--url", url, "--manifest", str(manifest)]
    assert main(args) == 0
    assert "4 fichiers conformes" in capsys.readouterr().out
    assert main(args) == 0  # already there: no second request
    assert "déjà présent" in capsys.readouterr().out
    assert len(handler.ranges) == 1
    assert main(["model", "verify", "--model", str(dest / NAME), "--manifest", str(manifest)]) == 0
    (dest / NAME / "README").write_bytes(b"tampered model...\n")
    assert main(["model", "verify", "--model", str(dest / NAME), "--manifest", str(manifest)]) == 1
    assert "README" in capsys.readouterr().out
    assert main(["model", "path", "--model", str(dest / NAME)]) == 0
    assert capsys.readouterr().out.strip() == str(dest / NAME)


def test_cli_http_error_is_one_sentence(
    server: tuple[str, type[_Handler]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, handler = server
    handler.status = 404
    assert main(["model", "download", "--dest", str(tmp_path), "--url", url]) == 2
    err = capsys.readouterr().err
    assert "404" in err and runnable("kinito model download") in err and "Traceback" not in err
