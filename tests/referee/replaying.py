"""Running a written script named (as written) or anonymised, and checking its `# expect:` lines.

Anonymised: every line reaches the referee unattributed (`table:`), as from one microphone without a
speaker model, except a line that answers an open question for a culprit (a breach, a penalty, the
défi's last finisher) by the speaker's own seat ("c'est moi", "c'est lui à ma gauche"), which only its
speaker can say.

Expectations (merged `# expect: {json}` lines; `# expect-anonymous: {json}` lines override keys for
the anonymised run, each with a comment saying why the table legitimately hears something else):
- `players`: for each player given, each counter given must be equal (others are not checked);
- `penalties`: the whole list, in order;
- `totem`, `current`, `direction`, `winner`: equal;
- `said`: these sentences were said, in this order (others may come between);
- `not_said`: none of these sentences was said;
- `times`: each sentence was said exactly this many times;
- `spoken_count`: exactly this many sentences were said.
Every run also checks that no sentence was said three times in a row (a referee never stuck).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from assistant.game import is_self
from assistant.referee.referee import Referee
from assistant.scripts.replay_run import referee_for
from assistant.scripts.script import TABLE, WAIT, Script, load_script

ANONYMOUS_PREFIX = "# expect-anonymous:"
WHO_QUESTIONS = ("Qui a dit ça ?", "Qui faut-il pénaliser ?", "Qui a fini le dernier ?")
"""The referee's questions for a culprit, which a speaker answers by their own seat."""


def anonymous_expect(path: Path) -> dict[str, Any]:
    """The merged `# expect-anonymous:` objects of a script file."""
    merged: dict[str, Any] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith(ANONYMOUS_PREFIX):
            merged.update(json.loads(line.strip()[len(ANONYMOUS_PREFIX) :]))
    return merged


def answers_by_own_seat(referee: Referee, text: str) -> bool:
    """Whether the line answers an open "who?" relative to its speaker (kept named when anonymised)."""
    if not referee.last or referee.last[-1] not in WHO_QUESTIONS:
        return False
    parse = referee.parser.parse(text, {e.awaiting for e in referee.expectations()})
    if parse.intent not in (None, "penalty"):  # a move, not an answer
        return False
    return is_self(parse) or bool(parse.position or parse.positions)


def run(script: Script, anonymous: bool) -> Referee:
    """Play the script's lines (`wait:` lines tick the clock second by second)."""
    from assistant.core.clock import FakeClock

    referee = referee_for(script)
    clock = referee.clock
    assert isinstance(clock, FakeClock)
    for line in script.lines:
        if line.speaker == WAIT:
            remaining = float(line.text)
            while remaining > 0:
                step = min(1.0, remaining)
                clock.advance(step)
                remaining -= step
                referee.tick()
            continue
        speaker: str | None = None if line.speaker == TABLE else line.speaker
        if anonymous and not answers_by_own_seat(referee, line.text):
            speaker = None
        referee.hear(speaker, line.text, 1.0)
    return referee


def is_subsequence(wanted: list[str], said: list[str]) -> bool:
    remaining = iter(said)
    return all(any(s == w for s in remaining) for w in wanted)


def stuck_at(spoken: list[str]) -> str | None:
    """A sentence said three times in a row, or None."""
    for i in range(len(spoken) - 2):
        if spoken[i] == spoken[i + 1] == spoken[i + 2]:
            return spoken[i]
    return None


def check(path: Path, anonymous: bool) -> None:
    """Run the script and assert every expectation (the anonymised ones overriding when anonymous)."""
    script = load_script(path)
    assert script.expect, f"{path.name} has no # expect: line"
    expect = dict(script.expect)
    if anonymous:
        expect.update(anonymous_expect(path))
    outcome: dict[str, Any] = run(script, anonymous).outcome()
    spoken: list[str] = outcome["spoken"]
    for name, counters in expect.get("players", {}).items():
        for key, value in counters.items():
            got = outcome["players"][name]
            assert got[key] == value, (name, key, got, spoken)
    if "penalties" in expect:
        assert outcome["penalties"] == expect["penalties"], spoken
    for key in ("totem", "current", "direction", "winner"):
        if key in expect:
            assert outcome[key] == expect[key], (key, outcome[key], spoken)
    if "said" in expect:
        assert is_subsequence(expect["said"], spoken), spoken
    if "spoken_count" in expect:
        assert len(spoken) == expect["spoken_count"], spoken
    for sentence in expect.get("not_said", []):
        assert sentence not in spoken, spoken
    for sentence, count in expect.get("times", {}).items():
        assert spoken.count(sentence) == count, (sentence, spoken)
    assert stuck_at(spoken) is None, spoken
