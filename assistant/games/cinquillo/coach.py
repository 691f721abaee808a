"""Cinquillo's coach: the referee cannot see hands (C3), so "qu'est-ce que je peux jouer" says so,
and what the table accepts."""

from __future__ import annotations

from typing import Any

from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import DECK, definite
from assistant.referee import speech
from assistant.understanding.parse import Parse


def coach(intent: str, parse: Parse, who: str | None, rules: CinquilloConfig, state: Any) -> list[str]:
    """No dice, so no odds; a hint is what the layout accepts, never a hand."""
    if intent == "odds":
        return [speech.say("odds_no_dice")]
    if intent == "announcement":
        return [speech.say("no_announcement_game")]
    out = [speech.say("hands_unseen")]
    if not state.caprone and state.phase == "play":
        cards = [definite(c) for c in DECK if state.layout.playable(c, False, state.first_round)]
        if cards:
            out.append(speech.say("table_accepts", cards=speech.names(cards)))
    return out
