"""The script format of docs/command-line.md and the table settings built from its header."""

from __future__ import annotations

import pytest

from assistant.errors import UserError
from assistant.scripts.replay_run import referee_for
from assistant.scripts.script import TABLE, WAIT, Line, parse_script
from assistant.settings.table import table_config

SCRIPT = """\
# a comment line
game: quinito
players: Ana, Bruno, Chloé   # trailing comment
Variants: V-65, V-51
slow: off
---
Ana: soixante deux
table: menteur
wait: 35
# expect: {"current": "Ana"}
# expect: {"penalties": []}
"""


def test_header_body_comments_and_expectations() -> None:
    script = parse_script(SCRIPT)
    assert script.header == {
        "game": "quinito",
        "players": "Ana, Bruno, Chloé",
        "variants": "V-65, V-51",
        "slow": "off",
    }
    assert script.lines == (
        Line("Ana", "soixante deux", 7),
        Line(TABLE, "menteur", 8),
        Line(WAIT, "35", 9),
    )
    assert script.expect == {"current": "Ana", "penalties": []}


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("game: quinito\nAna: soixante deux\n", "---"),
        ("game: quinito\ncolour: blue\n---\n", "clé d'en-tête inconnue"),
        ("game: quinito\n---\nAna soixante deux\n", "Ligne 3"),
        ("game: quinito\n---\nwait: longtemps\n", "secondes"),
        ("game: quinito\n---\n# expect: [1]\n", "objet JSON"),
        ("game: quinito\n---\n# expect: {nope\n", "JSON valide"),
    ],
)
def test_malformed_scripts_are_one_sentence_user_errors(text: str, fragment: str) -> None:
    with pytest.raises(UserError) as error:
        parse_script(text)
    assert fragment in error.value.message


@pytest.mark.parametrize(
    ("header", "fragment"),
    [
        ({"game": "quinito", "players": "Ana,Bruno", "variants": "V-99"}, "Variante inconnue"),
        ({"game": "quinito", "players": "Ana,Bruno,ana"}, "même nom"),
        ({"game": "quinito", "players": "Ana"}, "entre 2 et 12"),
        ({"game": "quinito", "players": ",".join(f"P{i}" for i in range(13))}, "entre 2 et 12"),
        ({"game": "quinito", "players": "Ana,Bruno", "edition": "sobre"}, "Édition inconnue"),
        ({"game": "cinquillo", "players": "Ana,Bruno", "mode": "caprone"}, "caprone"),
        ({"game": "cinquillo", "players": "A,B,C,D,E"}, "2 à 4"),
        ({"game": "cinquillo", "players": "Ana,Bruno", "hand": "beaucoup"}, "entiers"),
        ({"game": "belote", "players": "Ana,Bruno"}, "Jeu inconnu"),
        ({"game": "quinito", "players": "Ana,Bruno", "slow": "vite"}, "slow"),
    ],
)
def test_config_errors_become_user_errors(header: dict[str, str], fragment: str) -> None:
    with pytest.raises(UserError) as error:
        table_config(header)
    assert fragment in error.value.message


def test_slow_setting() -> None:
    base = {"game": "quinito", "players": "Ana,Bruno,Chloé"}
    assert table_config(base).slow == 30.0
    assert table_config({**base, "slow": "45"}).slow == 45.0
    assert table_config({**base, "slow": "off"}).slow is None
    family = {**base, "edition": "family"}
    assert table_config(family).slow is None
    assert table_config({**family, "slow": "40"}).slow == 40.0


def test_variant_ids_are_canonical_whatever_the_case() -> None:
    config = table_config(
        {"game": "quinito", "players": "Ana,Bruno,Chloé", "edition": "family", "variants": "v-65, l-v6"}
    )
    assert config.rules.variants == frozenset({"V-65", "L-V6"})  # type: ignore[attr-defined]


def test_an_unknown_speaker_is_a_user_error_with_its_line() -> None:
    script = parse_script("game: quinito\nplayers: Ana, Bruno, Chloé\n---\nZoé: soixante deux\n")
    with pytest.raises(UserError) as error:
        referee_for(script)
    assert "Ligne 4" in error.value.message
