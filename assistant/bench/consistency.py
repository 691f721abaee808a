"""Invariants a referee must keep whatever it hears: checked by the fuzz tests and after each soak resume.

Each check returns a list of problems (French-free, for developers): empty means consistent.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from assistant.core.clock import FakeClock
from assistant.core.events import PenaltyCalled
from assistant.referee.referee import Referee
from assistant.store.protocol import GameStore, decode_entries

COUNTER_OF_UNIT = {"dose": "doses", "sip": "sips", "life": "lives"}
"""The standings counter each penalty unit moves (docs/command-line.md `players`)."""


def state_problems(referee: Referee) -> list[str]:
    """Exactly one current player (a seated, not eliminated one) while a game runs; no negative counter."""
    problems: list[str] = []
    state = referee.state
    table = state.standings()
    if state.winner is None and state.current is not None:
        if state.current not in referee.config.players:
            problems.append(f"current player {state.current!r} is not seated")
        elif table.get(state.current, {}).get("eliminated") is True:
            problems.append(f"current player {state.current!r} is eliminated")
    direction = referee.book.direction(state)
    if direction not in (1, -1):
        problems.append(f"direction {direction!r}")
    for player, counters in table.items():
        for name, value in counters.items():
            if not isinstance(value, bool) and value < 0:
                problems.append(f"{player} has {name} = {value}")
        if counters.get("lives") == 0 and counters.get("eliminated") is False:
            problems.append(f"{player} has no life left but is not eliminated")
    return problems


def standings_problems(referee: Referee) -> list[str]:
    """Q-standings are a fold of the penalties: doses and sips add up, lives go down to 0 at most."""
    problems: list[str] = []
    start = referee.book.game.initial().standings()
    charged: Counter[tuple[str, str]] = Counter()
    for penalty in referee.penalties():
        counter = COUNTER_OF_UNIT.get(str(penalty["unit"]), str(penalty["unit"]))
        charged[(str(penalty["player"]), counter)] += int(penalty["amount"])
    for player, counters in referee.state.standings().items():
        for counter in ("doses", "sips", "lives"):
            if counter not in counters:
                continue
            before = int(start[player][counter])
            if counter == "lives":
                expected = max(0, before - charged[(player, counter)])
            else:
                expected = before + charged[(player, counter)]
            if int(counters[counter]) != expected:
                problems.append(f"{player} {counter} = {counters[counter]}, penalties fold to {expected}")
    return problems


def store_problems(referee: Referee, store: GameStore) -> list[str]:
    """The stored log explains every penalty, and a referee rebuilt from it holds the live state."""
    if referee.game_id is None:
        return []
    stored = store.load(referee.game_id)
    entries = decode_entries(referee.book.codec, stored.entries)
    problems: list[str] = []
    if len(entries) != len(referee.session.entries):
        problems.append(f"store holds {len(entries)} entries, live session {len(referee.session.entries)}")
    logged = [
        {"player": e.player, "amount": e.amount, "unit": e.unit, "reason": e.reason}
        for entry in entries
        for e in entry.events
        if isinstance(e, PenaltyCalled)
    ]
    if logged != referee.penalties():
        problems.append("penalties in the outcome differ from the PenaltyCalled events of the stored log")
    rebuilt = Referee(referee.config, FakeClock(referee.clock.now()), store=store, resume_id=referee.game_id)
    if rebuilt.state != referee.state:
        problems.append("a referee resumed from the store does not hold the live state")
    return problems


def problems(referee: Referee, store: GameStore | None = None) -> list[str]:
    """Every check above (the store ones only with a store)."""
    found = state_problems(referee) + standings_problems(referee)
    if store is not None:
        found += store_problems(referee, store)
    return found


def outcome_is_json(outcome: dict[str, Any]) -> bool:
    """The outcome survives a JSON round trip unchanged."""
    import json

    return bool(json.loads(json.dumps(outcome, ensure_ascii=False)) == outcome)
