"""Tables drawn at random: every registered game, each of its editions, modes and variants, 2 to 12
players (Q1, C2, C6), whatever the registry allows.

A table is a script header (docs/command-line.md "Script format"), so any simulated game can be written out
and replayed with `kinito replay`.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from assistant.game import GameModule
from assistant.sim.phrasebank import load
from assistant.sim.table import bridge

NAMES = (
    "Ana", "Bruno", "Chloé", "David", "Émile", "Fanny", "Gaspard", "Hélène", "Inès", "Jules", "Karim",
    "Léa", "Manon", "Nico", "Océane", "Quentin", "Sami", "Théo", "Ugo", "Yann", "Zoé", "Maëlle",
)  # fmt: skip
"""First names for the seats (none is a common French word)."""
SIZES = range(2, 13)
"""Table sizes tried (the game's rules keep those they allow)."""
VARIANT_RATE = 0.25
"""How often each variant the table's settings allow is in play."""


def talking_games() -> tuple[GameModule[Any, Any], ...]:
    """The registered games the phrase bank has a book for (a game registered by a test has none)."""
    books = load()
    return tuple(m for m in bridge.registered_games() if m.name in books)


@lru_cache(maxsize=64)
def _sizes(game: str) -> tuple[int, ...]:
    return tuple(n for n in SIZES if bridge.valid({"game": game, "players": ", ".join(NAMES[:n])}))


@lru_cache(maxsize=256)
def _allowed(game: str, settings: tuple[tuple[str, str], ...], players: int, variant: str) -> bool:
    header = {"game": game, **dict(settings), "players": ", ".join(NAMES[:players]), "variants": variant}
    return bridge.valid(header)


def draw(rng: random.Random) -> dict[str, str]:
    """One table's header: a game, its settings and players in seating order; `slow: off` (the
    simulated table never falls silent)."""
    module = rng.choice(talking_games())
    game = module.name
    for _ in range(20):
        players = rng.sample(NAMES, rng.choice(_sizes(game)))
        settings = {key: rng.choice(values) for key, values in sorted(bridge.choices(module).items())}
        if bridge.valid({"game": game, **settings, "players": ", ".join(players)}):
            break
    else:
        settings = {}
    header = {"game": game, **settings}
    key = tuple(sorted(settings.items()))
    chosen = [
        v
        for v in bridge.variant_ids(module)
        if rng.random() < VARIANT_RATE and _allowed(game, key, len(players), v)
    ]
    if chosen:
        header["variants"] = ", ".join(chosen)
    header = {**header, "players": ", ".join(players), "slow": "off"}
    if not bridge.valid(header):
        header.pop("variants", None)
    return header
