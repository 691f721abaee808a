"""`kinito doctor`: each simulated failure names the missing thing and the command that fixes it."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from assistant.doctor import checks as doctor
from assistant.doctor.checks import Check, Probes, can_play, run_checks
from assistant.errors import UserError
from assistant.voice.model.files import ManifestEntry
from assistant.voice.speak.tts import VoiceInfo

FRENCH = [VoiceInfo("roa/fr", "French (France)", ("fr-fr",))]
DEVICES = [
    {"name": "USB mic", "max_input_channels": 1, "max_output_channels": 0},
    {"name": "Speakers", "max_input_channels": 0, "max_output_channels": 2},
]
FILES = {"am/final.mdl": b"model" * 10, "README": b"readme\n"}


def _absent_model(explicit: str | None) -> Path:
    raise UserError("Le modèle vocal français est absent.", fix="kinito model download")


@pytest.fixture
def healthy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Probes:
    """A machine with everything; each test breaks one thing."""
    model = tmp_path / "model"
    for name, data in FILES.items():
        (model / name).parent.mkdir(parents=True, exist_ok=True)
        (model / name).write_bytes(data)
    manifest = tuple(ManifestEntry(n, len(d), hashlib.sha256(d).hexdigest()) for n, d in FILES.items())
    monkeypatch.setattr(doctor, "load_manifest", lambda: manifest)
    return Probes(
        find_package=lambda name: True,
        load_portaudio=lambda: object(),
        query_devices=lambda: DEVICES,
        espeak_voices=lambda: FRENCH,
        find_model=lambda explicit: model,
        store_path=lambda: tmp_path / "data" / "kinito.sqlite3",
        grammars=lambda: "6 fichiers de grammaire lus.",
        vocabulary=lambda path: lambda word: True,
    )


def _by_name(checks: list[Check]) -> dict[str, Check]:
    return {c.name: c for c in checks}


def test_everything_present_means_play_can_start(healthy: Probes) -> None:
    checks = run_checks(healthy, full=True)
    assert [c.name for c in checks] == [
        "packages",
        "grammars",
        "portaudio",
        "microphone",
        "speaker",
        "espeak",
        "model",
        "vocabulary",
        "store",
    ]
    assert all(c.ok and c.fix is None for c in checks), checks
    assert can_play(checks)


def _only_failure(checks: list[Check]) -> Check:
    failed = [c for c in checks if not c.ok]
    assert len(failed) == 1, failed
    return failed[0]


def test_no_model_names_the_download_command(healthy: Probes) -> None:
    checks = run_checks(dataclasses.replace(healthy, find_model=_absent_model))
    failed = _only_failure(checks)
    assert (failed.name, failed.fix) == ("model", "kinito model download")
    assert "modèle vocal français est absent" in failed.detail
    assert not can_play(checks)


def test_incomplete_model_is_blocking(healthy: Probes) -> None:
    model = healthy.find_model(None)
    (model / "am/final.mdl").write_bytes(b"cut")
    failed = _only_failure(run_checks(healthy))
    assert failed.name == "model" and failed.blocking and failed.fix == "kinito model download"
    assert "am/final.mdl" in failed.detail


def test_checksum_mismatch_is_reported_with_full_but_not_blocking(healthy: Probes) -> None:
    (healthy.find_model(None) / "README").write_bytes(b"README\n")  # same size
    assert all(c.ok for c in run_checks(healthy, full=False))  # sizes only: fast, cannot see it
    checks = run_checks(healthy, full=True)
    failed = _only_failure(checks)
    assert failed.name == "model" and not failed.blocking and "README" in failed.detail
    assert failed.fix is not None and "kinito model download" in failed.fix
    assert can_play(checks)


def test_no_input_device_says_plug_a_microphone_or_choose_device(healthy: Probes) -> None:
    outputs_only: list[dict[str, Any]] = [DEVICES[1]]
    checks = run_checks(dataclasses.replace(healthy, query_devices=lambda: outputs_only))
    failed = _only_failure(checks)
    assert failed.name == "microphone"
    assert "micro" in failed.detail.lower()
    assert failed.fix is not None and "micro" in failed.fix and "--device" in failed.fix
    assert not can_play(checks)


def test_no_output_device_is_named(healthy: Probes) -> None:
    failed = _only_failure(run_checks(dataclasses.replace(healthy, query_devices=lambda: [DEVICES[0]])))
    assert failed.name == "speaker" and failed.fix is not None and "haut-parleur" in failed.fix


def test_no_espeak_names_apt_get_install_espeak_ng(healthy: Probes) -> None:
    def missing() -> list[VoiceInfo]:
        raise UserError("Le programme espeak-ng est introuvable.", fix="sudo apt-get install espeak-ng")

    failed = _only_failure(run_checks(dataclasses.replace(healthy, espeak_voices=missing)))
    assert failed.name == "espeak" and "espeak-ng" in failed.detail
    assert failed.fix == "sudo apt-get install espeak-ng"


def test_espeak_without_french_voice(healthy: Probes) -> None:
    english = [VoiceInfo("gmw/en", "English", ("en-gb",))]
    failed = _only_failure(run_checks(dataclasses.replace(healthy, espeak_voices=lambda: english)))
    assert failed.name == "espeak" and "française" in failed.detail
    assert failed.fix == "sudo apt-get install espeak-ng"


def test_no_portaudio_names_libportaudio2(healthy: Probes) -> None:
    def broken() -> object:
        raise OSError("PortAudio library not found")

    def no_devices() -> list[dict[str, Any]]:
        raise OSError("PortAudio library not found")

    checks = _by_name(
        run_checks(dataclasses.replace(healthy, load_portaudio=broken, query_devices=no_devices))
    )
    assert checks["portaudio"].fix == "sudo apt-get install libportaudio2"
    assert "libportaudio2" in checks["portaudio"].detail
    assert not checks["microphone"].ok and "PortAudio" in checks["microphone"].detail


def test_missing_python_package_names_its_pypi_name(healthy: Probes) -> None:
    probes = dataclasses.replace(healthy, find_package=lambda name: name not in ("text_to_num", "vosk"))
    failed = _only_failure(run_checks(probes))
    assert failed.name == "packages" and failed.fix == "pip install vosk text2num"


def test_unwritable_store_is_named(healthy: Probes, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    failed = _only_failure(run_checks(dataclasses.replace(healthy, store_path=lambda: blocker / "k.sqlite3")))
    assert failed.name == "store" and str(blocker) in failed.detail
    assert failed.fix is not None and "KINITO_DB" in failed.fix


def test_existing_store_is_checked_with_a_real_write_lock(healthy: Probes) -> None:
    path = healthy.store_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as db:
        db.execute("create table t(x)")
    assert _by_name(run_checks(healthy))["store"].ok


def test_missing_grammars_block_play_and_name_the_reinstall(healthy: Probes) -> None:
    def missing() -> str:
        raise UserError("Grammaire absente : quinito.yaml.", "pip install --force-reinstall kinito")

    checks = run_checks(dataclasses.replace(healthy, grammars=missing))
    failed = _only_failure(checks)
    assert failed.name == "grammars" and "quinito.yaml" in failed.detail
    assert failed.fix == "pip install --force-reinstall kinito"
    assert not can_play(checks)


def test_cli_json_is_only_json_and_exit_code_follows_ok(tmp_path: Path) -> None:
    """Runs the real checks of this machine: whatever they find, stdout is JSON and the code agrees."""
    env = {"KINITO_DB": str(tmp_path / "k.sqlite3"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "doctor", "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    payload = json.loads(done.stdout)
    assert set(payload) == {"ok", "checks"}
    assert {"name", "ok", "detail", "fix"} <= set(payload["checks"][0])
    assert (done.returncode == 0) == payload["ok"]
    store = next(c for c in payload["checks"] if c["name"] == "store")
    assert store["ok"] and str(tmp_path) in store["detail"]
    grammars = next(c for c in payload["checks"] if c["name"] == "grammars")
    assert grammars["ok"] and "grammars" in grammars["detail"]


def test_vocabulary_names_what_the_model_cannot_hear(healthy: Probes) -> None:
    """Words the model lacks are named, their phrases dropped, and it does not block play."""
    probes = dataclasses.replace(healthy, vocabulary=lambda path: lambda word: word != "arbitre")
    check = _by_name(run_checks(probes))["vocabulary"]
    assert not check.ok and not check.blocking
    assert "mots inconnus : arbitre" in check.detail and "phrases retirées" in check.detail
    assert check.fix is not None and "respellings.yaml" in check.fix


def test_vocabulary_with_the_korean_model(ko_model_dir: Path) -> None:
    """The real decoder's vocabulary: a Korean model hears (almost) none of the French grammars."""
    from assistant.doctor.checks import check_vocabulary

    check = check_vocabulary(Probes(find_model=lambda explicit: ko_model_dir))
    assert check.name == "vocabulary" and not check.ok and not check.blocking
    assert "arbitre" in check.detail and "phrases retirées" in check.detail
    assert "pas de mot [unk]" in check.detail  # this model has none (tests/voice/test_grammar_mode.py)
