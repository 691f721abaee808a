"""Cinquillo: what a heard line means given what the game awaits (C2-C7).

Decisions documented here (README "Arbitre"):
- The referee deals by itself (it only needs the counts, C2): 4 players 10 each; 2 players `hand`
  each with the rest as stock; 3 players 13 each and 14 for one player: in round 1 the referee
  cannot see the lot, so it asks who drew the 14th card ("c'est Bruno", "moi"); later rounds the
  player to the right of the previous 14-holder (C2).
  An unattributed "moi" cannot be placed: the referee asks again, for a name.
- A count corrected ("arbitre Bruno a douze cartes", "arbitre il me reste trois cartes": the speaker)
  is a move the engine checks (C3, counts.py); unattributed and without a name, the referee asks whose.
- An abandon ("arbitre j'abandonne", "arbitre Bruno abandonne") is a yes/no question to the table
  first: is it penalised (C8, -20) or not (-10 like any loser)? The answer applies `Abandon`.
- Drawing is physical and compulsory (C3): after a pass with a stock the referee records the draw
  itself and says so; "je pioche" means pass-and-draw.
- In round 1 anyone may lay the 5 of oros (C3): the speaker is the starter; an unattributed line
  then gets "Qui joue ?". Afterwards a card said by the table is the expected player's.
"""

from __future__ import annotations

from assistant.core.expectation import Expectation
from assistant.game import Ask, Decision, Moves, Parse, Reply, game_sentence
from assistant.games.cinquillo import commands as c
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import DECK
from assistant.games.cinquillo.heard import said_card, said_count
from assistant.games.cinquillo.state import CinquilloState
from assistant.games.cinquillo.words import cards_words, say
from assistant.speech import of

MOVE_INTENTS = frozenset({"play", "pass", "draw"})
"""The Cinquillo intents of docs/command-line.md that are moves."""

RANKS: dict[str, int] = {
    **{str(n): n for n in range(1, 8)},
    "sota": 10,
    "caballo": 11,
    "rey": 12,
}
"""C1: the contract's rank spellings to the engine's ranks."""
SUITS: tuple[c.Suit, ...] = ("oros", "copas", "espadas", "bastos")


def card(text: str | None) -> c.Card | None:
    """ "5-oros" → Card(5, "oros"); None for anything else."""
    if not text:
        return None
    rank, _, suit = text.partition("-")
    if rank not in RANKS or suit not in SUITS:
        return None
    return c.Card(RANKS[rank], suit)  # type: ignore[arg-type]


def deal(state: CinquilloState | None, config: CinquilloConfig, drawn: str | None = None) -> c.Deal:
    """C2: the counts of the next round (the hands themselves stay unknown to the referee); with three
    players, `drawn` is who drew the 14th card by lot (round 1), else the previous holder's right."""
    n = len(config.players)
    if n == 2:
        return c.Deal((config.hand, config.hand))
    if n == 4:
        return c.Deal((10, 10, 10, 10))
    previous = getattr(state, "fourteen", None)
    if drawn is not None:
        holder = config.players.index(drawn)
    else:
        holder = 0 if previous is None else (config.players.index(previous) - 1) % n
    return c.Deal(tuple(14 if i == holder else 13 for i in range(n)))


def lot_unknown(state: CinquilloState, config: CinquilloConfig) -> bool:
    """C2: three players before their first round: who drew the 14th card is the table's to say."""
    return len(config.players) == 3 and getattr(state, "fourteen", None) is None


def auto(state: CinquilloState, expect: Expectation, config: CinquilloConfig) -> c.Command | None:
    """The move the referee makes by itself in this state: deal a round (C2) or draw for the passer (C3)."""
    if expect.awaiting == "deal":
        return None if lot_unknown(state, config) else deal(state, config)
    if expect.awaiting == "draw" and expect.player is not None:
        return c.Draw(expect.player)
    return None


def drew(state: CinquilloState) -> str | None:
    """C3: who passed and drew last, nothing laid since (2 players with a stock), or None."""
    if len(state.players) != 2 or state.phase != "play" or state.passes == 0 or state.current is None:
        return None
    return state.left_of(state.current)


def suited(state: CinquilloState, suit: object) -> c.Card | None:
    """C3: the one card of the suit its open row takes now, or None: the row not open (a suit alone
    never opens one), two cards (the row's two ends), or caprone (C6: any card of an open suit)."""
    if state.caprone or suit not in SUITS or state.layout.row(suit) is None:  # type: ignore[arg-type]
        return None
    fits = [laid for laid in playable(state) if laid.suit == suit]
    return fits[0] if len(fits) == 1 else None


def playable(state: CinquilloState) -> list[c.Card]:
    """C3/C4/C6: every card the layout takes now."""
    layout, caprone, first = state.layout, state.caprone, state.first_round
    return [card for card in DECK if layout.playable(card, caprone, first)]


def decide(
    parse: Parse,
    speaker: str | None,
    expect: Expectation,
    config: CinquilloConfig,
    responses: str,
    state: CinquilloState | None = None,
) -> Decision[c.Command]:
    """The commands a line makes in this state, a question/refusal, or None for no move. With the
    state: the "je pioche" of who just passed and drew says the draw the referee made for them (C3),
    and a card said by its suit alone ("le ... de coupes", its rank lost) is the one card of that suit
    the layout takes, asked when it takes two."""
    intent = parse.intent
    if intent == "draw" and speaker is not None and state is not None and speaker == drew(state):
        return Moves(())
    if intent == "fourteen" and expect.awaiting == "deal" and len(config.players) == 3:
        drawn = parse.player if parse.player in config.players else speaker
        if drawn is None:  # "c'est moi" from a voice nobody is attributed to: ask for a name (C2)
            return Reply(game_sentence(responses, "who_fourteen_name"))
        return Moves((deal(None, config, drawn),))
    if intent == "set_count":
        return _set_count(parse, speaker, expect, config.players, responses)
    if intent == "abandon":
        return _abandon(parse, speaker, expect, responses)
    if intent not in MOVE_INTENTS or expect.awaiting != "play":
        return None
    expected = expect.player
    if speaker is not None and expected is not None and speaker != expected:
        return Reply(say("not_your_turn", player=expected))
    actor = expected or speaker
    if actor is None:
        return Reply(say("who_plays"))
    if intent in ("pass", "draw"):
        return Moves((c.Pass(actor),))
    laid = card(said_card(parse)) or (suited(state, parse.slots.get("suit")) if state is not None else None)
    if laid is None:
        return Reply(say("unclear_play" if parse.slots.get("suit") else "unknown_card"))
    return Moves((c.Play(actor, laid),))


def _set_count(
    parse: Parse, speaker: str | None, expect: Expectation, players: tuple[str, ...], responses: str
) -> Decision[c.Command]:
    """C3: "arbitre Bruno a douze cartes" (or the speaker's own count): the engine checks it. Asked
    who, the example names a player of the table (the one whose turn it is, else the first seat)."""
    count = said_count(parse)
    if not isinstance(count, int):
        return None
    player = parse.player or speaker
    if player is None:
        example = expect.player or players[0]
        return Reply(game_sentence(responses, "who_count_set", count=cards_words(count), player=example))
    return Moves((c.SetCount(player, count),))


def _abandon(parse: Parse, speaker: str | None, expect: Expectation, responses: str) -> Decision[c.Command]:
    """C8: who abandons, then the table says whether it is penalised."""
    if expect.awaiting == "over":
        return Reply(say("over"))
    player = parse.player or speaker
    if player is None:
        return Reply(game_sentence(responses, "who_abandons"))
    question = game_sentence(responses, "ask_penalise", of_player=of(player))
    return Ask(question, yes=(c.Abandon(player, penalised=True),), no=(c.Abandon(player, penalised=False),))
