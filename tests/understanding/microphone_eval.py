"""Strict figures of the microphone set (natural/microphone.jsonl) through the real `kinito parse`:
`python -m tests.understanding.microphone_eval` prints right/total per class and game.

Strict: a key of `expect` must match exactly; a two-move line is right only when the parse gives the
same `moves` in order; a no-move line is wrong as soon as it yields any intent (a command included).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

MICROPHONE = Path(__file__).parent / "natural" / "microphone.jsonl"
PLAYERS = "Ana,Bruno,Chloé,David"


def parses(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One `kinito parse --jsonl` object per row, in order."""
    out: dict[int, dict[str, Any]] = {}
    for game in sorted({str(r["game"]) for r in rows}):
        picked = [i for i, r in enumerate(rows) if r["game"] == game]
        done = subprocess.run(
            [sys.executable, "-m", "assistant", "parse", "--game", game, "--players", PLAYERS, "--jsonl"],
            input="".join(f"{rows[i]['text']}\n" for i in picked),
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        )
        for i, line in zip(picked, done.stdout.splitlines(), strict=True):
            out[i] = json.loads(line)
    return [out[i] for i in range(len(rows))]


def right(expect: dict[str, Any], parse: dict[str, Any]) -> bool:
    """Whether the parse says what the line means."""
    if "moves" in expect:
        got = parse.get("moves") or []
        wanted = expect["moves"]
        return len(got) == len(wanted) and all(
            all(g.get(k) == v for k, v in w.items()) for w, g in zip(wanted, got, strict=True)
        )
    return all(parse.get(k) == v for k, v in expect.items())


def main() -> int:
    rows = [json.loads(line) for line in MICROPHONE.read_text(encoding="utf-8").splitlines() if line]
    total: Counter[tuple[str, str]] = Counter()
    good: Counter[tuple[str, str]] = Counter()
    moved = 0
    for row, parse in zip(rows, parses(rows), strict=True):
        key = (str(row["class"]), str(row["game"]))
        total[key] += 1
        good[key] += right(row["expect"], parse)
        no_move = "moves" not in row["expect"] and row["expect"].get("intent", "") is None
        moved += no_move and parse.get("intent") is not None
    for key in sorted(total):
        print(f"{key[0]:18} {key[1]:10} {good[key]:3}/{total[key]:3}")
    print(f"all {sum(good.values())}/{sum(total.values())}; no-move lines given an intent: {moved}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
