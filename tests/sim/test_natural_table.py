"""A small fixed-seed natural run: the invariants that hold whatever the referee's skill.

No crash; every game ends or is cut at a bounded number of lines; the metrics are well formed; the
same seed gives the same games. How right the referee is goes in `kinito bench`, not here.
"""

from __future__ import annotations

import argparse
import json

import pytest

from assistant.sim.table import play as natural
from assistant.sim.table.report import run
from assistant.sim.table.tables import draw

SEED = 11
COUNTS = ("right", "false_units", "false_games", "missed_units", "wedged", "repeated", "stalled", "cut")
SLACK = 20
"""Lines one move may add past the cut (its lines, decorations and answers)."""
SMALL = {"game": "quinito", "edition": "drinking", "players": "Ana, Bruno, Chloé", "slow": "off"}


def _well_formed(report: dict[str, object], games: int) -> None:
    assert report["games"] == games
    for key in COUNTS:
        value = report[key]
        assert isinstance(value, int) and value >= 0, key
    assert isinstance(report["right"], int) and report["right"] <= games
    assert isinstance(report["wedged"], int) and report["wedged"] <= games
    assert 0.0 <= float(str(report["right_rate"])) <= 1.0
    assert float(str(report["questions_per_game"])) >= 0.0
    kinds = report["kinds"]
    assert isinstance(kinds, dict) and sum(k["games"] for k in kinds.values()) == games
    lines = report["lines"]
    assert isinstance(lines, int) and 0 < lines <= games * (natural.MAX_LINES + SLACK)


@pytest.mark.parametrize("anonymous", [False, True], ids=["named", "anonymous"])
def test_a_fixed_seed_run_ends_every_game_with_well_formed_metrics(anonymous: bool) -> None:
    report = run(2, SEED, natural.Setup(anonymous), verbose=True)
    _well_formed(report, 2)
    assert report["anonymous"] is anonymous
    for game in report["per_game"]:
        assert game["moves"] <= natural.MAX_MOVES and game["lines"] <= natural.MAX_LINES + SLACK


def test_the_same_seed_talks_the_same_game_and_the_anonymous_one_names_nobody() -> None:
    first = natural.play(SMALL, SEED, 0, natural.Setup(), keep=True)
    again = natural.play(SMALL, SEED, 0, natural.Setup(), keep=True)
    assert first.script == again.script and first == again
    anonymous = natural.play(SMALL, SEED, 0, natural.Setup(anonymous=True), keep=True)
    said = [line for line in anonymous.script if not line.startswith("# move: ")]  # the bots' moves
    assert said and all(line.startswith("table: ") for line in said)
    named = [line for line in first.script if not line.startswith("# move: ")]
    assert {line.split(":")[0] for line in named} <= {"Ana", "Bruno", "Chloé"}


def test_a_talked_game_written_as_a_script_replays_to_the_same_outcome() -> None:
    from assistant.scripts.replay_run import run_script
    from assistant.scripts.script import parse_script

    for anonymous in (False, True):
        result = natural.play(SMALL, SEED, 1, natural.Setup(anonymous=anonymous), keep=True)
        script = parse_script(result.as_script("test"))
        assert script.expect == dict(result.expected)
        outcome = run_script(script).outcome()
        assert {k: outcome[k] for k in ("players", "winner", "penalties")} == dict(result.seen)


def test_q1_c2_tables_cover_both_games_editions_modes_and_sizes() -> None:
    import random

    rng = random.Random(SEED)
    tables = [draw(rng) for _ in range(300)]
    kinds = {(t["game"], t.get("edition") or t.get("mode")) for t in tables}
    assert kinds == {
        ("quinito", "drinking"),
        ("quinito", "family"),
        ("cinquillo", "original"),
        ("cinquillo", "caprone"),
    }
    sizes = {len(t["players"].split(",")) for t in tables}
    assert sizes == set(range(2, 13))
    assert any(t.get("variants") for t in tables)


def test_kinito_simulate_natural_json_keeps_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    from assistant.commands import simulate

    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser)
    args = parser.parse_args(["--natural", "--games", "1", "--seed", str(SEED), "--anonymous", "--json"])
    assert simulate.run(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["natural"] is True and report["anonymous"] is True
    _well_formed(report, 1)


@pytest.mark.parametrize("game", ["quinito", "cinquillo"])
def test_the_seat_names_are_no_word_of_the_game(game: str) -> None:
    """Q11: the simulator checks its tables without the name check (bridge.valid), because every
    name it seats passes it: every name of tables.NAMES, four seats at a time (both games seat 4)."""
    from assistant.settings.table import table_config
    from assistant.sim.table.tables import NAMES

    for first in range(0, len(NAMES) - 1, 4):
        seats = NAMES[first : first + 4]
        table_config({"game": game, "players": ", ".join(seats)})
