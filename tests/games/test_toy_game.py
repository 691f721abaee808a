"""The toy game, registered from tests/games/toy only, is refereed from speech like the real ones."""

from __future__ import annotations

import tests.games.toy  # noqa: F401  (registers it)
from assistant.scripts.replay_run import run_script
from assistant.scripts.script import parse_script
from assistant.store.memory import MemoryStore

SCRIPT = """\
game: allumettes
players: Ana, Bruno
matches: 5
---
Ana: j'en prends deux
Bruno: je prends trois allumettes
"""


def test_a_third_game_is_played_through_the_same_referee_and_store() -> None:
    store = MemoryStore()
    referee = run_script(parse_script(SCRIPT), store)
    outcome = referee.outcome()
    assert outcome["players"] == {"Ana": {"doses": 0}, "Bruno": {"doses": 1}}
    assert outcome["penalties"] == [{"player": "Bruno", "amount": 1, "unit": "dose", "reason": "last_match"}]
    assert outcome["winner"] == "Ana"
    assert "Il reste 3 allumettes." in outcome["spoken"]
    assert store.load(referee.game_id or 0).kind == "allumettes"


def test_a_refused_move_of_the_toy_game_is_said_not_crashed() -> None:
    """The engine's refusal reaches the table through the book; the game is unchanged."""
    script = parse_script(SCRIPT.replace("Bruno: je prends trois allumettes", "Ana: je prends trois"))
    outcome = run_script(script).outcome()
    assert "C'est à Bruno." in outcome["spoken"]
    assert outcome["current"] == "Bruno" and outcome["penalties"] == []
