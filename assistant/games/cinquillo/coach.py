"""Cinquillo's coach: the referee cannot see hands (C3), so "qu'est-ce que je peux jouer" says so,
and what the table accepts."""

from __future__ import annotations

from assistant import speech
from assistant.game import Parse
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import DECK, definite
from assistant.games.cinquillo.state import CinquilloState
from assistant.games.cinquillo.words import cards_words, say


def count(player: str | None, state: CinquilloState) -> list[str]:
    """C3: a player's card count as the referee heard it (it never sees the hands)."""
    if player is None or player not in state.players:
        return [say("who_count")]
    n = int(state.standings()[player]["cards"])
    return [say("card_count", player=player, count=cards_words(n))]


def coach(
    intent: str, parse: Parse, who: str | None, rules: CinquilloConfig, state: CinquilloState
) -> list[str]:
    """No dice, so no odds; a hint is what the layout accepts, never a hand."""
    if intent == "odds":
        return [say("no_odds")]
    if intent == "announcement":
        return [say("no_announcement_game")]
    if intent == "count":
        return count(parse.player or who, state)
    out = [say("hands_unseen")]
    if not state.caprone and state.phase == "play":
        cards = [definite(c) for c in DECK if state.layout.playable(c, False, state.first_round)]
        if cards:
            out.append(say("table_accepts", cards=speech.names(cards)))
    return out
