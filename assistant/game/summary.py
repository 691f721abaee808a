"""The summary of a game ("arbitre bilan", and at the end of a game): pure, a fold over the events.

Each game folds its own summary (its `GameModule.summary`); this module holds the shape they
share, how it is said, and `plain_summary` for a game that names no highlight of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from assistant import speech
from assistant.core.events import PenaltyCalled


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
    """The longest run of moves none caught as a bluff (None under two), where the game counts one."""
    rounds: Highlight | None
    """Most rounds won (None before the first round ends), where the game has rounds."""

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


def top(counts: Mapping[str, int], players: Iterable[str], highest: bool = True) -> Highlight | None:
    """Everyone at the highest (or lowest) count; None when all are level or nobody has any."""
    order = list(players)
    values = [counts.get(p, 0) for p in order]
    if len(set(values)) < 2:
        return None
    best = max(values) if highest else min(values)
    return Highlight(tuple(p for p, v in zip(order, values, strict=True) if v == best), best)


def plain_summary(state: Any, events: tuple[Any, ...]) -> Summary:
    """A summary with the winner or the leader on penalties taken, for any game."""
    players = tuple(state.players)
    winner = state.winner
    winners = tuple(winner) if isinstance(winner, list) else ((winner,) if winner else ())
    taken: dict[str, int] = {}
    for event in events:
        if isinstance(event, PenaltyCalled):
            taken[event.player] = taken.get(event.player, 0) + event.amount
    most = top(taken, players)
    return Summary(
        bool(events), winners, None, "", most, "pénalités", str(most.value) if most else "", None, None
    )
