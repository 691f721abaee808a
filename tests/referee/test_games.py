"""Every written game in tests/referee/games/ reaches the outcome worked out by hand in its `# expect:` lines.

Expectations (merged `# expect: {json}` lines) are checked this way:
- `players`: for each player given, each counter given must be equal (others are not checked);
- `penalties`: the whole list, in order;
- `totem`, `current`, `direction`, `winner`: equal;
- `said`: these sentences were said, in this order (others may come between);
- `not_said`: none of these sentences was said;
- `spoken_count`: exactly this many sentences were said.
Each file names the rule ids it exercises in a `# rules:` line; together the games cover every rule id
of docs/rules.md and every penalty reason of docs/command-line.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.scripts.replay_run import run_script
from assistant.scripts.script import load_script
from tests.referee.contract import CONTRACT_REASONS as REASONS

GAMES = Path(__file__).parent / "games"
FILES = sorted(GAMES.glob("*.txt"))

RULE_IDS = (
    *(f"Q{i}" for i in range(1, 14)),
    "V-11-high",
    "V-65",
    "V-31-replay",
    "V-32",
    "V-51",
    "V-forced-reroll",
    *(f"L{i}" for i in range(1, 5)),
    *(f"L-V{i}" for i in range(1, 8)),
    *(f"C{i}" for i in range(1, 9)),
)
"""Every rule id of docs/rules.md."""


def rules_of(path: Path) -> set[str]:
    """The ids listed on the file's `# rules:` lines."""
    ids: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# rules:"):
            ids.update(part.strip() for part in line.removeprefix("# rules:").split(",") if part.strip())
    return ids


def is_subsequence(wanted: list[str], said: list[str]) -> bool:
    remaining = iter(said)
    return all(any(s == w for s in remaining) for w in wanted)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_written_game_reaches_its_hand_worked_outcome(path: Path) -> None:
    script = load_script(path)
    assert script.expect, f"{path.name} has no # expect: line"
    outcome: dict[str, Any] = run_script(script).outcome()
    expect = script.expect
    for name, counters in expect.get("players", {}).items():
        for key, value in counters.items():
            got = outcome["players"][name]
            assert got[key] == value, (name, key, got, outcome["spoken"])
    if "penalties" in expect:
        assert outcome["penalties"] == expect["penalties"], outcome["spoken"]
    for key in ("totem", "current", "direction", "winner"):
        if key in expect:
            assert outcome[key] == expect[key], (key, outcome["spoken"])
    if "said" in expect:
        assert is_subsequence(expect["said"], outcome["spoken"]), outcome["spoken"]
    if "spoken_count" in expect:
        assert len(outcome["spoken"]) == expect["spoken_count"], outcome["spoken"]
    for sentence in expect.get("not_said", []):
        assert sentence not in outcome["spoken"]


def test_at_least_forty_games_in_both_games_editions_and_modes() -> None:
    assert len(FILES) >= 40
    headers = [load_script(p).header for p in FILES]
    assert {h.get("game") for h in headers} == {"quinito", "cinquillo"}
    quinito = [h for h in headers if h.get("game") == "quinito"]
    assert {h.get("edition", "drinking") for h in quinito} == {"drinking", "family"}
    cinquillo = [h for h in headers if h.get("game") == "cinquillo"]
    assert {h.get("mode", "original") for h in cinquillo} == {"original", "caprone"}


def test_games_cover_every_rule_id_of_rules_md() -> None:
    covered = set().union(*(rules_of(p) for p in FILES))
    assert set(RULE_IDS) - covered == set()


def test_games_expect_every_penalty_reason_of_contracts_md() -> None:
    reasons = {p["reason"] for path in FILES for p in load_script(path).expect.get("penalties", [])}
    assert set(REASONS) - reasons == set()
