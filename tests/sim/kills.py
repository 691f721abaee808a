"""A SIGKILL campaign against the save file, aimed where a kill hurts most.

Two kinds of real processes (forked from the campaign, so the grammar is built once) are killed
(SIGKILL from inside, at an exact point of a write, chosen by the parent), then resumed, again and
again until their work is done:

- `referee`: the real referee on a Quinito table (drinking edition) hears a scripted evening in which
  a third of the lines are also a fault ("soixante deux je bois": a penalty and a move, two entries);
  killed in the middle of (`mid`: statements run, no COMMIT) or right after (`after`) the transaction
  of the n-th two-entry line, or of any n-th write; resumed with `Referee(resume_id=...)`.
- `sim`: `assistant.sim.simulate` plays a run of games that end with a winner (Cinquillo matches,
  Quinito family edition); killed inside or right after the n-th transaction that carries a game's
  end (its last move, the winner and the results together), or after any n-th write; resumed with
  `resume_game`, then the run goes on.

After every kill the parent checks the file against an uninterrupted run of the same seed: nothing
lost (every line reported done is stored), nothing doubled or half-written (the log is exactly the
reference's after the last line done, or after the line in flight), and no game left "playing"
whose state has a winner. `python -m tests.sim.kills --kills 300` runs the campaign and prints its
table; `tests/sim/test_kill_campaign.py` runs a few kills of each kind.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from assistant.bench.talk import Noise, Talker
from assistant.core.clock import FakeClock
from assistant.game import get_game
from assistant.referee.referee import Referee
from assistant.settings.table import table_config
from assistant.sim.simulate import SimSettings, game_factory, play_one, resume_game
from assistant.store.memory import MemoryStore
from assistant.store.opening import open_store
from assistant.store.protocol import GameEnd, StoredEntry, resume
from assistant.store.sqlite import SqliteStore

ROOT = Path(__file__).resolve().parents[2]
TABLE = {"game": "quinito", "players": "Ana,Bruno,Chloé,David", "slow": "off"}
QUIET = Noise(
    chatter=0.1, wrong_speaker=0.0, unattributed=0.0, low_confidence=0.0, command=0.03,
    undo=0.0, pause=0.0, new_game=0.0, long_wait=0.0,
)  # fmt: skip
"""Lines whose effect lives in the log only (no undo marks, pending question or pause, which a
restarted process cannot know), so a resumed process hearing the rest matches the reference."""
RUNS = {
    "cinquillo": SimSettings(get_game("cinquillo"), {"players": ["Ana", "Bruno"]}, seed=5, bluff_rate=0.1),
    "family": SimSettings(
        get_game("quinito"), {"players": ["Ana", "Bruno", "Chloé"], "edition": "family"}, seed=5
    ),
}
"""Simulated runs whose games end with a winner."""


def script(seed: int, lines: int) -> list[tuple[str, str]]:
    """The evening's lines (speaker, text), chosen by a seeded talker for what the referee awaits;
    about a third of the player's lines end with "je bois" (Q11: a fault in the same line)."""
    rng = random.Random(seed)
    referee = Referee(table_config(TABLE), FakeClock(), store=MemoryStore())
    grammar = referee.parser.grammar  # type: ignore[attr-defined]
    talker = Talker(grammar.phrases, referee.config.players, QUIET, grammar.awaiting)
    said: list[tuple[str, str]] = []
    for _ in range(lines):
        line = talker.next(referee.expectations(), rng)
        speaker = line.speaker or referee.config.players[0]
        text = f"{line.text} je bois" if line.text and rng.random() < 0.35 else line.text
        referee.hear(speaker, text)
        said.append((speaker, text))
    return said


def reference(lines: Sequence[tuple[str, str]]) -> list[tuple[StoredEntry, ...]]:
    """The stored log after each line of an uninterrupted evening (index 0: before any line)."""
    store = MemoryStore()
    referee = Referee(table_config(TABLE), FakeClock(), store=store)
    assert referee.game_id is not None
    logs = [_plain(store.load(referee.game_id).entries)]
    for speaker, text in lines:
        referee.hear(speaker, text)
        logs.append(_plain(store.load(referee.game_id).entries))
    return logs


def _plain(entries: Sequence[StoredEntry]) -> tuple[StoredEntry, ...]:
    return tuple(replace(e, at=None) for e in entries)


# ------------------------------------------------------------------ the child side
def _install(kill: str, store_class: Any = SqliteStore) -> None:
    """SIGKILL this process at the n-th write of a kind: `pair:N:mid|after`, `end:N:mid|after`,
    `any:N:after` (in `store_class`: SqliteStore, or PostgresStore whose writes have the same steps)."""
    kind, count, where = kill.split(":")
    left = [int(count)]

    def hit() -> None:
        left[0] -= 1
        if left[0] == 0:
            os.kill(os.getpid(), signal.SIGKILL)

    original_insert = store_class._insert
    original_end = store_class._end
    original_extend = store_class.extend

    def _insert(
        self: SqliteStore, db: Any, game_id: int, first: int, entries: Any, checked: bool = False
    ) -> None:
        original_insert(self, db, game_id, first, entries, checked)
        if kind == "pair" and where == "mid" and len(entries) >= 2:
            hit()

    def _end(self: SqliteStore, db: Any, game_id: int, end: GameEnd) -> None:
        original_end(self, db, game_id, end)
        if kind == "end" and where == "mid":
            hit()

    def extend(self: SqliteStore, game_id: int, entries: Any, end: Any = None, stored: Any = None) -> None:
        original_extend(self, game_id, entries, end, stored)
        if where == "after" and (
            kind == "any" or (kind == "pair" and len(entries) >= 2) or (kind == "end" and end is not None)
        ):
            hit()

    store_class._insert = _insert
    store_class._end = _end
    store_class.extend = extend


def _referee_child(
    db: Path | str, said: Sequence[tuple[str, str]], start: int, progress: Path, parser: Any
) -> None:
    store = open_store(str(db))
    game_id = store.latest_unfinished()
    config = table_config(TABLE)
    referee = Referee(config, FakeClock(), store=store, parser=parser, resume_id=game_id if start else None)
    with progress.open("a", encoding="utf-8") as out:
        for index in range(start, len(said)):
            referee.hear(*said[index])
            out.write(f"{index + 1}\n")  # lines done; the page cache keeps it through a SIGKILL
            out.flush()


def _sim_child(db: Path, run: str, games: int) -> None:
    settings = RUNS[run]
    store = SqliteStore(db)
    stored: dict[int, int] = {}
    for gid in store.game_ids():
        stored[int(store.load(gid).config["sim"]["game"])] = gid
    for index in range(games):
        gid = stored.get(index)
        if gid is None:
            play_one(settings, index, store)
        elif gid in store.unfinished():
            resume_game(store, gid)


def _fork(kill: str, work: Callable[[], None], store_class: Any = SqliteStore) -> int:
    """Run `work` in a forked process with the kill point installed: -9 when the kill landed, 0 when
    the work ended first (a fork keeps the parent's grammar: no rebuild per kill)."""
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:  # the child: a real process, killed for real
        code = 0
        try:
            _install(kill, store_class)
            work()
        except BaseException:
            import traceback

            traceback.print_exc()
            code = 3
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


# ------------------------------------------------------------------ the parent side
@dataclass
class Tally:
    """What a campaign saw, per kind of kill point."""

    kills: Counter[str]
    """SIGKILLs that landed, per kill point."""
    lost: int = 0
    """Moves reported done (or games finished) missing from the file after a kill."""
    doubled: int = 0
    """Moves or lines stored twice, or half a line stored."""
    winner_unfinished: int = 0
    """Games left playing although their stored state names a winner."""
    problems: list[str] | None = None
    """What went wrong, for the report."""


def _done(progress: Path) -> int:
    text = progress.read_text(encoding="utf-8").split() if progress.exists() else []
    return int(text[-1]) if text else 0


REFEREE_POINTS = ("pair:{}:mid", "pair:{}:after", "any:{}:after")
SIM_POINTS = ("end:{}:mid", "end:{}:after", "end:{}:after", "any:{}:after")


def referee_campaign(
    folder: Path,
    kills: int,
    rng: random.Random,
    tally: Tally,
    lines: int = 160,
    seed: int = 1,
    points: Sequence[str] = (),
    target: Callable[[int], str] | None = None,
    store_class: Any = SqliteStore,
) -> None:
    """Kill the refereeing process `kills` times; each evening is resumed until its script is heard.
    `target` names evening n's store (default: a SQLite file in `folder`; a postgresql://... database
    with `store_class` PostgresStore)."""
    said = script(seed, lines)
    logs = reference(said)
    parser = Referee(table_config(TABLE), FakeClock()).parser  # built once, shared by every fork
    evening, start, progress = 0, 0, Path()
    db: Path | str = Path()
    landed = 0
    while landed < kills:
        if start == 0:
            evening += 1
            progress = folder / f"evening{evening}.progress"
            db = target(evening) if target else folder / f"evening{evening}.sqlite3"
        point = points[landed % len(points)] if points else rng.choice(REFEREE_POINTS)
        kill = point.format(rng.randint(1, 6))
        code = _fork(kill, lambda: _referee_child(db, said, start, progress, parser), store_class)  # noqa: B023
        reader = open_store(str(db), read_only=True)
        try:
            stored = _plain(reader.load(reader.game_ids()[0]).entries)
        finally:
            reader.close()
        done = max(_done(progress), start)  # a line stored by a child killed before it said so counts
        if code != -signal.SIGKILL:
            assert code == 0, f"child failed ({code})"
            _compare(stored == logs[lines], "evening heard to its end differs", tally)
            start = 0
            continue
        landed += 1
        tally.kills[f"referee {kill.split(':')[0]}:{kill.split(':')[2]}"] += 1
        in_flight = min(done + 1, lines)
        if stored == logs[done]:
            start = done
        elif stored == logs[in_flight]:
            start = in_flight
        else:
            _diagnose(stored, logs[done], tally, f"evening {evening} after line {done}")
            start = 0
            continue
        if start >= lines:
            start = 0


def _compare(ok: bool, what: str, tally: Tally) -> None:
    if not ok:
        tally.doubled += 1
        assert tally.problems is not None
        tally.problems.append(what)


def _diagnose(
    stored: tuple[StoredEntry, ...], want: tuple[StoredEntry, ...], tally: Tally, where: str
) -> None:
    assert tally.problems is not None
    if len(stored) < len(want):
        tally.lost += len(want) - len(stored)
    else:
        tally.doubled += 1
    tally.problems.append(f"{where}: {len(stored)} entries stored, {len(want)} expected")


def sim_campaign(
    folder: Path, kills: int, rng: random.Random, tally: Tally, games: int = 12, points: Sequence[str] = ()
) -> None:
    """Kill simulated runs at their games' ends `kills` times; each run is resumed to its end."""
    references: dict[str, list[tuple[tuple[StoredEntry, ...], GameEnd]]] = {}
    for name, settings in RUNS.items():
        references[name] = []
        for index in range(games):
            store = MemoryStore()
            _, gid = play_one(settings, index, store)
            assert gid is not None
            game = store.load(gid)
            references[name].append((_plain(game.entries), GameEnd(game.winner, game.results)))
    landed, run_number = 0, 0
    db, name = Path(), ""
    fresh = True
    while landed < kills:
        if fresh:
            run_number += 1
            name = rng.choice(sorted(RUNS))
            db = folder / f"run{run_number}.sqlite3"
            fresh = False
        point = points[landed % len(points)] if points else rng.choice(SIM_POINTS)
        kill = point.format(rng.randint(1, 3) if rng.random() < 0.8 else rng.randint(1, 400))
        code = _fork(kill, lambda: _sim_child(db, name, games))  # noqa: B023
        if code == -signal.SIGKILL:
            landed += 1
            tally.kills[f"sim {kill.split(':')[0]}:{kill.split(':')[2]}"] += 1
        else:
            assert code == 0, f"child failed ({code})"
        finished = _check_run(db, references[name], tally, f"run {run_number} ({name})")
        if finished == games:
            fresh = True


def _check_run(
    db: Path, want: list[tuple[tuple[StoredEntry, ...], GameEnd]], tally: Tally, where: str
) -> int:
    """Check every stored game of a run; the number of finished games."""
    assert tally.problems is not None
    finished = 0
    with SqliteStore(db, read_only=True) as store:
        for gid in store.game_ids():
            game = store.load(gid)
            entries, end = want[int(game.config["sim"]["game"])]
            stored = _plain(game.entries)
            if game.status == "finished":
                finished += 1
                if stored != entries or game.winner != end.winner or game.results != end.results:
                    _diagnose(stored, entries, tally, f"{where}: finished game {gid}")
            else:
                if stored != entries[: len(stored)]:
                    _diagnose(stored, entries, tally, f"{where}: game {gid}")
                state = resume(store, gid, game_factory).state
                if state.winner is not None:
                    tally.winner_unfinished += 1
                    tally.problems.append(f"{where}: game {gid} playing with a winner")
    return finished


def campaign(kills: int, folder: Path, seed: int = 0, share: float = 0.5) -> Tally:
    """`kills` SIGKILLs, `share` of them against the referee, the rest against simulated runs."""
    rng = random.Random(seed)
    tally = Tally(Counter(), problems=[])
    at_referee = round(kills * share)
    referee_campaign(folder, at_referee, rng, tally)
    sim_campaign(folder, kills - at_referee, rng, tally)
    return tally


def table(tally: Tally) -> str:
    """The campaign as a Markdown table."""
    rows = ["| kill point | kills |", "|---|---|"]
    rows += [f"| {point} | {count} |" for point, count in sorted(tally.kills.items())]
    rows.append(f"| **total** | {sum(tally.kills.values())} |")
    rows.append("")
    rows.append(
        f"lost: {tally.lost}, doubled or half-written: {tally.doubled}, "
        f"unfinished with a winner: {tally.winner_unfinished}"
    )
    return "\n".join(rows)


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    """`python -m tests.sim.kills --kills 300 [--json]`."""
    import tempfile

    parser = argparse.ArgumentParser(prog="python -m tests.sim.kills")
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tally = campaign(args.kills, Path(tmp), args.seed)
    if args.json:
        counts = {"lost": tally.lost, "doubled": tally.doubled, "winner_unfinished": tally.winner_unfinished}
        out(json.dumps({"kills": dict(tally.kills), **counts, "problems": tally.problems}))
    else:
        out(table(tally))
        for problem in tally.problems or []:
            out(f"- {problem}")
    return 1 if (tally.lost or tally.doubled or tally.winner_unfinished) else 0


if __name__ == "__main__":
    raise SystemExit(main())
