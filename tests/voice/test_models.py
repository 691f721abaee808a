"""The model on disk: manifest parsing (the real one), verification, and where find_model looks."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from assistant.errors import UserError
from assistant.voice.model import files as models
from assistant.voice.model.files import (
    MANIFEST_PATH,
    ManifestEntry,
    SizeMismatch,
    find_model,
    is_model_dir,
    load_manifest,
    parse_manifest,
    verify_model,
)

SHARED_MANIFEST = (
    Path(__file__).resolve().parents[3] / "shared" / "models" / "vosk-model-small-fr-0.22.sha256"
)


def test_real_manifest_lists_every_model_file() -> None:
    entries = load_manifest()
    by_path = {e.path: e for e in entries}
    assert len(by_path) == len(entries) == 14
    assert by_path["README"].size == 354
    assert by_path["am/final.mdl"].size == 15978979
    assert (
        by_path["graph/Gr.fst"].sha256 == "4d5aefc6af664d1c47979ae3b9eb7e972c196e843ff4eee65e4c7b0c064723cf"
    )
    # the empty file carries the sha256 of nothing
    assert by_path["ivector/online_cmvn.conf"] == ManifestEntry(
        "ivector/online_cmvn.conf", 0, hashlib.sha256(b"").hexdigest()
    )


@pytest.mark.skipif(not SHARED_MANIFEST.exists(), reason="no shared manifest outside the dev machine")
def test_packaged_manifest_is_the_shared_one() -> None:
    assert MANIFEST_PATH.read_bytes() == SHARED_MANIFEST.read_bytes()


def test_manifest_comments_blank_lines_and_errors() -> None:
    digest = "a" * 64
    assert parse_manifest(f"# header\n\n{digest}  12  dir/a file\n") == (
        ManifestEntry("dir/a file", 12, digest),
    )
    with pytest.raises(ValueError, match="line 2"):
        parse_manifest(f"# header\n{digest} twelve a\n")


def _fake_model(root: Path, files: dict[str, bytes]) -> tuple[ManifestEntry, ...]:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return tuple(ManifestEntry(n, len(d), hashlib.sha256(d).hexdigest()) for n, d in files.items())


FILES = {"am/final.mdl": b"acoustic" * 100, "conf/model.conf": b"--x=1\n", "README": b"fake\n"}


def test_verify_complete_model(tmp_path: Path) -> None:
    manifest = _fake_model(tmp_path, FILES)
    report = verify_model(tmp_path, manifest)
    assert report.ok and report.complete and report.hashed and report.checked == 3
    assert "3 fichiers conformes" in report.summary()


def test_verify_reports_missing_file(tmp_path: Path) -> None:
    manifest = _fake_model(tmp_path, FILES)
    (tmp_path / "README").unlink()
    report = verify_model(tmp_path, manifest)
    assert report.missing == ("README",) and not report.complete
    assert "README" in report.summary()


def test_verify_size_mismatch_is_a_broken_download(tmp_path: Path) -> None:
    manifest = _fake_model(tmp_path, FILES)
    (tmp_path / "am/final.mdl").write_bytes(b"acoustic" * 50)
    report = verify_model(tmp_path, manifest, hashes=False)
    assert report.size_mismatch == (SizeMismatch("am/final.mdl", 800, 400),)
    assert not report.complete
    assert "incomplet" in report.summary()


def test_verify_hash_mismatch_is_reported_not_accepted(tmp_path: Path) -> None:
    manifest = _fake_model(tmp_path, FILES)
    (tmp_path / "README").write_bytes(b"FAKE\n")  # same size, other bytes
    report = verify_model(tmp_path, manifest)
    assert report.complete and not report.ok
    assert report.hash_mismatch == ("README",)
    assert "README" in report.summary()
    assert verify_model(tmp_path, manifest, hashes=False).ok  # sizes alone cannot see it


def test_korean_test_model_is_a_vosk_model_but_not_the_french_one(ko_model_dir: Path) -> None:
    ko = ko_model_dir
    assert is_model_dir(ko)
    assert find_model(str(ko), env={}) == ko
    assert not verify_model(ko, load_manifest(), hashes=False).complete


def _model_at(path: Path) -> Path:
    _fake_model(path, FILES)
    return path


@pytest.fixture
def nowhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No model in the project's models/ (whatever this checkout holds)."""
    monkeypatch.setattr(models, "PROJECT_MODELS", tmp_path / "project" / "models")
    return tmp_path


def test_find_model_order_explicit_env_config_project_cwd_cache(nowhere: Path) -> None:
    home = nowhere / "home"
    cwd = nowhere / "cwd"
    env = {"HOME": str(home)}
    with pytest.raises(UserError) as caught:
        find_model(env=env, cwd=cwd)
    assert caught.value.message == "Le modèle vocal français est absent."
    assert caught.value.fix == "kinito model download"
    cache = _model_at(home / ".cache/vosk/vosk-model-small-fr-0.22")
    assert find_model(env=env, cwd=cwd) == cache
    here = _model_at(cwd / "models/vosk-model-small-fr-0.22")
    assert find_model(env=env, cwd=cwd) == here
    project = _model_at(nowhere / "project/models/vosk-model-small-fr-0.22")
    assert find_model(env=env, cwd=cwd) == project
    configured = _model_at(nowhere / "configured")
    assert find_model(configured=str(configured), env=env, cwd=cwd) == configured
    from_env = _model_at(nowhere / "from-env")
    env["KINITO_MODEL"] = str(from_env)
    assert find_model(configured=str(configured), env=env, cwd=cwd) == from_env
    explicit = _model_at(nowhere / "explicit")
    assert find_model(str(explicit), configured=str(configured), env=env, cwd=cwd) == explicit


def test_vosk_model_path_env_is_searched(nowhere: Path) -> None:
    vosk_dir = nowhere / "vosk"
    found = _model_at(vosk_dir / "vosk-model-small-fr-0.22")
    assert find_model(env={"HOME": str(nowhere), "VOSK_MODEL_PATH": str(vosk_dir)}, cwd=nowhere) == found


def test_a_named_model_that_is_absent_never_falls_back(nowhere: Path) -> None:
    _model_at(nowhere / "models/vosk-model-small-fr-0.22")
    with pytest.raises(UserError, match="--model"):
        find_model(str(nowhere / "missing"), env={}, cwd=nowhere)
    with pytest.raises(UserError, match="KINITO_MODEL"):
        find_model(env={"KINITO_MODEL": str(nowhere / "missing")}, cwd=nowhere)
    (nowhere / "empty").mkdir()
    with pytest.raises(UserError, match="n'est pas un modèle Vosk"):
        find_model(str(nowhere / "empty"), env={}, cwd=nowhere)
