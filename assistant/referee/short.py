"""Short at a loud table: the rules as a summary of at most six sentences with the topics offered, the
standings of a big table grouped ("Tous les autres : zéro dose."), and "on en est où" in a few words.
Pure: sentences in, fewer sentences out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from assistant.referee.decoding.words import WHERE_WORDS, WHOLE_RULES, say, tokens

SUMMARY = 5
"""Sentences of the rules said before the topics are offered (six sentences in all)."""
BIG_TABLE = 6
"""From this many players, those who stand the same are said together."""


def wants_whole(text: str) -> bool:
    """ "arbitre les règles en entier": every sentence of the rules."""
    return bool(set(tokens(text)) & WHOLE_RULES)


def asks_where(text: str) -> bool:
    """ "arbitre on en est où": the state and what the referee waits for."""
    return bool(set(tokens(text)) & WHERE_WORDS)


def rules_summary(lines: Sequence[str], topics: Sequence[str]) -> list[str]:
    """The first sentences of the rules, then the topics to ask about (at most six sentences)."""
    if len(lines) <= SUMMARY + 1:
        return list(lines)
    return [*lines[:SUMMARY], say("rules_topics", topics=", ".join(topics))]


def grouped(lines: Sequence[tuple[str, str]]) -> list[str]:
    """Standings as (player, "X : ...") lines; at a big table the most common standing, when several
    players share it, is said once for all of them ("Tous les autres : zéro dose.")."""
    if len(lines) < BIG_TABLE:
        return [line for _, line in lines]
    tails = Counter(line[len(player) :] for player, line in lines)
    tail, count = tails.most_common(1)[0]
    if count < 2:
        return [line for _, line in lines]
    kept = [line for player, line in lines if line[len(player) :] != tail]
    return [*kept, say("others", what=tail.removeprefix(" : "))]
