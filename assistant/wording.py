"""The French of what the commands print for a person (replay's summary, export, history, simulate):
counts with their plural, stake units, penalty reasons, commands and events by their French names.

Printed counts are digits and follow French: 0 and 1 take the singular ("0 dose", "1 dose",
"4 doses"). Units, reasons and the command descriptions are the referee's own words (the shared ones
in responses/fr/referee.yaml, each game's in its own file); machine-readable outputs (`--json`,
`--jsonl`) keep their codes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from assistant import speech

COUNTERS: dict[str, tuple[str, str]] = {
    "doses": ("dose", "doses"),
    "sips": ("gorgée", "gorgées"),
    "lives": ("vie", "vies"),
    "points": ("point", "points"),
    "xp": ("XP", "XP"),
    "wins": ("victoire", "victoires"),
    "draws": ("égalité", "égalités"),
    "moves": ("coup", "coups"),
    "games": ("partie", "parties"),
    "rounds": ("manche", "manches"),
}
"""A counter every game may have (docs/command-line.md keys) -> its French singular and plural; a game names
its own in the `counters` section of its responses file ("singulier / pluriel")."""
STATUSES: dict[str, str] = {"playing": "en cours", "finished": "terminée", "abandoned": "abandonnée"}
"""A stored game's status -> its French."""
DETAILS: dict[str, str] = {
    "value": "valeur",
    "target": "cible",
    "targets": "cibles",
    "players": "joueurs",
    "loser": "perdant",
    "count": "nombre",
    "reason": "raison",
}
"""A command's field -> its French name in export's text; a game names its own in the `details`
section of its responses file."""
CORE_EVENTS: dict[str, str] = {"PenaltyCalled": "pénalité", "XpAwarded": "XP"}
"""The events every game shares -> their French names; each game names its own in the `events`
section of its responses file."""


def count(number: int | float, singular: str, plural: str) -> str:
    """ "0 dose", "1 dose", "4 doses": digits, and the singular under 2 (French)."""
    shown = f"{number:g}" if isinstance(number, float) else str(number)
    return f"{shown} {singular if abs(number) < 2 else plural}"


def counter(key: str, number: Any, game: str) -> str:
    """One counter of a player in the outcome ("4 doses", "éliminé"), `game`'s own counters too."""
    if key == "eliminated":
        return "éliminé" if number else "en jeu"
    if isinstance(number, bool) or not isinstance(number, int | float):
        return f"{key} {number}"
    own = _game_section(game, "counters").get(key)
    singular, plural = own.split(" / ", 1) if own and " / " in own else COUNTERS.get(key, (key, key))
    return count(number, singular, plural)


def stake(amount: int, unit: str) -> str:
    """ "1 dose", "2 gorgées", "3 vies": a penalty's amount in its unit."""
    units = cast(Mapping[str, tuple[str, str]], speech.UNITS)
    singular, plural = units.get(unit, (unit, unit))
    return count(amount, singular, plural)


def _game_section(game: str, key: str) -> Mapping[str, str]:
    """A section of `game`'s responses file (empty for a game no longer registered)."""
    from assistant.errors import UserError
    from assistant.game import get_game
    from assistant.responses import section

    try:
        return section(get_game(game).responses, key)
    except UserError:  # UnknownGame: a saved game of a game this version does not have
        return {}


def reason(code: str, game: str) -> str:
    """A penalty reason code (`wrong_lift`) as the referee says it ("levée à tort"): the referee's
    shared reasons, then `game`'s own."""
    return speech.REASONS.get(code) or _game_section(game, "reasons").get(code, code)


def penalty(entry: Mapping[str, Any], game: str) -> str:
    """ "Ana : 4 doses (levée à tort)"."""
    amount = stake(int(entry["amount"]), str(entry["unit"]))
    return f"{entry['player']} : {amount} ({reason(str(entry['reason']), game)})"


def status(code: str) -> str:
    """ "en cours", "terminée"."""
    return STATUSES.get(code, code)


def field_name(key: str, game: str) -> str:
    """A field of `game`'s commands or outcome by its French name (the game's `details`, the shared
    ones), else the key itself."""
    return _game_section(game, "details").get(key) or DETAILS.get(key, key)


def _detail(key: str, value: Any, game: str) -> str:
    if isinstance(value, int) and f"{key}_{value}" in speech.WORDS:  # an ordinal word ("premier …")
        return speech.WORDS[f"{key}_{value}"]
    if key == "reason":
        return reason(str(value), game)
    shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return f"{field_name(key, game)} {shown}"


def command(stored: Any, game: str) -> str:
    """A stored command of `game` in French: its description, then its fields in French."""
    if not isinstance(stored, dict):
        return json.dumps(stored, ensure_ascii=False)
    kind = str(stored.get("type"))
    player = str(stored.get("player", ""))
    template = _game_section(game, "descriptions").get(kind)
    fields = {k: str(v) for k, v in stored.items() if k != "type"}
    if template is None:
        head = kind
    else:
        head = template.format_map(_Blank({**fields, "player": player, "of_player": speech.of(player)}))
    in_head = {"type", "player", *(k for k in stored if template and "{" + k + "}" in template)}
    details = [_detail(k, v, game) for k, v in stored.items() if k not in in_head and v is not None]
    return f"{head} : {', '.join(details)}" if details else head


class _Blank(dict[str, str]):
    """Template values where a missing one is left empty (an old log's command may lack a field)."""

    def __missing__(self, key: str) -> str:
        return ""


def event(kind: Any, game: str) -> str:
    """An event type of the log by its French name (`game`'s responses file names its own)."""
    name = str(kind)
    return CORE_EVENTS.get(name) or _game_section(game, "events").get(name, name)
