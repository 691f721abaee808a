"""The toy game, registered from tests/games/toy only, is refereed from speech like the real ones."""

from __future__ import annotations

import ast
from pathlib import Path

import tests.games.toy
from assistant.game import get_game
from assistant.scripts.replay_run import run_script
from assistant.scripts.script import parse_script
from assistant.store.memory import MemoryStore
from assistant.understanding.parser import Parser
from tests.test_architecture import GAME_MAY_IMPORT, _within

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


def test_the_toy_game_is_two_files_that_import_the_contract_and_the_shared_services_only() -> None:
    """A game is one module and its grammar, written against assistant.game (docs/architecture.md)."""
    folder = Path(tests.games.toy.__file__).parent
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == ["__init__.py", "allumettes.yaml"]
    tree = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    ours = {name for name in imported if name.split(".")[0] == "assistant"}
    assert ours and all(_within(name, GAME_MAY_IMPORT) for name in ours), ours


def test_the_toy_reads_its_own_slot_by_its_own_name() -> None:
    """Parse carries every slot by its grammar name: the toy's {count} reaches its rulebook as is."""
    parse = Parser(get_game("allumettes"), ("Ana", "Bruno")).parse("j'en prends deux")
    assert (parse.intent, parse.slots.get("count"), parse.fields) == ("take", 2, {})
