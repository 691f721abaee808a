"""argparse in French: its error messages, French choice names, and nothing leaks to other parsers."""

from __future__ import annotations

import argparse

import pytest

from assistant.cli import build_parser, main
from assistant.cli_fr import FrenchParser, localise


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("utilisation : kinito")
    return err.splitlines()[-1]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["bogus"], "kinito : erreur : argument COMMANDE : choix invalide : 'bogus' (au choix : 'play', "),
        (["parse", "--nope"], "kinito : erreur : arguments inconnus : --nope"),
        (
            ["parse", "--edition", "x"],
            "choix invalide : 'x' (au choix : 'apero', 'famille', 'drinking', 'family')",
        ),
        (
            ["simulate", "--games", "deux"],
            "argument --games : valeur invalide : 'deux' (il faut un nombre entier)",
        ),
        (["simulate", "--bluff-rate", "x"], "valeur invalide : 'x' (il faut un nombre)"),
        (["simulate", "--games"], "argument --games : une valeur attendue"),
        (["say"], "kinito say : erreur : ces arguments sont obligatoires : TEXTE"),
        (["model"], "kinito model : erreur : ces arguments sont obligatoires : ACTION"),
        (["parse", "--jsonl=3"], "argument --jsonl : valeur '3' ignorée : cette option n'en prend pas"),
        (["parse", "--v"], "option ambiguë : --v peut être"),
    ],
)
def test_errors_are_french(argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert expected in _error(argv, capsys)


@pytest.mark.parametrize(
    ("argv", "dest", "value"),
    [
        (["parse", "--edition", "apero"], "edition", "drinking"),
        (["parse", "--edition", "Apéro"], "edition", "drinking"),
        (["parse", "--edition", "famille"], "edition", "family"),
        (["parse", "--edition", "family"], "edition", "family"),
        (["parse", "--vigilance", "non"], "vigilance", "off"),
        (["play", "--input", "texte"], "input", "text"),
        (["transcribe", "f.wav", "--game", "libre", "--endpoint", "modèle"], "endpoint", "model"),
        (["transcribe", "f.wav", "--game", "libre"], "game", "open"),
        (["rules", "--edition", "famille"], "edition", "family"),
        (["simulate", "--edition", "famille"], "edition", "family"),
    ],
)
def test_french_choice_names_give_the_english_value(argv: list[str], dest: str, value: str) -> None:
    """The rest of the program (and the contracts) keep the English values."""
    assert getattr(build_parser(only=argv[0]).parse_args(argv), dest) == value


def test_the_default_is_shown_under_its_french_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["rules", "--help"])
    assert "(défaut : apero)" in capsys.readouterr().out


def test_other_parsers_of_the_process_keep_english() -> None:
    french = localise(FrenchParser(prog="fr"))
    french.add_argument("--n", type=int)
    with pytest.raises(SystemExit):
        french.parse_args(["--n", "x"])
    plain = argparse.ArgumentParser(prog="en")
    assert plain.format_usage().startswith("usage: en")
    assert "show this help message and exit" in plain.format_help()
