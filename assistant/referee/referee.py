"""The referee: turns what the table says into moves, and what happens into short French sentences.

Pure apart from injected Protocols: a Clock (slowness), an optional GameStore (one write per accepted
move), and the understanding layer. No audio: `kinito play` feeds `hear` from the recogniser and
speaks what it returns; `kinito replay` feeds it a script's lines.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from assistant import speech
from assistant.core.clock import Clock
from assistant.core.events import PenaltyCalled, Reason
from assistant.core.expectation import Expectation
from assistant.core.game import Refused, Session
from assistant.game import Ask, Decision, Moves, Parse, Reply, Rulebook, has_sentence, sentence
from assistant.referee import coach, controls, listening, missed, unseen
from assistant.referee.commands_spoken import answer_command, is_command
from assistant.referee.conversation import Conversation
from assistant.referee.decoding import doubt
from assistant.referee.decoding.hypotheses import fit
from assistant.referee.decoding.question import Question
from assistant.referee.decoding.words import say as decoding_say
from assistant.referee.saving import Saver
from assistant.referee.understander import Understander, default_parser
from assistant.referee.violations import asks_who, reasons
from assistant.settings.table import TableConfig
from assistant.store.ending import ending_with
from assistant.store.protocol import GameStore, resume

__all__ = ["Referee", "Understander", "default_parser"]

AUTO_LIMIT = 100_000
"""The most moves the referee makes by itself in a row (deals, draws) before it waits for the table."""


class Narration(str):
    """A sentence saying what an accepted move did: never held back as a repetition."""

    __slots__ = ()


class Referee:
    """One table's referee. `hear` a line, `tick` the clock, read `outcome()`."""

    def __init__(
        self,
        config: TableConfig,
        clock: Clock,
        store: GameStore | None = None,
        parser: Understander | None = None,
        resume_id: int | None = None,
        resumed: Session[Any, Any, Any] | None = None,
    ) -> None:
        """With `resume_id`, the game is rebuilt from that stored game's log (after a crash); with
        `resumed` too, from that session, already loaded and checked from it (runtime.resuming)."""
        self.config = config
        self.clock = clock
        self.book: Rulebook[Any, Any] = config.module.rulebook(config.rules)
        self.parser = parser if parser is not None else default_parser(config)
        self.session: Session[Any, Any, Any] = Session.start(self.book.game)
        self.line_start = self.session
        """The session as the line being heard found it (`line_moves`)."""
        self.spoken: list[str] = []
        self.last: list[str] = []
        self.talk = Conversation()
        """The open question, the pause and what was just settled (one conversation state)."""
        tallies = config.module.results  # the game's own results of a finished state (C8 XP...)
        self.saver = Saver(store, self.book.codec, ending_with(lambda state: tallies(config.rules, state)))
        self.marks: list[int] = []
        self.strangers: set[str] = set()
        """Speaker labels heard that name nobody at the table (each told once)."""
        self.before_restart: tuple[Session[Any, Any, Any], list[int], int | None] | None = None
        """The game a confirmed new_game replaced, so "arbitre annule" right after brings it back."""
        self.since = clock.now()
        """When the expected player's silence started counting (Q10 slowness)."""
        if resume_id is not None and store is not None:
            if resumed is None:
                resumed = resume(store, resume_id, lambda _stored: (self.book.game, self.book.codec))
            self.session = resumed
            ended = self.saver.resumed(resume_id, self.session)  # a winner but no end stored: ended now
            if self.book.auto(self.state, self.expectations()[0]) is not None:
                self._say(ended + self._settle([]))  # the deal or draw a kill cut off after its cause
            else:
                self._say(ended + self._prompt(None, force=True))
            return
        saving = self._start()
        self._say([*self.book.warnings(), *saving, *self._settle([])])

    # ----------------------------------------------------------------- life cycle
    def _start(self) -> list[str]:
        self.session = Session.start(self.book.game)
        self.marks = []
        self.talk.open = None
        self.since = self.clock.now()
        return self.saver.start(self.config.game, self.config.to_dict())

    # ----------------------------------------------------------------- table controls (controls.py)
    @property
    def paused(self) -> bool:
        """Whether "arbitre pause" stopped the counting."""
        return self.talk.paused

    def pause(self) -> bool:
        """Stop counting (slowness, moves); False when already paused."""
        return controls.pause(self)

    def unpause(self) -> bool:
        """Count again from now; False when not paused."""
        return controls.unpause(self)

    def ask_culprit(self, reason: str) -> None:
        """The next line may designate who is charged with `reason`."""
        controls.ask_culprit(self, reason)

    def apply_penalty(self, player: str, reason: str) -> list[str]:
        """Q10/Q11: charge a fault to `player`."""
        return controls.charge(self, player, reason)

    def charge(self, player: str, reason: str, amount: int = 1, beneficiary: str | None = None) -> list[str]:
        """Q10/Q11: the fault `reason` (`amount` doses or lives) charged to `player` (given to
        `beneficiary`, L-V3)."""
        return controls.charge(self, player, reason, amount, beneficiary)

    def undo(self) -> list[str]:
        """Drop the last heard line's moves (and the referee's own after them), said."""
        return controls.undo(self)

    def restart(self) -> list[str]:
        """new_game: the same table starts over (undoable until a move is made in it)."""
        return controls.restart(self)

    def tick(self) -> list[str]:
        """Q10 slowness: the expected player stayed silent `slow` seconds (not while paused)."""
        return controls.tick(self)

    @property
    def game_id(self) -> int | None:
        """This game's id in the store (None without a store, or when it could not be created)."""
        return self.saver.game_id

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> Any:
        """The game state (implements TableView and expecting())."""
        return self.session.state

    @property
    def events(self) -> tuple[Any, ...]:
        """Every event of the game so far."""
        return self.session.events

    def expectations(self) -> tuple[Expectation, ...]:
        """What each part of the table (Q13) or the table waits for."""
        return tuple(self.state.expecting_all())

    def penalties(self) -> list[dict[str, Any]]:
        """Every penalty of this game, in order (docs/command-line.md `penalties`)."""
        return [
            {"player": e.player, "amount": e.amount, "unit": e.unit, "reason": e.reason}
            for e in self.session.events
            if isinstance(e, PenaltyCalled)
        ]

    def outcome(self) -> dict[str, Any]:
        """The `kinito replay --json` object."""
        state = self.state
        return {
            "players": state.standings(),
            "penalties": self.penalties(),
            **self.book.extras(state),
            "current": state.current,
            "winner": state.winner,
            "spoken": list(self.spoken),
        }

    # ----------------------------------------------------------------- hearing
    def speaker_name(self, speaker: str | None) -> str | None:
        """A configured player's name for a speaker label (any case); None for the table/unknown."""
        if speaker is None:
            return None
        folded = speaker.strip().casefold()
        return next((p for p in self.config.players if p.casefold() == folded), None)

    def hear(self, speaker: str | None, text: str, conf: float = 1.0) -> list[str]:
        """One recognised line from `speaker` (None: unattributed) → the sentences to say."""
        before = self.line_start = self.session
        told: list[str] = []
        if speaker is not None and self.speaker_name(speaker) is None and speaker not in self.strangers:
            self.strangers.add(speaker)  # heard as the table's line, after one sentence saying so
            told = self._say([speech.say("stranger", player=speaker.strip())])
        self.saver.line(f"{speaker or 'table'}: {text}")  # the line's moves: one transaction, with it
        asked = self.talk.open
        try:
            lines = self._hear(speaker, text, conf)
            if self.talk.early:  # moves kept while the table's answer was awaited (C2)
                waited = self._prompt(None, force=True)
                early = listening.play_early(self)
                if not self.talk.early:  # the answer came: what the table played meanwhile, not the
                    lines = [line for line in lines if line not in waited] + early  # first prompt
        finally:
            saving = self.saver.line_done()
        if (  # "Qui a dit ça ?" outlives a move the rules refused (a stray): only play or talk drops it
            asked is not None
            and asked.kind == "culprit"
            and self.talk.open is None
            and self.talk.heard_move
            and self.session is before
        ):
            self.talk.open = asked.aged()
        self._mark(before)
        if saving:  # a save that failed (or works again) is said before what the line did
            self.spoken.extend(saving)
            self.last = [*saving, *lines]
        return told + saving + lines

    def line_moves(self) -> tuple[Any, ...]:
        """The commands the line being heard has made so far (after any it replaced)."""
        entries = self.session.entries
        return tuple(e.command for e in entries[_first_new(entries, self.line_start.entries) :])

    def _mark(self, before: Session[Any, Any, Any]) -> None:
        """Remember where a heard line's moves begin, so undo drops that line's moves together (a line
        that replaced the last one's moves, a correction, marks where its own begin)."""
        entries = self.session.entries
        start = _first_new(entries, before.entries)
        if len(entries) > start:
            del self.marks[bisect.bisect_left(self.marks, start) :]
            self.marks.append(start)

    def _hear(self, speaker: str | None, text: str, conf: float) -> list[str]:
        who = self.speaker_name(speaker)
        parse = self.parser.parse(text, {e.awaiting for e in self.expectations()})
        if len(parse.moves) > 1:  # several moves: the decoder cuts the line and decides each part in turn
            parse = replace(parse, intent=None, moves=(), attempt=True)
        talk = self.talk
        talk.line += 1
        talk.heard_move = parse.intent is not None and not is_command(parse, self.config)
        question, talk.open = talk.open, None
        if question is not None:
            answered = listening.answer(self, question, parse, who, text)
            if answered is not None:
                return self._say(answered)
            kept = question.kind != "culprit" or question.guess is not None  # a held loss waits a little
            if talk.open is None and (kept or is_command(parse, self.config)):
                talk.open = question.aged()
        if self._echoed_answer(parse, who):
            return []
        if parse.intent == "new_game":  # destructive: asked aloud first, never on one hearing
            sentence = speech.say("confirm_new_game")
            talk.open = Question("new_game", sentence)
            return self._say([sentence])
        if parse.intent == "penalty" and not talk.paused:  # "arbitre c'est Chloé" may answer the game
            found = self.decide(parse, who)
            if isinstance(found, Moves):
                return self._say(self.apply(found.commands, atomic=found.atomic))
        if is_command(parse, self.config):
            return self._say(answer_command(self, parse, who))
        if parse.addressed and parse.intent is None and (fixed := listening.readout_fixed(self, parse)):
            return self._say(fixed)
        if parse.addressed and parse.intent is None and (asked := listening.table_question(self, parse)):
            return self._say(asked)
        if talk.paused:
            moving = parse.intent in self.book.move_intents
            return self._say([decoding_say("paused_move")]) if moving else []
        if parse.intent is not None and min(conf, parse.confidence) < self.config.confirm_below:
            return self._say([speech.say("repeat")])
        if conf < self.config.confirm_below:
            parse = replace(parse, violations=())  # never charge a fault on a doubtful hearing
        out: list[str] = []
        faults: list[Reason] = []
        if self.config.vigilance and parse.violations:
            asked_who = talk.line - talk.said <= 2 and asks_who(self.last)  # a name may answer "Qui … ?"
            faults = reasons(parse, asked_who)
        if faults and who is not None:
            for reason in faults:  # Q11: the penalty is said before the move's next prompt
                out += self.charge(who, reason)
        out += self.move(parse, who, text)
        if faults and who is None:
            talk.open = Question("culprit", speech.say("who_said"), reason=faults[0])
            out.append(speech.say("who_said"))
        return self._say(out)

    @property
    def open_question(self) -> str | None:
        """The question the referee asked and still waits to hear answered ("on en est où")."""
        return self.talk.open.sentence if self.talk.open is not None else None

    def _echoed_answer(self, parse: Parse, who: str | None) -> bool:
        """A question just answered, answered again ("Ana" after "c'est Ana"): no move, no fault."""
        answered = self.talk.answered
        if answered is None or self.talk.line - answered[1] > 2:
            return False
        return listening.named(parse, who, self.config.players) == answered[0]

    # ----------------------------------------------------------------- moving
    def anchor(self) -> str | None:
        """Whom an unattributed "à ma gauche" is relative to: the player whose turn it is."""
        expect = self.expectations()[0]
        return expect.player or expect.other

    def move(self, parse: Parse, who: str | None, text: str) -> list[str]:
        """A heard line's move, question or refusal."""
        before = self.session
        out = self._move(parse, who, text)
        if self.session is not before:
            self.talk.took = self.talk.line
        return out

    def _move(self, parse: Parse, who: str | None, text: str) -> list[str]:
        decoded = listening.before_move(self, parse, who, text)
        if decoded is not None:
            return decoded
        decision = self.decide(parse, who)
        told = missed.told(self, parse, who, decision)  # the player of a missed turn says what they did
        if told is not None:
            return told
        if not isinstance(decision, Moves) and parse.intent in self.book.move_intents:
            doubt.unplaced(self, parse, who)  # a move it cannot place: it may be out of step
            taken_up = missed.stuck(self, parse, who)
            if taken_up is not None:  # the table has played on without the referee for a while
                doubt.inferred(self, who)
                return taken_up
        if decision is None:
            if parse.intent in self.book.move_intents and listening.keep_early(self, who, text):
                return self._prompt(None) or self._prompt(None, force=True)[: len(self.talk.early) < 2]
            if parse.intent in self.book.move_intents:
                return self._prompt(None, force=True)
            return self._unclear(parse, who, self.expectations())
        if listening.held_move(self, decision):  # C3: who made it is asked, the move kept until then
            assert isinstance(decision, Reply)
            return listening.hold(self, decision.sentence, text)
        held = self.talk.refused_turn
        resynced = missed.rethink(self, decision, parse, who)  # another reading of a missed turn
        resynced = resynced or missed.out_of_turn(self, decision, parse, who)
        if resynced is None and isinstance(decision, Reply):  # the table went on past what it did unheard
            resynced = unseen.unseen(self, parse, who, held)
        if resynced is not None:
            doubt.inferred(self, who)
            return resynced
        if isinstance(decision, Reply):
            return [decision.sentence]
        if isinstance(decision, Ask):
            self.talk.open = Question("yes_no", decision.sentence, yes=decision.yes, no=decision.no)
            return [decision.sentence]
        return self.commit(decision, parse, who, text)

    def commit(self, decision: Moves[Any], parse: Parse, who: str | None, text: str) -> list[str]:
        """Apply a decided move, unless the decoder reads the line otherwise (an echo, a protest, two
        readings that change who pays); a charge resting on a read-out says what it read first."""
        checked = listening.commit(self, decision, parse, who, text)
        if checked is not None:
            if self.talk.open is not None:  # asked which reading was meant: the thread may be lost
                doubt.sign(self, who)
            return checked
        refused = fit(self.session, decision.commands) is None
        rethought = missed.rethink(self, decision, parse, who) or missed.unheard(self, decision, parse, who)
        if rethought is None and refused:  # the awaited player's next move, after a turn nobody heard
            rethought = missed.shown_back(self, parse, who)
        if rethought is None and refused:
            rethought = unseen.unseen(self, parse, who, self.talk.refused_turn)  # the table went on
        if rethought is not None:  # the move fits once a line the referee missed is read otherwise
            doubt.inferred(self, who)
            return rethought
        if who is not None and refused:  # a named move the rules refuse: the count may be off
            doubt.sign(self, who)
        if who is None and refused:  # the rules refuse it
            self.talk.unplaced += 1
            taken_up = missed.stuck(self, parse, who)
            if taken_up is not None:  # the table has played on without the referee for a while
                doubt.inferred(self, who)
                return taken_up
        held = doubt.hold(self, decision, who, text)
        if held is not None:  # a charge resting on a guessed speaker, shortly after a sign: asked
            return held
        before = self.expectations()
        count = len(self.session.entries)
        story = missed.in_order(self, parse, who)  # or the turn went unheard and this is the next
        lines = self.apply(decision.commands, atomic=decision.atomic)
        if len(self.session.entries) > count:
            said = self.book.said_value(parse)
            self.talk.moved, self.talk.unplaced = (parse.intent, said), 0
            self.talk.made_value(said, self.talk.line)
            lines += missed.caught_up(self, count, story)  # a move refused as out of turn just before
        sentence, settled = listening.relied(self, decision.commands, text, self.talk.line)
        if settled is not None:
            self.talk.settled = settled
            new = self.session.entries[count:]
            charged = any(isinstance(e, PenaltyCalled) for entry in new for e in entry.events)
            if charged and sentence is not None:
                lines = [sentence, *lines]
            elif listening.same_wait(before, self.expectations()):  # Q9: a double throws again
                lines = [listening.rethrow(self, settled.value), *lines]
        return lines

    def decide(self, parse: Parse, who: str | None) -> Decision[Any]:
        """The line's decision in the game as it stands."""
        return self.decide_on(self.session, parse, who)

    def decide_on(self, session: Session[Any, Any, Any], parse: Parse, who: str | None) -> Decision[Any]:
        """Q13: a line goes to the part of the table awaiting its speaker first (an unattributed one to a
        part anyone may answer, the read-out after a lift); the first part it is a move for wins, else
        the first question or refusal heard."""
        decision: Decision[Any] = None
        state = session.state
        expectations = tuple(state.expecting_all())

        def rank(e: Expectation) -> int:
            if who is not None:
                return 0 if e.player == who else 1
            return 0 if e.player is None else 1

        moves: list[tuple[int, Moves[Any]]] = []
        for expect in sorted(expectations, key=rank):
            found = self.book.decide(parse, who, expect, state)
            if isinstance(found, Moves):
                moves.append((rank(expect), found))
                if len(expectations) == 1:
                    break
            decision = decision or found
        if len(moves) > 1 and who is not None:  # the speaker's own part, unless it blames them for what
            blamed = [listening.blames_on(self, session, m[1].commands, who) for m in moves]  # they said
            other = next((m for m, b in zip(moves, blamed, strict=True) if not b), None)
            return other[1] if blamed[0] and other is not None else moves[0][1]  # a read-out, not a fantasy
        if len(moves) > 1:  # unattributed, several parts: a read-out first, then what charges nobody
            return min(moves, key=lambda m: (m[0], listening.cost(session, m[1].commands)))[1]
        return moves[0][1] if moves else decision

    def reprompt(self) -> list[str]:
        """What the game waits for, said again."""
        return self._prompt(None, force=True)

    def _unclear(self, parse: Parse, who: str | None, expectations: tuple[Expectation, ...]) -> list[str]:
        """Never silent: the expected player (or an unattributed voice) tried a move the parser could
        not fill; ask what was meant and restart the slowness timer (Q10). Chatter gets nothing."""
        if not parse.attempt or parse.intent is not None:
            return []
        for expect in expectations:
            if expect.player is not None and who in (None, expect.player):
                self.since = self.clock.now()
                doubt.unplaced(self, parse, who)  # a move tried, not understood: the turn may be wrong
                key = f"unclear_{expect.awaiting}"
                responses = self.config.module.responses
                return [sentence(responses, key if has_sentence(responses, key) else "unclear")]
        return []

    def apply(self, commands: tuple[Any, ...], atomic: bool = True) -> list[str]:
        """Apply commands together (all or none unless not `atomic`), persist and narrate them."""
        before = self.expectations()
        out, refusal, moved = self._apply_only(commands, atomic)
        if not moved:
            return refusal
        return self._settle(out, before) + refusal

    def _apply_only(self, commands: tuple[Any, ...], atomic: bool) -> tuple[list[str], list[str], bool]:
        """Apply and narrate, without the referee's own moves after: (said, refusal, anything applied)."""
        session = self.session
        refusal: list[str] = []
        for command in commands:
            try:
                session = session.apply(command)
            except Refused as refused:
                if atomic or session is self.session:
                    return [], [self.book.refusal(refused)], False
                refusal = [self.book.refusal(refused)]
                break
        new_entries = session.entries[len(self.session.entries) :]
        self.session = session
        self.since = self.clock.now()
        out: list[str] = self._sync()
        for entry in new_entries:
            out += [Narration(line) for line in self.book.narrate_all(entry.events, self.state)]
        return out, refusal, True

    def _settle(self, out: list[str], before: tuple[Expectation, ...] | None = None) -> list[str]:
        """Make the referee's own moves (deal, draw) one after the other, then prompt for what is now
        awaited (relative to the state before the last of them)."""
        for _ in range(AUTO_LIMIT):  # a loop, not a recursion: thousands of own moves in a row are fine
            command = self.book.auto(self.state, self.expectations()[0])
            if command is None:
                break
            before = self.expectations()
            said, refusal, moved = self._apply_only((command,), True)
            out = out + said + refusal
            if not moved:
                break
        if self.state.winner is not None:
            out = out + self._sync()
        prompt = self._prompt(before)
        if prompt and self.state.winner is not None:  # the game has just ended: its summary follows
            prompt += coach.summary_lines(self.config, self.state, self.session.events, with_winner=False)
        return out + prompt

    def _sync(self) -> list[str]:
        """Persist what the store lacks (and the end of the game); what to say about saving."""
        return self.saver.sync(self.session)

    def _prompt(self, before: tuple[Expectation, ...] | None, force: bool = False) -> list[str]:
        now = self.expectations()
        if (
            before is not None
            and not force
            and [(e.awaiting, e.player) for e in before] == [(e.awaiting, e.player) for e in now]
        ):
            return []
        return [line for e in now if (line := self.book.prompt(e, self.state, before, force))]

    def _say(self, lines: list[str]) -> list[str]:
        """Say the lines; never one question or refusal a third time in a row (a table that hears the
        same question again and again stops listening: the game goes on without it). What a move did
        (a Narration: "Bruno prend une dose : faute.") is always said, however often the table does it."""
        kept: list[str] = []
        for line in lines:
            recent = (self.spoken + kept)[-2:]
            if recent == [line, line] and not isinstance(line, Narration):
                continue
            kept.append(line)
        if kept:
            self.spoken.extend(kept)
            self.last = list(kept)
            self.talk.said = self.talk.line
        return kept


def _first_new(entries: Sequence[Any], old: Sequence[Any]) -> int:
    """Where `entries` stop being the entries `old` began with (the same objects): the first entry a
    line made, after any it undid."""
    start = min(len(entries), len(old))
    if start and entries[start - 1] is old[start - 1]:  # entries share a prefix: no scan per line
        return start
    return next((i for i, (a, b) in enumerate(zip(entries, old, strict=False)) if a is not b), start)
