"""Quinito's summary ("arbitre bilan", and at the end of a game): a fold over the events.

Decision (the "longest bluff streak"): the referee never sees the dice, so the only bluffs it
knows are the ones caught (a `bluff` penalty). A player's streak is the longest run of their
announcements (passes included, L3) with none caught as a bluff; the caught one does not count.
"""

from __future__ import annotations

from collections.abc import Iterable

from assistant import speech
from assistant.core.events import PenaltyCalled, Unit
from assistant.game import Summary, top
from assistant.games.quinito import events as qe
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.state import QuinitoState


def bluff_streaks(events: Iterable[object]) -> dict[str, int]:
    """Q6/L3: per player, the longest run of announcements with none caught as a bluff.

    An announcement counts once its fate is known to be safe: at the announcer's next announcement,
    or at the end of the log; a `bluff` penalty drops it and ends the run."""
    run: dict[str, int] = {}
    pending: dict[str, bool] = {}
    best: dict[str, int] = {}
    for event in events:
        if isinstance(event, qe.Announced | qe.Passed):
            player = event.player
            run[player] = run.get(player, 0) + int(pending.get(player, False))
            best[player] = max(best.get(player, 0), run[player])
            pending[player] = True
        elif isinstance(event, PenaltyCalled) and event.reason == "bluff":
            run[event.player] = 0
            pending[event.player] = False
    for player, waiting in pending.items():
        best[player] = max(best[player], run[player] + int(waiting))
    return best


def summarize(state: QuinitoState, events: tuple[object, ...]) -> Summary:
    """Q6/L1: who leads on doses (or lives), who took most, the longest streak of safe announcements."""
    players = tuple(state.players)
    winner = state.winner
    winners = tuple(winner) if isinstance(winner, list) else ((winner,) if winner else ())
    played = any(not isinstance(e, qe.RoundStarted) for e in events)
    table = state.standings()
    streaks = top(bluff_streaks(events), players)
    streak = streaks if streaks is not None and streaks.value >= 2 else None
    unit: Unit = "life" if state.edition == "family" else "dose"
    if unit == "life":  # L1: most lives is the lead; lives lost are what a player took
        lost: dict[str, int] = {}
        for event in events:
            if isinstance(event, PenaltyCalled):
                lost[event.player] = lost.get(event.player, 0) + event.amount
        leader, most = top({p: int(c["lives"]) for p, c in table.items()}, players), top(lost, players)
    else:  # Q6: fewest doses leads
        doses = {p: int(c["doses"]) for p, c in table.items()}
        leader, most = top(doses, players, highest=False), top(doses, players)
    return Summary(
        played,
        winners,
        leader,
        speech.amount(leader.value, unit) if leader else "",
        most,
        "vies perdues" if unit == "life" else "doses",
        speech.amount(most.value, unit) if most else "",
        streak,
        None,
    )


def results(config: QuinitoConfig, state: QuinitoState) -> dict[str, dict[str, int]]:
    """What each player took in the finished game: doses and sips (drinking), lives left (family)."""
    return {
        name: {"doses": state.doses[i], "sips": state.sips[i], "lives": state.lives[i]}
        for i, name in enumerate(state.players)
    }
