"""What the commands print for a person is French, with consistent plurals (0 and 1 singular, digits);
the machine-readable outputs (`--json`) keep their contract codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant import speech, wording
from assistant.commands.replay import readable
from tests.cli.kinito_run import ROOT, kinito

ENGLISH = ("doses 4", "sips", "playing", "Announce", "forbidden_word", "quinito_countered", "wins", "draws")
"""What the summaries printed in English before."""
GAME_LINES = "Ana: soixante deux\nBruno: menteur\ntable: cinquante quatre\nChloé: je bois\n"
"""A bluff caught (Ana, one dose) and a forbidden word (Chloé, Q11)."""


@pytest.mark.parametrize("key", sorted(wording.COUNTERS))
def test_every_counter_renders_with_plural_0_1_and_2(key: str) -> None:
    singular, plural = wording.COUNTERS[key]
    got = [wording.counter(key, n, "quinito") for n in (0, 1, 2)]
    assert got == [f"0 {singular}", f"1 {singular}", f"2 {plural}"]


def test_a_game_s_own_counter_renders_with_plural_0_1_and_2() -> None:
    assert [wording.counter("cards", n, "cinquillo") for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]


@pytest.mark.parametrize("unit", sorted(speech.UNITS))
def test_every_stake_unit_renders_with_plural_0_1_and_2(unit: str) -> None:
    singular, plural = speech.UNITS[unit]  # type: ignore[index]
    assert [wording.stake(n, unit) for n in (0, 1, 2)] == [f"0 {singular}", f"1 {singular}", f"2 {plural}"]


@pytest.mark.parametrize("amount", [0, 1, 2])
def test_every_penalty_reason_renders_in_french_with_plural_0_1_and_2(amount: int) -> None:
    from assistant.games.quinito.words import REASONS

    assert {"bluff", "quinito_countered", "forbidden_word", "slowness"} <= set(REASONS)
    for code, said in REASONS.items():
        line = wording.penalty({"player": "Ana", "amount": amount, "unit": "dose", "reason": code}, "quinito")
        assert line == f"Ana : {amount} {'dose' if amount < 2 else 'doses'} ({said})"


@pytest.mark.parametrize("count", [0, 1, 2])
def test_replay_summary_with_plural_0_1_and_2(count: int) -> None:
    outcome = {
        "players": {"Ana": {"doses": count, "sips": count, "lives": count, "points": count}},
        "penalties": [{"player": "Ana", "amount": count, "unit": "sip", "reason": "everyone_sips"}],
        "totem": [],
        "current": "Ana",
        "direction": -1,
        "winner": None,
        "spoken": [],
    }
    text = readable(outcome, "quinito")
    many = count >= 2
    expected = ["doses" if many else "dose", "gorgées" if many else "gorgée", "vies" if many else "vie"]
    expected += ["points" if many else "point"]
    assert f"  Ana : {', '.join(f'{count} {w}' for w in expected)}" in text
    assert "sens : antihoraire" in text and not any(word in text for word in ENGLISH)


def test_replay_prints_the_penalty_in_french(tmp_path: Path) -> None:
    script = ROOT / "tests" / "referee" / "games" / "q08_quinito_countered.txt"
    done = kinito(["replay", str(script)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Ana : 4 doses (quinito contré)" in done.stdout
    assert not any(word in done.stdout for word in ENGLISH)


@pytest.fixture
def played(tmp_path: Path) -> Path:
    db = tmp_path / "k.db"
    args = ["play", "--input", "text", "--no-speech", "--players", "Ana,Bruno,Chloé", "--db", str(db)]
    assert kinito(args, tmp_path, stdin=GAME_LINES).returncode == 0
    return db


def test_export_text_and_csv_are_french_and_dernière_names_the_latest(tmp_path: Path, played: Path) -> None:
    text = kinito(["export", "dernière", "--db", str(played)], tmp_path)
    assert text.returncode == 0, text.stderr
    assert "en cours" in text.stdout and "l'annonce d'Ana : score 62" in text.stdout
    assert "Chloé : 1 dose (mot interdit)" in text.stdout and "Ana : 1 dose (bluff)" in text.stdout
    table = kinito(["export", "Dernier", "--csv", "--db", str(played)], tmp_path)
    assert table.stdout.splitlines()[0] == "coup,heure,entendu,commande,événements,pénalités"
    assert "annonce" in table.stdout and "gobelet lu, pénalité" in table.stdout
    for out in (text.stdout, table.stdout):
        assert not any(word in out for word in ENGLISH), out


def test_export_json_keeps_its_codes(tmp_path: Path, played: Path) -> None:
    """The JSON is for programs: the contract's reason codes and status stay as they are."""
    data = json.loads(kinito(["export", "dernier", "--json", "--db", str(played)], tmp_path).stdout)
    assert data["game"]["status"] == "playing"
    assert {p["reason"] for p in data["penalties"]} == {"bluff", "forbidden_word"}


def test_history_counts_with_french_plurals(tmp_path: Path, played: Path) -> None:
    out = kinito(["history", "--db", str(played)], tmp_path).stdout
    assert "4 coups  en cours" in out
    assert "Ana : 1 dose, 0 gorgée, 0 vie" in out


def test_simulate_prints_french_counters(tmp_path: Path) -> None:
    out = kinito(["simulate", "--games", "1", "--seed", "3"], tmp_path).stdout
    assert "victoire" in out and "wins" not in out and "sips" not in out


@pytest.mark.parametrize(
    ("word", "action"),
    [("télécharger", "download"), ("telecharger", "download"), ("vérifier", "verify"), ("chemin", "path")],
)
def test_model_actions_take_their_french_names(word: str, action: str) -> None:
    from assistant.cli import build_parser
    from assistant.commands.model import action_of

    args = build_parser(only="model").parse_args(["model", word])
    assert action_of(args.action) == action


def test_network_failures_are_french() -> None:
    import socket
    import urllib.error

    from assistant.errors import network_reason

    refused = urllib.error.URLError(ConnectionRefusedError(111, "Connection refused"))
    assert network_reason(refused) == "connexion refusée (rien n'écoute à cette adresse)"
    unknown = urllib.error.URLError(socket.gaierror(-2, "Name or service not known"))
    assert network_reason(unknown).startswith("nom de machine inconnu")
    assert network_reason(TimeoutError()) == "délai dépassé"
