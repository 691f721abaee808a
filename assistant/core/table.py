"""Table settings every game shares: player lists, their checks, and the error that names a fix."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.core.folding import fold
from assistant.errors import UserError


class ConfigError(UserError, ValueError):
    """A table setting that cannot be played; the message is one sentence saying what to change."""


def _folded(name: str) -> str:
    """A name as a listener hears it: no accents, no case, single spaces ("Chloé" == "chloe")."""
    return " ".join(fold(name).split())


def check_players(players: Sequence[str], low: int, high: int, count_message: str) -> None:
    """Q1/C2 and Q11: a playable number of players, none nameless, no two that sound the same."""
    if not low <= len(players) <= high:
        raise ConfigError(f"{count_message}, pas {len(players)}.")
    if any(not p.strip() for p in players):
        raise ConfigError("Un nom de joueur est vide : vérifiez les virgules de la liste des joueurs.")
    folded = [_folded(p) for p in players]
    if len(set(folded)) != len(folded):
        raise ConfigError("Deux joueurs portent le même nom : donnez-leur des noms distincts.")


def comma_list(text: str) -> tuple[str, ...]:
    """ "Ana, Bruno,,Chloé" -> ("Ana", "Bruno", "Chloé"): items stripped, empty ones dropped."""
    return tuple(item.strip() for item in text.split(",") if item.strip())


def split_players(players: str | Sequence[str]) -> tuple[str, ...]:
    """A comma-separated list (or a list) of names, stripped; empty names are kept, to be refused."""
    if isinstance(players, str):
        names: Sequence[str] = players.split(",") if players.strip() else ()
    else:
        names = players
    return tuple(str(p).strip() for p in names)


def whole(value: Any) -> Any:
    """A count written as text ("3") becomes a number; anything else is left for validation."""
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return value
