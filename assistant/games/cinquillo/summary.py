"""Cinquillo's summary ("arbitre bilan", and at the end of a match): a fold over the events."""

from __future__ import annotations

from assistant.game import Summary, top
from assistant.games.cinquillo import events as ce
from assistant.games.cinquillo.state import CinquilloState


def summarize(state: CinquilloState, events: tuple[object, ...]) -> Summary:
    """C7: who leads on points, who won most rounds."""
    players = tuple(state.players)
    winner = state.winner
    winners = tuple(winner) if isinstance(winner, list) else ((winner,) if winner else ())
    played = any(not isinstance(e, ce.RoundDealt) for e in events)
    table = state.standings()
    points = {p: int(c["points"]) for p, c in table.items()}
    won: dict[str, int] = {}
    for event in events:
        if isinstance(event, ce.RoundWon):
            for p in event.winners:
                won[p] = won.get(p, 0) + 1
    leader = top(points, players)
    return Summary(
        played,
        winners,
        leader,
        f"{leader.value} point{'s' if leader and abs(leader.value) > 1 else ''}" if leader else "",
        None,
        "",
        "",
        None,
        top(won, players),
    )
