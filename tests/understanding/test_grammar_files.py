"""grammars/ is found through importlib.resources, and its check names what is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.errors import UserError
from assistant.understanding import grammar_files
from assistant.understanding.grammar_files import grammar_dir, grammar_file
from assistant.understanding.installed import check_grammars, required

ROOT_GRAMMARS = Path(__file__).resolve().parents[2] / "grammars"


def test_the_installed_package_is_the_repository_folder() -> None:
    """The editable install maps assistant.grammars onto the repository's grammars/ (pyproject.toml)."""
    assert Path(str(grammar_dir())).resolve() == ROOT_GRAMMARS
    assert grammar_file("quinito.yaml").read_text(encoding="utf-8") == (
        ROOT_GRAMMARS / "quinito.yaml"
    ).read_text(encoding="utf-8")


def test_every_required_file_reads() -> None:
    assert check_grammars() == f"{len(required())} fichiers de grammaire lus dans {grammar_dir()}."


def _folder(tmp_path: Path, skip: str = "", broken: str = "") -> Path:
    for name in required():
        if name != skip:
            (tmp_path / name).write_text("- a list\n" if name == broken else "a: 1\n", encoding="utf-8")
    return tmp_path


def test_a_missing_file_is_named_with_the_reinstall_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(grammar_files, "grammar_dir", lambda: _folder(tmp_path, skip="boire.yaml"))
    with pytest.raises(UserError, match=r"absente : boire\.yaml") as caught:
        check_grammars()
    assert caught.value.fix == grammar_files.FIX_REINSTALL


def test_a_file_that_is_no_mapping_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grammar_files, "grammar_dir", lambda: _folder(tmp_path, broken="commands.yaml"))
    with pytest.raises(UserError, match=r"commands\.yaml n'est pas un dictionnaire"):
        check_grammars()


def test_not_installed_falls_back_to_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """PYTHONPATH=. without an install: the folder beside the package."""

    def not_installed(package: str) -> object:
        raise ModuleNotFoundError(package)

    monkeypatch.setattr(grammar_files, "files", not_installed)
    assert grammar_dir() == ROOT_GRAMMARS


def test_nowhere_says_reinstall(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed(package: str) -> object:
        raise ModuleNotFoundError(package)

    monkeypatch.setattr(grammar_files, "files", not_installed)
    monkeypatch.setattr(grammar_files, "_CHECKOUT", tmp_path / "absent")
    with pytest.raises(UserError, match="introuvables") as caught:
        grammar_dir()
    assert caught.value.fix == grammar_files.FIX_REINSTALL
