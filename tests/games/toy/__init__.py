"""A toy third game, registered from the tests only: proof that a game is one folder.

"Allumettes" (Nim): players take one to three matches in turn; whoever takes the last one takes a
dose. Everything it needs is in this folder — rules, engine, referee half, bot, grammar, spoken rules —
and this file registers it; nothing in `assistant/` changes for it.
"""

from __future__ import annotations

from pathlib import Path

from assistant.registry import GameModule, GameOption, lazy, register_game

NAME = "allumettes"

register_game(
    GameModule(
        name=NAME,
        title="Allumettes",
        options=(GameOption("matches", "allumettes au départ", type=int, default=11),),
        rules=lazy("tests.games.toy.game", "AllumettesRules.from_dict"),
        rulebook=lazy("tests.games.toy.book", "rulebook"),
        explain=lazy("tests.games.toy.book", "explain"),
        topics=lazy("tests.games.toy.book", "topics"),
        simulation=lazy("tests.games.toy.book", "simulation"),
        grammar=str(Path(__file__).with_name("allumettes.yaml")),
        bluff_rate=0.0,
    )
)
