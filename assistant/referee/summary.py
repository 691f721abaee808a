"""The summary of a game ("arbitre bilan", and at the end of a game): pure, a fold over the events.

Decision (issue 15's "longest bluff streak"): the referee never sees the dice, so the only bluffs it
knows are the ones caught (a `bluff` penalty). A player's streak is the longest run of their
announcements (passes included, L3) with none caught as a bluff; the caught one does not count.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from assistant.core.events import PenaltyCalled, Unit
from assistant.referee import speech
from assistant.rules.cinquillo import events as ce
from assistant.rules.quinito import events as qe


@dataclass(frozen=True)
class Highlight:
    """The player(s) who stand out on one count, and that count."""

    players: tuple[str, ...]
    """Everyone tied on the count, in seating order."""
    value: int
    """The count."""

    def to_json(self) -> dict[str, Any]:
        """{"players": [...], "value": n}."""
        return {"players": list(self.players), "value": self.value}


@dataclass(frozen=True)
class Summary:
    """What the referee says of a game: who won or leads, who took most, the longest streak."""

    played: bool
    """Whether anything was played at all."""
    winner: tuple[str, ...]
    """C7, L1: the winner(s) once the game is over; empty while it goes on (and in the drinking
    edition, which has no winner)."""
    leader: Highlight | None
    """Who leads: fewest doses, most lives, most points (None when everyone is level)."""
    leader_what: str
    """The leader's count as said ("zéro dose", "cinq vies", "12 points")."""
    most: Highlight | None
    """Most doses taken or lives lost (None when nobody took any)."""
    most_unit: str
    """"doses", "vies perdues"... (empty when there is no such count)."""
    most_what: str
    """The count as said ("trois doses")."""
    streak: Highlight | None
    """Quinito: the longest run of announcements none caught as a bluff (None under two)."""
    rounds: Highlight | None
    """Cinquillo: most rounds won (None before the first round ends)."""

    def lines(self, with_winner: bool = True) -> list[str]:
        """The sentences to say ("Bilan de la partie.", ...); the winner line only if asked for
        (at the end of the game it was just said)."""
        if not self.played:
            return [speech.say("summary_empty")]
        out = [speech.say("summary_title")]
        if self.winner and with_winner:
            winners = list(self.winner)
            if len(winners) > 1:
                out.append(speech.say("draw_game", players=speech.names(winners)))
            else:
                out.append(speech.say("winner", player=winners[0]))
        elif self.leader is not None and not self.winner:
            out.append(speech.say("summary_leader", players=_names(self.leader), what=self.leader_what))
        if self.most is not None:
            out.append(
                speech.say(
                    "summary_most", unit=self.most_unit, players=_names(self.most), what=self.most_what
                )
            )
        if self.streak is not None:
            out.append(
                speech.say("summary_streak", players=_names(self.streak), count=_feminine(self.streak.value))
            )
        if self.rounds is not None:
            out.append(
                speech.say("summary_rounds", players=_names(self.rounds), count=_feminine(self.rounds.value))
            )
        return out

    def to_json(self) -> dict[str, Any]:
        """The board's form: each highlight as {"players", "value"} or null, and the sentences."""
        return {
            "played": self.played,
            "winner": list(self.winner),
            "leader": self.leader.to_json() if self.leader else None,
            "most": self.most.to_json() if self.most else None,
            "most_unit": self.most_unit,
            "streak": self.streak.to_json() if self.streak else None,
            "rounds": self.rounds.to_json() if self.rounds else None,
            "lines": self.lines(),
        }


def _names(highlight: Highlight) -> str:
    return speech.names(list(highlight.players))


def _feminine(value: int) -> str:
    return speech.NUMBERS[value] if 0 <= value < len(speech.NUMBERS) else str(value)


def _top(counts: Mapping[str, int], players: Iterable[str], highest: bool = True) -> Highlight | None:
    """Everyone at the highest (or lowest) count; None when all are level or nobody has any."""
    order = list(players)
    values = [counts.get(p, 0) for p in order]
    if len(set(values)) < 2:
        return None
    best = max(values) if highest else min(values)
    return Highlight(tuple(p for p, v in zip(order, values, strict=True) if v == best), best)


def bluff_streaks(events: Iterable[Any]) -> dict[str, int]:
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


def summarize(state: Any, events: tuple[Any, ...]) -> Summary:
    """The summary of a Quinito or Cinquillo game from its state and its event log."""
    players = tuple(state.players)
    winner = state.winner
    winners = tuple(winner) if isinstance(winner, list) else ((winner,) if winner else ())
    played = any(not isinstance(e, qe.RoundStarted | ce.RoundDealt) for e in events)
    table = state.standings()
    if hasattr(state, "cups"):  # Quinito
        streaks = _top(bluff_streaks(events), players)
        streak = streaks if streaks is not None and streaks.value >= 2 else None
        unit: Unit = "life" if state.edition == "family" else "dose"
        if unit == "life":  # L1: most lives is the lead; lives lost are what a player took
            lost: dict[str, int] = {}
            for event in events:
                if isinstance(event, PenaltyCalled):
                    lost[event.player] = lost.get(event.player, 0) + event.amount
            leader, most = _top({p: int(c["lives"]) for p, c in table.items()}, players), _top(lost, players)
        else:  # Q6: fewest doses leads
            doses = {p: int(c["doses"]) for p, c in table.items()}
            leader, most = _top(doses, players, highest=False), _top(doses, players)
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
    points = {p: int(c["points"]) for p, c in table.items()}
    won: dict[str, int] = {}
    for event in events:
        if isinstance(event, ce.RoundWon):
            for p in event.winners:
                won[p] = won.get(p, 0) + 1
    leader = _top(points, players)
    return Summary(
        played,
        winners,
        leader,
        f"{leader.value} point{'s' if leader and abs(leader.value) > 1 else ''}" if leader else "",
        None,
        "",
        "",
        None,
        _top(won, players),
    )
