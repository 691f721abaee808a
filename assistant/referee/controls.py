"""The referee's table controls (commands_spoken.Table): pause and resume, the slowness clock (Q10), a
fault charged, undo, a new game and its undo. Functions over one Referee (as listening.py and
missed.py are), so each module does one thing and the Referee stays one object, composed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant import speech
from assistant.core.events import Reason
from assistant.referee import coach
from assistant.referee.decoding.question import Question

if TYPE_CHECKING:
    from assistant.referee.referee import Referee


def pause(ref: Referee) -> bool:
    """Stop counting (slowness, moves); False when already paused."""
    if ref.talk.paused:
        return False
    ref.talk.paused = True
    return True


def unpause(ref: Referee) -> bool:
    """Count again; Q10: the expected player's silence counts from now. False when not paused."""
    if not ref.talk.paused:
        return False
    ref.talk.paused = False
    ref.since = ref.clock.now()
    return True


def ask_culprit(ref: Referee, reason: Reason) -> None:
    """The next line may designate who is charged with `reason` ("Qui faut-il pénaliser ?")."""
    ref.talk.open = Question("culprit", speech.say("who_penalty"), reason=reason)


def charge(
    ref: Referee, player: str, reason: str, amount: int = 1, beneficiary: str | None = None
) -> list[str]:
    """Q10/Q11: the fault `reason` charged to `player` (nothing in a game without faults); a held
    loss's `beneficiary` receives it where the game gives losses (L-V3)."""
    fault = ref.book.fault(player, reason, amount, beneficiary)
    if fault is None:
        return []
    return ref.apply((fault,))


def restart(ref: Referee) -> list[str]:
    """new_game: the same table starts over (undoable until a move is made in the new game)."""
    ended = (
        coach.summary_lines(ref.config, ref.state, ref.session.events) if ref.session.entries else []
    )  # the game left behind
    ref.before_restart = (ref.session, list(ref.marks), ref.saver.game_id)
    saving = ref._start()
    return [*ended, speech.say("new_game"), *saving, *ref._settle([])]


def undo(ref: Referee) -> list[str]:
    """Drop the last heard line's moves (and the referee's own moves after them), say what was
    undone. After a resume the line boundaries are unknown: one move at a time."""
    entries = ref.session.entries
    last = len(entries) - 1
    while last >= 0 and ref.book.is_auto(entries[last].command):
        last -= 1
    if last < 0 and ref.before_restart is not None:
        return _game_back(ref)
    if last < 0:
        return [speech.say("nothing_to_undo")]
    command = entries[last].command
    while ref.marks and ref.marks[-1] > last:
        ref.marks.pop()
    if ref.marks and not ref.book.is_auto(entries[ref.marks[-1]].command):
        last = ref.marks.pop()
    ref.session = ref.session.undo(len(entries) - last)
    ref.saver.undone(last)
    ref.since = ref.clock.now()
    saving = ref._sync()
    return [speech.say("undone", what=ref.book.describe(command)), *saving, *ref._prompt(None)]


def _game_back(ref: Referee) -> list[str]:
    """Undo of a new game nobody has played yet: the previous game, as it was, goes on."""
    assert ref.before_restart is not None
    session, marks, game_id = ref.before_restart
    ref.before_restart = None
    ref.session, ref.marks = session, marks
    if game_id is not None:
        ref.saver.resumed(game_id, session)
    ref.since = ref.clock.now()
    return [speech.say("game_back"), *ref._prompt(None, force=True)]


def tick(ref: Referee) -> list[str]:
    """Q10 slowness: the expected player stayed silent `slow` seconds (not while paused)."""
    now = ref.clock.now()
    if ref.talk.paused or ref.config.slow is None:
        ref.since = now
        return []
    if now - ref.since < ref.config.slow:
        return []
    ref.since = now
    expect = ref.expectations()[0]
    if expect.player is None or not expect.timed:
        return []
    before = ref.session
    lines = ref._say(charge(ref, expect.player, "slowness"))
    ref._mark(before)
    return lines
