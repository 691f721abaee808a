"""Table settings every game shares: player lists, their checks, and the error that names a fix."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from assistant.core.folding import fold
from assistant.errors import UserError


class ConfigError(UserError, ValueError):
    """A table setting that cannot be played; the message is one sentence saying what to change."""


def name_key(name: str) -> str:
    """A name as a listener hears it: no accents, no case, no invisible characters, and hyphens,
    apostrophes or dots as single spaces ("Jean-Marc" == "jean marc", "Ana\u200b" == "ana")."""
    visible = "".join(ch for ch in fold(name) if unicodedata.category(ch) != "Cf")
    spaced = "".join(ch if ch.isalnum() else " " for ch in visible)
    return " ".join(spaced.split())


def check_players(
    players: Sequence[str], low: int, high: int, messages: Mapping[str, str], reserved: Collection[str] = ()
) -> None:
    """Q1/C2 and Q11: a playable number of players, none nameless, no two that sound the same,
    none that is a word of the game (`reserved`, from the grammar data: "Menteur", "Arbitre").
    `messages`: the sentences of the errors, as data (grammars/responses/, `errors`)."""
    if not low <= len(players) <= high:
        raise ConfigError(messages["player_count"].format(low=low, high=high, count=len(players)))
    check_names(players, reserved, messages=messages)


def check_names(
    players: Sequence[str], reserved: Collection[str] = (), *, messages: Mapping[str, str]
) -> None:
    """Q11: names the referee can tell apart, from each other and from the words of the game."""
    keys = [name_key(p) for p in players]
    if any(not key for key in keys):
        raise ConfigError(messages["empty_name"])
    seen: dict[str, str] = {}
    for player, key in zip(players, keys, strict=True):
        if key in seen:
            raise ConfigError(messages["same_name"].format(first=seen[key], second=player))
        seen[key] = player
    words = {name_key(word) for word in reserved}
    for player, key in zip(players, keys, strict=True):
        if key in words:
            raise ConfigError(messages["game_word"].format(player=player))


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
