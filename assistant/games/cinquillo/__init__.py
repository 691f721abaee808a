"""games/cinquillo: the Spanish-deck card game (C1-C8), original and caprone modes as parameters.

config (the typed rules), deck (C1 as data), commands, events, state, engine, scoring, explain, flow
and book (the referee's half), bot (simulation). Registered once below.
"""

from __future__ import annotations

from assistant.registry import GameModule, GameOption, lazy, register_game

NAME = "cinquillo"

register_game(
    GameModule(
        name=NAME,
        title="Cinquillo",
        options=(
            GameOption("mode", "le mode : original ou caprone", ("original", "caprone"), default="original"),
            GameOption("hand", "à deux joueurs : cartes par main, de 10 à 15", type=int, default=12),
            GameOption("target", "points pour gagner le match", type=int, default=50),
        ),
        rules=lazy("assistant.games.cinquillo.config", "CinquilloConfig.from_dict"),
        rulebook=lazy("assistant.games.cinquillo.book", "rulebook"),
        explain=lazy("assistant.games.cinquillo.explain", "explain"),
        topics=lazy("assistant.games.cinquillo.explain", "topics"),
        simulation=lazy("assistant.games.cinquillo.bot", "simulation"),
        grammar="cinquillo.yaml",
        coach=lazy("assistant.games.cinquillo.coach", "coach"),
        summary=lazy("assistant.games.cinquillo.summary", "summarize"),
        board_view=lazy("assistant.games.cinquillo.board_view", "view"),
        describe_event=lazy("assistant.games.cinquillo.board_view", "describe"),
        board_running=lazy("assistant.games.cinquillo.board_view", "Running"),
        variant_lines=lazy("assistant.games.cinquillo.config", "variant_lines"),
        responses="cinquillo.yaml",
        bluff_rate=0.0,
    )
)
