"""One natural game: bots play it (the truth), the table talks it, a recogniser damages it, and the
real referee hears it line by line; then the referee's outcome is held against the bots'.

The table answers the referee as a table does: when a question follows a move the referee did not
take, the mover says it again, at most twice, then the table plays on; a player whose move line the
recogniser lost says it again when the referee names them soon after ("Ce n'est pas à toi, c'est à
Sami.", "Je n'ai pas entendu Sami : ..."), as a player who hears their name does (`Style.restate`). In
an anonymous game every line reaches the referee as a `table:` line.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.core.game import Refused, Session
from assistant.sim.phrasebank import load
from assistant.sim.table import bridge
from assistant.sim.table.noise import Noise, damage
from assistant.sim.table.talk import Said, Style, Table, Utterance, decorate, fill, repeat

MAX_LINES = 600
"""A talked game is cut after this many lines reach the referee (the truth stops at the same move, so
the outcomes still compare)."""
MAX_MOVES = 5000
"""The bots' game is cut after this many moves."""
STALL = 25
"""Talked moves in a row the referee takes nothing from: the game is stuck."""
ANSWERS = 2
"""Times the table says a move again when the referee asks about it."""
ROUNDS = 4
"""Rounds of a drinking-edition game (it names no winner by itself)."""


@dataclass(frozen=True)
class Setup:
    """How one natural game is played and talked."""

    anonymous: bool = False
    """Every line reaches the referee unattributed."""
    style: Style = field(default_factory=Style)
    """How chatty the table is."""
    noise: Noise = field(default_factory=Noise)
    """How the recogniser damages lines."""
    bluff_rate: float | None = None
    """The bots' bluff rate (None: the game's default)."""
    rounds: int = ROUNDS
    """Drinking edition: rounds played."""


@dataclass(frozen=True)
class GameResult:
    """What happened to one talked game."""

    header: Mapping[str, str]
    """The table (a script header)."""
    moves: int
    """Moves of the bots' game."""
    lines: int
    """Lines that reached the referee."""
    questions: int
    """Sentences of the referee ending in a question mark."""
    right: bool
    """The referee's standings and winner are the bots'."""
    false_units: int
    """Stake units (doses, sips, lives) the referee charged to players who did not owe them."""
    false_players: int
    """Players charged something they did not owe."""
    missed_units: int
    """Stake units owed that the referee did not charge."""
    repeated: bool
    """The referee said one sentence three times in a row."""
    stalled: bool
    """The referee took nothing from STALL talked moves in a row."""
    unfinished: bool
    """The bots' game has a winner and the referee's has none."""
    cut: bool
    """The game was cut at MAX_LINES or MAX_MOVES."""
    script: tuple[str, ...] = ()
    """With `keep`: the talked game as script lines (`SPEAKER: words`)."""
    expected: Mapping[str, Any] = field(default_factory=dict)
    """With `keep`: the bots' outcome as a script's `# expect:` object (`players`, `winner`)."""
    seen: Mapping[str, Any] = field(default_factory=dict)
    """With `keep`: the referee's outcome (`players`, `winner`, `penalties`)."""

    @property
    def wedged(self) -> bool:
        """A sentence said three times in a row, or a game that cannot go on."""
        return self.repeated or self.stalled

    def as_script(self, title: str) -> str:
        """The talked game in the `kinito replay` format, the bots' outcome as its `# expect:` line."""
        flags = f"right={self.right} false={self.false_units} missed={self.missed_units} wedged={self.wedged}"
        head = [f"# {title}: {flags}", f"# expect: {json.dumps(dict(self.expected), ensure_ascii=False)}"]
        head += [f"{key}: {value}" for key, value in self.header.items() if value]
        return "\n".join([*head, "---", *self.script]) + "\n"


class _Talk:
    """The talked side of one game: feeds the referee and counts."""

    def __init__(self, header: Mapping[str, str], setup: Setup, rng: random.Random, keep: bool) -> None:
        self.setup, self.rng, self.keep = setup, rng, keep
        self.ref = bridge.referee(header)
        self._players = tuple(p.strip() for p in header["players"].split(","))
        self.lines = 0
        self.questions = sum(s.endswith("?") for s in bridge.outcome(self.ref)["spoken"])
        self.script: list[str] = []
        self.idle = 0
        self.stalled = False
        self.last_answer: Utterance | None = None
        """The table's last answer to the game (a read-out), said again when the referee asks "combien"."""
        self.owed: list[Utterance] = []
        """Designations the referee has not taken yet ("c'est Ana"), oldest first, each said once when it
        asks "Qui ... ?"."""
        self.move = 0
        """The bots' moves talked so far."""
        self.lost: dict[str, tuple[Utterance, int]] = {}
        """Each player's last move line the recogniser lost, with the move it was talked at."""

    def say(self, line: Utterance) -> list[str] | None:
        """What the referee answers to the line, or None when the recogniser lost it."""
        heard = damage(line.text, self.rng, self.setup.noise)
        if line.role == "move":
            if heard is None:
                self.lost[line.speaker] = (line, self.move)
            else:
                self.lost.pop(line.speaker, None)
        if heard is None:
            return None
        label = None if self.setup.anonymous else line.speaker
        self.lines += 1
        if self.keep:
            self.script.append(f"{label or 'table'}: {heard}")
        out = bridge.hear(self.ref, label, heard)
        self.questions += sum(s.endswith("?") for s in out)
        return out

    def step(self, table: Table, said: Said, lines: Sequence[Utterance], payers: Sequence[str] = ()) -> None:
        """Say a move's lines; answer a question about a move the referee did not take, and "Qui ...?"
        about who pays with the player the move truly charged (`payers`, the bots' truth)."""
        if not lines:
            return
        before = bridge.progress(self.ref)
        out: list[str] = []
        spoken: list[str] = []
        for line in lines:
            answered = self.say(line)
            if answered:  # a lost line, or one the referee lets pass, leaves the question before it open
                out = answered
                spoken += answered
        if said.answer is not None and said.answer.role == "readout":
            self.last_answer = said.answer
        if said.answer is not None and said.answer.role == "answer" and bridge.progress(self.ref) == before:
            self.owed = [*self.owed, said.answer][-2:]
        for _ in range(ANSWERS):
            asked = [s for s in out if s.endswith("?")]
            if not asked:
                break
            if self.owed and any(s.lower().startswith("qui ") for s in asked):
                out = self.say(self.owed.pop(0)) or []  # "Qui ... ?": someone names the player
            elif self.last_answer is not None and any("combien" in s.lower() for s in asked):
                out = self.say(repeat(table, self.last_answer, self.rng)) or []  # anyone says it again
            elif payers and any(s.lower().startswith("qui ") for s in asked):
                name = fill(table.common.pick("payers", self.rng), name=payers[0])
                out = self.say(Utterance(self.rng.choice(list(self._players)), name, "answer")) or []
                payers = payers[1:]
            elif said.answer is not None and bridge.progress(self.ref) == before:
                out = self.say(repeat(table, said.answer, self.rng)) or []
            else:
                break
        self.restated(table, [*spoken, *out])
        self.move += 1
        moved = any(line.role in ("move", "readout") for line in lines)
        self.idle = 0 if bridge.progress(self.ref) != before or not moved else self.idle + moved
        self.stalled = self.stalled or self.idle >= STALL

    def restated(self, table: Table, out: Sequence[str]) -> None:
        """A player the referee names as the one it waits for (`out`, "c'est à Sami"), just after the
        recogniser lost their move line, says that move again (`Style.restate`), at most ANSWERS times
        in a row; a line lost before anyone else moved again is no longer what the table is at."""
        for _ in range(ANSWERS if self.setup.style.restate > 0 else 0):
            player = bridge.awaited(self.ref)
            lost = self.lost.get(player) if player is not None else None
            if player is None or lost is None or self.move - lost[1] > 1:
                return
            if not any(_names(player, sentence) for sentence in out):
                return
            del self.lost[player]
            if self.rng.random() >= self.setup.style.restate:
                return
            out = self.say(repeat(table, lost[0], self.rng)) or []


def _names(player: str, sentence: str) -> bool:
    """Whether the referee's sentence names the player (a whole word)."""
    return re.search(rf"(?<!\w){re.escape(player)}(?!\w)", sentence) is not None


def play(header: Mapping[str, str], seed: int, index: int, setup: Setup, keep: bool = False) -> GameResult:
    """Game `index` of a run seeded `seed` at this table, talked to the referee."""
    driver = bridge.bots(header, setup.bluff_rate, setup.rounds)
    talker = driver.talk
    if talker is None:
        raise ValueError(f"{header['game']}: this game's simulation has no talker")
    books = load()
    table = Table(books[driver.book], books["table"], setup.style)
    talk_rng = bridge.move_rng(seed, index, 0xFFFFFFFF)
    talked = _Talk(header, setup, talk_rng, keep)
    session: Session[Any, Any, Any] = Session.start(driver.game)
    cut = True
    for move in range(MAX_MOVES):
        state = session.state
        if driver.done(state) or talked.lines >= MAX_LINES:
            cut = talked.lines >= MAX_LINES
            break
        rng = bridge.move_rng(seed, index, move)
        command = driver.choose(state, rng)
        if command is None:
            cut = False
            break
        try:
            after = session.apply(command)
        except Refused:  # a bot's try the rules refuse is said too; the referee must refuse it
            said = talker(state, command, table, talk_rng)
            talked.step(table, said, said.lines)
            command = driver.fallback(state, rng) if driver.fallback is not None else None
            if command is None:
                break
            after = session.apply(command)
        said = talker(state, command, table, talk_rng)
        charged = [e.player for e in after.entries[-1].events if isinstance(e, bridge.PenaltyCalled)]
        if keep:  # the bots' move as a comment of the script: where the referee went wrong shows
            talked.script.append(f"# move: {command!r}")
        talked.step(table, said, decorate(table, said, state.players, talk_rng), charged)
        session = after
    return _result(header, session, talked, cut)


def _units(penalties: Sequence[Mapping[str, Any]]) -> Counter[tuple[str, str]]:
    owed: Counter[tuple[str, str]] = Counter()
    for p in penalties:
        owed[(str(p["player"]), str(p["unit"]))] += int(p["amount"])
    return owed


def _result(
    header: Mapping[str, str], session: Session[Any, Any, Any], talked: _Talk, cut: bool
) -> GameResult:
    state = session.state
    truth = _units([vars(e) for e in session.events if isinstance(e, bridge.PenaltyCalled)])
    seen = bridge.outcome(talked.ref)
    charged = _units(seen["penalties"])
    false = {k: charged[k] - truth[k] for k in charged if charged[k] > truth[k]}
    missed = sum(truth[k] - charged[k] for k in truth if truth[k] > charged[k])
    spoken: list[str] = seen["spoken"]
    repeated = any(spoken[i] == spoken[i + 1] == spoken[i + 2] for i in range(len(spoken) - 2))
    right = seen["players"] == state.standings() and seen["winner"] == state.winner
    return GameResult(
        header=dict(header),
        moves=len(session.entries),
        lines=talked.lines,
        questions=talked.questions,
        right=right,
        false_units=sum(false.values()),
        false_players=len({player for player, _ in false}),
        missed_units=missed,
        repeated=repeated,
        stalled=talked.stalled,
        unfinished=state.winner is not None and seen["winner"] is None,
        cut=cut,
        script=tuple(talked.script),
        expected={"players": state.standings(), "winner": state.winner} if talked.keep else {},
        seen={k: seen[k] for k in ("players", "winner", "penalties")} if talked.keep else {},
    )
