"""Cinquillo's coach: the referee cannot see hands (C3), so "qu'est-ce que je peux jouer" says so,
and what the table accepts."""

from __future__ import annotations

from typing import Any

from assistant import speech
from assistant.game import Parse
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import DECK, definite


def count(player: str | None, state: Any) -> list[str]:
    """C3: a player's card count as the referee heard it (it never sees the hands)."""
    if player is None or player not in state.players:
        return [speech.say("who_count")]
    n = int(state.standings()[player]["cards"])
    cards = speech.WORDS["card"] if n <= 1 else speech.WORDS["cards"]
    words = speech.NUMBERS[n] if n < len(speech.NUMBERS) else str(n)
    return [speech.say("card_count", player=player, count=f"{words} {cards}")]


def coach(intent: str, parse: Parse, who: str | None, rules: CinquilloConfig, state: Any) -> list[str]:
    """No dice, so no odds; a hint is what the layout accepts, never a hand."""
    if intent == "odds":
        return [speech.say("odds_no_dice")]
    if intent == "announcement":
        return [speech.say("no_announcement_game")]
    if intent == "count":
        return count(parse.player or who, state)
    out = [speech.say("hands_unseen")]
    if not state.caprone and state.phase == "play":
        cards = [definite(c) for c in DECK if state.layout.playable(c, False, state.first_round)]
        if cards:
            out.append(speech.say("table_accepts", cards=speech.names(cards)))
    return out
