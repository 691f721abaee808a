"""Q1-Q13, L1-L4 on the board: players with doses and sips (or lives), totems, whose turn, the
direction, each cup's standing announcement and the odds of making it (Q3)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from assistant import speech
from assistant.core.events import PenaltyCalled
from assistant.games.quinito.config import RESPONSES, VARIANTS, QuinitoConfig
from assistant.games.quinito.odds import at_least
from assistant.games.quinito.scores import CHANCE, rank
from assistant.games.quinito.state import CupState, QuinitoState
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
        "announced_text": speech.score(value.announced) if value.announced is not None else None,
        "odds": odds.percent if odds else None,
        "totem": state.cup_totems[index],
        "ladder": ladder,
        "chance": announced == CHANCE,
    }


def last_penalty(events: tuple[Any, ...]) -> dict[str, Any] | None:
    """The last penalty with its reason in French ("Bruno prend une dose : bluff.")."""
    last = next((e for e in reversed(events) if isinstance(e, PenaltyCalled)), None)
    if last is None:
        return None
    if last.reason == "everyone_sips":  # V-51: one line for the whole table
        text = speech.say("everyone_sips", amount=speech.amount(last.amount, last.unit))
    else:
        text = speech.penalty(last)
    return {
        "player": last.player,
        "amount": last.amount,
        "unit": last.unit,
        "reason": last.reason,
        "reason_text": speech.REASONS.get(last.reason, last.reason),
        "text": text,
    }


def chart(config: QuinitoConfig, state: QuinitoState, events: tuple[Any, ...]) -> dict[str, Any]:
    """The night so far: doses taken (drinking) or lives left (family) per player, one point per
    penalty, starting from zero (or the starting lives)."""
    family = config.edition == "family"
    totals = {p: config.starting_lives if family else 0 for p in state.players}
    series: dict[str, list[int]] = {p: [v] for p, v in totals.items()}
    for event in events:
        if isinstance(event, PenaltyCalled) and event.unit != "sip" and event.player in totals:
            totals[event.player] += -event.amount if family else event.amount
            if family and event.beneficiary in totals:
                totals[event.beneficiary] += event.amount
            for p, v in totals.items():
                series[p].append(v)
    return {"unit": _texts("board")["chart_family" if family else "chart_drinking"], "series": series}


def describe(event: Any) -> str | None:
    """One move of the journal ("Ana annonce soixante-deux"), or None to leave it out."""
    if isinstance(event, PenaltyCalled):
        return speech.penalty(event).rstrip(".")
    template = _texts("board_journal").get(type(event).__name__)
    if template is None:
        return None
    fields = {k: speech.score(v) if k in ("score", "value") else v for k, v in vars(event).items()}
    return render(template, fields)


def view(config: QuinitoConfig, state: QuinitoState, events: tuple[Any, ...]) -> dict[str, Any]:
    """The Quinito part of the board's JSON."""
    words = _texts("board")
    edition = words[f"edition_{config.edition}"]
    return {
        "title": render(words["title_two_cups" if config.cups == 2 else "title"], {"edition": edition}),
        "variants": [{"id": v, "text": VARIANTS[v]} for v in sorted(config.variants)],
        "players": players(config, state),
        "cups": [cup(config, state, i, c) for i, c in enumerate(state.cups)],
        "direction": state.direction,
        "totems": list(state.totems),
        "last_penalty": last_penalty(events),
        "chart": chart(config, state, events),
        "rounds": state.rounds,
    }
