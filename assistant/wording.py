"""The French of what the commands print for a person (replay's summary, export, history, simulate):
counts with their plural, stake units, penalty reasons, commands and events by their French names.

Printed counts are digits and follow French: 0 and 1 take the singular ("0 dose", "1 dose",
"4 doses"). Units, reasons and the command descriptions are the referee's own words
(responses/fr/referee.yaml); machine-readable outputs (`--json`, `--jsonl`) keep their codes.
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
    "cards": ("carte", "cartes"),
    "points": ("point", "points"),
    "xp": ("XP", "XP"),
    "wins": ("victoire", "victoires"),
    "draws": ("égalité", "égalités"),
    "moves": ("coup", "coups"),
    "games": ("partie", "parties"),
    "rounds": ("manche", "manches"),
}
"""A counter of the outcome's players (contracts.md keys) -> its French singular and plural."""
STATUSES: dict[str, str] = {"playing": "en cours", "finished": "terminée", "abandoned": "abandonnée"}
"""A stored game's status -> its French."""
DETAILS: dict[str, str] = {
    "score": "score",
    "value": "valeur",
    "target": "cible",
    "targets": "cibles",
    "players": "joueurs",
    "loser": "perdant",
    "count": "nombre",
    "dice": "dés",
    "reason": "raison",
    "card": "carte",
    "hand": "main",
}
"""A command's field -> its French name in export's text."""
CORE_EVENTS: dict[str, str] = {"PenaltyCalled": "pénalité", "XpAwarded": "XP"}
"""The events every game shares -> their French names; each game names its own in the `events`
section of its responses file."""


def count(number: int | float, singular: str, plural: str) -> str:
    """ "0 dose", "1 dose", "4 doses": digits, and the singular under 2 (French)."""
    shown = f"{number:g}" if isinstance(number, float) else str(number)
    return f"{shown} {singular if abs(number) < 2 else plural}"


def counter(key: str, number: Any) -> str:
    """One counter of a player in the outcome ("4 doses", "éliminé", "2 cartes")."""
    if key == "eliminated":
        return "éliminé" if number else "en jeu"
    if isinstance(number, bool) or not isinstance(number, int | float):
        return f"{key} {number}"
    singular, plural = COUNTERS.get(key, (key, key))
    return count(number, singular, plural)


def stake(amount: int, unit: str) -> str:
    """ "1 dose", "2 gorgées", "3 vies": a penalty's amount in its unit."""
    units = cast(Mapping[str, tuple[str, str]], speech.UNITS)
    singular, plural = units.get(unit, (unit, unit))
    return count(amount, singular, plural)


def reason(code: str) -> str:
    """A penalty reason code (`wrong_lift`) as the referee says it ("levée à tort")."""
    return speech.REASONS.get(code, code)  # type: ignore[call-overload]


def penalty(entry: Mapping[str, Any]) -> str:
    """ "Ana : 4 doses (levée à tort)"."""
    amount = stake(int(entry["amount"]), str(entry["unit"]))
    return f"{entry['player']} : {amount} ({reason(str(entry['reason']))})"


def status(code: str) -> str:
    """ "en cours", "terminée"."""
    return STATUSES.get(code, code)


def _detail(key: str, value: Any) -> str:
    if key == "cup" and isinstance(value, int):
        return speech.WORDS.get(f"cup_{value}", f"gobelet {value + 1}")
    if key == "reason":
        return reason(str(value))
    shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return f"{DETAILS.get(key, key)} {shown}"


def command(stored: Any) -> str:
    """A stored command in French: "l'annonce d'Ana : score 62, premier gobelet"."""
    if not isinstance(stored, dict):
        return json.dumps(stored, ensure_ascii=False)
    kind = str(stored.get("type"))
    player = str(stored.get("player", ""))
    template = speech.DESCRIPTIONS.get(kind)
    if template is None:
        head = kind
    else:
        head = template.format(player=player, of_player=speech.of(player), card=stored.get("card", ""))
    details = [_detail(k, v) for k, v in stored.items() if k not in ("type", "player") and v is not None]
    if kind == "Play":  # the card is in the description already
        details = [_detail(k, v) for k, v in stored.items() if k not in ("type", "player", "card")]
    return f"{head} : {', '.join(details)}" if details else head


def event(kind: Any, game: str) -> str:
    """An event type of the log by its French name (`game`'s responses file names its own)."""
    from assistant.game import get_game
    from assistant.responses import section

    name = str(kind)
    return CORE_EVENTS.get(name) or section(get_game(game).responses, "events").get(name, name)
