"""The referee: turns what the table says into moves, and what happens into short French sentences.

Pure apart from injected Protocols: a Clock (slowness), an optional GameStore (one write per accepted
move), and the understanding layer. No audio: `kinito play` feeds `hear` from the recogniser and
speaks what it returns; `kinito replay` feeds it a script's lines.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from assistant import speech
from assistant.core.clock import Clock
from assistant.core.events import PenaltyCalled
from assistant.core.expectation import Expectation
from assistant.core.game import Refused, Session
from assistant.game import Ask, Decision, Moves, Parse, Reply, Rulebook, has_sentence, sentence
from assistant.referee import coach
from assistant.referee.commands_spoken import answer_command, is_command
from assistant.referee.controls import Controls
from assistant.referee.saving import Saver
from assistant.referee.understander import Understander, default_parser
from assistant.referee.violations import Pending, designated, reasons, tries_to_designate
from assistant.settings.table import TableConfig
from assistant.store.protocol import GameStore, resume

__all__ = ["Referee", "Understander", "default_parser"]


class Referee(Controls):
    """One table's referee. `hear` a line, `tick` the clock, read `outcome()`."""

    def __init__(
        self,
        config: TableConfig,
        clock: Clock,
        store: GameStore | None = None,
        parser: Understander | None = None,
        resume_id: int | None = None,
    ) -> None:
        """With `resume_id`, the game is rebuilt from that stored game's log (after a crash)."""
        self.config = config
        self.clock = clock
        self.book: Rulebook[Any, Any] = config.module.rulebook(config.rules)
        self.parser = parser if parser is not None else default_parser(config)
        self.session: Session[Any, Any, Any] = Session.start(self.book.game)
        self.spoken: list[str] = []
        self.last: list[str] = []
        self._paused = False
        self.pending: Pending | None = None
        self.saver = Saver(store, self.book.codec)
        self.marks: list[int] = []
        self.strangers: set[str] = set()
        """Speaker labels heard that name nobody at the table (each told once)."""
        self.confirming: str | None = None
        """A destructive command said and not yet confirmed aloud ("new_game")."""
        self.asking: Ask[Any] | None = None
        """A yes/no question of the game awaiting "oui" or "non" (C8: penalise an abandon?)."""
        self._before_restart: tuple[Session[Any, Any, Any], list[int], int | None] | None = None
        """The game a confirmed new_game replaced, so "arbitre annule" right after brings it back."""
        self._since = clock.now()
        if resume_id is not None and store is not None:
            self.session = resume(store, resume_id, lambda _stored: (self.book.game, self.book.codec))
            self.saver.resumed(resume_id, self.session)
            if self.book.auto(self.state, self.expectations()[0]) is not None:
                self._say(self._settle([]))  # the deal or draw a crash cut off after the move causing it
            else:
                self._say(self._prompt(None, force=True))
            return
        saving = self._start()
        self._say([*self.book.warnings(), *saving, *self._settle([])])

    # ----------------------------------------------------------------- life cycle
    def _start(self) -> list[str]:
        self.session = Session.start(self.book.game)
        self.marks = []
        self.pending = None
        self.asking = None
        self._since = self.clock.now()
        return self.saver.start(self.config.game, self.config.to_dict())

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
        """What each cup (Q13) or the table waits for."""
        return tuple(self.state.expecting_all())

    def penalties(self) -> list[dict[str, Any]]:
        """Every penalty of this game, in order (contracts.md `penalties`)."""
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
        count = len(self.session.entries)
        told: list[str] = []
        if speaker is not None and self.speaker_name(speaker) is None and speaker not in self.strangers:
            self.strangers.add(speaker)  # heard as the table's line, after one sentence saying so
            told = self._say([speech.say("stranger", player=speaker.strip())])
        self.saver.heard = f"{speaker or 'table'}: {text}"  # saved with the moves it causes
        try:
            lines = self._hear(speaker, text, conf)
        finally:
            self.saver.heard = None
        self._mark(count)
        return told + lines

    def _mark(self, count: int) -> None:
        """Remember where a heard line's moves begin, so undo drops that line's moves together."""
        if len(self.session.entries) > count:
            self.marks.append(count)

    def _hear(self, speaker: str | None, text: str, conf: float) -> list[str]:
        who = self.speaker_name(speaker)
        parse = self.parser.parse(text, {e.awaiting for e in self.expectations()})
        confirming, self.confirming = self.confirming, None
        if confirming == "new_game" and parse.confirm:
            return self.restart()
        if self.asking is not None and (parse.confirm or parse.deny):
            asked, self.asking = self.asking, None
            return self._say(self.apply(asked.yes if parse.confirm else asked.no))
        if parse.intent == "new_game":  # destructive: asked aloud first, never on one hearing
            self.confirming = "new_game"
            return self._say([speech.say("confirm_new_game")])
        if self.pending is not None:
            pending, self.pending = self.pending, None
            culprit = designated(
                parse, who, self.config.players, self.book.direction(self.state), self._anchor()
            )
            if culprit is not None:
                return self._say(self._apply_auto_penalty(culprit, pending.reason))
            if who is None and tries_to_designate(parse):  # "c'est moi" from an unknown voice
                self.pending = pending
                return self._say([speech.say("who_speaks")])
        if parse.intent == "penalty" and not self._paused:  # "arbitre c'est Chloé" may answer the game
            found = self._decide(parse, who)
            if isinstance(found, Moves):
                return self._say(self.apply(found.commands, atomic=found.atomic))
        if is_command(parse, self.config):
            return self._say(answer_command(self, parse, who))
        if self._paused:
            return []
        if parse.intent is not None and min(conf, parse.confidence) < self.config.confirm_below:
            return self._say([speech.say("repeat")])
        if conf < self.config.confirm_below:
            parse = replace(parse, violations=())  # never charge a fault on a doubtful hearing
        out: list[str] = []
        if self.config.vigilance and parse.violations and who is not None:
            for reason in reasons(parse):  # Q11: the penalty is said before the move's next prompt
                out += self._apply_auto_penalty(who, reason)
        out += self._move(parse, who)
        if self.config.vigilance and parse.violations and who is None:
            self.pending = Pending(reasons(parse)[0])
            out.append(speech.say("who_said"))
        return self._say(out)

    # ----------------------------------------------------------------- moving
    def _anchor(self) -> str | None:
        """Whom an unattributed "à ma gauche" is relative to: the player whose turn it is."""
        expect = self.expectations()[0]
        return expect.player or expect.other

    def _move(self, parse: Parse, who: str | None) -> list[str]:
        """A heard line's move, question or refusal."""
        decision = self._decide(parse, who)
        if decision is None:
            if parse.intent in self.book.move_intents:
                return self._prompt(None, force=True)
            return self._unclear(parse, who, self.expectations())
        if isinstance(decision, Reply):
            return [decision.sentence]
        if isinstance(decision, Ask):
            self.asking = decision
            return [decision.sentence]
        return self.apply(decision.commands, atomic=decision.atomic)

    def _decide(self, parse: Parse, who: str | None) -> Decision[Any]:
        """Q13: a line goes to the cup awaiting its speaker first; the first cup it is a move for wins,
        else the first question or refusal heard."""
        decision: Decision[Any] = None
        expectations = self.expectations()
        ordered = sorted(expectations, key=lambda e: 0 if who is not None and e.player == who else 1)
        for expect in ordered:
            found = self.book.decide(parse, who, expect, self.state)
            if isinstance(found, Moves):
                decision = found
                break
            decision = decision or found
        return decision

    def _unclear(self, parse: Parse, who: str | None, expectations: tuple[Expectation, ...]) -> list[str]:
        """Never silent: the expected player (or an unattributed voice) tried a move the parser could
        not fill; ask what was meant and restart the slowness timer (Q10). Chatter gets nothing."""
        if not parse.attempt or parse.intent is not None:
            return []
        for expect in expectations:
            if expect.player is not None and who in (None, expect.player):
                self._since = self.clock.now()
                key = f"unclear_{expect.awaiting}"
                responses = self.config.module.responses
                return [sentence(responses, key if has_sentence(responses, key) else "unclear")]
        return []

    def apply(self, commands: tuple[Any, ...], atomic: bool = True) -> list[str]:
        """Apply commands together (all or none unless not `atomic`), persist and narrate them."""
        before = self.expectations()
        session = self.session
        refusal: list[str] = []
        for command in commands:
            try:
                session = session.apply(command)
            except Refused as refused:
                if atomic or session is self.session:
                    return [self.book.refusal(refused)]
                refusal = [self.book.refusal(refused)]
                break
        new_entries = session.entries[len(self.session.entries) :]
        self.session = session
        self._since = self.clock.now()
        out: list[str] = self._sync()
        for entry in new_entries:
            out += self.book.narrate_all(entry.events, self.state)
        return self._settle(out, before) + refusal

    def _settle(self, out: list[str], before: tuple[Expectation, ...] | None = None) -> list[str]:
        """Make the referee's own moves (deal, draw), then prompt for what is now awaited."""
        for _ in range(50):
            command = self.book.auto(self.state, self.expectations()[0])
            if command is None:
                break
            more = self.apply((command,))
            return out + more
        if self.state.winner is not None:
            out = out + self._sync()
        prompt = self._prompt(before)
        if prompt and self.state.winner is not None:  # the game has just ended: its summary follows
            prompt += coach.summary_lines(self.config, self.state, self.session.events, with_winner=False)
        return out + prompt

    def _sync(self) -> list[str]:
        """Persist what the store lacks (and the end of the game); what to say about saving."""
        winner = self.state.winner
        if winner is None:
            return self.saver.sync(self.session)
        return self.saver.sync(
            self.session, winner, self.config.module.results(self.config.rules, self.state)
        )

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
        if lines:
            self.spoken.extend(lines)
            self.last = list(lines)
        return lines
