"""games/quinito: the Quinito/Kinito dice game, one game with its edition and variants as parameters.

config (the typed rules), scores (Q2/Q3 as data), commands, events, state, engine (decide), evolve,
resolve (settling a lifted cup), explain (the rules help as configured), flow and book (the referee's
half), bot (simulation). Registered once below; nothing outside this folder names the game.
"""

from __future__ import annotations

from assistant.registry import GameModule, GameOption, lazy, register_game

NAME = "quinito"
RESPONSES = "quinito.yaml"
"""This game's responses file (grammars/responses/fr/): its sentences, variant texts included."""

register_game(
    GameModule(
        name=NAME,
        title="Quinito",
        options=(
            GameOption(
                "edition",
                "l'édition : apero (doses) ou famille (vies)",
                ("drinking", "family"),
                default="drinking",
            ),
            GameOption(
                "variants", "variantes, identifiants de rules.md séparés par des virgules (kinito variants)"
            ),
            GameOption("lives", "édition famille : vies au départ (5, ou 3 avec L-V3)", type=int),
            GameOption("confirm", "redire chaque annonce enregistrée (« Soixante-deux, Ana. ») : on ou off"),
        ),
        rules=lazy("assistant.games.quinito.config", "QuinitoConfig.from_dict"),
        rulebook=lazy("assistant.games.quinito.book", "rulebook"),
        explain=lazy("assistant.games.quinito.explain", "explain"),
        topics=lazy("assistant.games.quinito.explain", "topics"),
        simulation=lazy("assistant.games.quinito.bot", "simulation"),
        grammar="quinito.yaml",
        coach=lazy("assistant.games.quinito.coach", "coach"),
        summary=lazy("assistant.games.quinito.summary", "summarize"),
        board_view=lazy("assistant.games.quinito.board_view", "view"),
        describe_event=lazy("assistant.games.quinito.board_view", "describe"),
        board_running=lazy("assistant.games.quinito.board_view", "Running"),
        odds=lazy("assistant.games.quinito.coach", "printed_odds"),
        responses=RESPONSES,
        demo=lazy("assistant.games.quinito.demo", "script"),
        variant_lines=lazy("assistant.games.quinito.config", "variant_lines"),
    )
)
