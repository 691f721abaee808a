"""Cinquillo's half of the referee: its flow, narration and prompts (the Rulebook the referee runs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from assistant import speech
from assistant.core.codec import Codec
from assistant.core.expectation import Expectation
from assistant.core.game import Game, Refused
from assistant.game import (
    Decision,
    Parse,
    Rulebook,
    Unseen,
    describe_command,
    game_sentence,
    refusal_sentence,
    winner_sentence,
)
from assistant.games.cinquillo import commands as cc
from assistant.games.cinquillo import events as ce
from assistant.games.cinquillo import flow as cinquillo_flow
from assistant.games.cinquillo.config import RESPONSES, CinquilloConfig
from assistant.games.cinquillo.deck import FIVE_OF_OROS, SUITS, definite, of_suit, row_words
from assistant.games.cinquillo.engine import CinquilloGame
from assistant.games.cinquillo.heard import said_card
from assistant.games.cinquillo.scoring import XP_ABANDON, XP_LOSS
from assistant.games.cinquillo.state import CinquilloState
from assistant.games.cinquillo.words import DESCRIPTIONS, cards_words, say
from assistant.responses import responses

AUTO_TYPES: tuple[type, ...] = (cc.Deal, cc.Draw)
"""C2, C3: the moves the referee records by itself (the deal, the draw after a pass)."""

MISSING_RANKS: frozenset[str] = frozenset(str(w) for w in responses(RESPONSES)["heard"]["missing_ranks"])
"""C1: ranks a Spanish deck does not have, as heard (and said back)."""
SUIT_WORDS: frozenset[str] = frozenset(
    word for s in SUITS for word in (s.suit, s.french, s.french.removesuffix("s"))
)
"""C1: each suit's words, Spanish and French, the French singular too (a rank before one names a card)."""


@dataclass
class CinquilloBook(Rulebook[CinquilloState, cc.Command]):
    """C1-C8: the card game."""

    name = "cinquillo"
    config: CinquilloConfig
    """The table's Cinquillo settings."""
    game: Game[CinquilloState, cc.Command, ce.Event]
    """The rules engine."""
    codec: Codec
    """Stores its commands and events."""
    responses: str
    """Its file of grammars/responses/<language>/, as its module names it."""
    move_intents: frozenset[str] = cinquillo_flow.MOVE_INTENTS
    """Intents that are moves."""
    waiting_moments: frozenset[str] = frozenset({"deal"})
    """C2: who drew the 14th card is the table's to say; cards heard before are played after it."""

    def decide(
        self, parse: Parse, who: str | None, expect: Expectation, state: CinquilloState
    ) -> Decision[cc.Command]:
        return cinquillo_flow.decide(parse, who, expect, self.config, self.responses, state)

    def auto(self, state: CinquilloState, expect: Expectation) -> cc.Command | None:
        return cinquillo_flow.auto(state, expect, self.config)

    def warnings(self) -> list[str]:
        """C2: a hand set at a table of 3 or 4 is said to be unused, never silently ignored."""
        if self.config.hand_unused:
            count = speech.NUMBERS[len(self.config.players)]
            return [game_sentence(self.responses, "hand_unused", count=count)]
        return []

    def narrate_all(self, events: tuple[object, ...], state: CinquilloState) -> list[str]:
        return [line for e in events if (line := self.narrate(e, state))]

    def narrate(self, event: object, state: CinquilloState) -> str | None:
        if isinstance(event, ce.Drew):
            return say("drew", player=event.player)
        if isinstance(event, ce.RoundDealt):
            return say("round", number=str(event.round))
        if isinstance(event, ce.CountCorrected):
            if event.count == 0:
                return game_sentence(self.responses, "count_set_zero", player=event.player)
            words = cards_words(event.count)
            return game_sentence(self.responses, "count_set", player=event.player, count=words)
        if isinstance(event, ce.PlayerAbandoned):
            key, loss = ("abandoned_penalised", XP_ABANDON) if event.penalised else ("abandoned", XP_LOSS)
            return game_sentence(self.responses, key, player=event.player, points=speech.NUMBERS[-loss])
        if isinstance(event, ce.RoundWon):
            names = speech.names(event.winners)
            return say("round_won", players=names, points=str(event.points))
        return None

    def prompt(
        self, expect: Expectation, state: CinquilloState, before: tuple[Expectation, ...] | None, force: bool
    ) -> str | None:
        if expect.awaiting == "over":
            return winner_sentence(state)
        if expect.awaiting == "deal" and cinquillo_flow.lot_unknown(state, self.config):
            return game_sentence(self.responses, "who_fourteen")
        if expect.awaiting != "play":
            return None
        previous = {e.awaiting for e in before} if before else set()
        if expect.player is None:
            return say("five_of_oros")
        if force or "play" not in previous:
            return say("your_turn", player=expect.player)
        return None

    def missed(self, expect: Expectation, state: CinquilloState) -> tuple[cc.Command, ...]:
        """C3: a turn whose line was missed while the table played on: a pass when nothing says
        otherwise, or any card the layout takes (the cards the table plays next tell which)."""
        player = expect.player
        if expect.awaiting != "play" or player is None:
            return ()
        return (cc.Pass(player), *(cc.Play(player, card) for card in cinquillo_flow.playable(state)))

    def unseen(self, state: CinquilloState) -> tuple[Unseen[cc.Command], ...]:
        """What the table may have done that the referee did not hear, likeliest first:
        - C3: before the first round's 5 of oros, one of the players laid it (the line that follows
          tells whom: its speaker is the next seat);
        - C6 (caprone): nobody could play any more, which the table sees from its hands and the
          referee only from a turn of passes: the passes still missing, the round over;
        - C5/C6: a player laid their last cards unheard (at most `OUT_UNHEARD` left as counted, the
          fewest first, then the player whose turn it is, then the seats before, who played last).
        The referee plays a line that fits no other way after the first of these it fits, and says so."""
        if state.phase != "play" or not state.players:
            return ()
        players = state.players
        if state.layout.empty:
            if not state.first_round or state.current is not None:
                return ()
            opened = [cc.Play(p, FIVE_OF_OROS) for p in players]
            return tuple(Unseen(_missed(self, (c,)), (c,), alone=False) for c in opened)
        out: list[Unseen[cc.Command]] = []
        current = state.current
        if current is None or state.layout.cards_on_table() < len(players):
            return ()  # a round does not end before every seat could lay a card
        if state.caprone:
            passes: list[cc.Command] = []
            player = current
            for _ in range(max(0, len(players) - state.passes)):
                passes.append(cc.Pass(player))
                player = state.left_of(player)
            out.append(Unseen(game_sentence(self.responses, "unseen_blocked"), tuple(passes)))
        back = [players[(players.index(current) - i) % len(players)] for i in range(len(players))]
        for player in sorted(back, key=lambda p: state.counts[state.seat(p)]):
            if state.counts[state.seat(player)] <= OUT_UNHEARD:
                said = game_sentence(self.responses, "unseen_out", of_player=speech.of(player))
                out.append(Unseen(said, (cc.SetCount(player, 0),)))
        return tuple(out)

    def describe(self, command: cc.Command) -> str:
        return describe_command(
            command, DESCRIPTIONS, card=definite(command.card) if isinstance(command, cc.Play) else ""
        )

    def refusal(self, refused: Refused) -> str:
        """C1: a card is said with its article, a suit as "de deniers", a row in words."""
        values = dict(refused.values)
        if isinstance(values.get("card"), cc.Card):
            values["card"] = definite(values["card"])  # type: ignore[arg-type]
        if isinstance(values.get("suit"), str):
            values["suit"] = of_suit(values["suit"])  # type: ignore[arg-type]
        if isinstance(values.get("row"), tuple):
            values["row"] = row_words(values["row"])  # type: ignore[arg-type]
        return refusal_sentence(self.responses, refused, values)

    def is_auto(self, command: cc.Command) -> bool:
        return isinstance(command, AUTO_TYPES)

    def said_piece(self, parse: Parse) -> object | None:
        """C1: the card a line names."""
        return said_card(parse)

    def misnamed(self, words: Sequence[str]) -> str | None:
        """C1: a rank a Spanish deck lacks, named before a suit ("huit de deniers", "dame de coupes")."""
        for i, word in enumerate(words):
            if word in MISSING_RANKS and any(w in SUIT_WORDS for w in words[i + 1 : i + 4]):
                return say("no_such_queen" if word in ("dame", "reine") else "no_such_rank", rank=word)
        return None

    def extras(self, state: CinquilloState) -> Mapping[str, object]:
        """The replay JSON's `totem` and `direction` keys, which every game of docs/command-line.md has:
        Cinquillo has no totem and plays clockwise."""
        return {"totem": [], "direction": 1}


OUT_UNHEARD = 3
"""C5: the most cards a player may have laid without the referee hearing them (lost lines, a card
counted to the wrong voice at an unattributed table)."""


def _missed(book: CinquilloBook, moves: tuple[cc.Play, ...]) -> str:
    """ "Je n'ai pas entendu Ana : je compte le cinq de deniers, posé par Ana." """
    players = speech.names(list(dict.fromkeys(m.player for m in moves)))
    return speech.say("missed_turn", players=players, moves=speech.names([book.describe(m) for m in moves]))


def rulebook(config: CinquilloConfig) -> CinquilloBook:
    """The referee's Cinquillo half for one table."""

    game = CinquilloGame(config)
    return CinquilloBook(config, game, game.codec(), RESPONSES)
