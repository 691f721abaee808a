"""C1-C8 on the board: the four suit rows as cards, each player's card count, the round and match
scores, the XP of the match (C8), and what the table accepts next (public: no hand is known)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from assistant import speech
from assistant.game.running import Chart
from assistant.games.cinquillo import events as ce
from assistant.games.cinquillo.commands import Card
from assistant.games.cinquillo.config import RESPONSES, CinquilloConfig
from assistant.games.cinquillo.deck import RANKS, SUITS, definite
from assistant.games.cinquillo.state import CinquilloState
from assistant.responses import render, section

SUIT_SYMBOLS = {"oros": "●", "copas": "♥", "espadas": "♠", "bastos": "♣"}
"""A sign per suit, drawn with the suit's colour by the page."""


@functools.cache
def _texts(part: str) -> Mapping[str, str]:
    """The board's words (`board`), statuses (`board_status`) or journal lines (`board_journal`, by
    event name), from this game's responses file (read once, kept)."""

    return section(RESPONSES, part)


def layout(state: CinquilloState) -> list[dict[str, Any]]:
    """C3/C6: per suit, every rank as "table" (laid), "blocked" (C6), "next" (the table accepts
    it now) or "empty"."""
    rows: list[dict[str, Any]] = []
    playing = state.phase == "play"
    words = _texts("board")
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
            label = words.get(f"rank_{rank.rank}", rank.spanish)  # C1: V, C, R for sota, caballo, rey
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
            "eliminated": False,
        }
        for i, name in enumerate(state.players)
    ]


class Running:
    """C5-C7 as a running value (assistant.board.running): match points per player after each round."""

    def __init__(self, config: CinquilloConfig) -> None:
        self.chart = Chart(_texts("board")["chart"], config.players, 0)
        """The chart's running totals."""

    def feed(self, event: Any) -> None:
        if isinstance(event, ce.RoundWon):
            for winner in event.winners:
                if winner in self.chart.seat:
                    self.chart.totals[self.chart.seat[winner]] += event.points
            self.chart.step()

    def mark(self) -> object:
        return self.chart.mark()

    def restore(self, mark: object) -> None:
        self.chart.restore(mark)

    def value(self) -> dict[str, Any]:
        return {"chart": self.chart.series()}


def describe(event: object) -> str | None:
    """One move of the journal ("Chloé pose le cinq de deniers"), or None to leave it out."""
    template = _texts("board_journal").get(type(event).__name__)
    if template is None:
        return None
    fields = dict(vars(event))
    if isinstance(event, ce.CardPlayed):
        fields["card"] = definite(event.card)
    if isinstance(event, ce.RoundWon):
        fields["winners"] = speech.names(list(event.winners))
    return render(template, fields)


def status(state: CinquilloState) -> str:
    """C2-C4: what the table waits for, as the board shows it (section `board_status`)."""
    if state.winners is not None:
        return ""
    key = {"play": "play" if state.current else "play_first", "draw": "draw"}.get(state.phase, "deal")
    return render(_texts("board_status")[key], {"player": state.current})


def view(config: CinquilloConfig, state: CinquilloState, events: tuple[Any, ...]) -> dict[str, Any]:
    """The Cinquillo part of the board's JSON, from the state (the chart is the board's running
    value: `Running`)."""
    words = _texts("board")
    mode = words["mode_caprone" if config.mode == "caprone" else "mode_original"]
    return {
        "title": render(words["title"], {"mode": mode, "target": config.target}),
        "variants": [],
        "players": players(state),
        "status": status(state),
        "last_penalty": None,
        "layout": layout(state),
        "round": state.round,
        "target": config.target,
        "stock": state.stock_count,
    }
