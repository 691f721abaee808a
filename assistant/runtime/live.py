"""The live loop of `kinito play`: what the table says goes to the referee, its answers are spoken.

    loop = LiveLoop(referee, voice, grammar=GrammarSwitch(decoder, ...))
    loop.run(utterances)          # ticks the referee about once a second (Q10) until input ends

Hearing comes as `Utterance`s: from the recogniser (`from_heard` over a Listener) or from typed lines
(`from_text`). Each time what the game awaits changes, the recogniser's phrase list is switched to
what may be said now. The referee is driven under one lock, from the hearing thread and the ticker.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence

from assistant.core.folding import fold
from assistant.referee.referee import Referee, Understander
from assistant.referee.snapshot import TableObserver, snapshot
from assistant.runtime.early import EarlyMoves
from assistant.runtime.grammar_switch import GrammarSwitch
from assistant.runtime.utterance import Utterance
from assistant.runtime.voices import Voice
from assistant.threads import leave_ctrl_c
from assistant.voice.hear.heard import Heard
from assistant.voice.hear.voiceprints import SpeakerBook

log = logging.getLogger(__name__)

TICK_SECONDS = 1.0
"""Q10: how often the loop lets the referee check the expected player's silence."""


class LiveLoop:
    """Joins hearing, the referee and the voice; thread-safe (the ticker and the hearing thread)."""

    def __init__(
        self,
        referee: Referee,
        voice: Voice,
        grammar: GrammarSwitch | None = None,
        observers: Sequence[TableObserver] = (),
    ) -> None:
        self.referee = referee
        self.voice = voice
        self.grammar = grammar
        self.observers = tuple(observers)
        """Told the table's state after each handled utterance (the party board)."""
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def start(self) -> list[str]:
        """Say the referee's opening lines (who starts, or where a resumed game stands)."""
        with self._lock:
            lines = list(self.referee.last)
            self._update_grammar()
            self._notify(lines)
        return self._speak(lines)

    def hear(self, utterance: Utterance) -> list[str]:
        """One utterance to the referee; its answer is spoken and returned."""
        with self._lock:
            lines = self.referee.hear(utterance.speaker, utterance.text, utterance.conf)
            self._update_grammar()
            self._notify(lines)
        return self._speak(lines)

    def tick(self) -> list[str]:
        """Q10: let the referee check the expected player's silence."""
        with self._lock:
            lines = self.referee.tick()
            self._update_grammar()
            if lines:
                self._notify(lines)
        return self._speak(lines)

    def say(self, text: str) -> None:
        """Something the loop itself must say (the microphone was lost...)."""
        self._speak([text])

    def _notify(self, lines: list[str]) -> None:
        if self.observers:
            seen = snapshot(self.referee, lines)
            for observer in self.observers:
                observer.update(seen)

    def _update_grammar(self) -> None:
        if self.grammar is not None:
            self.grammar.update(self.referee.expectations())

    def _speak(self, lines: list[str]) -> list[str]:
        for line in lines:
            self.voice.say(line)
        return lines

    def _ticker(self, every: float) -> None:
        leave_ctrl_c()
        while not self._stop.wait(every):
            try:
                self.tick()
            except Exception:  # the ticker must never die silently mid-game
                log.exception("tick failed")

    def stop(self) -> None:
        """Stop the ticker (the input loop ends when its source does)."""
        self._stop.set()

    def run(self, utterances: Iterable[Utterance], tick_every: float | None = TICK_SECONDS) -> None:
        """Hear every utterance until the input ends or the game is won; tick meanwhile."""
        self.start()
        ticker = None
        if tick_every is not None:
            ticker = threading.Thread(
                target=self._ticker, args=(tick_every,), name="kinito-tick", daemon=True
            )
            ticker.start()
        try:
            for utterance in utterances:
                self.hear(utterance)
                if self._stop.is_set():
                    break
        finally:
            self._stop.set()
            if ticker is not None:
                ticker.join(timeout=2 * tick_every if tick_every else None)


def from_text(
    lines: Iterable[str],
    players: Sequence[str],
    refuse: Callable[[str], None] | None = None,
    wake_word: str = "arbitre",
) -> Iterator[Utterance]:
    """Typed lines: "Ana: je dis soixante-deux" (a player's name before the colon) or plain words.

    Names match whatever their case and accents ("chloe:" is Chloé's). A prefix that is no player
    ("table:") leaves the line unattributed; a name that is no player ("Zoé:") is passed on as the
    speaker, so that the referee says once that Zoé is not at the table (never a silent surprise);
    blank lines and `#` comments are skipped. With `refuse`, a line with no "Nom:" at all is handed
    to it (to say the format) instead of being heard as the table's, unless it speaks to the referee
    ("arbitre à qui le tour": a question needs no speaker).
    """
    wake = fold(wake_word)
    folded = {fold(p): p for p in players}
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, colon, rest = line.partition(":")
        name = fold(head.strip())
        if not colon and refuse is not None and fold(line).split()[0] != wake:
            refuse(line)
        elif colon and name in folded:
            yield Utterance(folded[name], rest.strip())
        elif colon and name == "table":
            yield Utterance(None, rest.strip())
        elif colon and _looks_like_a_name(head.strip()):
            yield Utterance(head.strip(), rest.strip())
        else:
            yield Utterance(None, line)


def _looks_like_a_name(head: str) -> bool:
    """ "Zoé" or "Jean-Luc" before a colon: one capitalised word, letters only."""
    return bool(head) and head[0].isupper() and head.replace("-", "").replace("'", "").isalpha()


def vigilance_text(parser: Understander, text: str) -> str | None:
    """Q11: the part of an open-vocabulary result the referee should hear, or None.

    The grammar recogniser already hears the moves; from the open one only the violations count, so
    a line with a move is cut down to its violation words (checked to mean no move at all).
    """
    parse = parser.parse(text)
    if not parse.violations:
        return None
    if parse.intent is None:
        return text
    words = [v.word if v.rule == "forbidden_word" else v.player for v in parse.violations]
    reduced = " ".join(w.lower() for w in words if w)
    check = parser.parse(reduced)
    return reduced if reduced and check.intent is None and check.violations else None


def from_heard(
    heard: Iterable[Heard],
    parser: Understander,
    dual: bool = True,
    voices: SpeakerBook | None = None,
    early: EarlyMoves | None = None,
) -> Iterator[Utterance]:
    """Recogniser finals as utterances: grammar results as moves, open results for vigilance only.

    With `dual` False (one recogniser), every final is heard as it is. With `voices` (a speaker
    model and enrolled players), a breach is attributed to the player whose voice matches
    confidently; otherwise it stays unattributed and the referee asks who said it.
    """
    for result in heard:
        if not result.final or not result.text.strip():
            continue
        if result.mode == "grammar" or not dual:
            if early is None or not early.settled(result.text):
                yield Utterance(None, result.text, result.conf)
            continue
        text = vigilance_text(parser, result.text)
        if text is not None:
            who = voices.identify(result.voice).player if voices and result.voice else None
            yield Utterance(who, text, result.conf)
