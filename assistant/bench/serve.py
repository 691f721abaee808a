"""`kinito serve --resume` answering at a long night's length: a stored drinking game of 17,000 moves.

The game is played by the bench's talker through the real referee (in memory), then written to a
SQLite file in one transaction, as `kinito play` would have left it. Three figures, each the median
of its repetitions (milliseconds): `serve_answer_ms`, a question to the maintained state with no
move since the last one; `serve_answer_after_move_ms`, a question right after `kinito play` stored
one more move (the state catches up with that row only); `serve_refold_ms`, the same question
answered by folding the whole log again, as every question was answered before the state was kept.
"""

from __future__ import annotations

import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

from assistant.bench.measures import PLAYERS, timed_ns
from assistant.bench.talk import Noise, Talker
from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.runtime.questions import StoredTable, TableQuestions
from assistant.settings.table import table_config
from assistant.store.memory import MemoryStore
from assistant.store.sqlite import SqliteStore

MOVES = 17_000
"""Stored moves of the measured game (a whole night of a drinking game)."""
QUESTION = "le classement"
"""The measured question: the standings, as Home Assistant would ask them."""


def _night(moves: int, seed: int) -> Referee:
    """A drinking game of at least `moves` stored moves, played in memory."""
    config = table_config({"players": ",".join(PLAYERS)})
    clock = FakeClock()
    referee = Referee(config, clock, store=MemoryStore())
    grammar = referee.parser.grammar  # type: ignore[attr-defined]
    noise = Noise(undo=0, pause=0, new_game=0)
    talker = Talker(grammar.phrases, config.players, noise, grammar.awaiting)
    rng = random.Random(seed)
    while len(referee.session.entries) < moves:
        said = talker.next(referee.expectations(), rng)
        clock.advance(said.wait)
        referee.hear(said.speaker, said.text, said.conf)
    return referee


def serve_latency(quick: bool = False, seed: int = 0, moves: int | None = None) -> dict[str, Any]:
    """The three serve figures at MOVES stored moves (2,000 with --quick, or `moves`)."""
    moves = moves or (2_000 if quick else MOVES)
    rounds = 5 if quick else 9
    played = _night(moves, seed)
    memory = played.saver.store
    game_id = played.game_id
    assert isinstance(memory, MemoryStore) and game_id is not None
    stored = memory.load(game_id)
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "nuit.sqlite3")
        try:
            copy = store.create_game(stored.kind, stored.config, stored.entries[:-rounds])
            table = StoredTable(store, played.config)
            questions = TableQuestions(table.referee)
            questions.answer(QUESTION)  # the one fold, when kinito serve starts
            still = [timed_ns(lambda: questions.answer(QUESTION)) / 1e6 for _ in range(rounds)]
            after_move = []
            for entry in stored.entries[-rounds:]:
                store.append(copy, entry)
                after_move.append(timed_ns(lambda: questions.answer(QUESTION)) / 1e6)
            refold = [
                timed_ns(lambda: TableQuestions(StoredTable(store, played.config).referee).answer(QUESTION))
                / 1e6
                for _ in range(3)
            ]
            folds = table.folds
        finally:
            store.close()
    return {
        "serve_answer_ms": round(statistics.median(still), 2),
        "serve_answer_after_move_ms": round(statistics.median(after_move), 2),
        "serve_refold_ms": round(statistics.median(refold), 1),
        "serve_moves": len(stored.entries),
        "serve_full_folds": folds,
        "serve_repetitions": rounds,
    }
