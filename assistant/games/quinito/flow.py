"""Quinito: what a heard line means given what the game awaits (Q5-Q13, L2-L3, V-*).

Decisions documented here (README "Arbitre"):
- A score said while `announce` is awaited is the cup holder's announcement; while `reveal` is awaited
  it is the read-out of the dice (anyone may say it); during a counter or a redemption it is a throw.
- Drinking edition: the holder *shows* a special throw (Q8) by naming it: "quinito" (21, or the
  V-65 second quinito), "défi" (31), "changement de sens" (32). A special said as a number
  ("vingt et un", "soixante-cinq" with V-65, "trente-deux", "cinquante et un" with V-51) is a claim
  the table checks: the referee asks for the dice, and a read-out that contradicts it is the
  claimer's fault (Q8 Decision, Q10). Saying the very score received stays a fault.
- A responder repeating the standing announcement ("soixante-deux" after "soixante-deux") is
  thinking aloud: no move. The announcer saying another score before any answer corrects it.
- L3: "je passe" alone passes with the standing announcement; "je passe soixante-deux" raises.
- Family edition: there are no special throws; every score said by the holder is an announcement.
- A responder who says a score (or a special) without "j'accepte" has accepted: Accept then the move.
- Moves bound to a player (announce, response, attack, counter, défi names) by another known
  speaker are refused; an unattributed line (speaker None) is taken as the expected player's.
"""

from __future__ import annotations

from typing import Any

from assistant.core.expectation import Expectation
from assistant.game import Decision, Moves, Parse, Reply, is_self, targets
from assistant.games.quinito import commands as q
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.heard import fragment, said_invalid, said_score
from assistant.games.quinito.state import CupState
from assistant.games.quinito.words import say

MOVE_INTENTS = frozenset(
    {"score", "accept", "challenge", "pass", "reroll", "quinito", "counter", "defi", "reverse"}
)
"""The Quinito intents of docs/command-line.md that are moves (not wake-word commands)."""


def specials(config: QuinitoConfig) -> dict[str, int]:
    """Q8, V-51: spoken special intents and the value they show (drinking edition only)."""
    if config.edition != "drinking":
        return {}
    return {"quinito": 21, "defi": 31, "reverse": 32}


def _thrown_value(parse: Parse) -> int | None:
    """A read-out value: a Q3 score ("chance" is 31), or a special named by its word."""
    score = said_score(parse)
    if isinstance(score, int):
        return score
    if score == "chance":
        return 31
    return {"quinito": 21, "defi": 31, "reverse": 32}.get(parse.intent or "")


def _announce(
    parse: Parse, holder: str, config: QuinitoConfig, cup: int, direction: int
) -> list[Any] | Moves[q.Command] | Reply | None:
    """Q5/Q8/L2: the holder's announcement, special throw shown, or reroll."""
    shown = specials(config)
    intent = parse.intent or ""
    if intent == "reroll":
        return [q.Reroll(holder, cup=cup)]
    if intent in shown:
        found = targets(parse, config.players, holder, direction)
        if not found and said_score(parse) in (None, shown[intent]):  # Q8: by its word alone, still checked
            return [q.Claim(holder, shown[intent], cup=cup)]
        moves: list[Any] = [q.ShowSpecial(holder, shown[intent], cup=cup)]
        if intent == "quinito" and found:  # "quinito à ma gauche": shown and attack in one breath
            moves.append(q.Attack(holder, found[0]))
        if intent == "defi" and len(found) >= 2 and not config.replay31:
            moves.append(q.DefiPlayers(holder, found[0], found[1]))
        return Moves(tuple(moves), atomic=False)
    if intent == "quinito":  # family edition: "quinito" announces 21
        return [q.Announce(holder, 21, cup=cup)]
    if intent != "score":
        return None
    score, invalid = said_score(parse), said_invalid(parse)
    if score is not None:
        if config.edition == "drinking" and score in config.low_specials | config.quinito_scores:
            return [q.Claim(holder, score, cup=cup)]  # type: ignore[arg-type]
        return [q.Announce(holder, score, cup=cup)]
    if invalid is not None and not fragment(invalid):
        return [q.Announce(holder, invalid, cup=cup)]  # Q10: the engine calls it fantasy
    return Reply(say("which_score"))


def decide(
    parse: Parse,
    speaker: str | None,
    expect: Expectation,
    config: QuinitoConfig,
    direction: int = 1,
    standing: CupState | None = None,
) -> Decision[q.Command]:
    """The commands a line makes in this state (`standing`: the cup it is about), a question/refusal,
    or None for no move."""
    awaiting = expect.awaiting
    expected = expect.player
    if awaiting == "response" and standing is not None and parse.intent == "score":
        said = said_score(parse)
        if speaker is not None and speaker == standing.announcer and said is not None:
            return Moves((q.Amend(speaker, said, cup=expect.part),))  # Q5: a correction
        if said is not None and said == standing.announced:
            return None  # an echo of the standing announcement: thinking aloud
    if (
        expect.bound
        and speaker is not None
        and expected is not None
        and speaker != expected
        and _is_move(parse, awaiting)
    ):
        return Reply(say("not_your_turn", player=expected))
    actor = expected if expected is not None else speaker
    cup = expect.part
    intent = parse.intent
    result: list[Any] | Moves[q.Command] | Reply | None = None
    if awaiting == "announce" and actor is not None:
        result = _announce(parse, actor, config, cup, direction)
    elif awaiting == "response" and actor is not None:
        if intent == "accept":
            result = [q.Accept(actor, cup=cup)]
        elif intent == "challenge":
            result = [q.Lift(actor, cup=cup)]
        elif intent == "pass":
            said = said_score(parse)
            score = said if said is not None else (standing.announced if standing else None)
            if score is None:
                return Reply(say("which_score"))
            result = [q.Pass(actor, score, cup=cup)]
        else:
            then = _announce(parse, actor, config, cup, direction)
            if isinstance(then, Moves):
                then = list(then.commands)
            result = [q.Accept(actor, cup=cup), *then] if isinstance(then, list) else then
    elif awaiting in ("reveal", "show", "counter_throw", "redemption_throw"):
        if intent not in MOVE_INTENTS or intent in ("accept", "challenge", "pass", "counter"):
            return None
        value = _thrown_value(parse)
        if value is None:
            return Reply(say("not_a_score"))
        claimed = standing_claim(standing)
        if awaiting == "show" and claimed is not None and _word_confirms(parse, claimed, config):
            value = claimed  # V-65: "quinito" names 65 as well as 21; no fault on a word
        if awaiting in ("reveal", "show"):
            result = [q.Reveal(value, cup=cup)]
            thrower = expect.other
            if value == standing_claim(standing) and parse.intent == "quinito" and thrower is not None:
                found = targets(parse, config.players, speaker or thrower, direction)
                if found:  # shown and attack in one breath; a refused attack leaves the show standing
                    return Moves((q.Reveal(value, cup=cup), q.Attack(thrower, found[0])), atomic=False)
        elif actor is not None:
            cls = q.CounterThrow if awaiting == "counter_throw" else q.RedemptionThrow
            result = [cls(actor, value)]
    elif awaiting == "attack_target" and actor is not None:
        found = targets(parse, config.players, speaker or actor, direction)
        if found:
            result = [q.Attack(actor, found[0])]
        elif intent is not None:
            return Reply(say("which_target"))
    elif awaiting == "counter_or_submit" and actor is not None:
        if intent == "counter":
            result = [q.Counter(actor)]
        elif intent in ("accept", "pass"):
            result = [q.Submit(actor)]
    elif awaiting == "defi_players" and actor is not None:
        found = targets(parse, config.players, speaker or actor, direction)
        if len(found) >= 2:
            result = [q.DefiPlayers(actor, found[0], found[1])]
        elif found or intent is not None:
            return Reply(say("which_players"))
    elif awaiting == "defi_loser":
        # Q8: seats of an unattributed answer are the thrower's (who named the racers the same way).
        if is_self(parse) and speaker is None:
            racers = standing.racers if standing is not None else ()
            return Reply(say("which_racer", first=racers[0], second=racers[1])) if racers else None
        who = speaker if is_self(parse) else None
        found = [who] if who else targets(parse, config.players, speaker or expect.other, direction)
        if found:
            result = [q.DefiLoser(found[0])]
    if isinstance(result, list):
        return Moves(tuple(result)) if result else None
    return result


def standing_claim(standing: CupState | None) -> int | None:
    """Q8: the special claimed on this cup, waiting to be shown."""
    return standing.claimed if standing is not None else None


def _word_confirms(parse: Parse, claimed: int, config: QuinitoConfig) -> bool:
    """Q8, V-65: a special named by its word, not its number ("quinito", "j'attaque ..."), while a claim
    of that kind waits to be shown: the word confirms the claim (65 is a quinito too with V-65)."""
    if isinstance(said_score(parse), int):
        return False
    if parse.intent == "quinito":
        return claimed in config.quinito_scores
    return {"defi": 31, "reverse": 32}.get(parse.intent or "") == claimed


def _is_move(parse: Parse, awaiting: str) -> bool:
    """Whether a line is an attempt at the awaited move (so a wrong speaker gets told)."""
    if parse.intent in MOVE_INTENTS:
        return True
    return awaiting in ("attack_target", "defi_players") and bool(parse.position or parse.positions)
