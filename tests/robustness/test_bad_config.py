"""Bad table settings are refused with ONE clear French sentence (docs/architecture.md), through the replay
script
path and the `kinito replay` / `kinito play` command lines: non-zero exit, no traceback.

Common French words as names ("Pierre", "Rose") are allowed but must be warned about: vigilance (Q11)
cannot tell the name from the word.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.core.clock import FakeClock
from assistant.errors import UserError
from assistant.referee.referee import Referee
from assistant.scripts.replay_run import run_script
from assistant.scripts.script import parse_script
from assistant.settings.table import table_config

THIRTEEN = ",".join(
    [
        "Ana",
        "Bruno",
        "Chloé",
        "David",
        "Eve",
        "Fanny",
        "Gilles",
        "Hugo",
        "Inès",
        "Jules",
        "Karim",
        "Lola",
        "Marc",
    ]
)
REFUSED = {
    "unknown_variant": ({"players": "Ana,Bruno,Chloé", "variants": "V-99"}, "V-99"),
    "unknown_edition": ({"players": "Ana,Bruno,Chloé", "edition": "sobre"}, "sobre"),
    "unknown_game": ({"game": "poker", "players": "Ana,Bruno"}, "poker"),
    "duplicate_name": ({"players": "Ana,Bruno,Ana"}, "même nom"),
    "duplicate_differing_in_case": ({"players": "Ana,Bruno,ANA"}, "même nom"),
    "one_player": ({"players": "Ana"}, "1"),
    "thirteen_players": ({"players": THIRTEEN}, "13"),
    "no_player": ({"players": ""}, "0"),
    "cinquillo_five_players": ({"game": "cinquillo", "players": "Ana,Bruno,Chloé,David,Eve"}, "5"),
    "bad_slow": ({"players": "Ana,Bruno,Chloé", "slow": "vite"}, "vite"),
}
BUGS = {
    "duplicate_differing_in_accents": {"players": "Chloé,Bruno,Chloe"},
    "empty_name": {"players": "Ana,,Bruno"},
    "blank_name": {"players": "Ana, ,Bruno,Chloé"},
}
"""Names a listener cannot tell apart, or no name at all: refused with one sentence."""


def header(settings: dict[str, str]) -> dict[str, str]:
    return {"game": "quinito", **settings}


def script_text(settings: dict[str, str]) -> str:
    lines = [f"{key}: {value}" for key, value in header(settings).items()]
    return "\n".join([*lines, "---", "table: soixante deux", ""])


def one_sentence(message: str) -> bool:
    return "\n" not in message.strip() and "Traceback" not in message and message.strip()[-1] in ".»)"


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_bad_setting_is_refused_with_one_sentence_through_the_script_path(case: str) -> None:
    settings, named = REFUSED[case]
    with pytest.raises(UserError) as refused:
        run_script(parse_script(script_text(settings)))
    assert one_sentence(str(refused.value)), str(refused.value)
    assert named in str(refused.value)


def kinito(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(cwd), "XDG_DATA_HOME": str(cwd), "KINITO_DB": str(cwd / "k.sqlite3")}
    return subprocess.run(
        [sys.executable, "-m", "assistant", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_kinito_replay_refuses_a_bad_header_in_one_sentence(case: str, tmp_path: Path) -> None:
    settings, named = REFUSED[case]
    script = tmp_path / "game.txt"
    script.write_text(script_text(settings), encoding="utf-8")
    done = kinito(["replay", str(script), "--json"], tmp_path)
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.startswith("kinito: ") and one_sentence(done.stderr), done.stderr
    assert named in done.stderr


@pytest.mark.parametrize(
    "flags",
    [
        ["--players", "Ana,Bruno,ana"],
        ["--players", "Ana"],
        ["--players", THIRTEEN],
        ["--players", "Ana,Bruno,Chloé", "--variants", "V-99"],
    ],
    ids=["duplicate", "one", "thirteen", "variant"],
)
def test_kinito_play_refuses_bad_flags_before_touching_audio(flags: list[str], tmp_path: Path) -> None:
    done = kinito(["play", "--input", "text", "--db", str(tmp_path / "p.sqlite3"), *flags], tmp_path)
    assert done.returncode != 0
    assert done.stderr.startswith("kinito: ") and one_sentence(done.stderr), done.stderr


@pytest.mark.parametrize("case", sorted(BUGS))
def test_empty_or_accent_duplicate_names_are_refused(case: str) -> None:
    with pytest.raises(UserError) as refused:
        table_config(header(BUGS[case]))
    assert one_sentence(str(refused.value))


@pytest.mark.parametrize("names", ["Pierre,Rose,Ana", "Ana,Marguerite,Olive"])
def test_names_that_are_common_french_words_are_warned_about_Q11(names: str) -> None:
    referee = Referee(table_config(header({"players": names})), FakeClock())
    warned = [line for line in referee.spoken if line.startswith("Attention")]
    assert any(word in line for line in warned for word in names.split(",") if word != "Ana")


def test_lives_given_as_text_is_a_number_or_refused_L1() -> None:
    try:
        config = table_config(header({"players": "Ana,Bruno", "edition": "family", "lives": "2"}))
    except UserError:
        return
    referee = Referee(config, FakeClock())
    referee.hear("Ana", "arbitre pénalité pour Bruno")
    assert referee.state.standings()["Bruno"]["lives"] == 1
