"""The referee's decoding of one heard line against the conversation: is it the answer to the open
question, one of two readings to keep apart, an echo, a protest, a correction, two moves? What it
finds, the Referee applies (this module reads the game through the Referee and never writes its
session itself). What a line means in the game (its values, its pieces) the game's Rulebook says
(assistant/game/hearing.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from assistant import speech
from assistant.core.expectation import Expectation
from assistant.game import Moves, Parse, Reply, has_sentence, is_self, sentence
from assistant.referee.conversation import PROTEST_WINDOW
from assistant.referee.decoding import readings
from assistant.referee.decoding.echoes import Settled, is_echo, thrown
from assistant.referee.decoding.hypotheses import Fitted, fit, fitting, same_payers
from assistant.referee.decoding.question import Question, Reading
from assistant.referee.decoding.words import PENALTY_WORDS, say, tokens
from assistant.referee.violations import designated, tries_to_designate

if TYPE_CHECKING:
    from assistant.referee.referee import Referee


def number(parse: Parse, key: str) -> int | None:
    """A number the line said, by its key of the parse ("invalid": no value of the game), or None."""
    value = parse.fields.get(key, parse.slots.get(key))
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def value_words(ref: Referee, value: int) -> str:
    """A value as the game says it ("soixante-deux")."""
    return ref.book.value_words(value)


def say_value(ref: Referee, key: str, **values: object) -> str:
    """One of the decoder's sentences about values, as the game words it (`VALUE_SENTENCES`)."""
    return sentence(ref.config.module.responses, key, **values)


def named(parse: Parse, who: str | None, players: tuple[str, ...]) -> str | None:
    """The player a short answer names: "arbitre c'est Ana", "c'est Ana", "Ana", or "moi"."""
    if parse.player in players:
        return parse.player
    if who is not None and is_self(parse):
        return who
    calls = [v.player for v in parse.violations if v.rule == "name_called" and v.player in players]
    if len(calls) == 1 and parse.intent is None and len(tokens(parse.text)) <= 3:
        return calls[0]
    words = tokens(parse.text)  # a table without the name rule: "c'est Chloé", "non c'est Chloé"
    said = {p for p in players if p.casefold() in words}
    if len(said) == 1 and parse.intent is None and len(words) <= SHORT_ANSWER:
        return said.pop()
    return None


SHORT_ANSWER = 4
"""The most words of an answer that names a player without the wake word ("non c'est Chloé")."""


def answer(ref: Referee, question: Question, parse: Parse, who: str | None, text: str) -> list[str] | None:
    """The open question's answer in this line, applied; None when the line does not answer it."""
    if question.kind == "new_game":
        return ref.restart() if parse.confirm else None
    if question.kind == "yes_no":
        if parse.confirm or parse.deny:
            return ref.apply(question.yes if parse.confirm else question.no)
        return None
    if question.kind == "culprit":
        return _culprit(ref, question, parse, who)
    if question.kind == "opener":
        return _opener(ref, question, parse, who)
    return _reading(ref, question, parse, who)


def _culprit(ref: Referee, question: Question, parse: Parse, who: str | None) -> list[str] | None:
    """Q11: the line designates who said the breach; a move of the game is played instead (m09)."""
    assert question.reason is not None
    playing = parse.intent is not None or bool(parse.position or parse.positions)
    if playing and isinstance(ref.decide(parse, who), Moves):
        ref.talk.open = question.aged()  # the table plays on: the question waits a line or two more
        return None
    players = ref.config.players
    culprit = named(parse, who, players) if parse.intent in (None, "penalty") else None
    culprit = culprit or designated(parse, who, players, ref.book.direction(ref.state), ref.anchor())
    if culprit is None and question.guess is not None and parse.confirm:
        culprit = question.guess  # "oui": the player the referee named
    if culprit is not None:
        ref.talk.answered = (culprit, ref.talk.line)
        charged = ref.charge(culprit, question.reason, question.amount, question.beneficiary)
        return charged + _taken_up(ref, question, culprit)
    if question.guess is not None and parse.deny:
        return [speech.say("who_penalty")] if question.may_ask_again else []
    if who is None and tries_to_designate(parse):
        ref.talk.open = question
        return [speech.say("who_speaks")]
    return None


def _taken_up(ref: Referee, question: Question, culprit: str) -> list[str]:
    """A held loss the table says was someone else's: if the referee had the player it guessed start
    the next round (the loser starts, Q7), the table's answer shows where it really is, and the game is
    taken up from the named player (`Rulebook.resync`, nobody charged)."""
    if question.guess is None or question.guess == culprit:
        return []
    if ref.expectations()[0].player != question.guess:
        return []
    for moves in ref.book.resync(culprit, ref.state):
        fitted = fit(ref.session, moves)
        if fitted is not None and not fitted.charges:
            lines = ref.apply(moves)  # the named loser starts, or the next player still in (L1)
            return [*lines, speech.say("whose_turn", player=ref.expectations()[0].player or culprit)]
    return []


def _opener(ref: Referee, question: Question, parse: Parse, who: str | None) -> list[str] | None:
    """C3: who made the first move of the round, said by the table ("c'est Ana", "Ana") or shown by the
    next named piece (its speaker is the next seat after the opener)."""
    players = ref.config.players
    asked_fault = bool(set(tokens(parse.text)) & PENALTY_WORDS)  # "pénalité pour Chloé" names no opener
    answering = parse.intent in (None, "penalty", "fourteen", "opener") and not asked_fault
    opener = named(parse, who, players) if answering else None
    first = (
        ref.parser.parse(question.held[0], {e.awaiting for e in ref.expectations()})
        if question.held
        else None
    )
    piece = ref.book.said_piece(parse)
    if opener is None and who is not None and first is not None and piece == ref.book.said_piece(first):
        opener, question = who, replace(question, held=(parse.text,))  # the opener says it again
    if opener is None and who is not None and piece is not None:
        opener = players[(players.index(who) - len(question.held)) % len(players)]
        question = replace(question, held=(*question.held, parse.text))
    if opener is None:
        return None
    ref.talk.answered = (opener, ref.talk.line)
    out: list[str] = []
    for i, line in enumerate(question.held):
        held = ref.parser.parse(line, {e.awaiting for e in ref.expectations()})
        out += ref.move(held, opener if i == 0 else None, line)
    return out


EARLY = 8
"""The most move lines kept while the game waits for the table's answer (older ones are dropped)."""


def keep_early(ref: Referee, who: str | None, text: str) -> bool:
    """A move heard while the game waits for an answer only the table gives, not for a move (who won
    the lot, C2): the table is playing on, so the line is kept to be played once it comes."""
    expect = ref.expectations()[0]
    if expect.awaiting not in ref.book.waiting_moments or ref.book.auto(ref.state, expect) is not None:
        return False
    ref.talk.early = (*ref.talk.early, (who, text))[-EARLY:]
    return True


def play_early(ref: Referee) -> list[str]:
    """The kept lines, played in order once the game waits for moves again (the answer came)."""
    early = ref.talk.early
    expect = ref.expectations()[0]
    if not early or expect.awaiting in ref.book.waiting_moments:
        return []
    ref.talk.early = ()
    out: list[str] = []
    for who, line in early:
        parse = ref.parser.parse(line, {e.awaiting for e in ref.expectations()})
        out += ref.move(parse, who, line)
    return out


def hold(ref: Referee, sentence: str, text: str) -> list[str]:
    """C3: a move heard before anyone said who made the first move is kept, to be played once the
    opener is known; the question is said twice at most."""
    question = ref.talk.open
    if question is None or question.kind != "opener":
        ref.talk.open = Question("opener", sentence, held=(text,))
        return [sentence]
    more = replace(question, held=(*question.held, text), age=0)
    ref.talk.open = more.asked_again() if more.may_ask_again else more
    return [sentence] if question.may_ask_again else []


def _reading(ref: Referee, question: Question, parse: Parse, who: str | None) -> list[str] | None:
    """Which reading was meant: said ("soixante-deux", "oui"/"non"), or shown by the next line, which
    is a move on one reading only."""
    choices = question.readings
    chosen: Reading | None = None
    value = ref.book.said_value(parse)
    if value is not None:
        chosen = next((r for r in choices if r.value == value), None)
    elif parse.confirm or parse.deny:
        chosen = choices[0] if parse.confirm else choices[-1]
    if chosen is not None:
        return ref.apply(chosen.commands)
    if parse.intent is None:
        return None
    following = []
    for reading in choices:
        fitted = fit(ref.session, reading.commands)
        if fitted is None:
            continue
        then = ref.decide_on(fitted.session, parse, who)
        if isinstance(then, Moves) and fit(fitted.session, then.commands) is not None:
            following.append((reading, then))
    if len(following) != 1:
        return None
    reading, then = following[0]
    return ref.apply((*reading.commands, *then.commands))


def readout_fixed(ref: Referee, parse: Parse) -> list[str] | None:
    """ "arbitre non c'était six six" right after a read-out: the read-out is taken back (and what it
    charged) and the value said now is read instead."""
    settled = ref.talk.settled
    if settled is None or ref.talk.line - settled.line > 2 or not ref.marks:
        return None
    words = tokens(parse.text)
    if words[:1] == [ref.config.wake_word.casefold()]:
        words = words[1:]
    fixed = readings.correction(" ".join(words))
    if fixed is None:
        return None
    awaiting = {e.awaiting for e in ref.expectations()}
    again = ref.parser.parse(fixed.rest, awaiting)
    said = ref.book.said_value(again)
    if said is None or said == settled.value:
        return None
    before = fit(ref.session.undo(len(ref.session.entries) - ref.marks[-1]), ())
    assert before is not None
    then = ref.decide_on(before.session, again, None)
    if not isinstance(then, Moves) or thrown(then.commands) is None:
        return None
    return ref.undo() + ref.commit(then, again, None, fixed.rest)


def table_question(ref: Referee, parse: Parse) -> list[str] | None:
    """A wake-word question the parser did not name ("arbitre il faut battre combien", "arbitre qui a
    le chapeau", "arbitre je quitte la partie"), from grammars/decoding.yaml and the game's own
    questions (`GameModule.question_words`); another game's question is heard too, and told it is
    not this game's."""
    from assistant.game import registered_games
    from assistant.referee.commands_spoken import answer_command
    from assistant.referee.decoding.words import LEAVE, QUESTIONS

    words = set(tokens(parse.text))
    others = {
        k: v for m in registered_games() if m is not ref.config.module for k, v in m.question_words.items()
    }
    for key, marks in {**QUESTIONS, **others, **ref.config.module.question_words}.items():
        if words & marks:
            return answer_command(ref, replace(parse, intent=key), None)
    if words & LEAVE:
        return [say("leave")]
    return None


def said_before_negation(ref: Referee, parse: Parse, text: str) -> bool:
    """Whether the line's move is whole before its negation, which is then a comment on it
    ("cinquante-quatre j'ai même pas regardé"), not the move's scope ("j'ai pas le cinq de coupes")."""
    before = readings.before_negation(text)
    if not before:
        return False
    first = ref.parser.parse(before, {e.awaiting for e in ref.expectations()})
    book = ref.book
    return (
        first.intent == parse.intent
        and book.said_value(first) == book.said_value(parse)
        and book.said_piece(first) == book.said_piece(parse)
    )


def before_move(ref: Referee, parse: Parse, who: str | None, text: str) -> list[str] | None:
    """Lines whose words change what they mean before any move is decided: a negation, a correction
    of the line before, a piece the game does not have, an abandon without the wake word, a read-out
    after a claim, two moves in one line. None: decide the line as usual."""
    book = ref.book
    moving = parse.intent in book.move_intents
    if (
        moving
        and readings.negated(text)
        and (book.said_piece(parse) is not None or book.said_value(parse) is not None)
        and not said_before_negation(ref, parse, text)
    ):
        return []  # "j'ai pas le cinq de coupes": talk about a move, not a move made
    misnamed = book.misnamed(tokens(text))
    if misnamed is not None and book.said_piece(parse) is None:
        return [misnamed]
    if parse.intent is None and readings.abandons(text) and not parse.addressed:
        return [say("abandon_asked")]
    fixed = readings.correction(text)
    answered = ref.expectations()[0].other
    if fixed is not None and who is None and answered is not None:  # "non attends ...": the one answered
        amended = ref.decide(parse, answered)
        if isinstance(amended, Moves) and fit(ref.session, amended.commands) is not None:
            return ref.commit(amended, parse, answered, text)
    as_move = ref.decide(parse, who) if fixed is not None else None
    fits = isinstance(as_move, Moves) and (
        fit(ref.session, as_move.commands) is not None or ref.talk.doubt < ref.talk.line - 1
    )  # a move the rules refuse right after a line the referee reconstructed corrects that line
    just = who is None and ref.talk.took == ref.talk.line - 1  # the move an unattributed "non ..." amends
    if fixed is not None and ref.marks and (not fits or just):
        corrected = _corrected(ref, fixed.rest, who)
        if corrected is not None:
            return corrected
    claim = _after_claim(ref, parse, who)
    if claim is not None:
        return claim
    if parse.intent is None and not parse.addressed:
        return _two_moves(ref, parse, who, text)
    return None


def _corrected(ref: Referee, rest: str, who: str | None) -> list[str] | None:
    """ "ah non pardon le quatre": the speaker's last move is replaced by the one said now."""
    last = ref.session.entries[ref.marks[-1]].command
    player = getattr(last, "player", None)
    if player is None or who not in (None, player):
        return None
    parse = ref.parser.parse(rest, {e.awaiting for e in ref.expectations()})
    if parse.intent not in ref.book.move_intents:
        return None
    trial = fit(ref.session.undo(len(ref.session.entries) - ref.marks[-1]), ())
    assert trial is not None
    then = ref.decide_on(trial.session, parse, player)
    fitted = fit(trial.session, then.commands) if isinstance(then, Moves) else None
    if fitted is None or (who is None and fitted.charges):  # never charge on a guessed speaker
        return None
    assert isinstance(then, Moves)
    replaced = tuple(e.command for e in ref.session.entries[ref.marks[-1] :])
    if tuple(then.commands)[: len(replaced)] == replaced:  # "attends allez je relance" goes on from
        return None  # the move it would replace: no correction
    undone = ref.undo()
    waited = set(ref.reprompt())  # the turn said after the undo is not the turn after the correction
    return [s for s in undone if s not in waited] + ref.apply(then.commands, atomic=then.atomic)


def _after_claim(ref: Referee, parse: Parse, who: str | None) -> list[str] | None:
    """Q8: while a claimed value waits to be shown, a value from the claimer is their next
    announcement (the read-out that confirmed the claim went unheard); from an unattributed voice that
    changes who pays, so it is asked; a move that fits only once the claim took effect ("à ma
    gauche" after a special said by its word) means the read-out went unheard."""
    book, state = ref.book, ref.state
    claims = [(e, claimed) for e in ref.expectations() if (claimed := book.claimed(e, state)) is not None]
    if not claims:
        return None
    expect, claimed = claims[0]
    claimer = expect.other
    if claimer is None:
        return None
    confirm = book.decide(book.as_value(parse, claimed), None, expect, state)
    if not isinstance(confirm, Moves):
        return None
    shown = fit(ref.session, confirm.commands)
    if shown is None:
        return None
    value = book.said_value(parse)
    as_readout = book.decide(parse, who, expect, state)
    then = ref.decide_on(shown.session, parse, who if who is not None else claimer)
    fits_after = isinstance(then, Moves) and fit(shown.session, then.commands) is not None
    readout = book.reads_out(readings.heard(parse.text))
    if (
        value is not None
        and value != claimed
        and isinstance(as_readout, Moves)
        and fits_after
        and not readout
    ):
        assert isinstance(then, Moves)
        if who == claimer:
            return ref.apply(confirm.commands) + ref.apply(then.commands, atomic=then.atomic)
        if who is None:
            first = Reading(value, as_readout.commands)
            second = Reading(None, (*confirm.commands, *then.commands))
            said = speech.capital(value_words(ref, value))
            asked = say_value(ref, "readout_or_announce", value=said, of_player=speech.of(claimer))
            ref.talk.open = Question("readings", asked, readings=(first, second))
            return [asked]
        return None
    answers = parse.intent is not None or bool(parse.position or parse.positions)
    if isinstance(as_readout, Moves) or not fits_after or not answers:
        return None
    assert isinstance(then, Moves)
    return ref.apply(confirm.commands) + ref.apply(then.commands, atomic=then.atomic)


MAX_SPLIT_WORDS = 7
"""Longer lines are not cut in two (two moves are said in a few words; chatter runs long)."""
MAX_MOVE_WORDS = 3
"""The first of two moves in a line is a short phrase ("j'accepte", "menteur y a", "je relance")."""


def _two_moves(ref: Referee, parse: Parse, who: str | None, text: str) -> list[str] | None:
    """Two moves in one line ("j'accepte soixante cinq", "menteur y a soixante quatre"), or a move
    after filler ("le dernier c'est celui en face"): each part decided in the game the one before it
    leaves."""
    awaiting = {e.awaiting for e in ref.expectations()}
    moving = ref.book.move_intents
    rest = readings.without_fillers(text)
    if rest is not None:
        tail = ref.parser.parse(rest, awaiting)
        if (tail.intent is not None or tail.position or tail.positions) and not tail.moves:
            found = ref.decide(tail, who)
            if isinstance(found, Moves):
                return ref.commit(found, tail, who, rest)
    parsed: dict[str, Parse] = {}

    def read(part: str) -> Parse:
        if part not in parsed:
            parsed[part] = ref.parser.parse(part, awaiting)
        return parsed[part]

    short = parse.attempt and len(tokens(text)) <= MAX_SPLIT_WORDS  # a move phrase was heard in it
    splits = readings.splits(text) if short else []
    firsts = [(a, b) for a, b in splits if len(tokens(a)) <= MAX_MOVE_WORDS and read(a).intent in moving]
    cuts = [(read(a), read(b), b) for a, b in firsts if read(b).intent in moving]
    for first, second, tail_text in cuts:
        did = _each(ref, first, who)
        fitted = fit(ref.session, did.commands) if did is not None else None
        if did is not None and fitted is not None:
            then = ref.decide_on(fitted.session, second, who)
            after = fit(fitted.session, then.commands) if isinstance(then, Moves) else None
            blamed = (
                after is not None
                and who is None
                and any(blames_speaker(ref, after, p) for p, _ in after.charges)
            )
            if isinstance(then, Moves) and after is not None and not blamed:
                return ref.apply(did.commands) + ref.commit(then, second, who, tail_text)
    for first, second, tail_text in cuts:  # "je relance soixante cinq": the first move is implied
        if not isinstance(ref.decide(first, who), Moves) and isinstance(
            alone := ref.decide(second, who), Moves
        ):
            return ref.commit(alone, second, who, tail_text)
    return None


def _each(ref: Referee, parse: Parse, who: str | None) -> Moves[Any] | None:
    """The first part of a line, move by move, each decided in the game the one before leaves (a line of
    three moves, "j'accepte je relance soixante quatre", is cut after its second); None when one of them
    is no move the game takes."""
    session = ref.session
    commands: list[Any] = []
    for move in parse.moves or (parse,):
        did = ref.decide_on(session, move, who)
        fitted = fit(session, did.commands) if isinstance(did, Moves) else None
        if fitted is None:
            return None
        commands += fitted.commands
        session = fitted.session
    return Moves(tuple(commands))


def commit(ref: Referee, decision: Moves[Any], parse: Parse, who: str | None, text: str) -> list[str] | None:
    """Checks before a decided move is applied: an echo from the table, a protest taken for a
    read-out, the two readings of "deux six", a fantasy charge on an unattributed voice. None: apply
    it as decided (the Referee says what a charge relied on)."""
    book = ref.book
    commands = decision.commands
    bound = [c for c in commands if getattr(c, "player", None) is not None]
    showing = any(e.awaiting in book.showing_moments for e in ref.expectations())
    bare = len(commands) == 1  # a repeat adds nothing: a special alone, not one with its target
    settled, line = ref.talk.settled, ref.talk.line
    if who is None and bare and bound and not showing and is_echo(commands, settled, line, book.value_of):
        return []
    if who is not None and bare and bound and (parse.confirm or readings.protest(text)):
        again = book.said_value(parse)  # "j'avais dit soixante-cinq", "oui j'ai trois deux": said again
        if ref.talk.said_lately(again, PROTEST_WINDOW) and _matters(ref, commands):
            return _protested(ref, book.standing(ref.expectations()[0], ref.state))
    value = thrown(commands)
    readout = value is not None and not bound
    if readout and readings.protest(text):
        expect = next((e for e in ref.expectations() if e.player is None), None)
        return _protested(ref, book.standing(expect, ref.state) if expect is not None else None)
    if readout and value is not None:
        heard = readings.heard(text)
        values = book.value_readings(heard, value)
        if len(values) > 1:
            options = [
                tuple(replace(c, value=v) if c is commands[0] else c for c in commands) for v in values
            ]
            fitted = fitting(ref.session, options)
            if len(fitted) > 1 and not same_payers(fitted):
                words = book.read_words(heard) or ""
                choices = tuple(Reading(v, f.commands) for v, f in zip(values, fitted, strict=False))
                first, second = value_words(ref, values[1]), value_words(ref, values[0])
                said = speech.capital(words)
                asked = say_value(ref, "two_readings", heard=said, first=first, second=second)
                ref.talk.open = Question("readings", asked, readings=choices)
                return [asked]
    readout_words = book.reads_out(readings.heard(text))  # "y a cinquante-quatre": said as a read-out
    if bound and (who is None or readout_words or ref.talk.strayed_lately()):
        fitted_line = fit(ref.session, commands)
        player = getattr(bound[0], "player", None)
        if fitted_line is not None and player is not None and blames_speaker(ref, fitted_line, player):
            return _ask_fantasy(ref, decision, player, parse)
    return None


def _protested(ref: Referee, standing: int | None) -> list[str]:
    """A protest about what was said ("non j'avais dit soixante trois"): the announcement standing
    said back (when there is one), and what the game waits for; no move made."""
    if standing is not None:
        return [say_value(ref, "protest", value=value_words(ref, standing)), *ref.reprompt()]
    return ref.reprompt()


def _matters(ref: Referee, commands: tuple[Any, ...]) -> bool:
    """Whether the commands, now, charge anyone for what they said, or show a value the table reads
    out (a claim, whose read-out may charge it): a repeat of a value is then no new move."""
    fitted = fit(ref.session, commands)
    if fitted is None:
        return False
    showing = ref.book.showing_moments
    return blames_speaker(ref, fitted, None) or any(
        e.awaiting in showing for e in fitted.session.state.expecting_all()
    )


def blames_on(ref: Referee, session: Any, commands: tuple[Any, ...], player: str) -> bool:
    """Whether the commands, in that game, charge `player` for what they said (or do not fit)."""
    fitted = fit(session, commands)
    return fitted is None or blames_speaker(ref, fitted, player)


def blames_speaker(ref: Referee, fitted: Fitted, player: str | None) -> bool:
    """Whether a reading charges `player` (None: anyone) for what they said (Q10: the game's
    `speaker_faults`)."""
    faults = ref.book.speaker_faults
    return any(player in (None, who) and reason in faults for who, reason in fitted.charges)


def _ask_fantasy(ref: Referee, decision: Moves[Any], player: str, parse: Parse) -> list[str]:
    """Q10 from an unattributed voice: the fantasy announcement is asked about, charged on a yes."""
    book = ref.book
    value = book.said_value(parse)
    value = value if value is not None else number(parse, "invalid")
    said = value_words(ref, value) if value is not None else ""
    standing = book.standing(ref.expectations()[0], ref.state)
    if standing is not None:
        to_beat = value_words(ref, standing)
        asked = say_value(ref, "fantasy_asked", player=player, value=said, to_beat=to_beat)
    else:
        asked = say_value(ref, "fantasy_asked_invalid", player=player, value=said)
    ref.talk.open = Question("yes_no", asked, yes=decision.commands, no=())
    return [asked]


def relied(
    ref: Referee, commands: tuple[Any, ...], text: str, line: int
) -> tuple[str | None, Settled | None]:
    """What a read-out's charge relied on ("Six deux : soixante-deux."), and the value it settles."""
    value = thrown(commands)
    if value is None:
        return None, None
    words = ref.book.read_words(readings.heard(text))
    if words is not None:
        said = say_value(ref, "relied_said", heard=speech.capital(words), value=value_words(ref, value))
    else:
        said = say_value(ref, "relied_value", value=speech.capital(value_words(ref, value)))
    return said, Settled(value, line)


def cost(session: Any, commands: tuple[Any, ...]) -> int:
    """How badly a reading fits: 0 accepted and charging nobody, 1 charging someone, 2 refused."""
    fitted = fit(session, commands)
    if fitted is None:
        return 2
    return 1 if fitted.charges else 0


def same_wait(before: tuple[Expectation, ...], now: tuple[Expectation, ...]) -> bool:
    """Whether the game waits for the same move from the same player as before."""
    return [(e.awaiting, e.player) for e in before] == [(e.awaiting, e.player) for e in now]


def rethrow(ref: Referee, value: int) -> str:
    """Q9: a counter throw that throws again ("Double quatre : relance.")."""
    return say_value(ref, "rethrow", value=speech.capital(value_words(ref, value)))


def held_move(ref: Referee, decision: Any) -> bool:
    """Whether the flow asked "Qui joue ?" (a move from a voice nobody is attributed to, C3)."""
    file = ref.config.module.responses
    if not isinstance(decision, Reply) or not has_sentence(file, "who_plays"):
        return False
    return decision.sentence == sentence(file, "who_plays")
