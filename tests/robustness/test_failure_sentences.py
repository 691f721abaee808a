"""Each failure a person can meet is one French sentence of its own, never the catch-all "erreur
inattendue" nor a traceback; stdin, FIFOs and devices are read within bounds (of size and of time)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from assistant.errors import os_reason, os_sentence
from assistant.voice.speak.tts import VoiceInfo, installed
from tests.cli.kinito_run import kinito

TEXT = ["play", "--input", "text", "--no-speech", "--players", "Ana,Bruno,Chloé"]


def _one_sentence(err: str) -> str:
    """The whole of stderr: one `kinito:` line, French, no catch-all and no traceback."""
    assert "Traceback" not in err and "erreur inattendue" not in err, err
    lines = [line for line in err.splitlines() if line.startswith("kinito: ")]
    assert lines, err
    return lines[-1]


def test_an_unusable_data_folder_is_named(tmp_path: Path) -> None:
    """A game that must be saved where no folder can be made is refused in one sentence (a read-only
    command such as `history` just finds nothing saved there: it creates nothing)."""
    (tmp_path / "afile").write_text("", encoding="utf-8")
    done = kinito(
        TEXT, tmp_path, stdin="Ana: soixante deux\n", env={"XDG_DATA_HOME": str(tmp_path / "afile" / "x")}
    )
    assert done.returncode != 0
    said = _one_sentence(done.stderr)
    assert str(tmp_path / "afile") in said and "un fichier porte déjà ce nom" in said


@pytest.mark.parametrize("number", ["99999999999999999999999999", "9223372036854775808"])
def test_a_huge_game_number_is_no_game(tmp_path: Path, number: str) -> None:
    done = kinito(["export", number, "--db", str(tmp_path / "k.db")], tmp_path)
    assert done.returncode == 2
    assert f"Aucune partie numéro {number}" in _one_sentence(done.stderr)


def test_a_huge_number_of_games_to_simulate_is_refused(tmp_path: Path) -> None:
    done = kinito(["simulate", "--games", "99999999999"], tmp_path)
    assert done.returncode == 2 and "--games compte de 0 à" in _one_sentence(done.stderr)


def test_bytes_that_are_not_utf8_in_names_are_refused(tmp_path: Path) -> None:
    done = kinito([*TEXT[:-1], os.fsdecode(b"Ana,\xff\xfeBob")], tmp_path)
    assert done.returncode == 2
    assert "n'est pas de l'UTF-8 valide" in _one_sentence(done.stderr)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["rules"], ["variants"], ["parse", "--jsonl"]])
def test_a_full_output_is_told_as_the_output(tmp_path: Path, args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        import subprocess
        import sys

        from tests.cli.kinito_run import ROOT

        done = subprocess.run(
            [sys.executable, "-m", "assistant", *args],
            input=b"soixante deux\n",
            stdout=full,
            stderr=subprocess.PIPE,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
            timeout=60,
            check=False,
        )
    err = done.stderr.decode("utf-8")
    assert done.returncode == 1
    assert _one_sentence(err) == "kinito: Impossible d'écrire la sortie : le disque est plein."


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_say_into_a_full_file_names_it(tmp_path: Path) -> None:
    done = kinito(["say", "bonjour", "--out", "/dev/full"], tmp_path)
    assert _one_sentence(done.stderr) == "kinito: Impossible d'écrire /dev/full : le disque est plein."


@pytest.mark.parametrize("volume", ["nan", "inf", "1e400", "-1", "2"])
def test_a_volume_that_is_no_volume_is_refused(tmp_path: Path, volume: str) -> None:
    done = kinito(["say", "bonjour", "--volume", volume, "--out", str(tmp_path / "a.wav")], tmp_path)
    assert done.returncode == 2 and "Volume invalide" in _one_sentence(done.stderr)


@pytest.mark.parametrize("body", [b'players = "Ana, Bruno"\nedition = [', b"\xff\xfe\x00[[[", b"[" * 5000])
def test_corrupt_settings_are_one_sentence(tmp_path: Path, body: bytes) -> None:
    (tmp_path / "kinito.toml").write_bytes(body)
    done = kinito(["play", "--input", "text", "--no-speech", "--db", str(tmp_path / "k.db")], tmp_path)
    assert done.returncode == 2
    assert "kinito.toml" in _one_sentence(done.stderr)


@pytest.mark.parametrize("command", ["parse", "play"])
def test_dev_zero_on_stdin_ends_with_a_sentence(tmp_path: Path, command: str) -> None:
    """An endless line is no typed text: refused after a bounded read, not read forever."""
    import subprocess
    import sys

    from tests.cli.kinito_run import ROOT

    args = ["parse", "--jsonl"] if command == "parse" else [*TEXT, "--db", str(tmp_path / "k.db")]
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "assistant", *args],
            stdin=zero,
            capture_output=True,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert "sans retour à la ligne" in _one_sentence(done.stderr.decode("utf-8"))


def test_a_fifo_as_settings_file_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "kinito.toml"
    os.mkfifo(fifo)
    done = kinito([*TEXT, "--config", str(fifo), "--db", str(tmp_path / "k.db")], tmp_path, timeout=30)
    assert done.returncode == 2 and "tube" in _one_sentence(done.stderr)


def test_a_device_as_manifest_is_read_within_its_bound(tmp_path: Path) -> None:
    done = kinito(["model", "verify", "--model", str(tmp_path), "--manifest", "/dev/zero"], tmp_path)
    said = _one_sentence(done.stderr)
    assert done.returncode == 2 and ("trop gros" in said or "n'est pas un fichier ordinaire" in said)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (errno.ENOENT, "il n'existe pas"),
        (errno.ECONNREFUSED, "connexion refusée (rien n'écoute à cette adresse)"),
        (errno.ENOSPC, "le disque est plein"),
    ],
)
def test_os_errors_are_french(code: int, said: str) -> None:
    error = OSError(code, os.strerror(code), "/x/y")
    assert os_reason(error) == said
    assert os_sentence(error) == f"Impossible d'utiliser /x/y : {said}."
    assert os.strerror(code) not in os_sentence(error)


def test_only_installed_mbrola_voices_count(tmp_path: Path) -> None:
    """`mb/…` voices need the mbrola program and the voice's file: listed only when both are here."""
    assert installed(VoiceInfo("roa/fr", "French", ("fr",)))
    assert not installed(VoiceInfo("mb/mb-fr1", "French mbrola", ("fr",)), folders=(tmp_path,))


@pytest.mark.skipif(
    installed(VoiceInfo("mb/mb-fr1", "French mbrola", ("fr",))), reason="mbrola's fr1 is installed here"
)
def test_say_with_a_voice_that_is_not_installed_names_those_that_are(tmp_path: Path) -> None:
    done = kinito(["say", "bonjour", "--voice", "mb/mb-fr1", "--out", str(tmp_path / "a.wav")], tmp_path)
    said = _one_sentence(done.stderr)
    assert "« mb/mb-fr1 » n'est pas installée" in said and "mb/" not in said.split("installées :")[1]
    assert "MBROLA" not in done.stderr and "Cannot find" not in done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_the_demo_into_a_full_file_names_it_once(tmp_path: Path) -> None:
    done = kinito(["demo", "--no-speech", "--out", "/dev/full"], tmp_path)
    assert _one_sentence(done.stderr) == "kinito: Impossible d'écrire /dev/full : le disque est plein."
    assert "Exception ignored" not in done.stderr


@pytest.mark.parametrize("command", [["say", "bonjour"], ["demo", "--no-speech"]])
def test_a_wav_into_a_fifo_is_refused_not_blocked(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "out.wav"
    os.mkfifo(fifo)
    done = kinito([*command, "--out", str(fifo)], tmp_path, timeout=30)
    assert done.returncode == 2 and "n'est pas un fichier ordinaire" in _one_sentence(done.stderr)


@pytest.mark.parametrize("hours", ["nan", "inf", "-1", "1e30"])
def test_a_night_or_a_soak_that_is_no_duration_is_refused(tmp_path: Path, hours: str) -> None:
    for args in (["history", "--hours", hours, "--db", str(tmp_path / "k.db")], ["bench", "--soak", hours]):
        done = kinito(args, tmp_path)
        assert done.returncode == 2 and "invalide" in _one_sentence(done.stderr), args
