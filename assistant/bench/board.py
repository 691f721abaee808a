"""The party board over a long night: CPU per heard line early in the game and late in it.

One drinking game of Quinito grows to 20,000 heard lines (10,000 with --quick) through the real
referee (grammar phrases, undos, pauses, no new game); after every line the board turns the snapshot
into its JSON as `kinito play --board` does (`BoardView` and json.dumps). The CPU time of that step
(this thread's clock) is kept for lines 100-1,000 ("early") and for the last half ("late"); the
figures are medians, and `board_line_ratio` is late over early (flat over the night: near 1). The
largest late payload is kept too. For comparison, `board_line_refold_us` is the same step with a
fresh view each time (the whole log folded again, as the board did before its running values).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from assistant.bench.talk import Noise, Talker
from assistant.board.view import BoardView
from assistant.core.clock import FakeClock
from assistant.referee.snapshot import Snapshot, snapshot

EARLY = (100, 1_000)
"""Heard lines whose board cost is the "early" figure."""
REFOLD_SAMPLES = 20
"""Late lines also measured with a fresh view (the cost of folding the whole log again)."""
NIGHT = Noise(new_game=0.0)
"""The soak's noise (undos, pauses, chatter), but one game all night."""


def _cpu_us(view: Callable[[Snapshot], dict[str, Any]], seen: Snapshot) -> tuple[float, str]:
    """This thread's CPU for one board update (the view and its JSON text), and the text."""
    began = time.thread_time_ns()
    text = json.dumps(view(seen), ensure_ascii=False)
    return (time.thread_time_ns() - began) / 1000, text


def board_per_line(quick: bool = False, seed: int = 0) -> dict[str, Any]:
    """The board's CPU per heard line at the start of a night and at its end, in microseconds."""
    from assistant.referee.referee import Referee
    from assistant.settings.table import table_config

    total = 10_000 if quick else 20_000
    config = table_config({"players": "Ana,Bruno,Chloé,David,Élodie,Jean-Marc"})
    clock = FakeClock()
    referee = Referee(config, clock)
    grammar = referee.parser.grammar  # type: ignore[attr-defined]
    talker = Talker(grammar.phrases, config.players, NIGHT, grammar.awaiting)
    rng = random.Random(seed)
    view = BoardView()
    early: list[float] = []
    late: list[float] = []
    refold: list[float] = []
    payload = 0
    refold_every = max(1, (total // 2) // REFOLD_SAMPLES)
    for n in range(1, total + 1):
        said = talker.next(referee.expectations(), rng)
        clock.advance(said.wait)
        referee.tick()
        lines = referee.hear(said.speaker, said.text, said.conf)
        seen = snapshot(referee, lines)
        spent, text = _cpu_us(view, seen)
        if EARLY[0] <= n <= EARLY[1]:
            early.append(spent)
        elif n > total // 2:
            late.append(spent)
            payload = max(payload, len(text.encode()))
            if n % refold_every == 0:
                refold.append(_cpu_us(BoardView(), seen)[0])
    early_us, late_us = statistics.median(early), statistics.median(late)
    return {
        "board_line_early_us": round(early_us, 1),
        "board_line_late_us": round(late_us, 1),
        "board_line_ratio": round(late_us / early_us, 2),
        "board_line_refold_us": round(statistics.median(refold), 1),
        "board_payload_kb": round(payload / 1024, 1),
        "board_lines": total,
        "board_events": len(referee.session.events),
    }
