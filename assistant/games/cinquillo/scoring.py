"""C5-C8: who wins a round, how many points, who wins the match, and the ranking (XP) it changes."""

from __future__ import annotations

from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.state import CinquilloState

ORIGINAL_BONUS = 5
"""C5: the round winner's bonus on top of the cards left in the opponents' hands."""

XP_PER_PLAYER = 10
"""C8: the winner gains this much per player at the table."""

XP_LOSS = -10
"""C8: every loser loses this much."""

XP_ABANDON = -20
"""C8: a player who abandons loses this much when the others penalise it."""


def round_over(state: CinquilloState) -> bool:
    """C5: a player is out of cards. C6 (caprone): also when nobody can play any more.

    Decision (C6): a caprone round also ends as soon as a player is out of cards; that player has
    the fewest cards whatever happens after, and it spares the table rounds where every card gets
    laid and nobody scores. "Nobody can play" is known from the hands in simulation; in referee mode
    it is a full turn of passes, or every remaining card blocked.
    """
    if state.phase != "play":
        return False
    if 0 in state.counts:
        return True
    if not state.caprone:
        return False
    if state.layout.exhausted() or (state.passes >= len(state.players) and not state.layout.empty):
        return True
    if state.hands is None:
        return False
    return not any(state.legal_cards(p) for p in state.players)


def round_result(state: CinquilloState) -> tuple[tuple[str, ...], int]:
    """C5/C6: the round's winners and the points each of them scores.

    C5 (original): the first player out scores 5 plus 1 per card left in the opponents' hands.
    C6 (caprone): the fewest cards win and score the cards left in the other hands (1, 3, 4, 6 ->
    13); tied winners split them, rounded down (Decision).
    """
    fewest = min(state.counts)
    winners = tuple(p for p, n in zip(state.players, state.counts, strict=True) if n == fewest)
    left = sum(n for n in state.counts if n != fewest)
    if state.caprone:
        return winners, left // len(winners)
    return winners, ORIGINAL_BONUS + left


def match_winners(players: tuple[str, ...], points: tuple[int, ...], target: int) -> tuple[str, ...] | None:
    """C7: None until someone reaches `target`; then the highest score wins, equal highest draw."""
    best = max(points)
    if best < target:
        return None
    return tuple(p for p, n in zip(players, points, strict=True) if n == best)


def abandon_winners(state: CinquilloState, leaver: str) -> tuple[str, ...]:
    """C8 Decision: an abandon ends the match; the remaining players with the most points win."""
    rest = [(p, n) for p, n in zip(state.players, state.points, strict=True) if p != leaver]
    best = max(n for _, n in rest)
    return tuple(p for p, n in rest if n == best)


def xp_changes(state: CinquilloState) -> dict[str, int]:
    """C8: the ranking change of every player once the match is over ({} while it goes on).

    The single winner gains 10 x players (20, 30, 40) and every loser loses 10. Decisions: in a draw
    the tied players neither gain nor lose; a player who abandons loses 20 when penalised, else 10
    like any loser.
    """
    if state.winners is None:
        return {}
    changes: dict[str, int] = {}
    for player in state.players:
        if player == state.abandoned:
            changes[player] = XP_ABANDON if state.penalised else XP_LOSS
        elif player in state.winners:
            changes[player] = XP_PER_PLAYER * len(state.players) if len(state.winners) == 1 else 0
        else:
            changes[player] = XP_LOSS
    return changes


def results(config: CinquilloConfig, state: CinquilloState) -> dict[str, dict[str, int]]:
    """C8: each player's XP change for the finished match (the store's leaderboard adds them up)."""
    return {name: {"xp": state.xp[i]} for i, name in enumerate(state.players)}
