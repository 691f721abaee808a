"""Everything the referee says, as short French sentences built from the templates of its responses
file (grammars/responses/fr/referee.yaml, read by `responses`).

Q11: no template ever uses the verb "boire" (a test scans every response and every sentence said).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from assistant.core.events import PenaltyCalled, Unit
from assistant.responses import render, responses, section

_FILE = "referee.yaml"
_DATA = responses(_FILE)

NUMBERS: tuple[str, ...] = tuple(str(n) for n in _DATA["numbers"])
"""Feminine cardinals (une dose, une vie, une gorgée, une manche) up to twenty."""

UNITS: Mapping[Unit, tuple[str, str]] = {
    unit: (str(forms["one"]), str(forms["many"])) for unit, forms in _DATA["units"].items()
}
"""Singular and plural of each stake unit."""

REASONS: Mapping[str, str] = section(_FILE, "reasons")
"""The penalty reasons every game shares (Q10 faults, Q11 words and names) as said aloud; a game adds
its own from its responses file."""

TEMPLATES: Mapping[str, str] = section(_FILE, "sentences")
"""Every fixed sentence, by key."""

WORDS: Mapping[str, str] = section(_FILE, "words")
"""Single words the referee fits into sentences."""


def say(key: str, **values: str) -> str:
    """The sentence `key` with its blanks filled (a capital first)."""
    return render(TEMPLATES[key], values)


def of(name: str) -> str:
    """ "d'Ana", "d'Émile", "de Bruno": the preposition elided before a vowel or a mute h."""
    return f"d'{name}" if name[:1].casefold() in "aeiouyàâäéèêëîïôöùûüh" and name else f"de {name}"


def names(players: Sequence[str]) -> str:
    """ "Ana", "Ana et Bruno", "Ana, Bruno et Chloé"."""
    if len(players) <= 1:
        return "".join(players)
    return f"{', '.join(players[:-1])} {WORDS['and']} {players[-1]}"


def amount(count: int, unit: Unit) -> str:
    """ "une dose", "deux doses", "quatre vies"..."""
    singular, plural = UNITS[unit]
    word = NUMBERS[count] if 0 <= count < len(NUMBERS) else str(count)
    return f"{word} {singular if count <= 1 else plural}"


def penalty(event: PenaltyCalled, reasons: Mapping[str, str] = REASONS) -> str:
    """The announcement of one penalty: "Bruno prend une dose : lenteur." (Q10, L3), its reason said
    with `reasons` (the game's, which include the shared ones)."""
    what = amount(event.amount, event.unit)
    reason = reasons.get(event.reason, event.reason)
    if event.unit == "life":
        if event.beneficiary:
            return say("give", player=event.player, amount=what, beneficiary=event.beneficiary, reason=reason)
        return say("lose", player=event.player, amount=what, reason=reason)
    return say("take", player=event.player, amount=what, reason=reason)


def capital(text: str) -> str:
    """The sentence's first letter in upper case ("soixante-deux" -> "Soixante-deux")."""
    return text[:1].upper() + text[1:]


def counted(count: int, forms: str) -> str:
    """A count in words before its noun, given as "singulier / pluriel" (a game's `counters`): "zéro
    manche", "une manche", "douze manches" (feminine cardinals up to twenty, digits beyond)."""
    one, _, many = forms.partition(" / ")
    number = NUMBERS[count] if 0 <= count < len(NUMBERS) else str(count)
    noun = (many or one) if count > 1 else one
    return f"{number} {noun}"


def standing(player: str, counters: Mapping[str, int | bool], own: Mapping[str, str] | None = None) -> str:
    """One player's line of the standings: "Ana : deux doses, une gorgée." The stakes every game shares
    come first, then the game's `own` counters (key -> "singulier / pluriel", its responses file's
    `counters`), then points."""
    parts: list[str] = []
    for key, unit in (("doses", "dose"), ("sips", "sip"), ("lives", "life")):
        value = counters.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and (value or key != "sips"):
            parts.append(amount(value, unit))  # type: ignore[arg-type]
    for key, forms in (own or {}).items():
        value = counters.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            parts.append(counted(value, forms))
    points = counters.get("points")
    if isinstance(points, int) and not isinstance(points, bool):
        parts.append(f"{points} {WORDS['points'] if abs(points) > 1 else WORDS['point']}")
    if counters.get("eliminated") is True:
        parts.append(WORDS["out"])
    return f"{player} : {', '.join(parts) if parts else WORDS['nothing']}."


def percent_words(value: int) -> str:
    """0..100 per cent in French words: "quarante-quatre pour cent", "cent pour cent"."""
    from assistant.understanding.numbers import french_number

    words = "cent" if value == 100 else french_number(value).replace(" ", "-").replace("-et-", " et ")
    return f"{words} pour cent"
