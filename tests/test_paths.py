"""Data, config, cache, store and model folders come from one module (platformdirs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant import paths
from assistant.cli import main
from assistant.settings.play import load_settings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A HOME of our own, no XDG variable, no KINITO_DB."""
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "KINITO_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_linux_defaults_under_home(home: Path) -> None:
    assert paths.data_dir() == home / ".local/share/kinito"
    assert paths.config_dir() == home / ".config/kinito"
    assert paths.cache_dir() == home / ".cache/kinito"
    assert paths.store_path() == home / ".local/share/kinito/kinito.sqlite3"
    assert paths.user_models_dir() == home / ".local/share/kinito/models"
    assert paths.user_config_file() == home / ".config/kinito/kinito.toml"


def test_xdg_variables_are_honoured_at_each_call(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert paths.store_path() == tmp_path / "data/kinito/kinito.sqlite3"
    assert paths.user_config_file() == tmp_path / "config/kinito/kinito.toml"
    assert paths.cache_dir() == tmp_path / "cache/kinito"


def test_kinito_db_names_the_store_itself(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINITO_DB", "~/parties.sqlite3")
    assert paths.store_path() == home / "parties.sqlite3"
    assert paths.store_path({"KINITO_DB": "/x/y.sqlite3"}) == Path("/x/y.sqlite3")


def test_the_settings_file_is_found_under_xdg_config_home(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    (tmp_path / "config/kinito").mkdir(parents=True)
    (tmp_path / "config/kinito/kinito.toml").write_text('players = "Xa, Yo, Zu"\n', encoding="utf-8")
    assert load_settings({}, cwd=tmp_path / "elsewhere").table.players == ("Xa", "Yo", "Zu")


def test_a_checkout_downloads_into_its_models_folder() -> None:
    assert (Path(__file__).resolve().parents[1] / "pyproject.toml").is_file()  # this test runs in one
    assert paths.models_dir() == paths.CHECKOUT_MODELS == Path(__file__).resolve().parents[1] / "models"


def test_an_installed_kinito_downloads_into_its_data_folder_and_help_says_so(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(paths, "CHECKOUT_MODELS", tmp_path / "site-packages" / "models")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.models_dir() == tmp_path / "data/kinito/models"
    with pytest.raises(SystemExit):
        main(["model", "download", "--help"])
    assert f"(défaut : {tmp_path / 'data/kinito/models'})" in " ".join(capsys.readouterr().out.split())
