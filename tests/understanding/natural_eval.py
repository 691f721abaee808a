"""Measure `kinito parse` against the natural table-talk corpus in `tests/understanding/natural/`.

Every `*.jsonl` file of the folder is read (one line of table talk per JSON object, see the folder's
README). Lines are grouped by (game, players) and each group goes through the real command line,
`python -m assistant parse --game G --players P --jsonl`, once: the measure stays valid while the
parser's internals are rewritten.

    python -m tests.understanding.natural_eval [--json] [--folder DIR] [--failures N]

A line passes when the intent matches; when `expect` has `score`, `card`, `player` or `invalid` those
match too (`score` is always compared for the intent `score`); and the violations match as a multiset
of (rule, player or None). Chatter lines (style `chatter`) are judged on the intent only.

A chatter line the parser answered with a *query* (QUERY_INTENTS: "c'est à qui" -> whose_turn) is an
accuracy failure like any other, but is counted apart from the chatter lines turned into a *move*: a
query only makes the referee say something, a move changes the game.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "natural"
"""Where the corpus lives by default."""

ROOT = Path(__file__).resolve().parents[2]
"""The repository whose `assistant` package is measured."""

DEFAULT_PLAYERS = {"quinito": "Ana,Bruno,Chloé,David", "cinquillo": "Ana,Bruno,Chloé"}
"""Seating used when a line has no `players` key."""

VALUE_KEYS = ("score", "card", "player", "invalid")
"""Keys of `expect` compared when present."""

QUERY_INTENTS = frozenset(
    {"whose_turn", "standings", "rules", "repeat", "help", "totem", "announcement", "odds", "hint", "summary"}
    | {"count"}
)
"""Intents that answer a question and leave the game as it is (everything else is a move or an act)."""

_TEXT_OK = re.compile(r"^[a-zàâäçéèêëîïôöùûüÿœæ' -]+$")

Json = dict[str, Any]


@dataclass(frozen=True)
class Line:
    """One line of the corpus."""

    file: str
    """Name of the file it comes from."""
    number: int
    """1-based line number in that file."""
    text: str
    """The transcript, as a recogniser hands it over."""
    game: str
    """`quinito` or `cinquillo`."""
    players: str
    """Comma-separated seating."""
    style: str
    """How the line is said (plain, carrier, synonym, ...)."""
    expect: Json
    """What the parser must output."""


@dataclass(frozen=True)
class Outcome:
    """One line and what the parser made of it."""

    line: Line
    """The corpus line."""
    got: Json
    """The parser's JSON object for it."""
    problems: tuple[str, ...]
    """Every mismatch, empty when the line passes."""

    @property
    def passed(self) -> bool:
        """True when nothing differs."""
        return not self.problems


@dataclass
class Tally:
    """Passed lines out of a total."""

    total: int = 0
    """Lines counted."""
    passed: int = 0
    """Lines that passed."""

    @property
    def accuracy(self) -> float:
        """Share of passed lines, 0.0 for no lines."""
        return self.passed / self.total if self.total else 0.0

    def to_json(self) -> Json:
        """`{"total", "passed", "accuracy"}`."""
        return {"total": self.total, "passed": self.passed, "accuracy": round(self.accuracy, 4)}


@dataclass(frozen=True)
class Report:
    """The outcome of every line, and the figures drawn from them."""

    outcomes: tuple[Outcome, ...]
    """One per corpus line, in file order."""
    malformed: tuple[str, ...]
    """Lines whose text breaks the recogniser's format (upper case, digits, punctuation)."""

    def _tally(self, key: str) -> dict[str, Tally]:
        tallies: dict[str, Tally] = {}
        for outcome in self.outcomes:
            tally = tallies.setdefault(str(getattr(outcome.line, key)), Tally())
            tally.total += 1
            tally.passed += outcome.passed
        return dict(sorted(tallies.items()))

    @property
    def overall(self) -> Tally:
        """Every line."""
        return Tally(len(self.outcomes), sum(o.passed for o in self.outcomes))

    @property
    def per_file(self) -> dict[str, Tally]:
        """By file name."""
        return self._tally("file")

    @property
    def per_game(self) -> dict[str, Tally]:
        """By game."""
        return self._tally("game")

    @property
    def per_style(self) -> dict[str, Tally]:
        """By style."""
        return self._tally("style")

    @property
    def chatter_lines(self) -> int:
        """Lines of style `chatter`."""
        return sum(o.line.style == "chatter" for o in self.outcomes)

    @property
    def chatter_moves(self) -> int:
        """Chatter lines the parser turned into a move or an act (a non-null intent that is no query)."""
        return sum(
            o.line.style == "chatter" and o.got.get("intent") not in QUERY_INTENTS | {None}
            for o in self.outcomes
        )

    @property
    def chatter_queries(self) -> int:
        """Chatter lines the parser answered as a query (failures too, but the game is left as it is)."""
        return sum(o.line.style == "chatter" and o.got.get("intent") in QUERY_INTENTS for o in self.outcomes)

    @property
    def silent_lines_acted(self) -> int:
        """Lines of any style expecting no intent (chatter, a move taken back...) given a move or an act."""
        return sum(
            o.line.expect.get("intent") is None and o.got.get("intent") not in QUERY_INTENTS | {None}
            for o in self.outcomes
        )

    @property
    def wrong_moves(self) -> int:
        """Failed lines where the parser still acted (non-null intent): worse than a missed move."""
        return sum(not o.passed and o.got.get("intent") is not None for o in self.outcomes)

    @property
    def missed(self) -> int:
        """Lines expecting a move or command where the parser gave none."""
        return sum(
            o.line.expect.get("intent") is not None and o.got.get("intent") is None for o in self.outcomes
        )

    def failures(self) -> list[Outcome]:
        """The failed outcomes, in file order."""
        return [o for o in self.outcomes if not o.passed]

    def to_json(self) -> Json:
        """The figures as one JSON-ready object."""
        return {
            "overall": self.overall.to_json(),
            "per_file": {k: v.to_json() for k, v in self.per_file.items()},
            "per_game": {k: v.to_json() for k, v in self.per_game.items()},
            "per_style": {k: v.to_json() for k, v in self.per_style.items()},
            "chatter_lines": self.chatter_lines,
            "chatter_moves": self.chatter_moves,
            "chatter_queries": self.chatter_queries,
            "silent_lines_acted": self.silent_lines_acted,
            "wrong_moves": self.wrong_moves,
            "missed": self.missed,
            "malformed": list(self.malformed),
        }


def load(folder: Path) -> list[Line]:
    """Every line of every `*.jsonl` file of `folder`, files in name order."""
    lines: list[Line] = []
    for path in sorted(folder.glob("*.jsonl")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not raw.strip():
                continue
            data = json.loads(raw)
            game = str(data["game"])
            lines.append(
                Line(
                    file=path.name,
                    number=number,
                    text=str(data["text"]),
                    game=game,
                    players=str(data.get("players") or DEFAULT_PLAYERS[game]),
                    style=str(data.get("style", "unknown")),
                    expect=dict(data["expect"]),
                )
            )
    return lines


def malformed(line: Line) -> str | None:
    """Why the text is not what a recogniser would hand over, or None when it is."""
    if "\n" in line.text or not _TEXT_OK.match(line.text) or line.text != line.text.lower():
        return f"{line.file}:{line.number}: {line.text!r}"
    return None


def run_parser(game: str, players: str, texts: Sequence[str]) -> list[Json]:
    """One run of `python -m assistant parse --jsonl` over `texts`: one JSON object per text."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    command = [sys.executable, "-m", "assistant", "parse", "--game", game, "--players", players, "--jsonl"]
    done = subprocess.run(
        command,
        input="".join(text + "\n" for text in texts).encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.decode('utf-8', 'replace')}")
    results = [json.loads(out) for out in done.stdout.decode("utf-8").splitlines() if out.strip()]
    if len(results) != len(texts):
        raise RuntimeError(f"{len(texts)} lines sent to kinito parse, {len(results)} answers")
    return results


def _number(value: object) -> object:
    """`invalid` may come as an int or a string of digits: compare as int."""
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    return value


def _violations(items: Iterable[Json]) -> Counter[tuple[str, str | None]]:
    return Counter((str(v.get("rule")), v.get("player")) for v in items)


def compare(line: Line, got: Json) -> tuple[str, ...]:
    """Every way the parser's object differs from what the line expects."""
    expect = line.expect
    problems: list[str] = []
    if got.get("intent") != expect.get("intent"):
        problems.append(f"intent {got.get('intent')!r} != {expect.get('intent')!r}")
    keys = [k for k in VALUE_KEYS if k in expect]
    if expect.get("intent") == "score" and "score" not in keys:
        keys.append("score")
    for key in keys:
        want, have = expect.get(key), got.get(key)
        if key == "invalid":
            want, have = _number(want), _number(have)
        if want != have:
            problems.append(f"{key} {have!r} != {want!r}")
    if line.style != "chatter":
        want_v = _violations(expect.get("violations") or [])
        have_v = _violations(got.get("violations") or [])
        if want_v != have_v:
            problems.append(f"violations {sorted(have_v.elements())} != {sorted(want_v.elements())}")
    return tuple(problems)


def evaluate(folder: Path = FOLDER) -> Report:
    """Run the parser over every corpus line of `folder` and compare."""
    lines = load(folder)
    groups: dict[tuple[str, str], list[int]] = {}
    for index, line in enumerate(lines):
        groups.setdefault((line.game, line.players), []).append(index)
    got: dict[int, Json] = {}
    for (game, players), indices in groups.items():
        results = run_parser(game, players, [lines[i].text for i in indices])
        got.update(zip(indices, results, strict=True))
    outcomes = tuple(Outcome(line, got[i], compare(line, got[i])) for i, line in enumerate(lines))
    bad = tuple(m for m in (malformed(line) for line in lines) if m is not None)
    return Report(outcomes, bad)


def _percent(tally: Tally) -> str:
    return f"{100 * tally.accuracy:5.1f}% ({tally.passed}/{tally.total})"


def readable(report: Report, failures: int) -> str:
    """The report as text for a person."""
    out = [f"overall   {_percent(report.overall)}"]
    for title, tallies in (("file", report.per_file), ("game", report.per_game), ("style", report.per_style)):
        out.append(f"per {title}:")
        out += [f"  {name:28} {_percent(tally)}" for name, tally in tallies.items()]
    out.append(f"chatter lines that produced a move: {report.chatter_moves}/{report.chatter_lines}")
    out.append(f"chatter lines answered as a query (failures, no move): {report.chatter_queries}")
    out.append(f"lines expecting no intent that produced a move (any style): {report.silent_lines_acted}")
    out.append(f"wrong moves (failed with a non-null intent): {report.wrong_moves}")
    out.append(f"missed moves (expected a move, got none): {report.missed}")
    if report.malformed:
        out.append(f"malformed texts: {len(report.malformed)}")
        out += [f"  {m}" for m in report.malformed[:20]]
    for outcome in report.failures()[:failures]:
        line = outcome.line
        shown = {k: v for k, v in outcome.got.items() if k != "text" and v not in (None, [], ())}
        out.append(f"FAIL {line.file}:{line.number} [{line.style}] {line.text!r}")
        out.append(f"     expected {json.dumps(line.expect, ensure_ascii=False)}")
        out.append(f"     got      {json.dumps(shown, ensure_ascii=False)}")
        out.append(f"     ({'; '.join(outcome.problems)})")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print the report, as text or (--json) one JSON object."""
    parser = argparse.ArgumentParser(prog="python -m tests.understanding.natural_eval", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--folder", type=Path, default=FOLDER, help="folder of *.jsonl corpus files")
    parser.add_argument("--failures", type=int, default=0, metavar="N", help="show N failing lines")
    args = parser.parse_args(argv)
    report = evaluate(args.folder)
    if args.json:
        data = report.to_json()
        if args.failures:
            data["failures"] = [
                {
                    "file": o.line.file,
                    "line": o.line.number,
                    "style": o.line.style,
                    "text": o.line.text,
                    "expect": o.line.expect,
                    "got": o.got,
                    "problems": list(o.problems),
                }
                for o in report.failures()[: args.failures]
            ]
        print(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        print(readable(report, args.failures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
