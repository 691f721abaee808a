"""C1-C8 on the board: the four suit rows as cards, each player's card count, the round and match
scores, the XP of the match (C8), and what the table accepts next (public: no hand is known)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.games.cinquillo import events as ce
from assistant.games.cinquillo.commands import Card
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import RANKS, SUITS, definite
from assistant.games.cinquillo.state import CinquilloState
from assistant.referee import speech

SHORT_RANKS = {10: "V", 11: "C", 12: "R"}
"""C1: sota, caballo, rey as printed on a French-style card (valet, cavalier, roi)."""
SUIT_SYMBOLS = {"oros": "●", "copas": "♥", "espadas": "♠", "bastos": "♣"}
"""A sign per suit, drawn with the suit's colour by the page."""


def layout(state: CinquilloState) -> list[dict[str, Any]]:
    """C3/C6: per suit, every rank as "table" (laid), "blocked" (C6), "next" (the table accepts
    it now) or "empty"."""
    rows: list[dict[str, Any]] = []
    playing = state.phase == "play"
    for suit in SUITS:
        cards: list[dict[str, Any]] = []
        for rank in RANKS:
            card = Card(rank.rank, suit.suit)
            if card in state.layout.blocked:
                where = "blocked"
            elif state.layout.on_table(card):
                where = "table"
            elif playing and state.layout.playable(card, state.caprone, state.first_round):
                where = "next"
            else:
                where = "empty"
            label = SHORT_RANKS.get(rank.rank, rank.spanish)
            cards.append({"rank": rank.rank, "label": label, "name": rank.french, "state": where})
        rows.append(
            {"suit": suit.suit, "name": suit.french, "symbol": SUIT_SYMBOLS[suit.suit], "cards": cards}
        )
    return rows


def players(state: CinquilloState) -> list[dict[str, Any]]:
    """Per seat: cards in hand, match points, XP of the match (C8), whose turn."""
    return [
        {
            "name": name,
            "turn": name == state.current and state.winners is None,
            "cards": state.counts[i],
            "points": state.points[i],
            "xp": state.xp[i],
            "totem": False,
            "eliminated": False,
        }
        for i, name in enumerate(state.players)
    ]


def chart(state: CinquilloState, events: tuple[Any, ...]) -> dict[str, Any]:
    """C5-C7: match points per player after each round."""
    totals = dict.fromkeys(state.players, 0)
    series: dict[str, list[int]] = {p: [0] for p in state.players}
    for event in events:
        if isinstance(event, ce.RoundWon):
            for winner in event.winners:
                totals[winner] += event.points
            for p, v in totals.items():
                series[p].append(v)
    return {"unit": "points", "series": series}


JOURNAL: Mapping[type, str] = {
    ce.CardPlayed: "{player} pose {card}",
    ce.Passed: "{player} passe",
    ce.Drew: "{player} pioche",
    ce.RoundDealt: "Manche {round} distribuée",
    ce.RoundWon: "Manche pour {winners} : {points} points",
}
"""The moves the journal lists, in a few words."""


def describe(event: Any) -> str | None:
    """One move of the journal ("Chloé pose le cinq de deniers"), or None to leave it out."""
    template = JOURNAL.get(type(event))
    if template is None:
        return None
    fields = dict(vars(event))
    if isinstance(event, ce.CardPlayed):
        fields["card"] = definite(event.card)
    if isinstance(event, ce.RoundWon):
        fields["winners"] = speech.names(list(event.winners))
    return template.format(**fields)


def status(state: CinquilloState) -> str:
    """What the table waits for, as the board shows it (French)."""
    if state.winners is not None:
        return ""
    if state.phase == "play":
        return f"À {state.current} de jouer" if state.current else "Qui a le cinq de deniers ?"
    if state.phase == "draw":
        return f"{state.current} pioche"
    return "Distribution"


def view(config: CinquilloConfig, state: CinquilloState, events: tuple[Any, ...]) -> dict[str, Any]:
    """The Cinquillo part of the board's JSON."""
    mode = "caprone" if config.mode == "caprone" else "original"
    return {
        "title": f"Cinquillo — {mode} — en {config.target} points",
        "variants": [],
        "players": players(state),
        "cups": [],
        "status": status(state),
        "direction": 1,
        "totems": [],
        "last_penalty": None,
        "layout": layout(state),
        "round": state.round,
        "target": config.target,
        "stock": state.stock_count,
        "chart": chart(state, events),
    }
