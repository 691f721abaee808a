"""Q1-Q13, L1-L4 on the board: players with doses and sips (or lives), totems, whose turn, the
direction, each cup's standing announcement and the odds of making it (Q3)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, cast

from assistant import speech
from assistant.core.events import PenaltyCalled
from assistant.game.running import Chart
from assistant.games.quinito.config import RESPONSES, VARIANTS, QuinitoConfig
from assistant.games.quinito.odds import at_least
from assistant.games.quinito.scores import CHANCE, rank
from assistant.games.quinito.state import CupState, QuinitoState
from assistant.games.quinito.words import REASONS, penalty, say, score
from assistant.responses import render, section


@functools.cache
def _texts(part: str) -> Mapping[str, str]:
    """The board's words (`board`), cup statuses (`board_status`, by phase) or journal lines
    (`board_journal`, by event name), from this game's responses file (read once, kept)."""

    return section(RESPONSES, part)


def players(config: QuinitoConfig, state: QuinitoState) -> list[dict[str, Any]]:
    """Per seat: doses and sips (drinking) or lives (family), totem, whose turn."""
    expected = {cup.actor for cup in state.cups} if state.winner is None else set()
    out: list[dict[str, Any]] = []
    for i, name in enumerate(state.players):
        row: dict[str, Any] = {
            "name": name,
            "turn": name in expected,
            "totem": name in state.totems,
            "eliminated": name in state.eliminated,
        }
        if config.edition == "family":
            row.update(lives=state.lives[i], max_lives=config.starting_lives)
        else:
            row.update(doses=state.doses[i], sips=state.sips[i])
        out.append(row)
    return out


def cup(config: QuinitoConfig, state: QuinitoState, index: int, value: CupState) -> dict[str, Any]:
    """Q5/Q6/Q13: one cup: what it waits for, the standing announcement and its odds (Q3)."""
    phase = "response_family" if value.phase == "response" and config.edition == "family" else value.phase
    template = _texts("board_status").get(phase)
    announced = value.announced
    odds = at_least(announced, config.order) if announced is not None else None
    bar = rank(announced, config.ranks) if announced is not None else None
    ladder = [
        {
            "value": score,
            "state": "none" if bar is None else ("at" if i == bar else ("above" if i > bar else "below")),
        }
        for i, score in enumerate(config.order)
    ]
    return {
        "index": index,
        "phase": value.phase,
        "status": render(template, {"actor": value.actor}) if template and state.winner is None else "",
        "actor": value.actor,
        "announcer": value.announcer,
        "announced": value.announced,
        "announced_text": score(value.announced) if value.announced is not None else None,
        "odds": odds.percent if odds else None,
        "totem": state.cup_totems[index],
        "ladder": ladder,
        "chance": announced == CHANCE,
    }


def penalty_view(last: PenaltyCalled | None) -> dict[str, Any] | None:
    """The last penalty with its reason in French ("Bruno prend une dose : bluff.")."""
    if last is None:
        return None
    if last.reason == "everyone_sips":  # V-51: one line for the whole table
        text = say("everyone_sips", amount=speech.amount(last.amount, last.unit))
    else:
        text = penalty(last)
    return {
        "player": last.player,
        "amount": last.amount,
        "unit": last.unit,
        "reason": last.reason,
        "reason_text": REASONS.get(last.reason, last.reason),
        "text": text,
    }


class Running:
    """Q6/L1 as running values (assistant.board.running): the night so far, doses taken (drinking) or
    lives left (family) per player, one point per penalty from zero (or the starting lives), and the
    last penalty."""

    def __init__(self, config: QuinitoConfig) -> None:
        self.family = config.edition == "family"
        """L1: lives are counted down, and a beneficiary wins back what the loser lost."""
        unit = _texts("board")["chart_family" if self.family else "chart_drinking"]
        self.chart = Chart(unit, config.players, config.starting_lives if self.family else 0)
        """The chart's running totals."""
        self.last: PenaltyCalled | None = None
        """The latest penalty."""

    def feed(self, event: Any) -> None:
        if not isinstance(event, PenaltyCalled):
            return
        self.last = event
        seat = self.chart.seat
        if event.unit == "sip" or event.player not in seat:
            return
        totals = self.chart.totals
        totals[seat[event.player]] += -event.amount if self.family else event.amount
        if self.family and event.beneficiary in seat:
            totals[seat[event.beneficiary]] += event.amount
        self.chart.step()

    def mark(self) -> object:
        return (self.chart.mark(), self.last)

    def restore(self, mark: object) -> None:
        chart, last = cast(tuple[object, PenaltyCalled | None], mark)
        self.chart.restore(chart)
        self.last = last

    def value(self) -> dict[str, Any]:
        return {"chart": self.chart.series(), "last_penalty": penalty_view(self.last)}


def describe(event: object) -> str | None:
    """One move of the journal ("Ana annonce soixante-deux"), or None to leave it out."""
    if isinstance(event, PenaltyCalled):
        return penalty(event).rstrip(".")
    template = _texts("board_journal").get(type(event).__name__)
    if template is None:
        return None
    fields = {k: score(v) if k in ("score", "value") else v for k, v in vars(event).items()}
    return render(template, fields)


def view(config: QuinitoConfig, state: QuinitoState, events: tuple[Any, ...]) -> dict[str, Any]:
    """The Quinito part of the board's JSON, from the state (the chart and the last penalty are the
    board's running values: `Running`)."""
    words = _texts("board")
    edition = words[f"edition_{config.edition}"]
    cups = [cup(config, state, i, c) for i, c in enumerate(state.cups)]
    return {
        "title": render(words["title_two_cups" if config.cups == 2 else "title"], {"edition": edition}),
        "variants": [{"id": v, "text": VARIANTS[v]} for v in sorted(config.variants)],
        "players": players(config, state),
        "status": " · ".join(c["status"] for c in cups if c["status"]),
        "cups": cups,
        "direction": state.direction,
        "totems": list(state.totems),
        "rounds": state.rounds,
    }
