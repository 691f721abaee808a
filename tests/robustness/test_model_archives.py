"""Items 6 and 10: `kinito model download|verify` over hostile archives, URLs and folders
(served as file:// URLs, no network): one specific sentence, exit 2, nothing left behind."""

from __future__ import annotations

import errno
import io
import random
import stat
import zipfile
from pathlib import Path
from typing import Any

import pytest

from assistant.cli import main
from assistant.errors import UserError
from assistant.voice.model import archive as unpacking
from assistant.voice.model.files import MODEL_NAME, load_manifest

ROOT = f"{MODEL_NAME}/"


def archive(tmp_path: Path, members: list[tuple[zipfile.ZipInfo | str, bytes]]) -> str:
    """A zip of `members` (deflated) written to tmp_path; its file:// URL."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zipped:
        for info, data in members:
            zipped.writestr(info, data)
    path = tmp_path / "model.zip"
    path.write_bytes(buffer.getvalue())
    return path.as_uri()


def symlink(name: str, target: str) -> tuple[zipfile.ZipInfo, bytes]:
    info = zipfile.ZipInfo(name)
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info, target.encode()


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    err = capsys.readouterr().err
    assert "Traceback" not in err and "erreur inattendue" not in err, err
    said = [line for line in err.splitlines() if line.startswith("kinito:")]  # the progress bar aside
    assert len(said) == 1, err
    return code, said[0]


def leftovers(dest: Path) -> list[Path]:
    return sorted(dest.rglob("*")) if dest.exists() else []


HOSTILE = {
    "empty": ([], "vide"),
    "symlink": ([symlink(ROOT + "am/final.mdl", "/etc/passwd")], "lien symbolique"),
    "deep": ([(ROOT + "d/" * 40 + "f", b"x")], "trop long"),
    "long-name": ([(ROOT + "x" * 300, b"x")], "trop long"),
    "escaping": ([("../evil", b"x")], "dangereux"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_item6_hostile_archives_are_one_sentence_and_leave_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    members, fragment = HOSTILE[case]
    dest = tmp_path / "models"
    code, err = cli(capsys, "model", "download", "--dest", str(dest), "--url", archive(tmp_path, members))
    assert code == 2 and fragment in err
    assert leftovers(dest) == []  # no model, no staging folder, no .part


def test_item10_zip_bomb_is_refused_from_its_declared_sizes_before_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A member declaring more bytes than the manifest's size for that file is refused up front."""
    expected = {e.path: e.size for e in load_manifest()}["am/final.mdl"]
    bomb = bytes(expected + (8 << 20))  # 8 MiB more zeros than the real file: a few KiB compressed
    dest = tmp_path / "models"
    code, err = cli(
        capsys,
        "model",
        "download",
        "--dest",
        str(dest),
        "--url",
        archive(tmp_path, [(ROOT + "am/final.mdl", bomb)]),
    )
    assert code == 2 and "am/final.mdl" in err and "manifeste" in err
    assert leftovers(dest) == []


def test_item10_unpack_stops_writing_at_the_expected_size(tmp_path: Path) -> None:
    """Whatever a member's header says, no more than its limit is ever written."""
    path = tmp_path / "m.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("model/big", bytes(500_000))
    with zipfile.ZipFile(path) as zipped, pytest.raises(UserError, match="plus de données que prévu"):
        unpacking._extract(zipped, zipped.infolist()[0], tmp_path / "out", 100_000)
    assert (tmp_path / "out" / "model" / "big").stat().st_size <= 100_000


def test_item6_bad_url_dest_on_a_file_and_bad_manifest_are_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = cli(capsys, "model", "download", "--dest", str(tmp_path / "m"), "--url", "not a url")
    assert code == 2 and "Adresse invalide" in err
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    code, err = cli(capsys, "model", "download", "--dest", str(a_file))
    assert code == 2 and "pas un dossier" in err
    for content in (b"garbage\n", b"\xff\xfe\x00bad"):
        manifest = tmp_path / "bad.sha256"
        manifest.write_bytes(content)
        code, err = cli(capsys, "model", "verify", "--model", str(tmp_path), "--manifest", str(manifest))
        assert code == 2 and "Manifeste illisible" in err


def test_item6_full_disk_while_downloading_leaves_no_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENOSPC in the middle of the download: one sentence, and the .part is removed."""
    real_open = Path.open

    class FullDisk:
        """A part file on a disk that fills up after its first block."""

        def __init__(self, handle: Any) -> None:
            self.handle = handle
            self.blocks = 0

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def write(self, data: bytes) -> int:
            self.blocks += 1
            if self.blocks > 1:
                raise OSError(errno.ENOSPC, "No space left on device")
            return int(self.handle.write(data))

    def opening(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(self, mode, *args, **kwargs)
        if self.name.endswith(".part") and mode in ("wb", "ab"):
            return FullDisk(handle)
        return handle

    monkeypatch.setattr(Path, "open", opening)
    dest = tmp_path / "models"
    url = archive(tmp_path, [(ROOT + "noise", random.Random(1).randbytes(300_000))])  # several blocks
    code, err = cli(capsys, "model", "download", "--dest", str(dest), "--url", url)
    assert code == 2 and "disque est plein" in err
    assert leftovers(dest) == []
