"""games/cinquillo: the Spanish-deck card game (C1-C8), original and caprone modes as parameters.

config (the typed rules), deck (C1 as data), commands, events, state, engine, scoring, explain, flow
and book (the referee's half), bot (simulation). Registered once below.
"""

from __future__ import annotations

from assistant.registry import GameModule, lazy, register_game

NAME = "cinquillo"

register_game(
    GameModule(
        name=NAME,
        title="Cinquillo",
        setting_keys=("mode", "hand", "target"),
        rules=lazy("assistant.games.cinquillo.config", "CinquilloConfig.from_dict"),
        rulebook=lazy("assistant.games.cinquillo.book", "rulebook"),
        explain=lazy("assistant.games.cinquillo.explain", "explain"),
        topics=lazy("assistant.games.cinquillo.explain", "topics"),
        simulation=lazy("assistant.games.cinquillo.bot", "simulation"),
        grammar="cinquillo.yaml",
        responses="cinquillo.yaml",
        bluff_rate=0.0,
    )
)
