"""The coach: answers that help a player think ("arbitre mes chances", "qu'est-ce que je peux jouer").

It reads the game state and the engine's own tables, never a hand: the referee cannot see the dice
or the cards, so in Cinquillo "what can I play" is answered with what the table accepts, and the
reason it cannot say more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.referee import speech
from assistant.rules.quinito.config import QuinitoConfig
from assistant.rules.quinito.odds import Odds, at_least
from assistant.understanding.parse import Parse

if TYPE_CHECKING:
    from assistant.referee.referee import Referee


def percent_words(value: int) -> str:
    """0..100 per cent in French words: "quarante-quatre pour cent", "cent pour cent"."""
    from assistant.understanding.numbers import french_number

    words = "cent" if value == 100 else french_number(value).replace(" ", "-").replace("-et-", " et ")
    return f"{words} pour cent"


def odds_sentence(odds: Odds, printed: bool = False) -> str:
    """Q3 coach: "Soixante-deux : quarante-quatre pour cent de chances de faire au moins autant."

    `printed` (kinito rules --odds): digits and the exact count, "Soixante-deux (62) : 44 % ...".
    """
    name = speech.score(odds.score)
    name = name[0].upper() + name[1:]
    if not printed:
        return speech.say("odds", score=name, percent=percent_words(odds.percent))
    said = f"{name} ({odds.score})" if isinstance(odds.score, int) else name
    line = speech.say("odds", score=said, percent=f"{odds.percent} %")
    return f"{line[:-1]} ({odds.throws} lancers sur 36)."


def _cup(state: Any, who: str | None) -> Any:
    """Q13: the cup the speaker is playing on (the one awaiting them), else the first one."""
    return next((cup for cup in state.cups if who is not None and cup.actor == who), state.cups[0])


def odds(referee: Referee, parse: Parse, who: str | None) -> list[str]:
    """Q3: the chance that one throw makes at least the score asked, or the standing announcement."""
    rules = referee.config.rules
    if not isinstance(rules, QuinitoConfig):
        return [speech.say("odds_no_dice")]
    score = parse.score if parse.score is not None else _cup(referee.state, who).announced
    if score is None:
        return [speech.say("odds_nothing")]
    return [odds_sentence(at_least(score, rules.variants))]


def hint(referee: Referee, who: str | None) -> list[str]:
    """C3 (Cinquillo): the referee cannot see hands, so it says so, and what the table accepts;
    Q6 (Quinito): what the next announcement must beat."""
    rules = referee.config.rules
    state = referee.state
    if isinstance(rules, QuinitoConfig):
        bar = _cup(state, who).announced
        if bar is None:
            return [speech.say("hint_free")]
        return [speech.say("hint_beat", score=speech.score(bar))]
    out = [speech.say("hands_unseen")]
    if not state.caprone and state.phase == "play":
        from assistant.rules.cinquillo.deck import DECK
        from assistant.rules.cinquillo.state import definite

        cards = [definite(c) for c in DECK if state.layout.playable(c, False, state.first_round)]
        if cards:
            out.append(speech.say("table_accepts", cards=speech.names(cards)))
    return out


COACH_INTENTS = frozenset({"odds", "hint", "summary"})
"""Wake-word intents the coach answers (grammars/commands.yaml)."""


def summary_lines(referee: Referee, with_winner: bool = True) -> list[str]:
    """The summary of the game so far ("arbitre bilan"; at the end of a game, without the winner
    line the referee has just said)."""
    from assistant.referee.summary import summarize

    return summarize(referee.state, referee.session.events).lines(with_winner)


def answer(referee: Referee, parse: Parse, who: str | None) -> list[str]:
    """One coach command: odds, hint or summary."""
    if parse.intent == "odds":
        return odds(referee, parse, who)
    if parse.intent == "hint":
        return hint(referee, who)
    return summary_lines(referee)
