"""games/quinito: the Quinito/Kinito dice game, one game with its edition and variants as parameters.

config (the typed rules), scores (Q2/Q3 as data), commands, events, state, engine (decide), evolve,
resolve (settling a lifted cup), explain (the rules help as configured), flow and book (the referee's
half), bot (simulation). Registered once below; nothing outside this folder names the game.
"""

from __future__ import annotations

from assistant.registry import GameModule, lazy, register_game

NAME = "quinito"

register_game(
    GameModule(
        name=NAME,
        title="Quinito",
        setting_keys=("edition", "variants", "lives", "confirm"),
        rules=lazy("assistant.games.quinito.config", "QuinitoConfig.from_dict"),
        rulebook=lazy("assistant.games.quinito.book", "rulebook"),
        explain=lazy("assistant.games.quinito.explain", "explain"),
        topics=lazy("assistant.games.quinito.explain", "topics"),
        simulation=lazy("assistant.games.quinito.bot", "simulation"),
        grammar="quinito.yaml",
        responses="quinito.yaml",
        demo=lazy("assistant.games.quinito.demo", "script"),
    )
)
