"""Q1-Q13, L1-L4 on the board: players with doses and sips (or lives), totems, whose turn, the
direction, each cup's standing announcement and the odds of making it (Q3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.core.events import PenaltyCalled
from assistant.games.quinito import events as qe
from assistant.games.quinito.config import VARIANTS, QuinitoConfig
from assistant.games.quinito.odds import at_least
from assistant.games.quinito.scores import CHANCE, rank
from assistant.games.quinito.state import CupState, QuinitoState
from assistant.referee import speech

PHASES: Mapping[str, str] = {
    "announce": "À {actor} d'annoncer",
    "response": "À {actor} : accepter ou soulever",
    "reveal": "Combien sous le gobelet ?",
    "attack_target": "Quinito ! {actor} choisit sa cible",
    "counter_or_submit": "{actor} contre ou prend ?",
    "counter_throw": "{actor} lance pour contrer",
    "defi_players": "Défi ! {actor} nomme deux joueurs",
    "defi_loser": "Défi : qui a fini le dernier ?",
    "redemption_throw": "{actor} : trois lancers pour refaire un quinito",
}
"""What each cup waits for, as the board shows it (French)."""
FAMILY_RESPONSE = "À {actor} : croire, passer ou soulever"
"""L3: the family edition's answers."""


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
    template = PHASES.get(value.phase, "")
    if value.phase == "response" and config.edition == "family":
        template = FAMILY_RESPONSE
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
        "status": template.format(actor=value.actor) if state.winner is None else "",
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
    return {"unit": "vies" if family else "doses", "series": series}


JOURNAL: Mapping[type, str] = {
    qe.Announced: "{player} annonce {score}",
    qe.Accepted: "{player} accepte",
    qe.Passed: "{player} passe : {score}",
    qe.Lifted: "{player} soulève",
    qe.Revealed: "Sous le gobelet : {value}",
    qe.SpecialShown: "{player} montre {value}",
    qe.QuinitoAttacked: "{attacker} attaque {target}",
    qe.Countered: "{player} contre",
    qe.DirectionReversed: "Changement de sens",
    qe.TotemGiven: "{player} prend le totem",
    qe.PlayerEliminated: "{player} est éliminé",
}
"""The moves the journal lists, in a few words (penalties are said as the referee says them)."""


def describe(event: Any) -> str | None:
    """One move of the journal ("Ana annonce soixante-deux"), or None to leave it out."""
    if isinstance(event, PenaltyCalled):
        return speech.penalty(event).rstrip(".")
    template = JOURNAL.get(type(event))
    if template is None:
        return None
    fields = {k: speech.score(v) if k in ("score", "value") else v for k, v in vars(event).items()}
    return template.format(**fields)


def view(config: QuinitoConfig, state: QuinitoState, events: tuple[Any, ...]) -> dict[str, Any]:
    """The Quinito part of the board's JSON."""
    edition = "édition famille" if config.edition == "family" else "édition apéro"
    return {
        "title": f"Quinito — {edition}" + (" — double kinito" if config.cups == 2 else ""),
        "variants": [{"id": v, "text": VARIANTS[v]} for v in sorted(config.variants)],
        "players": players(config, state),
        "cups": [cup(config, state, i, c) for i, c in enumerate(state.cups)],
        "direction": state.direction,
        "totems": list(state.totems),
        "last_penalty": last_penalty(events),
        "chart": chart(config, state, events),
        "rounds": state.rounds,
    }
