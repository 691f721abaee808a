"""Fix hints name the command as the person can run it: `./run …` in a clone where kinito is not on
the PATH, `kinito …` when installed; the doctor's device listing names a Python that has sounddevice."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from assistant.invocation import in_sentence, launcher_for, python_command, runnable
from tests.cli.kinito_run import ROOT, kinito


def test_a_clone_without_kinito_on_the_path_runs_through_its_run_script(tmp_path: Path) -> None:
    assert launcher_for(ROOT, None, ROOT) == "./run"
    assert launcher_for(ROOT, None, ROOT / "tests") == str(ROOT / "run")  # from a subfolder too
    assert launcher_for(ROOT, None, tmp_path) == str(ROOT / "run")  # elsewhere: the whole path


def test_installed_kinito_is_named_kinito_and_nothing_else_is_rewritten() -> None:
    assert launcher_for(ROOT, "/usr/local/bin/kinito", ROOT) == "kinito"
    assert runnable("kinito model download", start="kinito") == "kinito model download"


def test_without_a_clone_or_kinito_the_module_is_named(tmp_path: Path) -> None:
    assert launcher_for(tmp_path, None, tmp_path) == f"{sys.executable} -m assistant"


@pytest.mark.parametrize(
    ("hint", "expected"),
    [
        ("kinito model download", "./run model download"),
        (
            'kinito play --players "Ana,Bruno" (ou players dans kinito.toml)',
            './run play --players "Ana,Bruno" (ou players dans kinito.toml)',
        ),
        (
            "brancher un haut-parleur, puis relancer kinito doctor",
            "brancher un haut-parleur, puis relancer ./run doctor",
        ),
        (
            "réinstaller kinito (pip install --force-reinstall kinito)",
            "réinstaller kinito (pip install --force-reinstall kinito)",
        ),
    ],
)
def test_a_hint_names_the_clone_s_run_script(hint: str, expected: str) -> None:
    assert runnable(hint, start="./run") == expected


def test_only_commands_in_backticks_are_rewritten_inside_a_sentence() -> None:
    sentence = "Un autre kinito arbitre : lance `kinito model download` une fois connecté."
    assert in_sentence(sentence, start="./run") == (
        "Un autre kinito arbitre : lance `./run model download` une fois connecté."
    )


def test_the_device_list_hint_names_a_python_that_has_sounddevice() -> None:
    assert python_command("sounddevice", start="./run") == ".venv/bin/python -m sounddevice"
    assert python_command("sounddevice", start="kinito") == f"{sys.executable} -m sounddevice"


def test_a_failure_in_a_clone_says_run(tmp_path: Path) -> None:
    """The real command, in the clone, kinito not on the PATH: the fix is `./run play ...`."""
    done = kinito(["play", "--input", "text", "--no-speech"], tmp_path, cwd=ROOT)
    assert done.returncode == 2
    assert 'Pour corriger : ./run play --players "Ana,Bruno,Chloé"' in done.stderr


def test_a_failure_when_installed_says_kinito(tmp_path: Path) -> None:
    """The same failure with a `kinito` on the PATH (installed): the fix is `kinito play ...`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "kinito"
    script.write_text(f'#!/bin/sh\nexec {sys.executable} -m assistant "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    done = kinito(
        ["play", "--input", "text", "--no-speech"], tmp_path, cwd=ROOT, path=f"{bin_dir}:/usr/bin:/bin"
    )
    assert 'Pour corriger : kinito play --players "Ana,Bruno,Chloé"' in done.stderr


def test_the_doctor_s_fixes_all_run_here(tmp_path: Path) -> None:
    """Every fix the doctor prints in a clone names `./run`, never a `kinito` that is not there,
    nor a bare `python` without the virtualenv's packages."""
    done = kinito(["doctor"], tmp_path, cwd=ROOT, env={"KINITO_MODEL": str(tmp_path / "none")})
    fixes = [line.strip() for line in done.stdout.splitlines() if line.strip().startswith("→")]
    assert fixes, done.stdout  # the model is missing here, at least
    for fix in fixes:
        assert " kinito " not in f" {fix} ".replace("kinito.toml", ""), fix
        assert "python -m" not in fix or ".venv/bin/python -m" in fix, fix
    assert any("./run model download" in fix for fix in fixes)


def test_the_model_hint_in_a_sentence_names_run(tmp_path: Path) -> None:
    """A sentence with a command in backticks (a model folder that is none) names `./run`."""
    done = kinito(["transcribe", os.devnull, "--model", str(tmp_path)], tmp_path, cwd=ROOT)
    assert "kinito model download" not in done.stderr
