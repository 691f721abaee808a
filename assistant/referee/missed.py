"""A line the referee missed, shown by the table playing on: never stuck on a turn nobody took.

When a named move is refused as out of turn ("Ce n'est pas à toi, c'est à Ana.") and the next line is
the following seat's move, the likeliest story is that the referee missed a line or two: the players
from the expected one up to the first speaker (two players at most) moved without being heard. The
game says which moves a missed turn may have been (`Rulebook.missed`: at Cinquillo a pass or any piece
the layout takes, C3; at Quinito an announcement of any value, a pass or a belief). Every reading is a
hypothesis on the pure engine: it is kept when the engine accepts the missed moves, the first line and
this one in that order, each missed move leaves the game waiting for the same kind of move or another
moment of an ordinary turn (`Rulebook.turn_moments`: a missed announcement waits for the answer), and
nobody is charged on it (a penalty is never charged on a guess). A guessed value must not matter:
readings of one story that leave the game in different places (the guessed announcement still
standing, lifted or passed on) are all dropped. The first reading standing is taken and said aloud
(its guessed value never narrated as if heard), so the table can correct it; the others are kept
(`Missed`), and when a later move fits only one of them ("le quatre de bâtons" needs the five nobody
was heard laying), the game is replayed on that one. When no reading explains the two lines but they
are a move and the next seat's, the table clearly plays on without the referee: the game takes it up
from the first speaker (`Rulebook.resync`: Quinito starts a round from them), charging nobody.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from assistant import speech
from assistant.core.game import Session
from assistant.game import Decision, Moves, Parse, Reply
from assistant.referee.decoding.hypotheses import fit

if TYPE_CHECKING:
    from assistant.referee.referee import Referee

GAP = 3
"""How many lines may come between the refused line and the one that shows the table played on."""
READINGS = 400
"""The most readings of the missed turns tried (two missed moves of forty are 1,600)."""
MISSED_PLAYERS = 2
"""The most players whose turns a reading says the referee missed (one or two lines lost, not a round)."""
KEPT = 12
"""How many lines the other readings of a missed turn stay open to a later move's evidence."""


@dataclass(frozen=True)
class Missed:
    """Missed turns inferred, and the other readings of them still open to the evidence."""

    base: int
    """The game's entries before the missed moves."""
    taken: tuple[Any, ...]
    """The missed moves taken."""
    others: tuple[tuple[Any, ...], ...]
    """The other readings of the missed moves the engine accepted, likeliest first."""
    line: int
    """The line the missed turns were inferred on."""
    heard: int = 0
    """How many moves at the end of each other reading are lines heard, not guesses (a story that
    reorders them, `caught_up`): a change of reading names only the guessed ones."""


def refused_turn(decision: Decision[Any], expected: str | None) -> bool:
    """Whether the decision is the refusal of a move out of turn (the expected player's to make)."""
    if expected is None or not isinstance(decision, Reply):
        return False
    return decision.sentence == speech.say("not_your_turn", player=expected)


def out_of_turn(ref: Referee, decision: Decision[Any], parse: Parse, who: str | None) -> list[str] | None:
    """The moves of the missed turns and of the two lines that show them, or None (the refusal
    stands, and is remembered for the next line)."""
    expected = ref.expectations()[0].player
    if who is None or not isinstance(decision, Reply):
        return None
    if who == expected:
        return shown_back(ref, parse, who)
    if not refused_turn(decision, expected):
        return None
    held, ref.talk.refused_turn = _other_refused(ref, who), (who, parse, ref.talk.line)
    if held is None:  # one line may show it alone: a piece that needs the one nobody heard laid
        return unheard(ref, decision, parse, who)
    shown = ((held[1], held[0]), (parse, who))
    standing = _standing(ref, _readings(ref, ref.session, held[0]), shown)
    return _taken(ref, standing) if standing else _resynced(ref, held[0], shown)


def shown_back(ref: Referee, parse: Parse, who: str | None) -> list[str] | None:
    """The awaited player's own move refused (it does not fit) just after a move refused as out of
    turn from a later seat: the awaited player's turn was missed, the later seat moved, and this is
    the awaited player's next move ("le sept d'épées" needs the six nobody heard). None when no
    reading of the missed turns makes both lines fit (the refusal stands)."""
    if parse.intent not in ref.book.move_intents or who is None or who != ref.expectations()[0].player:
        return None
    held = _other_refused(ref, who)
    if held is None:
        return None
    standing = _standing(ref, _readings(ref, ref.session, held[0]), ((held[1], held[0]), (parse, who)))
    return _taken(ref, standing) if standing else None


def _other_refused(ref: Referee, who: str) -> tuple[str, Parse, int] | None:
    """The move refused as out of turn at most GAP lines ago from another speaker than `who`, or None."""
    held = ref.talk.refused_turn
    if held is None or held[0] == who or ref.talk.line - held[2] > GAP:
        return None
    return held


def _taken(ref: Referee, standing: list[tuple[tuple[Any, ...], tuple[Any, ...]]]) -> list[str]:
    """The likeliest reading of the missed turns played, with the lines that show it, said aloud."""
    (taken, lines), others = standing[0], tuple(m for m, _ in standing[1:])
    ref.talk.refused_turn = None
    ref.talk.missed = Missed(len(ref.session.entries), taken, others, ref.talk.line) if others else None
    said = said_missed(ref, "missed_turn", taken)
    ref.apply(taken)  # said by `said_missed` only: a guessed value is never narrated as if heard
    return [said, *ref.apply(lines)]


def _standing(
    ref: Referee, readings: list[tuple[Any, ...]], shown: tuple[tuple[Parse, str], ...]
) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """The readings on which the lines that show them fit (with those lines' commands), the likeliest
    first. A guessed value must not matter: readings of the same story (the same kinds of missed moves
    by the same players) that leave the game in different places (the missed announcement is the one
    standing, to be lifted or passed on) are no guess, and all of that story is dropped."""
    found: list[tuple[tuple[Any, ...], tuple[Any, ...], tuple[object, ...]]] = []
    for missed in readings:
        done = _lines(ref, missed, shown)
        if done is not None:
            found.append((missed, done[0], _outcome(ref, done[1])))
    outcomes: dict[tuple[object, ...], set[tuple[object, ...]]] = {}
    for missed, _, outcome in found:
        outcomes.setdefault(_story(missed), set()).add(outcome)
    return [(missed, lines) for missed, lines, _ in found if len(outcomes[_story(missed)]) == 1]


def _story(missed: tuple[Any, ...]) -> tuple[object, ...]:
    """What kinds of moves a reading of missed turns makes, and whose (its values aside)."""
    return tuple((type(c), getattr(c, "player", None)) for c in missed)


def _outcome(ref: Referee, session: Session[Any, Any, Any]) -> tuple[object, ...]:
    """Where a reading leaves the game: what each part waits for, from whom, on which standing value."""
    state = session.state
    return tuple((e.awaiting, e.player, e.other, ref.book.standing(e, state)) for e in state.expecting_all())


def _resynced(ref: Referee, first: str, shown: tuple[tuple[Parse, str], ...]) -> list[str] | None:
    """No missed turn explains the two lines, but they are `first`'s move and the next seat's, both
    refused as out of turn: the table plays on without the referee. The game takes it up from
    `first` (`Rulebook.resync`, charging nobody), said aloud, and both lines are played; None when the
    game has no such move or the lines do not follow each other from there."""
    for moves in ref.book.resync(first, ref.state):
        done = _lines(ref, moves, shown)
        if done is None:
            continue
        ref.talk.refused_turn = None
        ref.talk.missed = None
        return [speech.say("resynced", player=first), *ref.apply((*moves, *done[0]))]
    return None


STUCK = 3
"""Move lines in a row from unattributed voices the game cannot take before it is taken up again."""


def stuck(ref: Referee, parse: Parse, who: str | None) -> list[str] | None:
    """Without speaker names, STUCK move lines in a row the game could not take: the table plays on
    and the referee has lost its place. The game is taken up from the player it awaits
    (`Rulebook.resync`, nobody charged), said aloud, and this line played there; None when the game
    has no such move or the line is no move there either."""
    expect = ref.expectations()[0]
    if who is not None or ref.talk.unplaced < STUCK or expect.player is None:
        return None
    first = expect.player
    for moves in ref.book.resync(first, ref.state):
        done = _lines(ref, moves, ((parse, first),))
        if done is None:
            continue
        ref.talk.unplaced = 0
        ref.talk.missed = None
        return [speech.say("resynced", player=first), *ref.apply((*moves, *done[0]))]
    return None


def said_missed(ref: Referee, key: str, taken: tuple[Any, ...]) -> str:
    """ "Je n'ai pas entendu Bruno : je compte la passe de Bruno." (or the move counted instead)."""
    players = speech.names(list(dict.fromkeys(str(getattr(c, "player", "")) for c in taken)))
    return speech.say(key, players=players, moves=speech.names([ref.book.describe(c) for c in taken]))


def line_move(
    ref: Referee, session: Session[Any, Any, Any], parse: Parse, speaker: str | None
) -> tuple[tuple[Any, ...], Session[Any, Any, Any]] | None:
    """A line's move in the game `session` (its commands, and the game after them); None when it is
    no move there, the engine refuses it, or it charges someone (never on a guess)."""
    decided = ref.decide_on(session, parse, speaker)
    if not isinstance(decided, Moves):
        return None
    after = fit(session, decided.commands)
    if after is None or after.charges:
        return None
    return tuple(decided.commands), after.session


def settled(ref: Referee, session: Session[Any, Any, Any]) -> Session[Any, Any, Any]:
    """The game once the referee made its own moves (a deal, a draw), as `Referee.apply` does; it
    stops at one the engine refuses (`Rulebook.auto` then still names it)."""
    for _ in range(len(ref.config.players) + 2):
        auto = ref.book.auto(session.state, session.state.expecting_all()[0])
        if auto is None:
            break
        step = fit(session, (auto,))
        if step is None:
            break
        session = step.session
    return session


def _lines(
    ref: Referee, missed: tuple[Any, ...], lines: tuple[tuple[Parse, str], ...]
) -> tuple[tuple[Any, ...], Session[Any, Any, Any]] | None:
    """The held lines' commands once the missed moves are made, and the game after them; None when
    one of them does not fit (or charges someone: never on a guess)."""
    fitted = fit(ref.session, missed)
    if fitted is None:
        return None
    session = fitted.session
    commands: list[Any] = []
    for line_parse, speaker in lines:
        moved = line_move(ref, session, line_parse, speaker)
        if moved is None:
            return None
        commands += moved[0]
        session = moved[1]
    return tuple(commands), session


def _readings(ref: Referee, session: Session[Any, Any, Any], first: str) -> list[tuple[Any, ...]]:
    """Every reading of the turns missed before `first`'s (the likeliest first), each a tuple of
    moves the engine accepts in turn, that charge nobody and leave the game waiting for the same kind
    of move, or for another moment of an ordinary turn (`Rulebook.turn_moments`: a missed announcement
    waits for the answer): a missed move that would end the round or change what is played is no
    guess."""
    out: list[tuple[Any, ...]] = []
    partial: list[tuple[tuple[Any, ...], Session[Any, Any, Any]]] = [((), session)]
    turn = ref.book.turn_moments
    for _ in range(len(ref.config.players) * (1 + len(turn))):
        grown: list[tuple[tuple[Any, ...], Session[Any, Any, Any]]] = []
        for moves, at in partial:
            expect = at.state.expecting_all()[0]
            if expect.player == first:
                if moves:
                    out.append(moves)
                continue
            if expect.player is None:
                continue
            if len({getattr(c, "player", None) for c in moves} | {expect.player}) > MISSED_PLAYERS:
                continue
            for command in ref.book.missed(expect, at.state):
                fitted = fit(at, (command,))
                if fitted is None or fitted.charges:
                    continue
                awaiting = fitted.session.state.expecting_all()[0].awaiting
                if awaiting != expect.awaiting and not {awaiting, expect.awaiting} <= turn:
                    continue
                grown.append(((*moves, command), fitted.session))
                if len(grown) + len(out) >= READINGS:
                    break
        partial = grown
        if not partial:
            break
    return out


def rethink(ref: Referee, decision: Decision[Any], parse: Parse, who: str | None) -> list[str] | None:
    """A move that does not fit the game as the referee has it (refused by the rules, or as out of
    turn), but fits one of the other readings of the turns it inferred it missed: the game is replayed
    on that reading (the moves since, then this one), said aloud. None: no such reading (the move is
    refused as usual)."""
    missed = ref.talk.missed
    if missed is None or ref.talk.line - missed.line > KEPT or parse.intent not in ref.book.move_intents:
        return None
    if isinstance(decision, Moves) and fit(ref.session, decision.commands) is not None:
        return None
    base, since = _since(ref, missed)
    for reading in missed.others:
        replayed = _replay(ref, base, (*reading, *since))
        if replayed is None:
            continue
        moved = line_move(ref, replayed, parse, who)
        if moved is None:
            continue
        return _replayed(ref, missed, reading, replayed) + ref.apply(moved[0])
    return None


def _replayed(
    ref: Referee, missed: Missed, reading: tuple[Any, ...], replayed: Session[Any, Any, Any]
) -> list[str]:
    """The game is now `replayed`, read on another reading of the missed turns: said aloud."""
    ref.talk.missed = None
    ref.session = ref.session.undo(len(ref.session.entries) - missed.base)  # the store forgets what the
    ref.saver.undone(missed.base)  # other reading wrote, then learns this one
    del ref.marks[next((i for i, m in enumerate(ref.marks) if m >= missed.base), len(ref.marks)) :]
    ref.marks.append(missed.base)
    ref.session = replayed
    return [said_missed(ref, "missed_changed", reading[: len(reading) - missed.heard])]


def told(ref: Referee, parse: Parse, who: str | None, decision: Decision[Any]) -> list[str] | None:
    """The player of a turn the referee inferred it missed says what they did (their move again after
    "je compte la passe de Sami"), a move line whose `decision` does not fit now: the line is read
    where that turn was. When it is the move counted, it is no new move (nothing said); when it is
    another reading, the game is replayed on that one, said aloud. None: the line tells no missed move."""
    missed = ref.talk.missed
    if missed is None or ref.talk.line - missed.line > KEPT or parse.intent not in ref.book.move_intents:
        return None
    if isinstance(decision, Moves) and fit(ref.session, decision.commands) is not None:
        return None
    base, since = _since(ref, missed)
    decided = ref.decide_on(base, parse, who)
    if not isinstance(decided, Moves) or not decided.commands:
        return None
    commands = tuple(decided.commands)
    if _restates(commands, missed.taken):
        return []
    for reading in missed.others:
        if not _restates(commands, reading):
            continue
        replayed = _replay(ref, base, (*reading, *since))
        if replayed is not None:
            return _replayed(ref, missed, reading, replayed)
    return None


def _since(ref: Referee, missed: Missed) -> tuple[Session[Any, Any, Any], list[Any]]:
    """The game before the missed moves, and the table's moves made since them."""
    session, since = ref.session, _made(ref, missed.base)[len(missed.taken) :]
    return session.undo(len(session.entries) - missed.base), list(since)


def _made(ref: Referee, base: int) -> tuple[Any, ...]:
    """The table's moves in the game since its entry `base` (the game's own automatic moves aside)."""
    return tuple(e.command for e in ref.session.entries[base:] if not ref.book.is_auto(e.command))


def _restates(commands: tuple[Any, ...], reading: tuple[Any, ...]) -> bool:
    """Whether the line's moves are moves of the reading."""
    return all(command in reading for command in commands)


def in_order(ref: Referee, parse: Parse, who: str | None) -> list[tuple[Any, ...]]:
    """The other story of the awaited player's move that fits just after a move from a later seat was
    refused as out of turn: the lines came in the order the table played them, the awaited player's
    turn went unheard and this is their next move. Its readings (the missed moves, the held line, this
    line), taken before this line is played; `caught_up` keeps them open to what the table does next
    (the held seat playing again shows this story). Empty when no reading makes both lines fit."""
    if parse.intent not in ref.book.move_intents or who is None or who != ref.expectations()[0].player:
        return []
    held = _other_refused(ref, who)
    if held is None:
        return []
    shown = ((held[1], held[0]), (parse, who))
    return [(*m, *lines) for m, lines in _standing(ref, _readings(ref, ref.session, held[0]), shown)]


def caught_up(ref: Referee, base: int, story: list[tuple[Any, ...]]) -> list[str]:
    """A named move refused as out of turn a line or two ago ("Ce n'est pas à toi, c'est à Sami."),
    whose turn it is now that the awaited player's move came: it is played, said aloud, rather than
    lost (the table does not say it again). `story` holds the readings in the order heard (`in_order`,
    from the game's entries `base`), kept open: a later move that fits only one of them replays the
    game on it. Nothing when there is none or it does not fit (or charges someone: never on a guess)."""
    held = ref.talk.refused_turn
    if held is None or ref.talk.line - held[2] > GAP:
        return []
    who, parse, _ = held
    if ref.expectations()[0].player != who:
        return []
    ref.talk.refused_turn = None
    moved = line_move(ref, ref.session, parse, who)
    if moved is None:
        return []
    if story:
        taken = (*_made(ref, base), *moved[0])
        ref.talk.missed = Missed(base, taken, tuple(story), ref.talk.line, heard=len(taken))
    return [
        speech.say("caught_up", moves=speech.names([ref.book.describe(c) for c in moved[0]])),
        *ref.apply(moved[0]),
    ]


def unheard(ref: Referee, decision: Decision[Any], parse: Parse, who: str | None) -> list[str] | None:
    """A move that does not fit, but fits once the player whose turn it was made a move nobody heard
    ("le quatre de bâtons" when the five was never heard): that player's missed move is counted and
    said, and this line is the next player's. From an unattributed voice, a move the rules refuse; from
    a named one, a move refused as out of turn (the speaker plays after the missed turn). Only when
    exactly one missed move other than the default makes it fit (a pass shows nothing by itself: a
    named pass needs the next line, `out_of_turn`), and nobody is charged on the way (never on a
    guess). None: refused as usual."""
    session = ref.session
    if isinstance(decision, Moves) and fit(session, decision.commands) is not None:
        return None
    expect = session.state.expecting_all()[0]
    if expect.player is None or expect.player == who:
        return None
    if who is not None and not refused_turn(decision, expect.player):
        return None
    found: list[tuple[Any, tuple[Any, ...]]] = []
    for command in ref.book.missed(expect, session.state)[1:]:  # the default (a pass) changes nothing
        fitted = fit(session, (command,))
        awaiting = fitted.session.state.expecting_all()[0].awaiting if fitted is not None else None
        if fitted is None or fitted.charges or awaiting != expect.awaiting:
            continue  # a move that leads to another moment (a missed announcement) is no such guess
        moved = line_move(ref, fitted.session, parse, who)
        if moved is not None:
            found.append((command, moved[0]))
    if len(found) != 1:
        return None
    command, then = found[0]
    ref.talk.refused_turn = None
    return [said_missed(ref, "missed_turn", (command,)), *ref.apply((command, *then))]


def _replay(
    ref: Referee, session: Session[Any, Any, Any], commands: tuple[Any, ...]
) -> Session[Any, Any, Any] | None:
    """The game after `commands`, the referee's own moves (a draw after a pass) made between them as
    the game calls for them; None when the engine refuses one or a penalty falls on the way."""
    for command in commands:
        fitted = fit(session, (command,))
        if fitted is None or fitted.charges:
            return None
        session = settled(ref, fitted.session)
        if ref.book.auto(session.state, session.state.expecting_all()[0]) is not None:
            return None  # an own move the engine refused
    return session
