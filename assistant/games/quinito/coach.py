"""Quinito's coach: the odds of one throw (Q3), said aloud ("arbitre mes chances") or printed
(`kinito rules --odds`), and what the next announcement must beat."""

from __future__ import annotations

from typing import Any

from assistant.errors import UserError
from assistant.game import Parse
from assistant.games.quinito.commands import Score
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.heard import said_score
from assistant.games.quinito.odds import Odds, at_least
from assistant.games.quinito.scores import CHANCE, is_legal
from assistant.games.quinito.state import CupState, QuinitoState
from assistant.games.quinito.words import say, score
from assistant.speech import percent_words


def odds_sentence(odds: Odds, printed: bool = False) -> str:
    """Q3 coach: "Soixante-deux : quarante-quatre pour cent de chances de faire au moins autant."

    `printed` (kinito rules --odds): digits and the exact count, "Soixante-deux (62) : 44 % ...".
    """
    name = score(odds.score)
    name = name[0].upper() + name[1:]
    if not printed:
        return say("odds", score=name, percent=percent_words(odds.percent))
    said = f"{name} ({odds.score})" if isinstance(odds.score, int) else name
    line = say("odds", score=said, percent=f"{odds.percent} %")
    return f"{line[:-1]} ({odds.throws} lancers sur 36)."


def question(intent: str, rules: QuinitoConfig, state: QuinitoState) -> list[str]:
    """Q12 "arbitre qui a le totem": who holds the totem (each cup's, Q13), protected from the next attack."""
    if not state.totems:
        return [say("no_totem")]
    return [say("has_totem", player=holder) for holder in state.totems]


def _cup(state: QuinitoState, who: str | None) -> CupState:
    """Q13: the cup the speaker is playing on (the one awaiting them), else the first one."""
    return next((cup for cup in state.cups if who is not None and cup.actor == who), state.cups[0])


def coach(intent: str, parse: Parse, who: str | None, rules: QuinitoConfig, state: QuinitoState) -> list[str]:
    """ "arbitre mes chances" (Q3: the chance one throw makes at least the score asked, or the standing
    announcement), "qu'est-ce que je peux jouer" (Q6: what the next announcement must beat) and
    "arbitre c'était combien" (Q6: the standing announcement)."""
    bar = _cup(state, who).announced
    if intent == "announcement":
        if bar is None:
            return [say("no_announcement")]
        return [say("the_announcement", score=score(bar))]
    if intent == "odds":
        said = said_score(parse)
        wanted = said if said is not None else bar
        if wanted is None:
            return [say("odds_nothing")]
        return [odds_sentence(at_least(wanted, rules.order))]
    if bar is None:
        return [say("hint_free")]
    return [say("hint_beat", score=score(bar))]


def odds_score(text: str) -> Score:
    """--odds: a Q3 score written in digits ("62"), or "chance" (L-V6)."""
    word = text.strip().casefold()
    if word == CHANCE:
        return CHANCE
    value = int(word) if word.isdigit() else None
    if value is None or not is_legal(value):
        raise UserError(
            f"{text} n'est pas un score de Quinito (Q3 : 31, 32, 41 ... 66, 21, ou chance).",
            fix="kinito rules --game quinito --odds 62",
        )
    return value


def printed_odds(rules: QuinitoConfig, text: str) -> tuple[list[str], dict[str, Any]]:
    """`kinito rules --odds SCORE`: the sentence for this table's order, and its JSON form."""
    odds = at_least(odds_score(text), rules.order)
    data = {
        "score": odds.score,
        "throws": odds.throws,
        "of": 36,
        "percent": odds.percent,
        "probability": float(odds.chance),
        "order": list(rules.order),
    }
    return [odds_sentence(odds, printed=True)], data
