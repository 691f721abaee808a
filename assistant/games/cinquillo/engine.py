"""Cinquillo's rules as a decider: `decide(state, command) -> events`, `evolve(state, event) -> state`.

Pure: no random source, no clock, no I/O; a simulated deal travels inside the `Deal` command.
Decisions documented here:
- C3 with a stock: `Pass` leaves the passer to `Draw` (expectation "draw"), then the turn moves on;
  with an empty stock a pass simply moves the turn on.
- C3 round 1: in referee mode anyone may lay the 5 of oros and becomes the starter; in simulation its
  holder starts (if it lies in the 2-player stock, the first seat starts and players pass and draw).
- C8: an abandon ends the match (see `scoring.abandon_winners`).
- C3: the table may correct a card count (see `counts`); a count of 0 ends the round (C5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from assistant.core.codec import Codec
from assistant.core.game import Refused, fold
from assistant.games.cinquillo.commands import Abandon, Card, Command, Deal, Draw, Pass, Play, SetCount
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.counts import check_deal_counts, check_hands, corrected
from assistant.games.cinquillo.deck import DECK, FIVE_OF_OROS, is_card
from assistant.games.cinquillo.events import (
    EVENT_TYPES,
    CardPlayed,
    CountCorrected,
    Drew,
    Event,
    MatchWon,
    Passed,
    PlayerAbandoned,
    RoundDealt,
    RoundWon,
    XpAwarded,
)
from assistant.games.cinquillo.scoring import (
    abandon_winners,
    match_winners,
    round_over,
    round_result,
    xp_changes,
)
from assistant.games.cinquillo.state import CinquilloState, Layout
from assistant.games.cinquillo.upcasters import UPCASTERS


class CinquilloGame:
    """C1-C8: one Cinquillo match, original or caprone, referee mode or simulation."""

    def __init__(self, config: CinquilloConfig) -> None:
        self.config = config

    def initial(self) -> CinquilloState:
        """Before the first deal."""
        return CinquilloState.start(self.config)

    def codec(self) -> Codec:
        """Stores this game's commands and events (and the `Card` inside them)."""
        return Codec([Card, Deal, Play, Pass, Draw, Abandon, SetCount, *EVENT_TYPES], UPCASTERS)

    # -- decide ------------------------------------------------------------------------------------

    def decide(self, state: CinquilloState, command: Command) -> Sequence[Event]:
        """The events `command` causes; raises `Refused` with a reason code when it is not allowed."""
        if state.phase == "over":
            raise Refused("game_over")
        if isinstance(command, Deal):
            return self._deal(state, command)
        _known(state, command.player)
        if isinstance(command, Abandon):
            return self._abandon(state, command)
        if state.phase == "deal":
            raise Refused("deal_first")
        if isinstance(command, SetCount):
            return self._close(state, [corrected(state, command)])
        if isinstance(command, Draw):
            return self._draw(state, command)
        if state.phase == "draw":
            raise Refused("draw_first", player=state.current)
        if state.current is not None and command.player != state.current:
            raise Refused("not_your_move", player=command.player, expected=state.current)
        if isinstance(command, Play):
            return self._play(state, command)
        if isinstance(command, Pass):
            return self._pass(state, command)
        raise Refused("unknown_move")

    def _deal(self, state: CinquilloState, deal: Deal) -> list[Event]:
        """C2: deal sizes; C3/C4: who starts."""
        if state.phase != "deal":
            raise Refused("round_going")
        n = len(state.players)
        if len(deal.counts) != n:
            raise Refused("hands_per_player", count=n)
        fourteen = check_deal_counts(state, deal.counts, self.config.hand)
        stock = len(DECK) - sum(deal.counts)
        if deal.hands is not None:
            check_hands(deal, stock)
        elif deal.stock is not None:
            raise Refused("stock_with_hands")
        starter = None if state.starter is None else state.right_of(state.starter)
        return [
            RoundDealt(
                round=state.round + 1,
                counts=deal.counts,
                stock=stock,
                starter=starter,
                fourteen=fourteen if n == 3 else None,
                hands=deal.hands,
                stock_cards=None if deal.hands is None else tuple(deal.stock or ()),
            )
        ]

    def _play(self, state: CinquilloState, play: Play) -> list[Event]:
        """C3/C6: lay a card that the layout accepts."""
        card, player = play.card, play.player
        if not is_card(card):
            raise Refused("no_such_card")
        if state.counts[state.seat(player)] == 0:
            raise Refused("no_card_left", player=player)
        hand = state.hand(player)
        if hand is not None and card not in hand:
            raise Refused("not_in_hand", player=player, card=card)
        refusal = state.layout.refusal(card, state.caprone, state.first_round)
        if refusal is not None:
            raise refusal
        _, blocked = state.layout.after(card)
        return self._close(state, [CardPlayed(player, card, blocked)])

    def _pass(self, state: CinquilloState, move: Pass) -> list[Event]:
        """C3/C4: pass only when unable to play (checked when the hands are known).

        Before the first round's 5 of oros (referee mode: nobody's turn yet) a pass only makes sense
        with 2 players, whose 5 of oros may still be in the stock or just drawn from it; with 3 or 4
        every card is dealt and its holder simply lays it.
        """
        if state.current is None and state.stock_count == 0 and len(state.players) > 2:
            raise Refused("five_of_oros_first")
        if state.legal_cards(move.player):
            raise Refused("can_play", player=move.player)
        return self._close(state, [Passed(move.player)])

    def _draw(self, state: CinquilloState, draw: Draw) -> list[Event]:
        """C3: after a pass with a stock, the passer draws its top card."""
        if state.phase != "draw":
            raise Refused("draw_after_pass")
        if draw.player != state.current:
            raise Refused("not_your_draw", player=draw.player, expected=state.current)
        if state.stock is None:
            return [Drew(draw.player, draw.card)]
        if draw.card is not None and draw.card != state.stock[0]:
            raise Refused("not_top_card")
        return [Drew(draw.player, state.stock[0])]

    def _abandon(self, state: CinquilloState, abandon: Abandon) -> list[Event]:
        """C8: a player leaves; the match ends (Decision) and the ranking changes."""
        events: list[Event] = [PlayerAbandoned(abandon.player, abandon.penalised)]
        events.append(MatchWon(abandon_winners(state, abandon.player)))
        return events + _xp_events(self._fold(state, events))

    def _close(self, state: CinquilloState, events: list[Event]) -> list[Event]:
        """C5-C7: append the end of the round (and of the match) when the move ends it."""
        after = self._fold(state, events)
        if not round_over(after):
            return events
        winners, points = round_result(after)
        events = [*events, RoundWon(winners, points, after.counts)]
        after = self._fold(after, events[-1:])
        match = match_winners(after.players, after.points, self.config.target)
        if match is None:
            return events
        events.append(MatchWon(match))
        return events + _xp_events(self._fold(after, events[-1:]))

    def _fold(self, state: CinquilloState, events: Sequence[Event]) -> CinquilloState:
        return fold(self, events, state)

    # -- evolve ------------------------------------------------------------------------------------

    def evolve(self, state: CinquilloState, event: Event) -> CinquilloState:
        """The state after one event (events are facts: never refuses)."""
        if isinstance(event, RoundDealt):
            return _dealt(state, event)
        if isinstance(event, CardPlayed):
            seat = state.seat(event.player)
            layout, _ = state.layout.after(event.card)
            layout = Layout(layout.rows, state.layout.blocked | frozenset(event.blocked))
            hands = state.hands
            if hands is not None:
                held = tuple(c for c in hands[seat] if c != event.card)
                hands = (*hands[:seat], held, *hands[seat + 1 :])
            return replace(
                state,
                counts=_bump(state.counts, seat, -1),
                hands=hands,
                layout=layout,
                passes=0,
                starter=state.starter or event.player,
                current=state.left_of(event.player),
            )
        if isinstance(event, Passed):
            if state.stock_count > 0:
                return replace(state, phase="draw", current=event.player, passes=state.passes + 1)
            return replace(state, current=_next_turn(state, event.player), passes=state.passes + 1)
        if isinstance(event, Drew):
            return _drew(state, event)
        if isinstance(event, RoundWon):
            points = tuple(
                n + (event.points if p in event.winners else 0)
                for p, n in zip(state.players, state.points, strict=True)
            )
            return replace(state, phase="deal", current=None, points=points)
        if isinstance(event, MatchWon):
            return replace(state, phase="over", current=None, winners=event.winners)
        if isinstance(event, CountCorrected):
            seat = state.seat(event.player)
            return replace(state, counts=_bump(state.counts, seat, event.count - state.counts[seat]))
        if isinstance(event, PlayerAbandoned):
            return replace(state, abandoned=event.player, penalised=event.penalised)
        return replace(state, xp=_bump(state.xp, state.seat(event.player), event.amount))


def _dealt(state: CinquilloState, event: RoundDealt) -> CinquilloState:
    """C2/C3/C4: a fresh layout; the starter (later rounds) or the 5 of oros's holder plays first."""
    current = event.starter
    if current is None and event.hands is not None:
        holders = [p for p, h in zip(state.players, event.hands, strict=True) if FIVE_OF_OROS in h]
        current = holders[0] if holders else state.players[0]
    return replace(
        state,
        phase="play",
        round=event.round,
        current=current,
        starter=event.starter,
        fourteen=event.fourteen,
        counts=event.counts,
        hands=event.hands,
        stock=event.stock_cards,
        stock_count=event.stock,
        layout=Layout(),
        passes=0,
    )


def _drew(state: CinquilloState, event: Drew) -> CinquilloState:
    """C3: the drawn card joins the hand; the turn moves on."""
    seat = state.seat(event.player)
    hands, stock = state.hands, state.stock
    if hands is not None and event.card is not None:
        hands = (*hands[:seat], (*hands[seat], event.card), *hands[seat + 1 :])
    if stock:
        stock = stock[1:]
    return replace(
        state,
        phase="play",
        counts=_bump(state.counts, seat, 1),
        hands=hands,
        stock=stock,
        stock_count=max(0, state.stock_count - 1),
        current=_next_turn(state, event.player),
    )


def _next_turn(state: CinquilloState, player: str) -> str | None:
    """Clockwise; but in referee mode nobody's turn until the first round's 5 of oros is laid (C3)."""
    if state.first_round and state.layout.empty and state.hands is None:
        return None
    return state.left_of(player)


def _bump(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return (*values[:seat], values[seat] + amount, *values[seat + 1 :])


def _known(state: CinquilloState, player: str) -> None:
    if player not in state.players:
        raise Refused("unknown_player", player=player)


def _xp_events(state: CinquilloState) -> list[Event]:
    """C8: one `XpAwarded` per player once the match is over."""
    return [XpAwarded(p, n) for p, n in xp_changes(state).items()]
