"""kinito.toml takes the flags' French values, names the file and the key it rejects (with the
closest known one), can set the board; `kinito settings` shows what is in effect and where from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.errors import UserError
from assistant.settings.play import load_settings
from assistant.settings.toml_file import toml_place
from tests.cli.kinito_run import kinito


def _file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "kinito.toml"
    path.write_text('players = "Ana, Bruno, Chloé"\n' + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "key", "value"),
    [
        ('edition = "famille"\n', "edition", "family"),
        ('edition = "Apéro"\n', "edition", "drinking"),
        ('input = "texte"\n', "input", "text"),
        ('speech = "non"\n', "speech", False),
        ("board = 8000\n", "board", "8000"),
        ('board = "0.0.0.0:8000"\n', "board", "0.0.0.0:8000"),
    ],
)
def test_the_file_takes_the_same_french_values_as_the_flags(
    tmp_path: Path, body: str, key: str, value: object
) -> None:
    settings = load_settings({}, config=str(_file(tmp_path, body)))
    got = settings.table.rules.to_dict().get(key) if key == "edition" else getattr(settings, key)
    assert got == value


def test_an_unknown_key_names_the_file_and_the_close_key(tmp_path: Path) -> None:
    path = tmp_path / "kinito.toml"
    path.write_text('player = "Ana, Bruno"\n', encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_settings({}, config=str(path))
    assert caught.value.message == f"Réglage inconnu dans {path} : « player » (veux-tu dire « players » ?)."


def test_a_bad_value_of_the_file_names_the_file_not_when_the_flag_is_to_blame(tmp_path: Path) -> None:
    path = _file(tmp_path, 'slow = "x"\n')
    with pytest.raises(UserError, match=f"« x ».*dans {path}"):
        load_settings({}, config=str(path))
    with pytest.raises(UserError) as caught:
        load_settings({"slow": "nan"}, config=str(path))  # the flag wins, and is the one refused
    assert "nan" in caught.value.message and str(path) not in caught.value.message


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("edition = [\n", "une valeur manque ou n'est pas valide (un texte s'écrit entre guillemets)"),
        ('wake_word = "arb\n', "un guillemet n'est pas fermé, ligne 2, colonne 17"),
        ("a = 1\na = 2\n", "une clé ou une table est donnée deux fois"),
    ],
)
def test_toml_errors_are_french(tmp_path: Path, body: str, said: str) -> None:
    with pytest.raises(UserError) as caught:
        load_settings({}, config=str(_file(tmp_path, body)))
    assert said in caught.value.message
    assert "Expected" not in caught.value.message and "at line" not in caught.value.message


def test_toml_place_keeps_no_english() -> None:
    assert (
        toml_place("Invalid statement (at line 3, column 1)")
        == "la syntaxe n'est pas valide, ligne 3, colonne 1"
    )


def test_kinito_settings_shows_each_setting_and_where_it_comes_from(tmp_path: Path) -> None:
    path = _file(tmp_path, 'edition = "famille"\nboard = 8000\n')
    done = kinito(["settings"], tmp_path)
    assert done.returncode == 0, done.stderr
    lines = {line.split()[0]: line for line in done.stdout.splitlines()[1:]}
    assert "famille" in lines["edition"] and str(path) in lines["edition"]
    assert "8000" in lines["board"] and str(path) in lines["board"]
    assert "(défaut)" in lines["wake_word"] and "arbitre" in lines["wake_word"]
    data = json.loads(kinito(["settings", "--json"], tmp_path, env={"KINITO_DB": "/tmp/x.db"}).stdout)
    by_key = {row["key"]: row for row in data["settings"]}
    assert data["file"] == str(path) and by_key["edition"]["value"] == "family"
    assert by_key["db"] == {"key": "db", "value": "/tmp/x.db", "source": "variable KINITO_DB"}


def test_kinito_settings_without_a_file_says_so(tmp_path: Path) -> None:
    done = kinito(["settings"], tmp_path)
    assert done.stdout.startswith("Aucun fichier de réglages")
    assert "players" in done.stdout and "à donner" in done.stdout
